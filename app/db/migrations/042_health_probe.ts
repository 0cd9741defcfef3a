import type { Kysely } from "kysely";

/**
 * One row `/healthz` writes to, so a health check proves the database takes writes (a full disk
 * or a read-only file fails it) and not only that it answers reads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("health_probe")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("checked_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("health_probe").execute();
}
