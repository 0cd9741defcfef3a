import { sql } from "kysely";
import type { Db } from "../db/db.server.ts";

/**
 * Wrong passwords, counted so that nobody can use them against the owner (docs/decisions/0027).
 *
 * - Per account *and* client address (`pair:`): the first `free` attempts within an hour pass;
 *   after that each one from that address must wait twice as long as the last (2 s, 4 s, … up to
 *   15 minutes). The address guessing is slowed; the owner elsewhere is not, and no number of
 *   wrong passwords locks the account itself. A right password clears the pair.
 * - Per account (`account:`): every wrong password from anywhere, kept an hour, so the owner can
 *   be mailed when the account sees many (once a day at most).
 *
 * Kept in the database (sign_in_attempts) so every server process counts alike. An attempt is
 * reserved with a conditional update on the row it read: two attempts at once from one address
 * cannot both slip through a delay.
 */

export const ATTEMPT_WINDOW_MS = 60 * 60_000;
export const MAX_DELAY_MS = 15 * 60_000;
/** Wrong passwords in an hour after which the owner is mailed. */
export const MAIL_OWNER_AFTER = 10;
const MAIL_AGAIN_AFTER_MS = 24 * 60 * 60_000;

/** How long after the previous attempt the next may come, with `attempts` made in the window. */
export function delayMs(attempts: number, free: number): number {
  if (attempts < free) return 0;
  return Math.min(MAX_DELAY_MS, 2 ** (attempts - free + 1) * 1000);
}

export interface SignInThrottle {
  /** Counts one attempt on `account` from `ip` if its delay is over; otherwise how many seconds are left. */
  reserve(account: string, ip: string): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }>;
  /** The right password: this address starts afresh for this account. */
  cleared(account: string, ip: string): Promise<void>;
  /** A wrong password: counted for the account; true when the owner should be mailed now. */
  failed(account: string): Promise<{ failures: number; mailOwner: boolean }>;
  /** A completed reset proves the owner: every count of the account is forgotten. */
  forget(account: string): Promise<void>;
}

export function createSignInThrottle(db: Db, options: { free: number; now?: () => number }): SignInThrottle {
  const clock = options.now ?? Date.now;
  const pairKey = (account: string, ip: string) => `pair:${account}|${ip}`;
  const accountKey = (account: string) => `account:${account}`;

  /** Adds one to `key` (starting afresh after an hour), if `allow` agrees with the count so far; retried on a race. */
  async function bump(key: string, allow: (attempts: number, sinceLastMs: number) => number): Promise<{ attempts: number } | { waitMs: number }> {
    for (let tries = 0; tries < 5; tries++) {
      const now = clock();
      const row = await db.selectFrom("sign_in_attempts").select(["attempts", "last_at"]).where("key", "=", key).executeTakeFirst();
      const lastAt = row ? Number(row.last_at) : 0;
      const attempts = row && now - lastAt < ATTEMPT_WINDOW_MS ? row.attempts : 0;
      const waitMs = allow(attempts, now - lastAt);
      if (waitMs > 0) return { waitMs };
      if (!row) {
        const inserted = await db
          .insertInto("sign_in_attempts")
          .values({ key, attempts: 1, last_at: now })
          .onConflict((oc) => oc.column("key").doNothing())
          .returning("attempts")
          .executeTakeFirst();
        if (inserted) return { attempts: 1 };
        continue;
      }
      const updated = await db
        .updateTable("sign_in_attempts")
        .set({ attempts: attempts + 1, last_at: now })
        .where("key", "=", key)
        .where("attempts", "=", row.attempts)
        .where("last_at", "=", row.last_at)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) > 0) return { attempts: attempts + 1 };
    }
    return { waitMs: 1000 };
  }

  return {
    async reserve(account, ip) {
      const result = await bump(pairKey(account, ip), (attempts, sinceLast) => delayMs(attempts, options.free) - sinceLast);
      return "waitMs" in result ? { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(result.waitMs / 1000)) } : { allowed: true };
    },
    async cleared(account, ip) {
      await db.deleteFrom("sign_in_attempts").where("key", "=", pairKey(account, ip)).execute();
    },
    async failed(account) {
      const key = accountKey(account);
      const result = await bump(key, () => 0);
      const failures = "attempts" in result ? result.attempts : 0;
      if (failures < MAIL_OWNER_AFTER) return { failures, mailOwner: false };
      const now = clock();
      const marked = await db
        .updateTable("sign_in_attempts")
        .set({ mailed_at: now })
        .where("key", "=", key)
        .where((eb) => eb.or([eb("mailed_at", "is", null), eb("mailed_at", "<", now - MAIL_AGAIN_AFTER_MS)]))
        .executeTakeFirst();
      return { failures, mailOwner: Number(marked.numUpdatedRows) > 0 };
    },
    async forget(account) {
      await db
        .deleteFrom("sign_in_attempts")
        .where((eb) => eb.or([eb("key", "=", accountKey(account)), sql<boolean>`substr(key, 1, ${pairKey(account, "").length}) = ${pairKey(account, "")}`]))
        .execute();
    },
  };
}
