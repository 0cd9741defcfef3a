import type { Role } from "../auth/roles.ts";
import { type Db, nowIso } from "../db/db.server.ts";
import { newId } from "../db/ids.server.ts";
import type { DbOrTrx } from "../jobs/queue.server.ts";

/** The role the site must always keep someone in, and the one the command line grants unless told. */
export const ADMIN_ROLE: Role = "Admin";

/** Gives the person signing in with `email` a role (idempotent; replaces a role they had). */
export async function grantRole(db: Db, email: string, role: Role = ADMIN_ROLE): Promise<"added" | "already"> {
  const normalized = email.trim().toLowerCase();
  const existing = await db.selectFrom("user_roles").select(["id", "user_role"]).where("user_email", "=", normalized).executeTakeFirst();
  if (existing?.user_role === role) return "already";
  const now = nowIso();
  if (existing) {
    await db.updateTable("user_roles").set({ user_role: role, updated_at: now }).where("id", "=", existing.id).execute();
  } else {
    await db.insertInto("user_roles").values({ id: newId(), user_email: normalized, user_role: role, created_at: now, updated_at: now }).execute();
  }
  return "added";
}

/** The user_roles row of an email, if it has one. */
export async function roleRowOf(db: Db, email: string): Promise<{ id: string; role: string } | undefined> {
  const row = await db.selectFrom("user_roles").select(["id", "user_role"]).where("user_email", "=", email.trim().toLowerCase()).executeTakeFirst();
  return row && { id: row.id, role: row.user_role };
}

/** Everyone holding a role, by email: `[email, role]`. */
export async function listRoleHolders(db: DbOrTrx): Promise<[string, string][]> {
  const rows = await db.selectFrom("user_roles").select(["user_email", "user_role"]).where("user_role", "!=", "Customer").orderBy("user_email").execute();
  return rows.map((r) => [r.user_email, r.user_role]);
}

/** The admins' emails (new-order notes go to them). */
export async function listAdmins(db: DbOrTrx): Promise<string[]> {
  const rows = await db.selectFrom("user_roles").select("user_email").where("user_role", "=", ADMIN_ROLE).orderBy("user_email").execute();
  return rows.map((r) => r.user_email);
}
