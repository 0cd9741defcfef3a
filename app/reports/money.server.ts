import { type SelectQueryBuilder, sql } from "kysely";
import type { Db } from "../db/db.server.ts";
import type { Database } from "../db/tables.ts";
import type { InstantRange } from "./range.ts";

/**
 * Money movements: every time money came in or went back, one row each, as the Reports screen
 * exports them and the dashboard sums them by month. They are read from their own tables by the
 * sources below, joined into one query (UNION ALL) so that sums, groups and order happen in SQL.
 */

/** One movement, amounts in integer cents: positive came in, negative went back. */
export interface MoneyMovement {
  /** When it was recorded (ISO-8601 UTC). */
  at: string;
  /** payment, refund, reversal (a chargeback), reversal-cancelled (money back). */
  kind: string;
  order_id: string;
  package_name: string;
  customer_email: string;
  customer_name: string;
  /** PayPal's id of this movement (a capture or transaction id, a refund id). */
  reference: string;
  /** For a refund or reversal: the payment it returns. */
  original_reference: string | null;
  amount_cents: number;
  currency: string;
  /** The money document it is on: a payment's invoice; a refund's credit note, once refunds reached the whole amount and one was issued. */
  document: string | null;
}

/** Every source filters on its own date column (and index) with this range. */
export type { InstantRange };

// Sources join different tables; what they select (the columns) is what is typed.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type MovementQuery = SelectQueryBuilder<Database, any, MoneyMovement>;

/**
 * Where money movements are recorded. EXTENSION POINT: a new kind of movement (refunds made
 * from the admin, if they get a table of their own) is one more source here, selecting the same
 * columns; the CSV, the monthly revenue and their tests pick it up with no other change.
 */
export interface MoneyMovementSource {
  name: string;
  query(db: Db, range?: InstantRange): MovementQuery;
}

const text = (value: string) => sql<string>`cast(${sql.lit(value)} as text)`;

/** Verified captures (REST) and completed IPNs: what the payments table records, once per PayPal id. */
export const paymentsSource: MoneyMovementSource = {
  name: "payments",
  query: (db, range) =>
    db
      .selectFrom("payments")
      .innerJoin("orders", "orders.id", "payments.order_id")
      .leftJoin("money_documents as doc", (join) => join.onRef("doc.order_id", "=", "payments.order_id").on("doc.kind", "=", "invoice"))
      .select([
        "payments.created_at as at",
        text("payment").as("kind"),
        "payments.order_id as order_id",
        "orders.package_name as package_name",
        "orders.customer_email as customer_email",
        "orders.customer_name as customer_name",
        "payments.txn_id as reference",
        sql<string | null>`cast(null as text)`.as("original_reference"),
        "payments.amount_cents as amount_cents",
        "payments.currency as currency",
        "doc.number as document",
      ])
      .$if(range !== undefined, (qb) => qb.where("payments.created_at", ">=", range!.from).where("payments.created_at", "<", range!.toExclusive)),
};

/** Refunds and reversals PayPal reported (webhook or IPN), once per PayPal id; a cancelled reversal gives the money back. */
export const refundsSource: MoneyMovementSource = {
  name: "refunds",
  query: (db, range) =>
    db
      .selectFrom("payment_refunds")
      .innerJoin("payments", "payments.id", "payment_refunds.payment_id")
      .innerJoin("orders", "orders.id", "payments.order_id")
      // A credit note covers the whole invoice, so every refund of its order is on it.
      .leftJoin("money_documents as doc", (join) => join.onRef("doc.order_id", "=", "payments.order_id").on("doc.kind", "=", "credit-note"))
      .select([
        "payment_refunds.created_at as at",
        "payment_refunds.kind as kind",
        "payments.order_id as order_id",
        "orders.package_name as package_name",
        "orders.customer_email as customer_email",
        "orders.customer_name as customer_name",
        "payment_refunds.refund_id as reference",
        "payments.txn_id as original_reference",
        sql<number>`case when payment_refunds.kind = 'reversal-cancelled' then payment_refunds.amount_cents else -payment_refunds.amount_cents end`.as("amount_cents"),
        "payments.currency as currency",
        sql<string | null>`case when payment_refunds.kind = 'refund' then doc.number else null end`.as("document"),
      ])
      .$if(range !== undefined, (qb) => qb.where("payment_refunds.created_at", ">=", range!.from).where("payment_refunds.created_at", "<", range!.toExclusive)),
};

