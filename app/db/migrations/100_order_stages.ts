import { type Kysely, sql } from "kysely";
import { STAGE_NAMES } from "../../shared/order-stages.ts";
import { isSqlite, oneOf, setCheckConstraint } from "./table-rebuild.ts";

/**
 * Orders move through stages (app/shared/order-stages.ts); the spec's payment and order statuses
 * are written beside the stage by the same update. Every move is a row of order_stage_history:
 * from, to, who, when. Existing orders get the stage their two statuses say, and a history made
 * from the dates they carry (ordered, paid, refunded; a cancellation or delivery at the order's
 * last change, by an unnamed person, since nothing recorded who).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("stage", "text", (c) => c.notNull().defaultTo("ordered")).execute();
  await sql`
    update orders set stage = case
      when payment_status = 'Paid' and order_status = 'Delivered' then 'delivered'
      when payment_status = 'Paid' then 'paid'
      when payment_status = 'Cancelled' then 'cancelled'
      when payment_status = 'Refunded' then 'refunded'
      else 'ordered' end`.execute(db);
  await allowStages(db);
  // The stage lists (waiting on us, waiting on the customer) and the pending orders.
  await db.schema.createIndex("orders_stage_created_idx").on("orders").columns(["stage", "created_at", "id"]).execute();

  await db.schema
    .createTable("order_stage_history")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("order_id", "text", (c) => c.notNull().references("orders.id"))
    // The move's place in the order's history: moves of one order are serialised by their
    // conditional update of the order, so the count of its rows is the next number.
    .addColumn("seq", "integer", (c) => c.notNull())
    .addColumn("from_stage", "text")
    .addColumn("to_stage", "text", (c) => c.notNull())
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("note", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("order_stage_history_order_idx").on("order_stage_history").columns(["order_id", "seq"]).unique().execute();

  // One statement per kind of step, so a site with many orders migrates in seconds.
  const newId = isSqlite(db) ? sql`lower(hex(randomblob(12)))` : sql`substr(md5(random()::text || clock_timestamp()::text), 1, 24)`;
  const note = sql.lit("from the order's dates (recorded before stage history)");
  const steps = [
    sql`select ${newId}, id, 1, null, 'ordered', customer_email, ${note}, created_at from orders`,
    sql`select ${newId}, id, 2, 'ordered', 'paid', 'PayPal', ${note}, paid_at from orders where paid_at is not null`,
    sql`select ${newId}, id, 3, 'paid', 'delivered', 'an admin', ${note}, updated_at from orders where stage = 'delivered'`,
    sql`select ${newId}, id, 2, 'ordered', 'cancelled', customer_email, ${note}, updated_at from orders where stage = 'cancelled'`,
    sql`select ${newId}, id, 3, 'paid', 'refunded', 'PayPal', ${note}, coalesce(refunded_at, updated_at) from orders where stage = 'refunded'`,
  ];
  for (const step of steps) {
    await sql`insert into order_stage_history (id, order_id, seq, from_stage, to_stage, actor, note, created_at) ${step}`.execute(db);
  }
}

/**
 * Lets the database hold every stage of STAGE_NAMES: a migration that adds a stage calls this
 * (and nothing else), so the CHECK always lists the stages of the code that migrated it.
 */
export const allowStages = (db: Kysely<unknown>) => setCheckConstraint(db, "orders", "orders_stage_check", oneOf("stage", STAGE_NAMES));

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("order_stage_history").execute();
  await db.schema.dropIndex("orders_stage_created_idx").execute();
  await db.schema.alterTable("orders").dropColumn("stage").execute();
}
