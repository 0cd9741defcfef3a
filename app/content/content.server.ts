import { sql } from "kysely";
import { z } from "zod";
import { type Actor, assertRole } from "../auth/roles.ts";
import { recordAudit } from "../audit/audit.server.ts";
import { type Db, isPostgres, isUniqueViolation, nowIso } from "../db/db.server.ts";
import { isId, newId } from "../db/ids.server.ts";
import { AppError, notFound, parseInput } from "../errors.ts";
import { contentAudit } from "./content-audit.ts";
import { fieldSchema } from "./field-rules.ts";
import { holdImages } from "./images.server.ts";
import { type SectionDef, type SectionKey, type SectionRecord, sections } from "./sections.ts";

/**
 * Reading and writing content sections. Reads are plain queries (public pages call them);
 * every write checks here that the viewer holds the section's write role, validates against the registry, and is a
 * single statement or transaction, so nothing is ever half-written.
 */

const schemas = new Map<string, z.ZodType<Record<string, string>>>();

/** The zod schema of a section, derived from its fields (unknown keys such as `_id` are dropped). */
export function sectionSchema(def: SectionDef): z.ZodType<Record<string, string>> {
  let schema = schemas.get(def.key);
  if (!schema) {
    schema = z.object(Object.fromEntries(Object.entries(def.fields).map(([name, field]) => [name, fieldSchema(field)]))) as unknown as z.ZodType<
      Record<string, string>
    >;
    schemas.set(def.key, schema);
  }
  return schema;
}

type Row = { id: string; data: string };

function toRecord<K extends SectionKey>(key: K, row: Row): SectionRecord<K> {
  const stored = JSON.parse(row.data) as Record<string, string>;
  const record: Record<string, string> = { _id: row.id };
  for (const name of Object.keys(sections[key].fields)) record[name] = stored[name] ?? "";
  return record as SectionRecord<K>;
}

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
  const result = Object.fromEntries(keys.map((k) => [k, [] as unknown[]])) as { [S in K]: SectionRecord<S>[] };
  for (const row of rows) {
    const key = row.section as K;
    (result[key] as unknown[]).push(toRecord(key, row));
  }
  return result;
}

const editLink = (def: SectionDef, id: string) => def.editPath.replace(":id", id);

export async function createRecord<K extends SectionKey>(db: Db, viewer: Actor, key: K, input: unknown): Promise<SectionRecord<K>> {
  const def: SectionDef = sections[key];
  const by = assertRole(viewer, def.write);
  const values = parseInput(sectionSchema(def), input);
  if (def.kind === "singleton") {
    const existing = await getSingleton(db, key);
    if (existing) throw singletonExists(def, existing._id);
  }
  const id = newId();
  const now = nowIso();
  try {
    await db.transaction().execute(async (trx) => {
      await holdImages(trx, def, values);
      await trx
        .insertInto("content_items")
        .values({
          id,
          section: key,
          singleton_key: def.kind === "singleton" ? key : null,
          // New records go last; computed in the same statement as the insert.
          position: sql<number>`(select coalesce(max(position), 0) + 1 from content_items where section = ${key})`,
          data: JSON.stringify(values),
          created_at: now,
          updated_at: now,
          updated_by: by,
        })
        .execute();
      await recordAudit(trx, contentAudit.create(viewer, def, id, values));
    });
  } catch (error) {
    // Two creates at the same moment: the unique singleton_key lets only one through.
    if (def.kind === "singleton" && isUniqueViolation(error)) {
      const existing = await getSingleton(db, key);
      throw singletonExists(def, existing?._id ?? "");
    }
    throw error;
  }
  return (await getRecord(db, key, id))!;
}

function singletonExists(def: SectionDef, id: string) {
  return new AppError(409, `${def.label} already exists; there is only one. Edit it at ${editLink(def, id)} (id ${id}).`);
}

export async function updateRecord<K extends SectionKey>(db: Db, viewer: Actor, key: K, id: string, input: unknown): Promise<SectionRecord<K>> {
  const def: SectionDef = sections[key];
  const by = assertRole(viewer, def.write);
  const values = parseInput(sectionSchema(def), input);
  if (!isId(id)) throw notFound(def.label);
  await db.transaction().execute(async (trx) => {
    // The row as it was, locked on PostgreSQL so the audit entry's "old" is what this replaces.
    const before = await trx
      .selectFrom("content_items")
      .select("data")
      .where("id", "=", id)
      .where("section", "=", key)
      .$if(isPostgres(trx), (q) => q.forUpdate())
      .executeTakeFirst();
    if (!before) throw notFound(def.label);
    await holdImages(trx, def, values);
    await trx.updateTable("content_items").set({ data: JSON.stringify(values), updated_at: nowIso(), updated_by: by }).where("id", "=", id).execute();
    await recordAudit(trx, contentAudit.update(viewer, def, id, before.data, values));
  });
  return (await getRecord(db, key, id))!;
}

export async function deleteRecord(db: Db, viewer: Actor, key: SectionKey, id: string): Promise<void> {
  const def: SectionDef = sections[key];
  assertRole(viewer, def.write);
  if (def.kind !== "list") throw new AppError(400, `${def.label} cannot be deleted; edit it instead`);
  if (!isId(id)) throw notFound(def.label);
  await db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom("content_items").where("id", "=", id).where("section", "=", key).returning("data").executeTakeFirst();
    if (!deleted) throw notFound(def.label);
    await recordAudit(trx, contentAudit.delete(viewer, def, id, deleted.data));
  });
}

const reorderSchema = z.object({ ids: z.array(z.string().max(64), { error: "ids must be a list of record ids" }).max(500) });

/** Sets the order of a list section; `ids` must name every record of the section exactly once. */
export async function reorderRecords(db: Db, viewer: Actor, key: SectionKey, input: unknown): Promise<void> {
  const def: SectionDef = sections[key];
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
    await recordAudit(trx, contentAudit.reorder(viewer, def, ids.length));
  });
}

/** Moves one list record up or down by one place (the admin list's arrows). */
export async function moveRecord(db: Db, viewer: Actor, key: SectionKey, id: string, direction: "up" | "down"): Promise<void> {
  const ids = (await listRecords(db, key)).map((r) => r._id);
  const from = ids.indexOf(id);
  if (from < 0) throw notFound(sections[key].label);
  const to = direction === "up" ? from - 1 : from + 1;
  if (to < 0 || to >= ids.length) return;
  [ids[from], ids[to]] = [ids[to]!, ids[from]!];
  await reorderRecords(db, viewer, key, { ids });
}
