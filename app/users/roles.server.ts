import type { Role } from "../auth/roles.ts";
import type { Db, DbOrTrx } from "../db/db.server.ts";

/** The role the site must always keep someone in, and the one the command line grants unless told. */
export const ADMIN_ROLE: Role = "Admin";

/** The user_roles row of an email, if it has one. */
export async function roleRowOf(db: Db, email: string): Promise<{ id: string; role: string } | undefined> {
  const row = await db.selectFrom("user_roles").select(["id", "user_role"]).where("user_email", "=", email.trim().toLowerCase()).executeTakeFirst();
  return row && { id: row.id, role: row.user_role };
}

/** Everyone granted a role, by email: `[email, role, "active" | "pending"]`. */
export async function listRoleHolders(db: DbOrTrx): Promise<[string, string, "active" | "pending"][]> {
  const rows = await db.selectFrom("user_roles").select(["user_email", "user_role", "proven_at"]).where("user_role", "!=", "Customer").orderBy("user_email").execute();
  return rows.map((r) => [r.user_email, r.user_role, r.proven_at ? "active" : "pending"]);
}

/** The emails of the admins whose grant applies (new-order notes go to them, not to pending invitations). */
export async function listAdmins(db: DbOrTrx): Promise<string[]> {
  const rows = await db.selectFrom("user_roles").select("user_email").where("user_role", "=", ADMIN_ROLE).where("proven_at", "is not", null).orderBy("user_email").execute();
  return rows.map((r) => r.user_email);
}
