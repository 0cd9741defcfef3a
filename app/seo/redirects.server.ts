import { sql } from "kysely";
import { z } from "zod";
import { type AuditActor, recordAudit } from "../audit/audit.server.ts";
import { describeChanges, describeValues } from "../audit/summary.ts";
import { type Db, type DbOrTrx, isPostgres, isUniqueViolation, nowIso, type Trx } from "../db/db.server.ts";
import { isId, newId } from "../db/ids.server.ts";
import { type PageInfo, pageInfo } from "../db/paging.ts";
import { AppError, invalidFields, notFound, parseInput } from "../errors.ts";
import { pathKey, planRule, REDIRECT_STATUSES, type RedirectStatus, redirectTarget, type Rule, sourcePath } from "./redirect-rules.ts";
import { type RedirectTable, redirectsChanged, watchRedirects } from "./redirect-table.server.ts";
import { REDIRECT_LABELS } from "./redirect-texts.ts";

/** Who created a redirect that a slug change made (redirectOldPath has no person to name). */
export const SLUG_CHANGE = "slug change";

export const REDIRECTS_PAGE_SIZE = 25;

export interface RedirectRecord {
  _id: string;
  from: string;
  /** null for 410 Gone. */
  to: string | null;
  status: RedirectStatus;
  createdAt: string;
  createdBy: string;
  updatedAt: string;
  updatedBy: string;
}

type Row = { id: string; from_path: string; to_target: string | null; status: number; created_at: string; created_by: string; updated_at: string; updated_by: string };
const COLUMNS = ["id", "from_path", "to_target", "status", "created_at", "created_by", "updated_at", "updated_by"] as const;

const toRecord = (row: Row): RedirectRecord => ({
  _id: row.id,
  from: row.from_path,
  to: row.to_target,
  status: Number(row.status) as RedirectStatus,
  createdAt: row.created_at,
  createdBy: row.created_by,
  updatedAt: row.updated_at,
  updatedBy: row.updated_by,
});
const toRule = (row: Row): Rule => ({ id: row.id, from: row.from_path, to: row.to_target, status: Number(row.status) as RedirectStatus });

const inputSchema = z.object({
  from: z.string({ error: "From path is required" }).max(2048, "From path must be at most 500 characters").describe(REDIRECT_LABELS.from),
  to: z.string({ error: "To must be text" }).max(4096, "To must be at most 2048 characters").optional().describe(REDIRECT_LABELS.to),
  status: z.coerce
    .number({ error: "Type must be 301, 302 or 410" })
    .refine((n): n is RedirectStatus => (REDIRECT_STATUSES as readonly number[]).includes(n), "Type must be 301, 302 or 410")
    .default(301)
    .describe(REDIRECT_LABELS.status),
});

export interface RedirectOptions {
  /** The site's own address (APP_URL): a full address of the site is stored as its path. */
  ownOrigin?: string;
  /** True for a path the app itself answers (/login, /admin/…, /api/…): no redirect may take it over. */
  isAppPath?: (path: string) => boolean;
}

/** Checks a form or API body: the fields' rules, each failure named by its label. */
function validate(input: unknown, options: RedirectOptions): Omit<Rule, "id"> {
  const v = parseInput(inputSchema, input ?? {});
  const fields: Record<string, string> = {};
  const from = sourcePath(v.from, options.ownOrigin);
  if (!from.ok) fields.from = from.message;
  else if (options.isAppPath?.(from.value)) fields.from = `From path ${from.value} belongs to the site itself and cannot be redirected`;
  const status = v.status as RedirectStatus;
  let to: string | null = null;
  const typed = (v.to ?? "").trim();
  if (status === 410) {
    if (typed) fields.to = "Leave To empty for 410 Gone: a gone page sends visitors nowhere";
  } else {
    const target = redirectTarget(typed, options.ownOrigin);
    if (!target.ok) fields.to = target.message;
    else to = target.value;
  }
  if (Object.keys(fields).length) throw invalidFields(fields, REDIRECT_LABELS);
  return { from: from.ok ? from.value : "", to, status };
}

