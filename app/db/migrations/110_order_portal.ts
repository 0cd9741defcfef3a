import { type Kysely, sql } from "kysely";
import { allowStages } from "./100_order_stages.ts";
import { isSqlite, oneOf } from "./table-rebuild.ts";

/**
 * The order as the place where the work happens (docs/decisions/0025-order-portal.md):
 * - the stages after payment (brief received, in progress, delivered, changes requested, approved);
 * - brief_questions: the questions a plan's customers answer (none stored: the default questions);
 * - order_briefs: one per order, the questions as they were when it was placed and the answers;
 * - order_messages: the conversation between an order's customer and the agency;
 * - order_deliveries: what the agency delivered (a summary; its files are order files);
 * - order_files / order_file_blobs: files that belong to an order, never public, bytes in the
 *   database unless a bucket is configured;
 * - orders.delivery_days (the plan's, when ordered) and due_at (counted from the brief).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await allowStages(db);
  await db.schema.alterTable("orders").addColumn("delivery_days", "integer").execute();
  await db.schema.alterTable("orders").addColumn("due_at", "text").execute();

  await db.schema
    .createTable("brief_questions")
    .addColumn("plan_id", "text", (c) => c.notNull())
    .addColumn("key", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("label", "text", (c) => c.notNull())
    .addColumn("help", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("required", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("options", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("brief_questions_pk", ["plan_id", "key"])
    .addCheckConstraint("brief_questions_kind_check", sql.raw(oneOf("kind", ["url", "text", "longText", "keywords", "yesNo", "choice", "file"])))
    .execute();

  await db.schema
    .createTable("order_briefs")
    .addColumn("order_id", "text", (c) => c.primaryKey().references("orders.id"))
    .addColumn("questions", "text", (c) => c.notNull())
    .addColumn("answers", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("submitted_at", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("order_messages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id"))
    .addColumn("side", "text", (c) => c.notNull())
    .addColumn("author_email", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    // When the other side first saw it on the order's page (null: unread).
    .addColumn("read_at", "text")
    .addCheckConstraint("order_messages_side_check", sql`side in ('customer', 'agency')`)
    .execute();
  await db.schema.createIndex("order_messages_order_idx").on("order_messages").columns(["order_id", "created_at"]).execute();
  // Unread counts: a side's messages the other side has not read.
  await db.schema.createIndex("order_messages_unread_idx").on("order_messages").columns(["side", "read_at", "order_id"]).execute();

  await db.schema
    .createTable("order_deliveries")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id"))
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("delivered_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_deliveries_order_idx").on("order_deliveries").columns(["order_id", "created_at"]).execute();

  await db.schema
    .createTable("order_files")
    // 128 random bits: a file's address cannot be guessed, and access is checked on top.
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id"))
    .addColumn("message_id", "text", (c) => c.references("order_messages.id"))
    .addColumn("delivery_id", "text", (c) => c.references("order_deliveries.id"))
    .addColumn("question_key", "text")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("byte_size", "integer", (c) => c.notNull())
    .addColumn("storage", "text", (c) => c.notNull())
    .addColumn("uploaded_by", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addCheckConstraint("order_files_storage_check", sql`storage in ('database', 's3')`)
    .execute();
  await db.schema.createIndex("order_files_order_idx").on("order_files").columns(["order_id", "created_at"]).execute();

  await db.schema
    .createTable("order_file_blobs")
    .addColumn("file_id", "text", (c) => c.primaryKey().references("order_files.id").onDelete("cascade"))
    .addColumn("data", sql.raw(isSqlite(db) ? "blob" : "bytea"), (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["order_file_blobs", "order_files", "order_deliveries", "order_messages", "order_briefs", "brief_questions"]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable("orders").dropColumn("due_at").execute();
  await db.schema.alterTable("orders").dropColumn("delivery_days").execute();
}
