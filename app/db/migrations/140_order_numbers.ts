import { type Kysely, sql } from "kysely";
import { isSqlite } from "./table-rebuild.ts";

/**
 * Short order numbers (#1001, #1002, …) for people: customers, Admins, mails and the API's
 * `number` (docs/decisions/0033-safe-defaults-and-order-numbers.md). Existing orders are numbered
 * in the order they were placed. New ones get theirs in their insert's transaction, from the
 * database: a sequence on PostgreSQL (unique and increasing across every server process; a
 * rolled-back order leaves a gap), a counter row on SQLite (one writer at a time, so no gap).
 */
export const FIRST_ORDER_NUMBER = 1001;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("orders").addColumn("number", "integer").execute();
  // In creation order (ties by id), from 1001.
  await sql`
    update orders set number = numbered.n
    from (select id, ${sql.lit(FIRST_ORDER_NUMBER - 1)} + row_number() over (order by created_at, id) as n from orders) as numbered
    where orders.id = numbered.id`.execute(db);
  await db.schema.createIndex("orders_number_key").unique().on("orders").column("number").execute();
  const { rows } = await sql<{ last: number | null }>`select max(number) as last from orders`.execute(db);
  const last = Number(rows[0]?.last ?? FIRST_ORDER_NUMBER - 1);
  if (isSqlite(db)) {
    await db.schema
      .createTable("counters")
      .addColumn("name", "text", (c) => c.primaryKey())
      .addColumn("value", "integer", (c) => c.notNull())
      .execute();
    await sql`insert into counters (name, value) values ('order_number', ${last})`.execute(db);
  } else {
    await sql`create sequence order_number_seq owned by orders.number`.execute(db);
    await sql`select setval('order_number_seq', ${last})`.execute(db);
    await sql`alter table orders alter column number set default nextval('order_number_seq')`.execute(db);
    await sql`alter table orders alter column number set not null`.execute(db);
  }
}
