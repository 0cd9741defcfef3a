import { describe, expect, it } from "vitest";
import { retryAfterMs, slidingCount } from "./sliding-window.ts";

const minute = 60_000;
const at = (seconds: number) => 10 * minute + seconds * 1000;

describe("the sliding window", () => {
  it("weighs the previous window by how much of it is still inside the last minute", () => {
    const state = { windowMs: minute, max: 3, windowStart: 10 * minute, count: 1, prevCount: 4 };
    expect(slidingCount({ ...state, now: at(0) })).toBe(5);
    expect(slidingCount({ ...state, now: at(15) })).toBe(4);
    expect(slidingCount({ ...state, now: at(45) })).toBe(2);
  });

  it("reads a row a window behind as the previous window, and older rows as nothing", () => {
    const row = { windowMs: minute, max: 3, windowStart: 9 * minute, count: 3, prevCount: 9 };
    expect(slidingCount({ ...row, now: at(30) })).toBe(1.5);
    expect(slidingCount({ ...row, now: at(60 + 30) })).toBe(0);
  });

  it("says how long until the next attempt fits: when the previous window has slid out far enough", () => {
    // 3 attempts at the end of the last minute, none now: the fourth fits once a third of them is out.
    const state = { now: at(0), windowMs: minute, max: 3, windowStart: 10 * minute, count: 0, prevCount: 3 };
    expect(retryAfterMs(state)).toBe(20_000);
    expect(slidingCount({ ...state, now: at(20) }) + 1).toBeLessThanOrEqual(3);
    expect(slidingCount({ ...state, now: at(19) }) + 1).toBeGreaterThan(3);
  });

  it("waits into the next window when the current one alone is full", () => {
    const state = { now: at(10), windowMs: minute, max: 3, windowStart: 10 * minute, count: 3, prevCount: 0 };
    // 50 s to the next window, then 20 s until a third of these 3 has slid out.
    expect(retryAfterMs(state)).toBe(70_000);
  });

  it("answers 0 when an attempt fits now", () => {
    expect(retryAfterMs({ now: at(30), windowMs: minute, max: 3, windowStart: 10 * minute, count: 1, prevCount: 2 })).toBe(0);
  });
});
