import { type Kysely, sql } from "kysely";

/**
 * Issue 22, accounts that hold the keys to the business (docs/decisions/0027):
 * - sign_in_attempts: wrong passwords counted per account and client address (`pair:<email>|<ip>`,
 *   progressive delays for that address only) and per account (`account:<email>`, to mail the
 *   owner when many fail). Times are epoch milliseconds.
 * - Upgrading: an address counts as verified only if its owner proved it. Someone who accepted an
 *   invitation (an audit entry `user.accept` for the address) did; every other existing account
 *   starts unverified, and a role of an unverified address is inactive until the owner follows
 *   the verification link (README, "Upgrading"). better-auth adds its own columns and tables
 *   (twoFactor, passkey, the session's secondFactorAt and confirmedAt) after our migrations.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("sign_in_attempts")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_at", "bigint", (c) => c.notNull())
    .addColumn("mailed_at", "bigint")
    .execute();
  // better-auth creates its "user" table after our migrations: on a new database it is not there yet.
  const user = (await db.introspection.getTables()).find((t) => t.name === "user");
  if (user?.columns.some((c) => c.name === "emailVerified")) {
    await sql`update "user" set "emailVerified" = true
      where lower(email) in (select target from audit_log where action = 'user.accept')`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("sign_in_attempts").execute();
}
