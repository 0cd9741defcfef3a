import { type AuditActor, recordAudit } from "../audit/audit.server.ts";
import type { AuditAction } from "../audit/actions.ts";
import { type Db, isPostgres } from "../db/db.server.ts";
import { AppError } from "../errors.ts";
import type { DbOrTrx } from "../db/db.server.ts";
import { describeDevice } from "./devices.ts";

/**
 * A person's sessions (ASVS 7.4, 7.5): listed on the account page with device, address and last
 * seen, each ended on its own or all but this one; an Admin may end all of someone's. better-auth
 * keeps sessions in its `session` table, read on every request, so a deleted row is a signed-out
 * cookie at once (the next call answers 401). Ending sessions of someone who holds a role is in
 * the audit log.
 */

export interface SessionRow {
  id: string;
  device: string;
  ip: string;
  createdAt: string;
  lastSeenAt: string;
  current: boolean;
}

const iso = (value: string | Date) => new Date(value).toISOString();

/** How stale "last seen" may get before a request refreshes it (one write per session per 5 minutes at most). */
const LAST_SEEN_EVERY_MS = 5 * 60_000;

/**
 * Marks the session seen now, if it was last marked more than a few minutes ago. Best effort: a
 * database that cannot take writes (disk full) must not cost the person the page they read.
 */
export async function touchSession(db: Db, session: { id: string; updatedAt: Date | string }): Promise<void> {
  if (Date.now() - new Date(session.updatedAt).getTime() < LAST_SEEN_EVERY_MS) return;
  await db
    .updateTable("session")
    .set({ updatedAt: new Date().toISOString() })
    .where("id", "=", session.id)
    .execute()
    .catch(() => undefined);
}

/** The live sessions of a user, this one first, then the most recently seen. */
export async function listSessions(db: Db, userId: string, currentId: string): Promise<SessionRow[]> {
  const rows = await db
    .selectFrom("session")
    .select(["id", "userAgent", "ipAddress", "createdAt", "updatedAt", "expiresAt"])
    .where("userId", "=", userId)
    .execute();
  const now = Date.now();
  return rows
    .filter((r) => new Date(r.expiresAt).getTime() > now)
    .map((r) => ({ id: r.id, device: describeDevice(r.userAgent), ip: r.ipAddress || "unknown", createdAt: iso(r.createdAt), lastSeenAt: iso(r.updatedAt), current: r.id === currentId }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
}

/** True when the address holds a role grant its owner proved: their security events are audited. */
async function holdsRole(db: DbOrTrx, email: string): Promise<boolean> {
  return Boolean(await db.selectFrom("user_roles").select("id").where("user_email", "=", email).where("proven_at", "is not", null).executeTakeFirst());
}

/** Records a security event of `about` (an email) when they hold a role, through `trx`. */
export async function auditIfRoleHolder(trx: DbOrTrx, about: string, entry: { actor: AuditActor; action: AuditAction; summary: string }): Promise<void> {
  if (await holdsRole(trx, about)) await recordAudit(trx, { ...entry, target: about });
}

type Who = { id: string; email: string; sessionId: string };

/** Ends one of the person's own sessions (not found: someone else's, or already ended). */
export async function endSession(db: Db, who: Who, actor: AuditActor, sessionId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom("session").where("id", "=", sessionId).where("userId", "=", who.id).returning(["userAgent", "ipAddress"]).executeTakeFirst();
    if (!row) throw new AppError(404, "That session has already ended.");
    await auditIfRoleHolder(trx, who.email, { actor, action: "session.revoke", summary: `Ended the session of ${describeDevice(row.userAgent)} at ${row.ipAddress || "an unknown address"}` });
  });
}

/** "Sign out everywhere else": every session of the person but this one. Answers how many ended. */
export async function endOtherSessions(db: Db, who: Who, actor: AuditActor): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const ended = await trx.deleteFrom("session").where("userId", "=", who.id).where("id", "!=", who.sessionId).returning("id").execute();
    if (ended.length) await auditIfRoleHolder(trx, who.email, { actor, action: "sessions.revoke-others", summary: `Signed out everywhere else (${ended.length} session${ended.length === 1 ? "" : "s"})` });
    return ended.length;
  });
}

/**
 * An Admin ends every session of a person (a lost laptop, a role taken away, a suspected
 * intrusion): they are signed out everywhere and must sign in again. Answers how many ended.
 */
export async function endAllSessionsOf(db: Db, actor: AuditActor, email: string): Promise<number> {
  const address = email.trim().toLowerCase();
  return db.transaction().execute(async (trx) => {
    const user = await trx.selectFrom("user").select("id").where("email", "=", address).$if(isPostgres(trx), (q) => q.forUpdate()).executeTakeFirst();
    if (!user) throw new AppError(404, `No account has the address ${address}.`, { userEmail: "No account has this address" });
    const ended = await trx.deleteFrom("session").where("userId", "=", user.id).returning("id").execute();
    await recordAudit(trx, { actor, action: "sessions.revoke-all", target: address, summary: `Signed ${address} out everywhere (${ended.length} session${ended.length === 1 ? "" : "s"})` });
    return ended.length;
  });
}
