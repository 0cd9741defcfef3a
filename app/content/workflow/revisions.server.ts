import { sql } from "kysely";
import { isPostgres, isUniqueViolation, nowIso, type Trx } from "../../db/db.server.ts";
import { newId } from "../../db/ids.server.ts";
import type { RevisionAction } from "../../db/tables.ts";
import { AppError, notFound } from "../../errors.ts";
import { holdImages } from "./images.server.ts";
import { publicContentChanged } from "./public-change.server.ts";
import { assertUniqueFields, duplicateField } from "./unique.server.ts";
import type { SectionDef, Values } from "../registry/sections.ts";
import { announceChange } from "./sensitive.server.ts";
import { redirectOldPath } from "../../seo/redirects.server.ts";

/**
 * Writes of public content and the revision each one leaves. Every change of `content_items`
 * goes through here (or through the trash, which records its own revisions), so history is
 * complete and `publicContentChanged` is announced once per change.
 */


export interface Revision {
  recordId: string;
  section: string;
  action: RevisionAction;
  note?: string | null;
  before: string | null;
  after: string | null;
  by: string;
  at: string;
}

/** Adds one revision. */
export async function recordRevision(trx: Trx, revision: Revision): Promise<void> {
  await trx
    .insertInto("content_revisions")
    .values({
      id: newId(),
      record_id: revision.recordId,
      section: revision.section,
      action: revision.action,
      note: revision.note ?? null,
      before: revision.before,
      after: revision.after,
      created_at: revision.at,
      created_by: revision.by,
    })
    .execute();
}

/**
 * Makes `values` the live content of record `id`: updates it, or inserts it at the end of its
 * list (a first publish, an API create), unless `existing` says it must be there already (404).
 * Leaves a revision with the values before and after, and announces the change; a changed
 * public address (a page's or an article's slug) leaves a redirect from the old one. A second
 * singleton is refused with 409. Returns the stored values it replaced (null for an insert).
 */
export async function putLive(
  trx: Trx,
  def: SectionDef,
  id: string,
  values: Values,
  change: { by: string; action?: RevisionAction; note?: string; existing?: boolean },
): Promise<{ before: string | null }> {
  // Locked on PostgreSQL, so the revision's "before" is exactly what this write replaces.
  const current = await trx
    .selectFrom("content_items")
    .select("data")
    .where("id", "=", id)
    .where("section", "=", def.key)
    .$if(isPostgres(trx), (q) => q.forUpdate())
    .executeTakeFirst();
  if (!current && change.existing) throw notFound(def.label);
  // Library files it names must exist, and stay until this commits (a delete waits, then refuses).
  await holdImages(trx, def, values);
  await assertUniqueFields(trx, def, id, values);
  const now = nowIso();
  const data = JSON.stringify(values);
  if (current) {
    try {
      await trx.updateTable("content_items").set({ data, updated_at: now, updated_by: change.by }).where("id", "=", id).execute();
    } catch (error) {
      throw uniqueRefusal(def, values, error);
    }
  } else {
    try {
      await trx
        .insertInto("content_items")
        .values({
          id,
          section: def.key,
          singleton_key: def.kind === "singleton" ? def.key : null,
          // New records go last; computed in the same statement as the insert.
          position: sql<number>`(select coalesce(max(position), 0) + 1 from content_items where section = ${def.key})`,
          data,
          created_at: now,
          updated_at: now,
          updated_by: change.by,
        })
        .execute();
    } catch (error) {
      // Two creates at the same moment: the unique singleton_key lets only one through.
      if (def.kind === "singleton" && isUniqueViolation(error)) throw new AppError(409, `${def.label} already exists; there is only one. Edit that one instead.`);
      throw uniqueRefusal(def, values, error);
    }
  }
  // A page's or an article's new address: the old one answers 301 to it from this commit on. A
  // new record's address loses any redirect from it (redirectOldPath with from = to), which
  // would otherwise hide the page behind it.
  if (def.publicPath) {
    const to = def.publicPath(values);
    const from = current ? def.publicPath(parseValues(current.data) ?? {}) : to;
    if (from !== to || !current) await redirectOldPath(trx, from, to);
  }
  // The payment account: every Admin hears of it, in this transaction.
  await announceChange(trx, def, current?.data ?? null, values, change.by);
  await recordRevision(trx, {
    recordId: id,
    section: def.key,
    action: change.action ?? (current ? "published" : "created"),
    note: change.note,
    before: current?.data ?? null,
    after: data,
    by: change.by,
    at: now,
  });
  await publicContentChanged(trx, { section: def.key, recordId: id });
  return { before: current?.data ?? null };
}

/** A unique index refused the write (two saves raced past the check): the same 409 the check gives. */
function uniqueRefusal(def: SectionDef, values: Values, error: unknown): unknown {
  const name = def.unique?.[0];
  return name && isUniqueViolation(error) ? duplicateField(def, name, values[name] ?? "") : error;
}

/** A stored JSON object of field values (null stays null). */
export const parseValues = (data: string | null): Values | null => (data === null ? null : (JSON.parse(data) as Values));