/** Every writer of the redirects holds this lock: each plans against the table as it is (PostgreSQL; SQLite has one writer). */
async function lockRedirects(trx: Trx): Promise<void> {
  if (isPostgres(trx)) await sql`lock table redirects in share row exclusive mode`.execute(trx);
}

async function allRules(trx: DbOrTrx, except?: string): Promise<Rule[]> {
  let query = trx.selectFrom("redirects").select(COLUMNS);
  if (except) query = query.where("id", "<>", except);
  return (await query.execute()).map(toRule);
}

/** The rule fitted among the others, or a 400 naming the field that makes a loop (or a 409 for a duplicate source). */
async function plan(trx: Trx, rule: Omit<Rule, "id">, except?: string) {
  const planned = planRule(await allRules(trx, except), rule);
  if (planned.ok) return planned.plan;
  if (planned.field === "from") throw new AppError(409, `Please check the field: ${REDIRECT_LABELS.from}.`, { from: planned.message });
  throw invalidFields({ [planned.field]: planned.message }, REDIRECT_LABELS);
}

async function applyRewrites(trx: Trx, rewrites: { id: string; to: string }[], by: string, at: string) {
  for (const r of rewrites) await trx.updateTable("redirects").set({ to_target: r.to, updated_at: at, updated_by: by }).where("id", "=", r.id).execute();
}

const auditValues = (r: { from: string; to: string | null; status: number }) => ({ from: r.from, to: r.to ?? "", status: String(r.status) });
const rewriteNote = (n: number) => (n ? `; ${n} redirect${n === 1 ? "" : "s"} pointing here now point to the new target` : "");

export interface RedirectService {
  /** The in-memory table the server answers from. */
  table: RedirectTable;
  list(page: number, pageSize: number): Promise<{ items: RedirectRecord[] } & PageInfo>;
  get(id: string): Promise<RedirectRecord>;
  create(input: unknown, actor: AuditActor): Promise<RedirectRecord>;
  update(id: string, input: unknown, actor: AuditActor): Promise<RedirectRecord>;
  remove(id: string, actor: AuditActor): Promise<void>;
}

/**
 * Redirects (issue 23, item 6; docs/decisions/0031): rules an Editor or Admin lists, adds,
 * changes and deletes, each with its audit entry in the same transaction, every change moving
 * the version the in-memory tables of all processes reload on.
 */
