import { type Kysely, sql } from "kysely";

/**
 * A role granted to an email applies only once the address is proven (docs/decisions/0017):
 * - proven_at: when the owner of the address proved it (followed the invitation link, or the
 *   operator granted an existing account from the command line). Null: invited, not yet proven.
 * - invite_token_hash / invite_expires_at: the one live invitation link of the grant (sha256 of
 *   the token; the token itself is only in the mail). Cleared when used; replaced on resend.
 * - invited_by / invited_at: who sent the last invitation, and when.
 *
 * Existing grants whose address has an account keep working (they did until now, and the
 * operator granted them); grants without an account become pending and need a link (Resend on
 * the admin users screen). README tells operators to check `npm run admin -- list` after upgrading.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("user_roles").addColumn("proven_at", "text").execute();
  await db.schema.alterTable("user_roles").addColumn("invite_token_hash", "text").execute();
  await db.schema.alterTable("user_roles").addColumn("invite_expires_at", "text").execute();
  await db.schema.alterTable("user_roles").addColumn("invited_by", "text").execute();
  await db.schema.alterTable("user_roles").addColumn("invited_at", "text").execute();
  await db.schema.createIndex("user_roles_invite_token_idx").on("user_roles").column("invite_token_hash").unique().execute();
  // better-auth creates its "user" table after our migrations: on a new database it is not there yet.
  const tables = await db.introspection.getTables();
  if (tables.some((t) => t.name === "user")) {
    const now = new Date().toISOString();
    await sql`update user_roles set proven_at = ${now} where exists (select 1 from "user" u where lower(u.email) = user_roles.user_email)`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("user_roles_invite_token_idx").execute();
  for (const column of ["invited_at", "invited_by", "invite_expires_at", "invite_token_hash", "proven_at"]) {
    await db.schema.alterTable("user_roles").dropColumn(column).execute();
  }
}
