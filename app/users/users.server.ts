import { type AuditActor, recordAudit } from "../audit/audit.server.ts";
import { COMMAND_LINE } from "../audit/actions.ts";
import { describeChanges } from "../audit/summary.ts";
import { isVerifiedAccount } from "../auth/addresses.server.ts";
import { assertRecentlyConfirmed } from "../auth/confirmation.ts";
import { isRole, type Role } from "../auth/roles.ts";
import { type Db, type DbOrTrx, isUniqueViolation, nowIso } from "../db/db.server.ts";
import { isId, newId } from "../db/ids.server.ts";
import { type PageInfo, pageInfo } from "../db/paging.ts";
import { AppError, notFound, parseInput } from "../errors.ts";
import type { Services } from "../services.server.ts";
import { accountExists, sendInvitation } from "./invitations.server.ts";
import { ADMIN_ROLE } from "./roles.server.ts";
import { addUserSchema, LAST_ADMIN, type UserRole, updateUserSchema } from "./schema.ts";

/**
 * Admin users: rows of user_roles, each a role granted to an email. A grant applies once the
 * owner of the address has proven it (`active`); until then it is `pending` and an invitation
 * link is out (docs/decisions/0017). Every change is written with its audit entry.
 */

export type GrantStatus = "active" | "pending";

