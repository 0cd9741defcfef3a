import type { Trx } from "../db/db.server.ts";

/**
 * Gap-free numbers: the next number of a series is its counter row plus one, written by the
 * transaction that issues the document. On PostgreSQL the UPDATE holds the row's lock until that
 * transaction ends, so a second process paying at the same moment waits and then takes the next
 * number; SQLite runs one write transaction at a time. A transaction that fails rolls its number
 * back with it, so no number is skipped, and none is ever given twice.
 */
export type Series = "invoice" | "credit-note";

export async function takeNumber(trx: Trx, series: Series): Promise<number> {
  const row = await trx
    .updateTable("document_counters")
    .set((eb) => ({ last_number: eb("last_number", "+", 1) }))
    .where("series", "=", series)
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}

/** The printed number: invoices `RW-000042`, credit notes `RW-CN-000007` (prefix as set when issued). */
export const documentNumber = (prefix: string, series: Series, seq: number) => `${prefix}${series === "credit-note" ? "CN-" : ""}${String(seq).padStart(6, "0")}`;
