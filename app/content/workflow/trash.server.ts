import { recordAudit } from "../../audit/audit.server.ts";
import { type Actor, assertRole, CONTENT_ROLE, hasRole } from "../../auth/roles.ts";
import { type Db, nowIso, type Trx } from "../../db/db.server.ts";
import { isId } from "../../db/ids.server.ts";
import { newestFirstPage } from "../../db/paging.server.ts";
import { notFound } from "../../errors.ts";
import { contentAudit } from "./content-audit.ts";
import { holdImages } from "./images.server.ts";
import { publicContentChanged } from "./public-change.server.ts";
import { assertUniqueFields } from "./unique.server.ts";
import { parseValues, recordRevision } from "./revisions.server.ts";
import { allSections, findSection, type SectionDef, type SectionKey, type Values } from "../registry/sections.ts";

/**
 * Deleted list items wait in the trash, with their place in the list and any draft they had,
 * until someone restores them or an Admin deletes them for good. A delete and a restore each leave
 * a revision in the item's history; deleting for good keeps that history (it says what was there)
 * and leaves an audit entry.
 */

/** Who may delete from the trash for good: an Admin only; an Editor's mistakes stay restorable. */
export const PURGE_ROLE = "Admin" as const;

/** Moves a published list item to the trash (inside the caller's transaction); returns its stored values. */
export async function moveToTrash(trx: Trx, def: SectionDef, id: string, by: string): Promise<{ data: string }> {
  const item = await trx.selectFrom("content_items").select(["data", "position"]).where("id", "=", id).where("section", "=", def.key).executeTakeFirst();
  if (!item) throw notFound(def.label);
  const draft = await trx.selectFrom("content_drafts").select("data").where("record_id", "=", id).executeTakeFirst();
  const now = nowIso();
  // A record deleted, restored and deleted again has one trash row: the newest.
  await trx.deleteFrom("content_trash").where("record_id", "=", id).execute();
  await trx
    .insertInto("content_trash")
    .values({ record_id: id, section: def.key, position: item.position, data: item.data, draft: draft?.data ?? null, deleted_at: now, deleted_by: by })
    .execute();
  await trx.deleteFrom("content_drafts").where("record_id", "=", id).execute();
  await trx.deleteFrom("content_items").where("id", "=", id).execute();
  await recordRevision(trx, { recordId: id, section: def.key, action: "deleted", before: item.data, after: null, by, at: now });
  await publicContentChanged(trx, { section: def.key, recordId: id });
  return { data: item.data };
}

export interface TrashEntry {
  recordId: string;
  section: SectionKey;
  values: Values;
  hadDraft: boolean;
  deletedAt: string;
  deletedBy: string;
}

/** The sections whose records this person may change (the payment account is the Admin's). */
export const writableSections = (actor: Actor): SectionKey[] =>
  allSections().filter((def) => hasRole(actor, def.write)).map((def) => def.key as SectionKey);

/** One page of the trash, newest deletion first, of the sections this person may change. */
export async function listTrash(db: Db, actor: Actor, page: number, pageSize = 20) {
  assertRole(actor, CONTENT_ROLE);
  const query = db
    .selectFrom("content_trash")
    .select(["record_id as id", "section", "data", "draft", "deleted_at", "deleted_by"])
    .where("section", "in", writableSections(actor));
  const result = await newestFirstPage(query, page, pageSize, "deleted_at");
  const items: TrashEntry[] = result.rows.map((row) => ({
    recordId: row.id,
    section: row.section as SectionKey,
    values: parseValues(row.data) ?? {},
    hadDraft: row.draft !== null,
    deletedAt: row.deleted_at,
    deletedBy: row.deleted_by,
  }));
  return { ...result, items };
}

/**
 * Puts a deleted item back where it was in its list (the items after it move down one place),
 * live again, with the draft it had. Two people restoring at once: one does, the other gets 404.
 */
export async function restoreFromTrash(db: Db, actor: Actor, recordId: string): Promise<{ section: SectionKey }> {
  if (!isId(recordId)) throw notFound("Deleted item");
  const row = await db.selectFrom("content_trash").selectAll().where("record_id", "=", recordId).executeTakeFirst();
  const def = row && findSection(row.section);
  if (!row || !def) throw notFound("Deleted item");
  const by = assertRole(actor, def.write);
  await db.transaction().execute(async (trx) => {
    const taken = await trx.deleteFrom("content_trash").where("record_id", "=", recordId).executeTakeFirst();
    if (Number(taken.numDeletedRows) !== 1) throw notFound("Deleted item");
    // An image it showed may have left the library meanwhile: then the editor is told which field.
    await holdImages(trx, def, JSON.parse(row.data) as Values);
    // A plan restored while another has its package name would be hidden by the public pages.
    await assertUniqueFields(trx, def, recordId, JSON.parse(row.data) as Values);
    const now = nowIso();
    await trx
      .updateTable("content_items")
      .set((eb) => ({ position: eb("position", "+", 1) }))
      .where("section", "=", row.section)
      .where("position", ">=", row.position)
      .execute();
    await trx
      .insertInto("content_items")
      .values({ id: recordId, section: row.section, singleton_key: null, position: row.position, data: row.data, created_at: now, updated_at: now, updated_by: by })
      .execute();
    if (row.draft !== null) {
      await trx
        .insertInto("content_drafts")
        .values({ record_id: recordId, section: row.section, singleton_key: null, data: row.draft, publish_at: null, scheduled_by: null, created_at: now, updated_at: now, updated_by: by })
        .onConflict((oc) => oc.column("record_id").doNothing())
        .execute();
    }
    await recordRevision(trx, { recordId, section: row.section, action: "undeleted", note: "Restored from the trash", before: null, after: row.data, by, at: now });
    await publicContentChanged(trx, { section: row.section, recordId });
    await recordAudit(trx, contentAudit.undelete(actor, def, recordId, row.data));
  });
  return { section: def.key as SectionKey };
}

/** Deletes one trashed item for good: Admins only. It can no longer be restored; its history stays. */
export async function deleteForever(db: Db, actor: Actor, recordId: string): Promise<{ section: SectionKey }> {
  assertRole(actor, PURGE_ROLE);
  if (!isId(recordId)) throw notFound("Deleted item");
  return db.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom("content_trash").where("record_id", "=", recordId).returning(["section", "data"]).executeTakeFirst();
    const def = row && findSection(row.section);
    if (!row || !def) throw notFound("Deleted item");
    await recordAudit(trx, contentAudit.purge(actor, def, recordId, row.data));
    return { section: def.key as SectionKey };
  });
}

/** Deletes every trashed item for good, in one transaction with one audit entry naming each: Admins only. */
export async function emptyTrash(db: Db, actor: Actor): Promise<{ deleted: number }> {
  assertRole(actor, PURGE_ROLE);
  return db.transaction().execute(async (trx) => {
    const rows = await trx.deleteFrom("content_trash").returning(["record_id", "section", "data"]).execute();
    if (rows.length > 0) await recordAudit(trx, contentAudit.emptyTrash(actor, rows.map((row) => ({ id: row.record_id, def: findSection(row.section), data: row.data }))));
    return { deleted: rows.length };
  });
}
