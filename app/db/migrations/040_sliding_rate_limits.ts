import type { Kysely } from "kysely";

/**
 * Rate limits become a sliding window: besides the current window's count, a row keeps the
 * previous window's, and an attempt is weighed against the previous count scaled by how much of
 * it still lies within the last window length (security/rate-limit.server.ts). Rows written
 * before this migration read as "nothing in the previous window".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("rate_limits")
    .addColumn("prev_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("rate_limits").dropColumn("prev_count").execute();
}
