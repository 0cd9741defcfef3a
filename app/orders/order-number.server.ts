import { sql } from "kysely";
import { isPostgres, type Trx } from "../db/db.server.ts";

/**
 * The next order number (#1001, …), taken in the transaction that inserts the order. PostgreSQL:
 * `nextval` of the order sequence, unique and increasing across every server process sharing the
 * database (not rolled back: an order that fails to insert leaves a gap, never a duplicate).
 * SQLite: the counter row, raised in the same transaction (SQLite runs one writer at a time).
 */
export async function nextOrderNumber(trx: Trx): Promise<number> {
  if (isPostgres(trx)) {
    const { rows } = await sql<{ n: string | number }>`select nextval('order_number_seq') as n`.execute(trx);
    return Number(rows[0]!.n);
  }
  const row = await trx
    .updateTable("counters")
    .set((eb) => ({ value: eb("value", "+", 1) }))
    .where("name", "=", "order_number")
    .returning("value")
    .executeTakeFirstOrThrow();
  return row.value;
}
