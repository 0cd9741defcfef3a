import { type Kysely, SqliteAdapter, sql } from "kysely";
import { rebuildSqliteTable } from "./table-rebuild.ts";

/**
 * PayPal Checkout on the Orders v2 REST API, and nothing received lost:
 * - orders: the PayPal order id and the PayPal-Request-Id of its create call; the status Refunded
 *   (a full refund takes the order out of Total Sales and the customer's Total Spent).
 * - payment_events: every IPN and webhook as received (stored before PayPal gets its 200), and every
 *   capture, return and reconciliation outcome, with what became of it and whether a person must
 *   look at it. Replaces payment_notifications, whose rows are copied over.
 * - payment_refunds: refunds and reversals of a recorded payment, once per PayPal refund id.
 * - paypal_standin_orders: the local PayPal stand-in's orders, in the database so that several
 *   server processes on one PostgreSQL database serve the same stand-in.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await allowRefunded(db, sqlite);
  await db.schema.alterTable("orders").addColumn("paypal_order_id", "text").execute();
  await db.schema.alterTable("orders").addColumn("paypal_request_id", "text").execute();
  await db.schema.alterTable("orders").addColumn("refunded_at", "text").execute();
  // Webhooks name the PayPal order; reconciliation reads UnPaid orders that have one.
  await db.schema.createIndex("orders_paypal_order_idx").on("orders").column("paypal_order_id").execute();
  await db.schema.createIndex("orders_status_paypal_idx").on("orders").columns(["payment_status", "paypal_order_id"]).execute();

  await db.schema
    .createTable("payment_events")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("event_type", "text", (c) => c.notNull())
    // Unique while it counts: an IPN's (txn_id, payment_status), a webhook's event id. Cleared
    // when the message proves forged, so the genuine one can still come in.
    .addColumn("dedupe_key", "text", (c) => c.unique())
    .addColumn("order_id", "text")
    .addColumn("reference", "text")
    .addColumn("amount_cents", "integer")
    .addColumn("currency", "text")
    .addColumn("raw", "text")
    .addColumn("headers", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("outcome", "text")
    .addColumn("attention", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("received_at", "text", (c) => c.notNull())
    .addColumn("processed_at", "text")
    .addCheckConstraint("payment_events_status_check", sql`status in ('received', 'done', 'failed')`)
    .execute();
  await db.schema.createIndex("payment_events_received_idx").on("payment_events").columns(["received_at", "id"]).execute();
  await db.schema.createIndex("payment_events_attention_idx").on("payment_events").columns(["attention", "received_at", "id"]).execute();
  await db.schema.createIndex("payment_events_order_idx").on("payment_events").columns(["order_id", "received_at"]).execute();
  await sql`insert into payment_events (id, provider, source, event_type, order_id, reference, status, outcome, attention, reason, received_at, processed_at)
    select id, 'paypal-standard', 'ipn', 'IPN', order_id, txn_id, 'done', outcome, 0, reason, received_at, received_at from payment_notifications`.execute(db);
  await db.schema.dropTable("payment_notifications").execute();

  await db.schema
    .createTable("payment_refunds")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("payment_id", "text", (c) => c.notNull().references("payments.id"))
    .addColumn("provider", "text", (c) => c.notNull())
    .addColumn("refund_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("payment_refunds_provider_refund_unique", ["provider", "refund_id"])
    .execute();
  await db.schema.createIndex("payment_refunds_payment_idx").on("payment_refunds").column("payment_id").execute();

  await db.schema
    .createTable("paypal_standin_orders")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("create_request_id", "text", (c) => c.unique())
    .addColumn("capture_request_id", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("return_url", "text", (c) => c.notNull())
    .addColumn("cancel_url", "text", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
}

/**
 * payment_status gains Refunded. PostgreSQL replaces the CHECK constraint; SQLite cannot alter
 * one, so the table is rebuilt from its own stored definition with the new CHECK (table-rebuild.ts).
 */
async function allowRefunded(db: Kysely<unknown>, sqlite: boolean): Promise<void> {
  if (!sqlite) {
    await sql`alter table orders drop constraint orders_payment_status_check`.execute(db);
    await sql`alter table orders add constraint orders_payment_status_check check (payment_status in ('UnPaid', 'Paid', 'Cancelled', 'Refunded'))`.execute(db);
    return;
  }
  await rebuildSqliteTable(db, "orders", (table) => {
    const widened = table.replace(/'UnPaid', 'Paid', 'Cancelled'\)/, "'UnPaid', 'Paid', 'Cancelled', 'Refunded')");
    if (widened === table) throw new Error(`020: unexpected orders table definition: ${table}`);
    return widened;
  });
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("paypal_standin_orders").execute();
  await db.schema.dropTable("payment_refunds").execute();
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
  await db.schema.dropTable("payment_events").execute();
}
