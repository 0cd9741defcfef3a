import type { Kysely } from "kysely";

/**
 * The business at a glance (docs/decisions/0036-mail-and-reports.md): the dashboard and the
 * Reports screen read money movements by date (payments and refunds, a month or a chosen range)
 * and paid orders by package, so those reads use an index rather than a scan of every row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex("payments_created_idx").on("payments").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("payment_refunds_created_idx").on("payment_refunds").columns(["created_at", "id"]).execute();
  await db.schema.createIndex("orders_stage_package_idx").on("orders").columns(["stage", "package_name", "price_cents"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("orders_stage_package_idx").execute();
  await db.schema.dropIndex("payment_refunds_created_idx").execute();
  await db.schema.dropIndex("payments_created_idx").execute();
}
