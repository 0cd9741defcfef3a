import { sql } from "kysely";
import type { Db } from "../db/db.server.ts";

/**
 * better-auth keeps each pending reset link as a `verification` row: identifier
 * `reset-password:<token>`, value the user's id. Only the newest link of a user may work: a new
 * request voids the older links, and a completed reset voids every link left, so a link read from
 * an old mail (or a mailbox someone else saw) is worthless once a newer one exists or was used.
 */
const RESET_PREFIX = "reset-password:";

export async function voidResetLinks(db: Db, userId: string, keepToken?: string): Promise<void> {
  const keep = keepToken ? sql`and identifier <> ${RESET_PREFIX + keepToken}` : sql``;
  await sql`delete from verification where identifier like ${`${RESET_PREFIX}%`} and value = ${userId} ${keep}`.execute(db);
}
