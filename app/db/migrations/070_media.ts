import { type Kysely, SqliteAdapter, sql } from "kysely";

/**
 * The media library (docs/decisions/0021-media-library.md).
 * - media_files: one row per distinct image (sha256 unique: the same bytes uploaded twice are one
 *   file), with what the page needs to draw it (type, width, height) and where its bytes live.
 * - media_blobs: the bytes of the original and its resized variants when they live in the
 *   database (the default); gone with their file (ON DELETE CASCADE).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable("media_files")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("hash", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("width", "integer", (c) => c.notNull())
    .addColumn("height", "integer", (c) => c.notNull())
    .addColumn("byte_size", "integer", (c) => c.notNull())
    .addColumn("storage", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .execute();
  // The library lists newest first and filters by name.
  await db.schema.createIndex("media_files_created_idx").on("media_files").columns(["created_at", "id"]).execute();

  await db.schema
    .createTable("media_blobs")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("file_id", "text", (c) => c.notNull().references("media_files.id").onDelete("cascade"))
    .addColumn("data", sql.raw(sqlite ? "blob" : "bytea"), (c) => c.notNull())
    .execute();
  await db.schema.createIndex("media_blobs_file_idx").on("media_blobs").column("file_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("media_blobs").execute();
  await db.schema.dropTable("media_files").execute();
}
