import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";

/**
 * Drafts, history and trash for content (docs/decisions/0019-content-workflow.md). `content_items`
 * stays exactly what the public site shows, so its reads do not change; the workflow lives in
 * three tables beside it:
 * - content_drafts: at most one unpublished version per record (record_id is the content item's
 *   id, or the id a new item gets when it is first published). `singleton_key` is unique like the
 *   published table's, so a singleton section never has two drafts. `publish_at` is a scheduled
 *   publish time (the job queue carries it out).
 * - content_revisions: one row per change of public content (publish, API write, delete, restore),
 *   with the record's values before and after, for the field-by-field diff and restore.
 * - content_trash: deleted list items (and the draft they had), until restored.
 * Every record that exists now gets an "imported" revision, so its history starts with the
 * content it had before history was kept and that version can be restored too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("content_drafts")
    .addColumn("record_id", "text", (c) => c.primaryKey())
    .addColumn("section", "text", (c) => c.notNull())
    .addColumn("singleton_key", "text", (c) => c.unique())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("publish_at", "text")
    .addColumn("scheduled_by", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("content_drafts_section").on("content_drafts").columns(["section"]).execute();

  await db.schema
    .createTable("content_revisions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("record_id", "text", (c) => c.notNull())
    .addColumn("section", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("before", "text")
    .addColumn("after", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("content_revisions_record").on("content_revisions").columns(["record_id", "created_at"]).execute();

  await db.schema
    .createTable("content_trash")
    .addColumn("record_id", "text", (c) => c.primaryKey())
    .addColumn("section", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("draft", "text")
    .addColumn("deleted_at", "text", (c) => c.notNull())
    .addColumn("deleted_by", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("content_trash_deleted").on("content_trash").columns(["deleted_at"]).execute();

  // The two tables as they are at this migration (not as app/db/tables.ts may describe them later).
  const typed = db as unknown as Kysely<{
    content_items: { id: string; section: string; data: string; updated_at: string; updated_by: string };
    content_revisions: { id: string; record_id: string; section: string; action: string; note: string | null; before: string | null; after: string | null; created_at: string; created_by: string };
  }>;
  const existing = await typed
    .selectFrom("content_items")
    .select(["id", "section", "data", "updated_at", "updated_by"])
    .execute();
  // Small batches: one multi-row insert could pass SQLite's variable limit.
  for (let i = 0; i < existing.length; i += 50) {
    const rows = existing.slice(i, i + 50).map((item) => ({
      id: randomBytes(12).toString("hex"),
      record_id: item.id,
      section: item.section,
      action: "imported",
      note: null,
      before: null,
      after: item.data,
      created_at: item.updated_at,
      created_by: item.updated_by,
    }));
    await typed.insertInto("content_revisions").values(rows).execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("content_trash").execute();
  await db.schema.dropTable("content_revisions").execute();
  await db.schema.dropTable("content_drafts").execute();
}
