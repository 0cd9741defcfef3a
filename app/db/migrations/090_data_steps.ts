import type { Kysely } from "kysely";

/**
 * The record of one-time data steps (db/data-steps.server.ts): work on existing data that needs a
 * service a migration does not have, such as putting the demo images of sites seeded before the
 * media library into the library. A step done is a row here, so later starts skip it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("data_steps")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("done_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("data_steps").execute();
}
