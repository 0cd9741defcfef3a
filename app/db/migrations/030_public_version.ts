import type { Kysely } from "kysely";

/**
 * The version of the public site's content: one row, bumped in the same transaction as every
 * write that changes what anonymous visitors see. Page caches of every process compare it with
 * the version their pages were rendered under.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("public_version")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("version", "integer", (c) => c.notNull())
    .execute();
  await db.insertInto("public_version" as never).values({ id: "site", version: 1 } as never).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("public_version").execute();
}
