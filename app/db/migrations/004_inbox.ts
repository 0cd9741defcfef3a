import type { Kysely } from "kysely";

/**
 * Contact messages, newsletter subscribers and template items.
 * - messages are listed by status, newest first: one index on (message_status, created_at).
 * - a subscriber's email is unique (subscribing twice is one subscriber); the unsubscribe link's
 *   token is kept only as a SHA-256 hash, so a copy of the database cannot unsubscribe anyone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("number", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("message_status", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("read_at", "text")
    .addColumn("read_by", "text")
    .execute();
  await db.schema.createIndex("messages_status_created_idx").on("messages").columns(["message_status", "created_at"]).execute();

  await db.schema
    .createTable("subscribers")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("subemail", "text", (c) => c.notNull().unique())
    .addColumn("unsubscribe_token_hash", "text", (c) => c.notNull().unique())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("subscribers_created_idx").on("subscribers").columns(["created_at", "id"]).execute();

  await db.schema
    .createTable("template_items")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("format", "text", (c) => c.notNull())
    .addColumn("canva_link", "text", (c) => c.notNull())
    .addColumn("image_link", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("free_or_paid", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("template_items_created_idx").on("template_items").columns(["created_at", "id"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("template_items").execute();
  await db.schema.dropTable("subscribers").execute();
  await db.schema.dropTable("messages").execute();
}
