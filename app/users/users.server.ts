import { type Db, type DbKind, isUniqueViolation, nowIso } from "../db/db.server.ts";
import { isId, newId } from "../db/ids.server.ts";
import { type PageInfo, pageInfo } from "../db/paging.ts";
import { AppError, notFound, parseInput } from "../errors.ts";
import { ADMIN_ROLE } from "./roles.server.ts";
import { addUserSchema, LAST_ADMIN, type UserRole, updateUserSchema } from "./schema.ts";

/** An admin-users record as pages and the API show it (the spec's names). */
export interface AdminUserRecord {
  _id: string;
  userEmail: string;
  userRole: UserRole;
  createdAt: string;
  updatedAt: string;
}

type Row = { id: string; user_email: string; user_role: string; created_at: string; updated_at: string };
const columns = ["id", "user_email", "user_role", "created_at", "updated_at"] as const;

const toRecord = (row: Row): AdminUserRecord => ({
  _id: row.id,
  userEmail: row.user_email,
  userRole: row.user_role as UserRole,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const alreadyListed = (email: string) => new AppError(409, `${email} is already in the user list`, { userEmail: "This email is already in the user list" });

/** Admin users a page, on the screen and in GET /api/users (the spec gives no size). */
export const USERS_PAGE_SIZE = 10;

export async function listUsers(db: Db, page: number, pageSize: number): Promise<{ items: AdminUserRecord[] } & PageInfo> {
  const { total } = await db
    .selectFrom("user_roles")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const info = pageInfo(Number(total), page, pageSize);
  const rows = await db.selectFrom("user_roles").select(columns).orderBy("user_email").limit(info.pageSize).offset(info.offset).execute();
  return { items: rows.map(toRecord), ...info };
}

export async function getUser(db: Db, id: string): Promise<AdminUserRecord> {
  if (!isId(id)) throw notFound("User");
  const row = await db.selectFrom("user_roles").select(columns).where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound("User");
  return toRecord(row);
}

/** POST /add-user: an email already listed answers 409 (also when two adds race). */
export async function addUser(db: Db, input: unknown): Promise<AdminUserRecord> {
  const { userEmail, userRole } = parseInput(addUserSchema, input);
  const now = nowIso();
  const row: Row = { id: newId(), user_email: userEmail, user_role: userRole, created_at: now, updated_at: now };
  const inserted = await db
    .insertInto("user_roles")
    .values(row)
    .onConflict((oc) => oc.column("user_email").doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) throw alreadyListed(userEmail);
  return toRecord(row);
}

/**
 * Runs a change to one record while holding the admin rows, so two admins demoting each other at
 * the same moment cannot leave the site with none: on PostgreSQL the admin rows are locked
 * (SELECT ... FOR UPDATE) and the second change waits and then sees the first; SQLite runs one
 * write transaction at a time. `change` answers the record's role after the change (undefined
 * when it deleted the record).
 */
async function changeGuarded(db: Db, kind: DbKind, id: string, change: (trx: Db, current: Row) => Promise<UserRole | undefined>): Promise<void> {
  if (!isId(id)) throw notFound("User");
  await db.transaction().execute(async (trx) => {
    const admins = await trx
      .selectFrom("user_roles")
      .select("id")
      .where("user_role", "=", ADMIN_ROLE)
      .orderBy("id") // one lock order for everyone: no deadlocks
      .$if(kind === "postgres", (q) => q.forUpdate())
      .execute();
    const current = await trx
      .selectFrom("user_roles")
      .select(columns)
      .where("id", "=", id)
      .$if(kind === "postgres", (q) => q.forUpdate())
      .executeTakeFirst();
    if (!current) throw notFound("User");
    const roleAfter = await change(trx, current);
    const adminsAfter = admins.filter((a) => a.id !== id).length + (roleAfter === ADMIN_ROLE ? 1 : 0);
    // Thrown inside the transaction: the change is rolled back.
    if (adminsAfter === 0) throw new AppError(409, LAST_ADMIN);
  });
}

/** PUT /upadete-users/{id}: a new email must not be listed already; the last admin stays an admin. */
export async function updateUser(db: Db, kind: DbKind, id: string, input: unknown): Promise<AdminUserRecord> {
  const values = parseInput(updateUserSchema, input);
  await changeGuarded(db, kind, id, async (trx, current) => {
    const userRole = values.userRole ?? (current.user_role as UserRole);
    if (values.userEmail !== current.user_email) {
      const taken = await trx.selectFrom("user_roles").select("id").where("user_email", "=", values.userEmail).executeTakeFirst();
      if (taken) throw alreadyListed(values.userEmail);
    }
    try {
      await trx
        .updateTable("user_roles")
        .set({ user_email: values.userEmail, user_role: userRole, updated_at: nowIso() })
        .where("id", "=", id)
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyListed(values.userEmail);
      throw error;
    }
    return userRole;
  });
  return getUser(db, id);
}

/** DELETE /users/{id}: removes the record; refused when it is the last admin. */
export async function deleteUser(db: Db, kind: DbKind, id: string): Promise<AdminUserRecord> {
  let removed: AdminUserRecord | undefined;
  await changeGuarded(db, kind, id, async (trx, current) => {
    await trx.deleteFrom("user_roles").where("id", "=", id).execute();
    removed = toRecord(current);
    return undefined;
  });
  return removed!;
}
