import type { Kysely } from "kysely";

/**
 * A list's new order as a draft (docs/decisions/0034-one-path-for-editors.md): Move up and Move
 * down on the admin screens no longer reorder the site at once; they save the list's order here,
 * at most one per section, which publishing (one item's Publish order, or Publish all) applies to
 * `content_items.position` and the preview shows before that. `ids` is a JSON array of record ids.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("content_order_drafts")
    .addColumn("section", "text", (c) => c.primaryKey())
    .addColumn("ids", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("content_order_drafts").execute();
}
