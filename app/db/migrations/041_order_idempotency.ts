import type { Kysely } from "kysely";

/**
 * An order may carry the key its client sent it with (the order form's one-time token, or the
 * API's Idempotency-Key header). Unique per customer: a retried submit finds the first order
 * instead of adding a second, also when two submits race (the database lets one through).
 * Orders without a key (placed before, or by clients that send none) stay NULL, which the
 * unique index allows any number of times on both databases.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("idempotency_key", "text").execute();
  await db.schema.createIndex("orders_idempotency_idx").on("orders").columns(["user_id", "idempotency_key"]).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("orders_idempotency_idx").execute();
  await db.schema.alterTable("orders").dropColumn("idempotency_key").execute();
}
