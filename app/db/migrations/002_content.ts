import type { Kysely } from "kysely";

/**
 * All content sections share one table: content is plain text read whole. `singleton_key` is
 * the section name for singleton sections and NULL for list items, so a unique index makes a
 * second singleton record impossible even under concurrent creates.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("content_items")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("section", "text", (c) => c.notNull())
    .addColumn("singleton_key", "text", (c) => c.unique())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("content_items_section_position").on("content_items").columns(["section", "position"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("content_items").execute();
}