export const MONEY_MOVEMENT_SOURCES: readonly MoneyMovementSource[] = [paymentsSource, refundsSource];

/** Every source's movements in the range, as one query (UNION ALL), to select from as `m`. */
export function movements(db: Db, range?: InstantRange, sources = MONEY_MOVEMENT_SOURCES): MovementQuery {
  const [first, ...rest] = sources.map((source) => source.query(db, range));
  return rest.reduce((all, next) => all.unionAll(next), first!);
}

/** The range's movements in order of time, `batch` at a time (the CSV streams them). */
export async function* movementBatches(db: Db, range: InstantRange, batch = 500): AsyncGenerator<MoneyMovement[]> {
  for (let offset = 0; ; offset += batch) {
    const rows = await db
      .selectFrom(movements(db, range).as("m"))
      .selectAll()
      .orderBy("m.at")
      .orderBy("m.reference")
      .orderBy("m.kind")
      .limit(batch)
      .offset(offset)
      .execute();
    if (rows.length) yield rows.map((r) => ({ ...r, amount_cents: Number(r.amount_cents) }));
    if (rows.length < batch) return;
  }
}

/** What came in, went back and stayed, in cents, with how many of each. */
export interface MoneyTotals {
  receivedCents: number;
  received: number;
  returnedCents: number;
  returned: number;
  netCents: number;
}

const totalsColumns = [
  sql<number>`coalesce(sum(case when m.amount_cents > 0 then m.amount_cents else 0 end), 0)`.as("received_cents"),
  sql<number>`coalesce(sum(case when m.amount_cents > 0 then 1 else 0 end), 0)`.as("received"),
  sql<number>`coalesce(sum(case when m.amount_cents < 0 then -m.amount_cents else 0 end), 0)`.as("returned_cents"),
  sql<number>`coalesce(sum(case when m.amount_cents < 0 then 1 else 0 end), 0)`.as("returned"),
] as const;

const toTotals = (r: { received_cents: number; received: number; returned_cents: number; returned: number }): MoneyTotals => ({
  receivedCents: Number(r.received_cents),
  received: Number(r.received),
  returnedCents: Number(r.returned_cents),
  returned: Number(r.returned),
  netCents: Number(r.received_cents) - Number(r.returned_cents),
});

/** The range's totals, summed in SQL. */
export async function movementTotals(db: Db, range: InstantRange): Promise<MoneyTotals> {
  const row = await db.selectFrom(movements(db, range).as("m")).select([...totalsColumns]).executeTakeFirstOrThrow();
  return toTotals(row);
}

/** "2026-11": a month as the database groups it (the first seven characters of an ISO date: the same on SQLite and PostgreSQL). */
export type Month = string;

/**
 * Totals per calendar month (UTC) from `fromMonth` on, grouped in SQL. Dates are stored as
 * ISO-8601 text on both databases, so `substr(at, 1, 7)` is the month everywhere.
 */
export async function monthlyTotals(db: Db, range: InstantRange): Promise<Map<Month, MoneyTotals>> {
  const month = sql<string>`substr(m.at, 1, 7)`;
  const rows = await db
    .selectFrom(movements(db, range).as("m"))
    .select([month.as("month"), ...totalsColumns])
    .groupBy(month)
    .execute();
  return new Map(rows.map((r) => [r.month, toTotals(r)]));
}
