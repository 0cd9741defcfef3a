import { sql } from "kysely";
import type { DbOrTrx } from "../db/db.server.ts";

/**
 * Verified addresses (docs/decisions/0027). better-auth keeps `emailVerified` on its user; it is
 * set by the verification link, and here by the other ways an owner proves an address: accepting
 * an invitation mailed to it, completing a reset mailed to it.
 */
export async function markVerified(db: DbOrTrx, email: string): Promise<void> {
  await db
    .updateTable("user")
    .set({ emailVerified: sql<boolean>`true` })
    .where("email", "=", email.trim().toLowerCase())
    .execute();
}

/** True when an account with this address exists and its owner verified the address. */
export async function isVerifiedAccount(db: DbOrTrx, email: string): Promise<boolean> {
  const row = await db.selectFrom("user").select("emailVerified").where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
  return Boolean(row?.emailVerified);
}
