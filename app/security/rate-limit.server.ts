import { sql } from "kysely";
import type { Db } from "../db/db.server.ts";
import { AppError } from "../errors.ts";
import { TOO_MANY_ATTEMPTS } from "../shared/messages.ts";

export interface RateLimiter {
  /** Counts one attempt for `bucket` from `clientIp`; false once the limit for the window is used. */
  attempt(bucket: string, clientIp: string): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
}

/**
 * A fixed one-minute window per bucket and client IP, kept in the database so that every
 * server instance shares the count. One upsert per attempt; no read-modify-write race. `now` is
 * the clock (tests pass a fixed one, so no test waits for a minute to turn).
 */
export function createRateLimiter(db: Db, perMinute: number, options: { windowMs?: number; now?: () => number } = {}): RateLimiter {
  const { windowMs = 60_000, now: clock = Date.now } = options;
  return {
    async attempt(bucket, clientIp) {
      const now = clock();
      const windowStart = Math.floor(now / windowMs) * windowMs;
      const row = await db
        .insertInto("rate_limits")
        .values({ key: `${bucket}:${clientIp}`, window_start: windowStart, count: 1 })
        .onConflict((oc) =>
          oc.column("key").doUpdateSet({
            count: sql`case when rate_limits.window_start = excluded.window_start then rate_limits.count + 1 else 1 end`,
            window_start: sql`excluded.window_start`,
          }),
        )
        .returning("count")
        .executeTakeFirstOrThrow();
      return { allowed: row.count <= perMinute, retryAfterSeconds: Math.ceil((windowStart + windowMs - now) / 1000) };
    },
  };
}

/**
 * Counts one attempt and refuses it with a 429 past the limit: the one rule pages, the JSON API
 * and services apply. `message` says what was limited, where that helps the person.
 */
export async function enforceRateLimit(limiter: RateLimiter, bucket: string, clientIp: string, message = TOO_MANY_ATTEMPTS): Promise<void> {
  const { allowed } = await limiter.attempt(bucket, clientIp);
  if (!allowed) throw new AppError(429, message);
}
