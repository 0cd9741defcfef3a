import { recordAudit } from "../../audit/audit.server.ts";
import { type Actor, assertRole } from "../../auth/roles.ts";
import type { Db } from "../../db/db.server.ts";
import { isId } from "../../db/ids.server.ts";
import { newestFirstPage } from "../../db/paging.server.ts";
import type { RevisionAction } from "../../db/tables.ts";
import { AppError, notFound } from "../../errors.ts";
import { utcDateTime } from "../../shared/dates.ts";
import { contentAudit } from "./content-audit.ts";
import { diffValues, type FieldChange, sameValues } from "./diff.ts";
import { parseValues, putLive } from "./revisions.server.ts";
import { findSection, type SectionKey, type Values } from "../registry/sections.ts";
import { parseStored } from "../registry/validate.server.ts";
import { assertWriter } from "./sensitive.server.ts";

/**
 * A record's history: every publish, API write, delete and restore, newest first, with who, when
 * and a field-by-field diff, and "restore" to make an earlier version live again.
 */

export interface RevisionView {
  id: string;
  action: RevisionAction;
  note: string | null;
  at: string;
  by: string;
  changes: FieldChange[];
  /** The version this revision left (none for a delete). */
  values: Values | null;
  /** Restoring it would change what the site shows. */
  restorable: boolean;
}

/** Where a record stands now: live, in the trash, only a draft so far, or gone. */
export type RecordState = "live" | "trash" | "draft" | "gone";

/** One page of a record's history, for people who may change its section. */
export async function recordHistory(db: Db, actor: Actor, recordId: string, page: number, pageSize = 10) {
  if (!isId(recordId)) throw notFound("Content record");
  const [live, trashed, draft, any] = await Promise.all([
    db.selectFrom("content_items").select(["section", "data"]).where("id", "=", recordId).executeTakeFirst(),
    db.selectFrom("content_trash").select(["section", "data"]).where("record_id", "=", recordId).executeTakeFirst(),
    db.selectFrom("content_drafts").select(["section", "data"]).where("record_id", "=", recordId).executeTakeFirst(),
    db.selectFrom("content_revisions").select("section").where("record_id", "=", recordId).limit(1).executeTakeFirst(),
  ]);
  const def = findSection(live?.section ?? trashed?.section ?? draft?.section ?? any?.section ?? "");
  if (!def) throw notFound("Content record");
  assertRole(actor, def.write);
  const state: RecordState = live ? "live" : trashed ? "trash" : draft ? "draft" : "gone";
  const current = parseValues(live?.data ?? null);
  const result = await newestFirstPage(
    db.selectFrom("content_revisions").select(["id", "action", "note", "before", "after", "created_at", "created_by"]).where("record_id", "=", recordId),
    page,
    pageSize,
  );
  const revisions: RevisionView[] = result.rows.map((row) => {
    const values = parseValues(row.after);
    return {
      id: row.id,
      action: row.action,
      note: row.note,
      at: row.created_at,
      by: row.created_by,
      changes: diffValues(def, parseValues(row.before), values),
      values,
      restorable: state === "live" && values !== null && !sameValues(def, values, current),
    };
  });
  const shown = current ?? parseValues(trashed?.data ?? draft?.data ?? null) ?? {};
  return { section: def.key as SectionKey, recordId, state, current: shown, revisions, page: result.page, pageCount: result.pageCount, total: result.total };
}

/**
 * Makes the version a revision left live again. The record must be live (a deleted one comes back
 * from the trash first), and the version must still pass today's rules for the section.
 */
export async function restoreRevision(db: Db, actor: Actor, revisionId: string): Promise<{ section: SectionKey; recordId: string }> {
  if (!isId(revisionId)) throw notFound("Revision");
  const revision = await db.selectFrom("content_revisions").selectAll().where("id", "=", revisionId).executeTakeFirst();
  const def = revision && findSection(revision.section);
  if (!revision || !def) throw notFound("Revision");
  const by = assertWriter(actor, def);
  if (revision.after === null) throw new AppError(400, "This revision is a deletion; restore the item from the trash instead");
  const values = parseStored(def, parseValues(revision.after), (fields) => `That version no longer passes the rules for ${def.label} (${fields}); edit the record instead`);
  await db.transaction().execute(async (trx) => {
    const live = await trx.selectFrom("content_items").select("data").where("id", "=", revision.record_id).executeTakeFirst();
    if (!live) throw new AppError(409, "This record is not on the site now (deleted or never published); restore it from the trash first");
    if (sameValues(def, values, parseValues(live.data))) throw new AppError(409, "The site already shows that version");
    const note = `Restored the version of ${utcDateTime(revision.created_at)} by ${revision.created_by}`;
    const { before } = await putLive(trx, def, revision.record_id, values, { by, action: "restored", note });
    await recordAudit(trx, contentAudit.update(actor, def, revision.record_id, before!, values, `${note}. `));
  });
  return { section: def.key as SectionKey, recordId: revision.record_id };
}

/**
 * The version a revision left, to show in a preview in place of its record: for people who may
 * change its section; a deletion (no version) or an unknown revision is a 404.
 */
export async function versionForPreview(db: Db, actor: Actor, revisionId: string): Promise<{ section: SectionKey; recordId: string; values: Values }> {
  if (!isId(revisionId)) throw notFound("Revision");
  const revision = await db.selectFrom("content_revisions").select(["section", "record_id", "after"]).where("id", "=", revisionId).executeTakeFirst();
  const def = revision && findSection(revision.section);
  if (!revision || !def || revision.after === null) throw notFound("Revision");
  assertRole(actor, def.write);
  return { section: def.key as SectionKey, recordId: revision.record_id, values: parseValues(revision.after)! };
}
