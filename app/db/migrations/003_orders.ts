import { type Kysely, sql } from "kysely";

/**
 * Orders, the payments made against them, and a log of every payment notification received.
 * Money is integer cents; times are ISO-8601 UTC text. The indexes serve the screens: a
 * customer's orders newest first, all orders newest first, and the Paid totals.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("orders")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("customer_email", "text", (c) => c.notNull())
    .addColumn("customer_name", "text", (c) => c.notNull())
    .addColumn("customer_address", "text", (c) => c.notNull())
    .addColumn("customer_country", "text", (c) => c.notNull())
    .addColumn("plan_id", "text", (c) => c.notNull())
    .addColumn("package_name", "text", (c) => c.notNull())
    .addColumn("price_cents", "integer", (c) => c.notNull())
    .addColumn("payment_status", "text", (c) => c.notNull())
    .addColumn("order_status", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("paid_at", "text")
    .addCheckConstraint("orders_price_check", sql`price_cents >= 0`)
    .addCheckConstraint("orders_payment_status_check", sql`payment_status in ('UnPaid', 'Paid', 'Cancelled')`)
    .addCheckConstraint("orders_order_status_check", sql`order_status in ('Pending', 'Delivered')`)
    .execute();
  // A customer's lists (dashboard, My Orders, pending) and Total Spent: WHERE user_id = ? ORDER BY created_at DESC.
  await db.schema.createIndex("orders_user_created_idx").on("orders").columns(["user_id", "created_at", "id"]).execute();
  // The admin's lists: ORDER BY created_at DESC, id DESC LIMIT n OFFSET m.
  await db.schema.createIndex("orders_created_idx").on("orders").columns(["created_at", "id"]).execute();
  // Total Sales: SUM(price_cents) WHERE payment_status = 'Paid', answered from the index alone.
  await db.schema.createIndex("orders_status_price_idx").on("orders").columns(["payment_status", "price_cents"]).execute();

  await db.schema
    .createTable("payments")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id"))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("txn_id", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("receiver_email", "text", (c) => c.notNull())
    .addColumn("payer_email", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    // A provider's transaction is recorded once, however often its notification arrives.
    .addUniqueConstraint("payments_provider_txn_unique", ["provider", "txn_id"])
    .execute();
  await db.schema.createIndex("payments_order_idx").on("payments").column("order_id").execute();

  await db.schema
    .createTable("payment_notifications")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("order_id", "text")
    .addColumn("txn_id", "text")
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("received_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("payment_notifications_order_idx").on("payment_notifications").columns(["order_id", "received_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("payment_notifications").execute();
  await db.schema.dropTable("payments").execute();
  await db.schema.dropTable("orders").execute();
}
