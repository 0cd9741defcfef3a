import { type Kysely, sql } from "kysely";
import { isSqlite } from "./table-rebuild.ts";

/**
 * Issue 24, money the agency can account for (docs/decisions/0035):
 * - invoice_seller: the seller's details printed on every invoice (one row, 'seller').
 * - order_billing: the buyer's billing details a customer adds to an order.
 * - document_counters: one row per numbering series ('invoice', 'credit-note'); the payment's or
 *   refund's transaction updates its row, so the row lock makes numbers gap-free and unique.
 * - money_documents: invoices and credit notes as issued (a JSON snapshot) and their PDF bytes,
 *   written once by a job.
 * - refund_requests: an Admin's refund, stored with its PayPal-Request-Id before PayPal is asked.
 * - orders.refunded_cents: what has gone back to the buyer; Total Sales counts price minus it.
 * - paypal_standin_orders.capture_id: the stand-in finds a capture's order for a refund.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const bytes = sql.raw(isSqlite(db) ? "blob" : "bytea");
  await db.schema
    .createTable("invoice_seller")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("legal_name", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("tax_id", "text", (c) => c.notNull())
    .addColumn("footer", "text", (c) => c.notNull())
    .addColumn("prefix", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("order_billing")
    .addColumn("order_id", "text", (c) => c.primaryKey().references("orders.id").onDelete("cascade"))
    .addColumn("company", "text", (c) => c.notNull())
    .addColumn("address", "text", (c) => c.notNull())
    .addColumn("vat_id", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("document_counters")
    .addColumn("series", "text", (c) => c.primaryKey())
    .addColumn("last_number", "integer", (c) => c.notNull())
    .execute();
  await sql`insert into document_counters (series, last_number) values ('invoice', 0), ('credit-note', 0)`.execute(db);

  await db.schema
    .createTable("money_documents")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("number", "text", (c) => c.notNull())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id"))
    .addColumn("invoice_id", "text", (c) => c.references("money_documents.id"))
    .addColumn("issued_at", "text", (c) => c.notNull())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("data", "text", (c) => c.notNull())
    .addColumn("pdf", bytes)
    .addColumn("rendered_at", "text")
    .addCheckConstraint("money_documents_kind_check", sql`kind in ('invoice', 'credit-note')`)
    .addUniqueConstraint("money_documents_kind_seq_unique", ["kind", "seq"])
    .addUniqueConstraint("money_documents_kind_order_unique", ["kind", "order_id"])
    .execute();
  await db.schema.createIndex("money_documents_issued_idx").on("money_documents").columns(["issued_at", "id"]).execute();

  await db.schema
    .createTable("refund_requests")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id"))
    .addColumn("payment_id", "text", (c) => c.notNull().references("payments.id"))
    .addColumn("request_id", "text", (c) => c.notNull().unique())
    .addColumn("form_key", "text", (c) => c.unique())
    .addColumn("amount_cents", "integer", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("requested_by", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("refund_id", "text")
    .addColumn("failure", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addCheckConstraint("refund_requests_status_check", sql`status in ('pending', 'completed', 'refused')`)
    .execute();
  await db.schema.createIndex("refund_requests_order_idx").on("refund_requests").columns(["order_id", "created_at"]).execute();

  await db.schema.alterTable("orders").addColumn("refunded_cents", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await sql`update orders set refunded_cents = coalesce((
      select sum(r.amount_cents) from payment_refunds r join payments p on p.id = r.payment_id
      where p.order_id = orders.id and r.kind = 'refund'), 0)`.execute(db);
  // Total Sales now nets partial refunds out: recount it once under the new rule (paid stages as of this migration).
  await sql`update sales_totals set
      paid_cents = (select coalesce(sum(price_cents - refunded_cents), 0) from orders
        where stage in ('paid', 'brief-received', 'in-progress', 'delivered', 'changes-requested', 'approved')),
      paid_count = (select count(*) from orders
        where stage in ('paid', 'brief-received', 'in-progress', 'delivered', 'changes-requested', 'approved'))
    where id = 'all'`.execute(db);

  await db.schema.alterTable("paypal_standin_orders").addColumn("capture_id", "text").execute();
  await db.schema.createIndex("paypal_standin_orders_capture_idx").on("paypal_standin_orders").column("capture_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("paypal_standin_orders_capture_idx").execute();
  await db.schema.alterTable("paypal_standin_orders").dropColumn("capture_id").execute();
  await db.schema.alterTable("orders").dropColumn("refunded_cents").execute();
  for (const table of ["refund_requests", "money_documents", "document_counters", "order_billing", "invoice_seller"]) {
    await db.schema.dropTable(table).execute();
  }
}
