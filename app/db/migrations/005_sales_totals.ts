import { type Kysely, sql } from "kysely";

/**
 * Total Sales as a running sum: one row, increased in the same transaction that marks an order
 * Paid, so the admin dashboard reads one row instead of summing every Paid order (54x slower at
 * 100,000 orders than at 100 in `npm run bench`). Seeded from the orders already paid.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("sales_totals")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("paid_cents", "bigint", (c) => c.notNull())
    .addColumn("paid_count", "integer", (c) => c.notNull())
    .execute();
  await sql`insert into sales_totals (id, paid_cents, paid_count)
    select 'all', coalesce(sum(price_cents), 0), count(*) from orders where payment_status = 'Paid'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("sales_totals").execute();
}
