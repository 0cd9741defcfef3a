import { sql } from "kysely";
import type { Db } from "../db/db.server.ts";
import { AppError } from "../errors.ts";
import { TOO_MANY_ATTEMPTS } from "../shared/messages.ts";
import { retryAfterMs } from "./sliding-window.ts";

export interface RateLimitDecision {
  allowed: boolean;
  /** When refused: seconds until one more attempt would be allowed (for `Retry-After`). */
  retryAfterSeconds: number;
}

/** How many attempts a bucket allows per window; the window defaults to the limiter's (a minute). */
export interface Limit {
  max: number;
  windowMs?: number;
}

export interface RateLimiter {
  /**
   * Counts one attempt for `bucket` and `subject` (a client IP, an account), unless the limit is
   * used up: a refused attempt is not counted, so the window keeps sliding and the allowed rate
   * stays exactly `max` per window however hard someone pushes. `limit` defaults to the
   * configured per-minute limit.
   */
  attempt(bucket: string, subject: string, limit?: Limit): Promise<RateLimitDecision>;
  /** Forgets the attempts of `bucket` and `subject` (a correct password clears its account's count). */
  clear(bucket: string, subject: string): Promise<void>;
}

/**
 * A sliding window per bucket and subject, kept in the database so that every server process
 * shares the count. The row holds the current fixed window's count and the previous one's; an
 * attempt is weighed against `previous × (share of the previous window still inside the last
 * window length) + current`, which slides smoothly instead of resetting at the minute. One upsert
 * per attempt that increments only while under the limit: no read-modify-write race between
 * processes. `now` is the clock (tests pass a fixed one, so no test waits for a window to turn).
 */
export function createRateLimiter(db: Db, perMinute: number, options: { windowMs?: number; now?: () => number } = {}): RateLimiter {
  const { windowMs: defaultWindowMs = 60_000, now: clock = Date.now } = options;
  return {
    async attempt(bucket, subject, limit = { max: perMinute }) {
      const windowMs = limit.windowMs ?? defaultWindowMs;
      const now = clock();
      const windowStart = Math.floor(now / windowMs) * windowMs;
      // Integer arithmetic on both databases: the previous window's weight in thousandths.
      const weight = Math.round(1000 * (1 - (now - windowStart) / windowMs));
      const key = `${bucket}:${subject}`;
      const previous = sql<number>`case when rate_limits.window_start = ${windowStart} then rate_limits.prev_count
        when rate_limits.window_start = ${windowStart - windowMs} then rate_limits.count else 0 end`;
      const current = sql<number>`case when rate_limits.window_start = ${windowStart} then rate_limits.count else 0 end`;
      const counted = await db
        .insertInto("rate_limits")
        .values({ key, window_start: windowStart, count: 1, prev_count: 0 })
        .onConflict((oc) =>
          oc
            .column("key")
            .doUpdateSet({ window_start: windowStart, prev_count: previous, count: sql`${current} + 1` })
            .where(sql<boolean>`${previous} * ${weight} + (${current} + 1) * 1000 <= ${limit.max * 1000}`),
        )
        .returning("count")
        .executeTakeFirst();
      if (counted) return { allowed: true, retryAfterSeconds: 0 };
      const row = await db.selectFrom("rate_limits").select(["window_start", "count", "prev_count"]).where("key", "=", key).executeTakeFirst();
      const wait = row ? retryAfterMs({ now, windowMs, max: limit.max, windowStart: Number(row.window_start), count: row.count, prevCount: row.prev_count }) : 1000;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) };
    },

    async clear(bucket, subject) {
      await db.deleteFrom("rate_limits").where("key", "=", `${bucket}:${subject}`).execute();
    },
  };
}

/**
 * Counts one attempt and refuses it with a 429 past the limit: the one rule pages, the JSON API
 * and services apply. `message` says what was limited, where that helps the person.
 */
export async function enforceRateLimit(limiter: RateLimiter, bucket: string, clientIp: string, message = TOO_MANY_ATTEMPTS): Promise<void> {
  const { allowed, retryAfterSeconds } = await limiter.attempt(bucket, clientIp);
  if (!allowed) throw new AppError(429, message, undefined, { retryAfterSeconds });
}
