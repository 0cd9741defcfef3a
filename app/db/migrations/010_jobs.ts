import type { Kysely } from "kysely";

/**
 * Durable work: every job the server must still do after it has answered (send a mail, process a
 * payment notification, reconcile payments) is a row here, written in the same transaction as its
 * cause. Workers in every server process claim due rows with a lease, so a job survives restarts
 * and runs once at a time even when several processes share the database.
 * - (status, run_at) serves the claim query: due pending jobs, oldest first.
 * - dedupe_key is unique: a second enqueue of the same work (a periodic slot) adds nothing.
 * - (kind, status, created_at) serves the admin lists (mail pending or failed).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("jobs")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("payload", "text", (c) => c.notNull())
    .addColumn("dedupe_key", "text", (c) => c.unique())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("attempts", "integer", (c) => c.notNull())
    .addColumn("max_attempts", "integer", (c) => c.notNull())
    .addColumn("run_at", "text", (c) => c.notNull())
    .addColumn("locked_by", "text")
    .addColumn("locked_until", "text")
    .addColumn("last_error", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .execute();
  await db.schema.createIndex("jobs_due_idx").on("jobs").columns(["status", "run_at"]).execute();
  await db.schema.createIndex("jobs_kind_status_idx").on("jobs").columns(["kind", "status", "created_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("jobs").execute();
}