/** An admin-users record as pages and the API show it (the spec's names, plus the grant's status). */
export interface AdminUserRecord {
  _id: string;
  userEmail: string;
  userRole: UserRole;
  status: GrantStatus;
  /** While pending: when the live invitation link stops working (null: none is out). */
  invitationExpiresAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export type UserServices = Pick<Services, "db" | "dbKind" | "mailer" | "config">;

const columns = ["id", "user_email", "user_role", "proven_at", "invite_expires_at", "created_at", "updated_at"] as const;
type Row = { id: string; user_email: string; user_role: string; proven_at: string | null; invite_expires_at: string | null; created_at: string; updated_at: string };

const toRecord = (row: Row): AdminUserRecord => ({
  _id: row.id,
  userEmail: row.user_email,
  userRole: row.user_role as UserRole,
  status: row.proven_at ? "active" : "pending",
  invitationExpiresAt: row.proven_at ? null : row.invite_expires_at,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

const alreadyListed = (email: string) => new AppError(409, `${email} is already in the user list`, { userEmail: "This email is already in the user list" });

/** Admin users a page, on the screen and in GET /api/users (the spec gives no size). */
export const USERS_PAGE_SIZE = 10;

/** One page of grants by email; `status` keeps only active or only pending ones. */
export async function listUsers(db: Db, page: number, pageSize: number, status?: GrantStatus): Promise<{ items: AdminUserRecord[] } & PageInfo> {
  const filtered = db
    .selectFrom("user_roles")
    .$if(status === "active", (q) => q.where("proven_at", "is not", null))
    .$if(status === "pending", (q) => q.where("proven_at", "is", null));
  const { total } = await filtered.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow();
  const info = pageInfo(Number(total), page, pageSize);
  const rows = await filtered.select(columns).orderBy("user_email").limit(info.pageSize).offset(info.offset).execute();
  return { items: rows.map(toRecord), ...info };
}

export async function getUser(db: DbOrTrx, id: string): Promise<AdminUserRecord> {
  if (!isId(id)) throw notFound("User");
  const row = await db.selectFrom("user_roles").select(columns).where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound("User");
  return toRecord(row);
}

/**
 * POST /add-user: grants a role to an email, pending until its owner follows the invitation
 * link mailed with it (even when an account with that address exists: registering proves
 * nothing). An email already listed answers 409 (also when two adds race).
 */
export async function addUser(services: UserServices, actor: AuditActor, input: unknown): Promise<AdminUserRecord> {
  const { userEmail, userRole } = parseInput(addUserSchema, input);
  assertRecentlyConfirmed(actor);
  const now = nowIso();
  const row = { id: newId(), user_email: userEmail, user_role: userRole, created_at: now, updated_at: now };
  await services.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("user_roles")
      .values(row)
      .onConflict((oc) => oc.column("user_email").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) throw alreadyListed(userEmail);
    if (isRole(userRole)) await sendInvitation(trx, services, { id: row.id, email: userEmail, role: userRole }, actor.email);
    await recordAudit(trx, { actor, action: "user.add", target: userEmail, summary: `Role ${userRole}, invitation mailed` });
  });
  return getUser(services.db, row.id);
}

/** A grant after a change: what the last-admin guard needs to know of it. */
type After = { email: string; role: string; proven: boolean } | undefined;

/**
 * Runs a change to one grant while holding the admin rows, so that the site keeps an admin who
 * can sign in: one whose grant is Admin, proven, and whose address has an account. On
 * PostgreSQL the admin rows are locked (SELECT ... FOR UPDATE, one order for everyone) and a
 * second change waits and then sees the first; SQLite runs one write transaction at a time.
 * `change` answers the grant after the change (undefined when it removed it). Demoting,
 * removing and renaming (a new address is unproven) are refused alike when they would take
 * away the last such admin; pending admins do not count, and a change to them is never refused.
 */
async function changeGuarded<T>(services: UserServices, id: string, change: (trx: DbOrTrx, current: Row) => Promise<{ after: After; result: T }>): Promise<T> {
  if (!isId(id)) throw notFound("User");
  const postgres = services.dbKind === "postgres";
  return services.db.transaction().execute(async (trx) => {
    const admins = await trx
      .selectFrom("user_roles")
      .select(["id", "user_email", "proven_at"])
      .where("user_role", "=", ADMIN_ROLE)
      .orderBy("id") // one lock order for everyone: no deadlocks
      .$if(postgres, (q) => q.forUpdate())
      .execute();
    const current = await trx
      .selectFrom("user_roles")
      .select(columns)
      .where("id", "=", id)
      .$if(postgres, (q) => q.forUpdate())
      .executeTakeFirst();
    if (!current) throw notFound("User");
    const canSignIn = await adminsWhoCanSignIn(trx, admins);
    const { after, result } = await change(trx, current);
    const countedAfter = after?.role === ADMIN_ROLE && after.proven && (await accountExists(trx, after.email));
    // Thrown inside the transaction: the change (and its audit entry) is rolled back.
    if (canSignIn.has(id) && !countedAfter && canSignIn.size === 1) throw new AppError(409, LAST_ADMIN);
    return result;
  });
}

/** The ids of the admin grants that are proven and whose address has an account. */
async function adminsWhoCanSignIn(trx: DbOrTrx, admins: { id: string; user_email: string; proven_at: string | null }[]): Promise<Set<string>> {
  const proven = admins.filter((a) => a.proven_at);
  if (!proven.length) return new Set();
  const accounts = await trx
    .selectFrom("user")
    .select("email")
    .where(
      "email",
      "in",
      proven.map((a) => a.user_email),
    )
    .execute();
  const withAccount = new Set(accounts.map((a) => a.email));
  return new Set(proven.filter((a) => withAccount.has(a.user_email)).map((a) => a.id));
}

/**
 * PUT /upadete-users/{id}: a new email must not be listed already, and is unproven: the grant is
 * pending again and an invitation goes to the new address. A role given to a grant that is still
 * pending sends a fresh invitation. The last admin who can sign in stays one.
 */
export async function updateUser(services: UserServices, actor: AuditActor, id: string, input: unknown): Promise<AdminUserRecord> {
  const values = parseInput(updateUserSchema, input);
  return changeGuarded(services, id, async (trx, current) => {
    const userRole = values.userRole ?? (current.user_role as UserRole);
    const renamed = values.userEmail !== current.user_email;
    // Granting, taking away or moving a role: only just after confirming it is you.
    if (renamed || userRole !== current.user_role) assertRecentlyConfirmed(actor);
    if (renamed) {
      const taken = await trx.selectFrom("user_roles").select("id").where("user_email", "=", values.userEmail).executeTakeFirst();
      if (taken) throw alreadyListed(values.userEmail);
    }
    const proven = Boolean(current.proven_at) && !renamed;
    try {
      await trx
        .updateTable("user_roles")
        .set({
          user_email: values.userEmail,
          user_role: userRole,
          updated_at: nowIso(),
          ...(renamed ? { proven_at: null, invite_token_hash: null, invite_expires_at: null } : {}),
        })
        .where("id", "=", id)
        .execute();
    } catch (error) {
      if (isUniqueViolation(error)) throw alreadyListed(values.userEmail);
      throw error;
    }
    const invite = !proven && isRole(userRole) && (renamed || userRole !== current.user_role);
    if (invite) await sendInvitation(trx, services, { id, email: values.userEmail, role: userRole }, actor.email);
    const labels = { email: "Email", role: "Role" };
    const summary = describeChanges({ email: current.user_email, role: current.user_role }, { email: values.userEmail, role: userRole }, labels);
    await recordAudit(trx, { actor, action: "user.change", target: current.user_email, summary: invite ? `${summary}; invitation mailed` : summary });
    return { after: { email: values.userEmail, role: userRole, proven }, result: await getUser(trx, id) };
  });
}

/** DELETE /users/{id}: removes the grant (and any invitation link with it); never the last admin who can sign in. */
export async function deleteUser(services: UserServices, actor: AuditActor, id: string): Promise<AdminUserRecord> {
  assertRecentlyConfirmed(actor);
  return changeGuarded(services, id, async (trx, current) => {
    await trx.deleteFrom("user_roles").where("id", "=", id).execute();
    await recordAudit(trx, { actor, action: "user.remove", target: current.user_email, summary: `Removed the ${current.user_role} role${current.proven_at ? "" : " (invitation withdrawn)"}` });
    return { after: undefined, result: toRecord(current) };
  });
}

/** Resend: a new invitation link for a pending grant (the old link stops working). */
export async function resendInvitation(services: UserServices, actor: AuditActor, id: string): Promise<AdminUserRecord> {
  if (!isId(id)) throw notFound("User");
  return services.db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("user_roles").select(columns).where("id", "=", id).executeTakeFirst();
    if (!row) throw notFound("User");
    if (row.proven_at) throw new AppError(409, `${row.user_email} has already accepted; there is nothing to resend.`);
    if (!isRole(row.user_role)) throw new AppError(409, `${row.user_email} has no role to accept; give them one first.`);
    await sendInvitation(trx, services, { id, email: row.user_email, role: row.user_role }, actor.email);
    await recordAudit(trx, { actor, action: "user.invite", target: row.user_email, summary: `New ${row.user_role} invitation mailed; the earlier link no longer works` });
    return getUser(trx, id);
  });
}

