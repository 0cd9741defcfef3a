import { describe, expect, it } from "vitest";
import { delayMs, MAX_DELAY_MS } from "./sign-in-throttle.server.ts";

describe("the sign-in throttle's delays", () => {
  it("lets the free attempts through, then doubles the wait after each, up to 15 minutes", () => {
    expect([0, 1, 4].map((n) => delayMs(n, 5))).toEqual([0, 0, 0]);
    expect([5, 6, 7, 8].map((n) => delayMs(n, 5))).toEqual([2_000, 4_000, 8_000, 16_000]);
    expect(delayMs(20, 5)).toBe(MAX_DELAY_MS);
    expect(MAX_DELAY_MS).toBe(15 * 60_000);
  });
});
