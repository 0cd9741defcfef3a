import type { Role } from "../auth/roles.ts";
import type { Db, DbOrTrx } from "../db/db.server.ts";

/** The role the site must always keep someone in, and the one the command line grants unless told. */
export const ADMIN_ROLE: Role = "Admin";

/** The user_roles row of an email, if it has one. */
export async function roleRowOf(db: Db, email: string): Promise<{ id: string; role: string } | undefined> {
  const row = await db.selectFrom("user_roles").select(["id", "user_role"]).where("user_email", "=", email.trim().toLowerCase()).executeTakeFirst();
  return row && { id: row.id, role: row.user_role };
}

/**
 * Everyone granted a role, by email: `[email, role, status]`: `pending` while the invitation is
 * out, `unverified` for an accepted grant whose account's address is not verified (after an
 * upgrade: the role waits until the owner follows the verification link), else `active`.
 */
export async function listRoleHolders(db: DbOrTrx): Promise<[string, string, "active" | "pending" | "unverified"][]> {
  const rows = await db
    .selectFrom("user_roles")
    .leftJoin("user", "user.email", "user_roles.user_email")
    .select(["user_roles.user_email", "user_roles.user_role", "user_roles.proven_at", "user.emailVerified"])
    .where("user_roles.user_role", "!=", "Customer")
    .orderBy("user_roles.user_email")
    .execute();
  return rows.map((r) => [r.user_email, r.user_role, !r.proven_at ? "pending" : r.emailVerified ? "active" : "unverified"]);
}

/** The emails of the admins whose grant applies (new-order notes go to them, not to pending invitations). */
export async function listAdmins(db: DbOrTrx): Promise<string[]> {
  const rows = await db.selectFrom("user_roles").select("user_email").where("user_role", "=", ADMIN_ROLE).where("proven_at", "is not", null).orderBy("user_email").execute();
  return rows.map((r) => r.user_email);
}