/**
 * `npm run admin -- add` (and the tests' admins): the operator on the server is trusted, so an
 * address whose account exists *and is verified* gets the role at once. Any other address (no
 * account, or one whose owner never proved the address: whoever registered it first need not own
 * it) gets a pending grant and an invitation (queued; a running server mails it), as the admin
 * screen does; following it proves the address. Changing the role of a listed address goes
 * through the last-admin guard like the screen.
 */
export async function grantRole(services: UserServices, email: string, role: Role = ADMIN_ROLE): Promise<"added" | "invited" | "changed" | "already"> {
  const userEmail = email.trim().toLowerCase();
  const hasAccount = await isVerifiedAccount(services.db, userEmail);
  const existing = await services.db.selectFrom("user_roles").select(["id", "user_role", "proven_at"]).where("user_email", "=", userEmail).executeTakeFirst();
  const actor: AuditActor = { email: COMMAND_LINE, ip: null };
  if (!existing) {
    const now = nowIso();
    const id = newId();
    await services.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("user_roles")
        .values({ id, user_email: userEmail, user_role: role, created_at: now, updated_at: now, proven_at: hasAccount ? now : null })
        .execute();
      if (!hasAccount) await sendInvitation(trx, services, { id, email: userEmail, role }, "The site's operator");
      await recordAudit(trx, { actor, action: "user.add", target: userEmail, summary: `Role ${role}, ${hasAccount ? "granted to the existing verified account" : "invitation mailed"}` });
    });
    return hasAccount ? "added" : "invited";
  }
  const proveNow = hasAccount && !existing.proven_at;
  if (!existing.proven_at && !hasAccount) {
    // Still pending and nobody proved the address: the invitation goes (again), for this role.
    await changeGuarded(services, existing.id, async (trx, current) => {
      await trx.updateTable("user_roles").set({ user_role: role, updated_at: nowIso() }).where("id", "=", existing.id).execute();
      await sendInvitation(trx, services, { id: existing.id, email: userEmail, role }, "The site's operator");
      const summary = describeChanges({ role: current.user_role }, { role }, { role: "Role" });
      await recordAudit(trx, { actor, action: "user.invite", target: userEmail, summary: `${summary ? `${summary}; ` : ""}invitation mailed` });
      return { after: { email: userEmail, role, proven: false }, result: undefined };
    });
    return "invited";
  }
  if (existing.user_role === role && !proveNow) return "already";
  await changeGuarded(services, existing.id, async (trx, current) => {
    await trx
      .updateTable("user_roles")
      .set({ user_role: role, updated_at: nowIso(), ...(proveNow ? { proven_at: nowIso(), invite_token_hash: null, invite_expires_at: null } : {}) })
      .where("id", "=", existing.id)
      .execute();
    const summary = describeChanges({ role: current.user_role }, { role }, { role: "Role" });
    await recordAudit(trx, { actor, action: "user.change", target: userEmail, summary: proveNow ? `${summary}; granted to the existing account` : summary });
    return { after: { email: userEmail, role, proven: Boolean(current.proven_at) || proveNow }, result: undefined };
  });
  return "changed";
}
