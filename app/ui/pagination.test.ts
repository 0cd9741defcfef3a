import { describe, expect, it } from "vitest";
import { pageWindow } from "./pagination.tsx";

describe("pageWindow", () => {
  it("shows every page of a short list", () => {
    expect(pageWindow(2, 4)).toEqual([1, 2, 3, 4]);
  });
  it("keeps the first, the last and two either side of the current page", () => {
    expect(pageWindow(50, 10_000)).toEqual([1, null, 48, 49, 50, 51, 52, null, 10_000]);
    expect(pageWindow(1, 10_000)).toEqual([1, 2, 3, null, 10_000]);
    expect(pageWindow(10_000, 10_000)).toEqual([1, null, 9_998, 9_999, 10_000]);
  });
});
