import { describe, expect, it } from "vitest";
import { applyOrder, moveOne, sameOrder } from "./order.ts";

describe("a list's drafted order", () => {
  it("orders the published ids as the draft says", () => {
    expect(applyOrder(["a", "b", "c"], ["c", "a", "b"])).toEqual(["c", "a", "b"]);
  });
  it("drops ids no longer published and keeps unnamed ones last, in published order", () => {
    expect(applyOrder(["a", "b", "d", "e"], ["b", "x", "a"])).toEqual(["b", "a", "d", "e"]);
  });
  it("moves one place up or down, and not past either end", () => {
    expect(moveOne(["a", "b", "c"], "b", "up")).toEqual(["b", "a", "c"]);
    expect(moveOne(["a", "b", "c"], "b", "down")).toEqual(["a", "c", "b"]);
    expect(moveOne(["a", "b", "c"], "a", "up")).toEqual(["a", "b", "c"]);
    expect(moveOne(["a", "b", "c"], "c", "down")).toEqual(["a", "b", "c"]);
    expect(moveOne(["a", "b"], "zz", "up")).toEqual(["a", "b"]);
  });
  it("compares orders", () => {
    expect(sameOrder(["a", "b"], ["a", "b"])).toBe(true);
    expect(sameOrder(["a", "b"], ["b", "a"])).toBe(false);
  });
});
