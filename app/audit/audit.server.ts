import type { Db, DbOrTrx } from "../db/db.server.ts";
import { nowIso } from "../db/db.server.ts";
import { newId } from "../db/ids.server.ts";
import type { PageInfo } from "../db/paging.ts";
import { newestFirstPage } from "../db/paging.server.ts";
import { type AuditAction, type AuditKind, actionsOfKind } from "./actions.ts";
import { clip } from "./summary.ts";

/**
 * The audit log: who did what to what, when, and from which address. Each feature calls
 * `recordAudit` with the transaction of the action it records, so an action and its entry are
 * stored together or not at all: a refused or failed action leaves no entry, and no action is
 * without one. The table refuses UPDATE and DELETE (a trigger, migration 051); nothing here
 * offers either.
 */

/** Who acted: their email (or COMMAND_LINE) and the client address the app derived. */
export interface AuditActor {
  email: string;
  ip: string | null;
  /** When they last proved it is them (auth/confirmation.ts): sensitive changes need it recent. */
  confirmedAt?: Date | null;
}

export interface AuditEntry {
  actor: AuditActor;
  action: AuditAction;
  /** What was acted on, in words an admin recognises ("Banner 0a1b…", "Order 0a1b…", an email). */
  target: string;
  /** What changed, shortened. */
  summary: string;
}

/** Whoever the request is from, as the log names them: a service's viewer after its role check. */
export function auditActor(viewer: { user: { email: string } | null; ip: string; confirmedAt?: Date | null }): AuditActor {
  if (!viewer.user) throw new Error("an audited action needs a signed-in actor");
  return { email: viewer.user.email, ip: viewer.ip, confirmedAt: viewer.confirmedAt ?? null };
}

/** Writes one entry through `trx`: pass the transaction that performs the action. */
export async function recordAudit(trx: DbOrTrx, entry: AuditEntry): Promise<void> {
  await trx
    .insertInto("audit_log")
    .values({
      id: newId(),
      created_at: nowIso(),
      actor: entry.actor.email,
      ip: entry.actor.ip,
      action: entry.action,
      target: clip(entry.target, 200),
      summary: clip(entry.summary),
    })
    .execute();
}

export interface AuditRecord {
  _id: string;
  at: string;
  actor: string;
  ip: string | null;
  action: string;
  target: string;
  summary: string;
}

export interface AuditFilter {
  actor?: string;
  kind?: AuditKind;
  /** First and last day, inclusive, as YYYY-MM-DD (UTC). */
  from?: string;
  to?: string;
}

/** The day after a YYYY-MM-DD day, as an ISO timestamp (the exclusive end of a range). */
const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString();

/** One page of the log, newest first, filtered in SQL on indexed columns. */
export async function listAudit(db: Db, filter: AuditFilter, page: number, pageSize: number): Promise<{ items: AuditRecord[] } & PageInfo> {
  const query = db
    .selectFrom("audit_log")
    .select(["id", "created_at", "actor", "ip", "action", "target", "summary"])
    .$if(Boolean(filter.actor), (q) => q.where("actor", "=", filter.actor!))
    .$if(Boolean(filter.kind), (q) => q.where("action", "in", actionsOfKind(filter.kind!)))
    .$if(Boolean(filter.from), (q) => q.where("created_at", ">=", `${filter.from}T00:00:00.000Z`))
    .$if(Boolean(filter.to), (q) => q.where("created_at", "<", dayAfter(filter.to!)));
  const { rows, ...info } = await newestFirstPage(query, page, pageSize);
  return {
    items: rows.map((r) => ({ _id: r.id, at: r.created_at, actor: r.actor, ip: r.ip, action: r.action, target: r.target, summary: r.summary })),
    ...info,
  };
}

/** Everyone who appears in the log, for the person filter. */
export async function auditActors(db: Db): Promise<string[]> {
  const rows = await db.selectFrom("audit_log").select("actor").distinct().orderBy("actor").execute();
  return rows.map((r) => r.actor);
}
