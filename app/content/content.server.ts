import { z } from "zod";
import { recordAudit } from "../audit/audit.server.ts";
import { type Actor, assertRole } from "../auth/roles.ts";
import type { Db } from "../db/db.server.ts";
import { isId, newId } from "../db/ids.server.ts";
import { AppError, notFound, parseInput } from "../errors.ts";
import { contentAudit } from "./workflow/content-audit.ts";
import { draftsOf } from "./workflow/drafts.server.ts";
import { applyOrder } from "./workflow/order.ts";
import { orderDraftsOf } from "./workflow/order-drafts.server.ts";
import { publicContentChanged } from "./workflow/public-change.server.ts";
import { putLive } from "./workflow/revisions.server.ts";
import { assertNoSingleton } from "./workflow/singleton.server.ts";
import { type SectionKey, type SectionRecord, sectionDef, type Values } from "./registry/sections.ts";
import { moveToTrash } from "./workflow/trash.server.ts";
import { assertWriter } from "./workflow/sensitive.server.ts";
import { parseSection } from "./registry/validate.server.ts";

export { sectionSchema } from "./registry/validate.server.ts";

/**
 * Reading the published content and the JSON API's writes. Reads are plain queries of
 * `content_items`, which holds exactly what the public site shows (drafts, history and trash live
 * beside it); `loadSectionsWithDrafts` lays the drafts over them. The API writes publish at once,
 * as the spec's clients expect, and leave a revision like every other change of public content;
 * the admin screens save drafts instead (workflow/drafts.server.ts). Every write checks the
 * section's write role here and is one transaction, with its audit entry.
 */

type Row = { id: string; data: string };

/** Stored values as a record: `_id` and every field of the section, as text ("" when missing). */
function recordOf<K extends SectionKey>(key: K, id: string, stored: Values): SectionRecord<K> {
  const record: Values = { _id: id };
  for (const name of Object.keys(sectionDef(key).fields)) record[name] = stored[name] ?? "";
  return record as SectionRecord<K>;
}

/** A stored row as a record. */
const toRecord = <K extends SectionKey>(key: K, row: Row): SectionRecord<K> => recordOf(key, row.id, JSON.parse(row.data) as Values);

const selectSection = (db: Db, key: SectionKey) =>
  db.selectFrom("content_items").select(["id", "data"]).where("section", "=", key).orderBy("position").orderBy("created_at").orderBy("id");

export async function listRecords<K extends SectionKey>(db: Db, key: K): Promise<SectionRecord<K>[]> {
  const rows = await selectSection(db, key).execute();
  return rows.map((row) => toRecord(key, row));
}

export async function getRecord<K extends SectionKey>(db: Db, key: K, id: string): Promise<SectionRecord<K> | undefined> {
  // Not an id we could have made (a NUL byte, a path, 300 characters): not found, no query.
  if (!isId(id)) return undefined;
  const row = await selectSection(db, key).where("id", "=", id).executeTakeFirst();
  return row && toRecord(key, row);
}

export async function getSingleton<K extends SectionKey>(db: Db, key: K): Promise<SectionRecord<K> | undefined> {
  const row = await selectSection(db, key).limit(1).executeTakeFirst();
  return row && toRecord(key, row);
}

/** Several sections in one query, for pages that show many (the landing page). */
export async function loadSections<K extends SectionKey>(db: Db, keys: readonly K[]): Promise<{ [S in K]: SectionRecord<S>[] }> {
  const rows = await db
    .selectFrom("content_items")
    .select(["id", "data", "section"])
    .where("section", "in", keys as readonly string[])
    .orderBy("position")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return groupBySection(keys, rows);
}

/** Rows of several sections, in the order given, as records grouped by section. */
function groupBySection<K extends SectionKey>(keys: readonly K[], rows: (Row & { section: string })[]): { [S in K]: SectionRecord<S>[] } {
  const result = Object.fromEntries(keys.map((k) => [k, [] as unknown[]])) as { [S in K]: SectionRecord<S>[] };
  for (const row of rows) {
    const key = row.section as K;
    (result[key] as unknown[] | undefined)?.push(toRecord(key, row));
  }
  return result;
}

/** An earlier version of a record, shown in a preview in place of the record (history's "Preview this version"). */
export interface PreviewVersion {
  section: SectionKey;
  recordId: string;
  values: Values;
}

/** Where a record stands against its draft: published as it is, published with unpublished changes, or only a draft so far. */
export type DraftState = "live" | "changed" | "new";

export interface DraftedRecord<K extends SectionKey> {
  /** What it will be once published: the draft's values, or else the published ones. */
  record: SectionRecord<K>;
  state: DraftState;
  /** When its draft is scheduled to be published, if it is. */
  publishAt: string | null;
}

/**
 * Sections as they will look once every draft is published: a list in its drafted order (if it
 * has one), a draft replaces its published record in place; records never published come last, in
 * the order they were drafted. The one merge of
 * drafts over published records: the preview shows the records, the admin pages also where each
 * stands.
 */
