/**
 * The arithmetic of the sliding-window rate limit (rate-limit.server.ts keeps the counts in the
 * database). At `now`, the attempts that count are the current fixed window's plus the previous
 * window's scaled by the share of it that still lies within one window length of `now`.
 */
export interface WindowState {
  now: number;
  windowMs: number;
  max: number;
  /** The row as stored: the start of the window `count` belongs to, and the window before's count. */
  windowStart: number;
  count: number;
  prevCount: number;
}

/** The counts as they stand in the window that contains `now` (a stored row may be a window or more behind). */
function current(state: WindowState) {
  const start = Math.floor(state.now / state.windowMs) * state.windowMs;
  if (state.windowStart === start) return { start, cur: state.count, prev: state.prevCount };
  if (state.windowStart === start - state.windowMs) return { start, cur: 0, prev: state.count };
  return { start, cur: 0, prev: 0 };
}

/** The weighted number of attempts in the last window length. */
export function slidingCount(state: WindowState): number {
  const { start, cur, prev } = current(state);
  return prev * (1 - (state.now - start) / state.windowMs) + cur;
}

// Whole milliseconds, without float noise (60000 × (1 − 2/3) is 20000.000000000004).
const ceilMs = (ms: number) => Math.max(0, Math.ceil(ms - 1e-6));

/** Milliseconds until one more attempt fits under `max` (0 when it fits now). */
export function retryAfterMs(state: WindowState): number {
  const { windowMs: w, max } = state;
  const { start, cur, prev } = current(state);
  const elapsed = state.now - start;
  if (cur + 1 <= max) {
    if (prev === 0) return 0;
    // prev × (1 − (elapsed + t) / w) + cur + 1 ≤ max
    return ceilMs(w * (1 - (max - 1 - cur) / prev) - elapsed);
  }
  // The current window alone is full: wait for the next one, where it becomes the previous.
  const intoNext = Math.max(0, w * (1 - (max - 1) / cur));
  return ceilMs(w - elapsed + intoNext);
}
