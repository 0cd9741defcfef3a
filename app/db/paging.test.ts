import { describe, expect, it } from "vitest";
import { pageInfo, pageParam } from "./paging.ts";

describe("pageInfo", () => {
  it("computes offsets and clamps the page", () => {
    expect(pageInfo(11, 2, 5)).toEqual({ page: 2, pageSize: 5, pageCount: 3, total: 11, offset: 5 });
    expect(pageInfo(11, 9, 5).page).toBe(3);
    expect(pageInfo(0, 1, 5)).toMatchObject({ page: 1, pageCount: 1, offset: 0 });
    expect(pageInfo(3, -2, 5).page).toBe(1);
  });
  it("reads page parameters defensively", () => {
    expect(pageParam(new URL("http://x/?page=3"))).toBe(3);
    expect(pageParam(new URL("http://x/?page=abc"))).toBe(1);
    expect(pageParam(new URL("http://x/?readPage=2"), "readPage")).toBe(2);
  });
});