export async function loadSectionsWithDrafts<K extends SectionKey>(db: Db, keys: readonly K[], version?: PreviewVersion): Promise<{ [S in K]: DraftedRecord<S>[] }> {
  const [published, drafts, orders] = await Promise.all([loadSections(db, keys), draftsOf(db, keys), orderDraftsOf(db, keys)]);
  const drafted = (key: K): DraftedRecord<K>[] => {
    const list = inDraftOrder(published[key] as SectionRecord<K>[], orders.get(key)?.ids);
    const live = list.map((record): DraftedRecord<K> => {
      // An earlier version being previewed (history) stands in for its record, draft or not.
      if (version && version.section === key && version.recordId === record._id) return { record: recordOf(key, record._id, version.values), state: "changed", publishAt: null };
      const draft = drafts.get(record._id);
      return draft ? { record: recordOf(key, record._id, draft.values), state: "changed", publishAt: draft.publishAt } : { record, state: "live", publishAt: null };
    });
    const ids = new Set(list.map((record) => record._id));
    const fresh = [...drafts.values()]
      .filter((draft) => draft.section === key && !ids.has(draft.recordId))
      .map((draft): DraftedRecord<K> => ({ record: recordOf(key, draft.recordId, draft.values), state: "new", publishAt: draft.publishAt }));
    return [...live, ...fresh];
  };
  return Object.fromEntries(keys.map((key) => [key, drafted(key)])) as { [S in K]: DraftedRecord<S>[] };
}

/** Published records in a list's drafted order (workflow/order.ts), or as they are without one. */
function inDraftOrder<R extends { _id: string }>(records: R[], draftIds: string[] | undefined): R[] {
  if (!draftIds) return records;
  const byId = new Map(records.map((record) => [record._id, record]));
  return applyOrder([...byId.keys()], draftIds).map((id) => byId.get(id)!);
}

/** API: creates a record and publishes it at once. */
export async function createRecord<K extends SectionKey>(db: Db, viewer: Actor, key: K, input: unknown): Promise<SectionRecord<K>> {
  const def = sectionDef(key);
  const by = assertWriter(viewer, def);
  const values = parseSection(def, input);
  if (def.kind === "singleton") await assertNoSingleton(db, def);
  const id = newId();
  await db.transaction().execute(async (trx) => {
    await putLive(trx, def, id, values, { by, note: API_NOTE });
    await recordAudit(trx, contentAudit.create(viewer, def, id, values));
  });
  return (await getRecord(db, key, id))!;
}

const API_NOTE = "Saved through the API";

/** API: replaces a record's values and publishes them at once (a pending draft stays a draft). */
export async function updateRecord<K extends SectionKey>(db: Db, viewer: Actor, key: K, id: string, input: unknown): Promise<SectionRecord<K>> {
  const def = sectionDef(key);
  const by = assertWriter(viewer, def);
  const values = parseSection(def, input);
  if (!isId(id)) throw notFound(def.label);
  await db.transaction().execute(async (trx) => {
    const { before } = await putLive(trx, def, id, values, { by, note: API_NOTE, existing: true });
    await recordAudit(trx, contentAudit.update(viewer, def, id, before!, values));
  });
  return (await getRecord(db, key, id))!;
}

/** Deletes a list record: it goes to the trash (with its draft, if any), from where it can be restored. */
export async function deleteRecord(db: Db, viewer: Actor, key: SectionKey, id: string): Promise<void> {
  const def = sectionDef(key);
  const by = assertWriter(viewer, def);
  if (def.kind !== "list") throw new AppError(400, `${def.label} cannot be deleted; edit it instead`);
  if (!isId(id)) throw notFound(def.label);
  await db.transaction().execute(async (trx) => {
    const { data } = await moveToTrash(trx, def, id, by);
    await recordAudit(trx, contentAudit.delete(viewer, def, id, data));
  });
}

const reorderSchema = z.object({ ids: z.array(z.string().max(64), { error: "ids must be a list of record ids" }).max(500) });

/** Sets the order of a list section; `ids` must name every record of the section exactly once. */
export async function reorderRecords(db: Db, viewer: Actor, key: SectionKey, input: unknown): Promise<void> {
  const def = sectionDef(key);
  assertRole(viewer, def.write);
  if (def.kind !== "list") throw new AppError(400, `${def.label} has a single record and no order`);
  const { ids } = parseInput(reorderSchema, input);
  await db.transaction().execute(async (trx) => {
    const existing = (await trx.selectFrom("content_items").select("id").where("section", "=", key).execute()).map((r) => r.id);
    const same = ids.length === existing.length && new Set(ids).size === ids.length && ids.every((id) => existing.includes(id));
    if (!same) throw new AppError(400, "ids must list every record of the section exactly once", { ids: "Does not match the section's records" });
    for (const [index, id] of ids.entries()) {
      await trx.updateTable("content_items").set({ position: index + 1 }).where("id", "=", id).execute();
    }
    await publicContentChanged(trx, { section: key });
    await recordAudit(trx, contentAudit.reorder(viewer, def, ids.length));
  });
}
