import { sql } from "kysely";
import type { Db } from "../db/db.server.ts";

export interface RateLimiter {
  /** Counts one attempt for `bucket` from `clientIp`; false once the limit for the window is used. */
  attempt(bucket: string, clientIp: string): Promise<{ allowed: boolean; retryAfterSeconds: number }>;
}

/**
 * A fixed one-minute window per bucket and client IP, kept in the database so that every
 * server instance shares the count. One upsert per attempt; no read-modify-write race.
 */
export function createRateLimiter(db: Db, perMinute: number, windowMs = 60_000): RateLimiter {
  return {
    async attempt(bucket, clientIp) {
      const now = Date.now();
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