export function createRedirects(db: Db, options: RedirectOptions & { pollMs?: number; onError?: (error: unknown) => void } = {}): RedirectService {
  const get = async (id: string) => {
    if (!isId(id)) throw notFound("Redirect");
    const row = await db.selectFrom("redirects").select(COLUMNS).where("id", "=", id).executeTakeFirst();
    if (!row) throw notFound("Redirect");
    return toRecord(row);
  };
  const duplicate = (from: string) => new AppError(409, `Please check the field: ${REDIRECT_LABELS.from}.`, { from: `A redirect from ${from} already exists` });

  return {
    table: watchRedirects(db, { pollMs: options.pollMs, onError: options.onError }),
    async list(page, pageSize) {
      const counted = await db.selectFrom("redirects").select(sql<number>`count(*)`.as("total")).executeTakeFirstOrThrow();
      const info = pageInfo(Number(counted.total), page, pageSize);
      const rows = await db.selectFrom("redirects").select(COLUMNS).orderBy("from_path").orderBy("id").limit(info.pageSize).offset(info.offset).execute();
      return { items: rows.map(toRecord), ...info };
    },
    get,
    async create(input, actor) {
      const rule = validate(input, options);
      const at = nowIso();
      const row: Row = { id: newId(), from_path: rule.from, to_target: rule.to, status: rule.status, created_at: at, created_by: actor.email, updated_at: at, updated_by: actor.email };
      try {
        await db.transaction().execute(async (trx) => {
          await lockRedirects(trx);
          const { to, rewrites } = await plan(trx, rule);
          row.to_target = to;
          await trx.insertInto("redirects").values(row).execute();
          await applyRewrites(trx, rewrites, actor.email, at);
          await recordAudit(trx, { actor, action: "redirect.create", target: `Redirect from ${rule.from}`, summary: describeValues(auditValues({ ...rule, to }), REDIRECT_LABELS) + rewriteNote(rewrites.length) });
          await redirectsChanged(trx);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate(rule.from);
        throw error;
      }
      return toRecord(row);
    },
    async update(id, input, actor) {
      const rule = validate(input, options);
      const before = await get(id);
      const at = nowIso();
      let to = rule.to;
      try {
        await db.transaction().execute(async (trx) => {
          await lockRedirects(trx);
          const planned = await plan(trx, rule, id);
          to = planned.to;
          const changed = await trx.updateTable("redirects").set({ from_path: rule.from, to_target: to, status: rule.status, updated_at: at, updated_by: actor.email }).where("id", "=", id).executeTakeFirst();
          if (Number(changed.numUpdatedRows) !== 1) throw notFound("Redirect");
          await applyRewrites(trx, planned.rewrites, actor.email, at);
          await recordAudit(trx, { actor, action: "redirect.update", target: `Redirect from ${before.from}`, summary: describeChanges(auditValues(before), auditValues({ ...rule, to }), REDIRECT_LABELS) + rewriteNote(planned.rewrites.length) });
          await redirectsChanged(trx);
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw duplicate(rule.from);
        throw error;
      }
      return { ...before, from: rule.from, to, status: rule.status, updatedAt: at, updatedBy: actor.email };
    },
    async remove(id, actor) {
      const before = await get(id);
      await db.transaction().execute(async (trx) => {
        const gone = await trx.deleteFrom("redirects").where("id", "=", id).executeTakeFirst();
        if (Number(gone.numDeletedRows) !== 1) throw notFound("Redirect");
        await recordAudit(trx, { actor, action: "redirect.delete", target: `Redirect from ${before.from}`, summary: describeValues(auditValues(before), REDIRECT_LABELS) });
        await redirectsChanged(trx);
      });
    },
  };
}

/**
 * Issue 23 contract (redirects): called in the transaction that publishes a page's or an
 * article's new slug, so the old path answers 301 to the new one at once. Stores (or replaces)
 * the 301 from `fromPath` to `toPath`; rules that pointed at the old path now point at the new
 * one (one hop); a rule from the new path is removed, since that path has content now; and the
 * redirects' version moves. The caller's own audit entry (the slug change) covers it.
 */
export async function redirectOldPath(trx: Trx, fromPath: string, toPath: string): Promise<void> {
  const from = pathKey(fromPath);
  const newKey = pathKey(toPath);
  await lockRedirects(trx);
  // The new path is served by content now: no rule may send it elsewhere.
  await trx.deleteFrom("redirects").where("from_path", "=", newKey).execute();
  if (from === newKey) {
    await redirectsChanged(trx);
    return;
  }
  const at = nowIso();
  const existing = await trx.selectFrom("redirects").select(COLUMNS).where("from_path", "=", from).executeTakeFirst();
  const planned = planRule(await allRules(trx, existing?.id), { from, to: toPath, status: 301 });
  // Only a loop could refuse, and the rule from the new path is gone: there is none.
  if (!planned.ok) throw new Error(`redirectOldPath ${from} -> ${toPath}: ${planned.message}`);
  const to = planned.plan.to;
  if (existing) {
    await trx.updateTable("redirects").set({ to_target: to, status: 301, updated_at: at, updated_by: SLUG_CHANGE }).where("id", "=", existing.id).execute();
  } else {
    await trx.insertInto("redirects").values({ id: newId(), from_path: from, to_target: to, status: 301, created_at: at, created_by: SLUG_CHANGE, updated_at: at, updated_by: SLUG_CHANGE }).execute();
  }
  await applyRewrites(trx, planned.plan.rewrites, SLUG_CHANGE, at);
  await redirectsChanged(trx);
}

/** Whether a redirect exists from a path (the 404 monitor's "open" rows are those without one). */
export async function hasRedirectFrom(db: DbOrTrx, path: string): Promise<boolean> {
  return !!(await db.selectFrom("redirects").select("id").where("from_path", "=", pathKey(path)).executeTakeFirst());
}

declare module "../services.server.ts" {
  interface Services {
    /** Redirects: the rules and the in-memory table the server answers from (this module). */
    redirects: RedirectService;
  }
}
