import type { Role } from "../auth/roles.ts";
import { type Db, nowIso } from "../db/db.server.ts";
import { newId } from "../db/ids.server.ts";
import type { DbOrTrx } from "../jobs/queue.server.ts";

/** The role the command line grants, and the one the site must always keep someone in. */
export const ADMIN_ROLE: Role = "Admin";

/** Makes the person signing in with `email` an administrator (idempotent). */
export async function grantAdmin(db: Db, email: string): Promise<"added" | "already"> {
  const normalized = email.trim().toLowerCase();
  const existing = await db.selectFrom("user_roles").select(["id", "user_role"]).where("user_email", "=", normalized).executeTakeFirst();
  if (existing?.user_role === ADMIN_ROLE) return "already";
  const now = nowIso();
  if (existing) {
    await db.updateTable("user_roles").set({ user_role: ADMIN_ROLE, updated_at: now }).where("id", "=", existing.id).execute();
  } else {
    await db.insertInto("user_roles").values({ id: newId(), user_email: normalized, user_role: ADMIN_ROLE, created_at: now, updated_at: now }).execute();
  }
  return "added";
}

export async function revokeAdmin(db: Db, email: string): Promise<boolean> {
  const result = await db.deleteFrom("user_roles").where("user_email", "=", email.trim().toLowerCase()).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function listAdmins(db: DbOrTrx): Promise<string[]> {
  const rows = await db.selectFrom("user_roles").select("user_email").where("user_role", "=", ADMIN_ROLE).orderBy("user_email").execute();
  return rows.map((r) => r.user_email);
}
