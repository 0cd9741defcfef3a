import type { Selectable, Transaction } from "kysely";
import { type Db, nowIso } from "../db/db.server.ts";
import { newId } from "../db/ids.server.ts";
import type { Database, OrderStageHistoryTable } from "../db/tables.ts";
import { canMove, isPaid, orderStatusOf, paymentStatusOf, type Stage, type Transition, TRANSITIONS } from "../shared/order-stages.ts";

/**
 * The one writer of an order's stage (and of the spec's statuses derived from it). Every move is a
 * conditional update (only from a stage the move starts from), its history row, and the change of
 * Total Sales when money comes in or goes back: run it in the caller's transaction, beside whatever
 * else the move means (the payment row, the audit entry, the mails), so all or nothing is stored.
 */

/** A move reads, then writes conditionally: it needs a transaction. */
export type Trx = Transaction<Database>;

export type MoveResult = { moved: true; from: Stage; to: Stage } | { moved: false; stage: Stage | "gone" };

/** The dates a move stamps on the order. */
const STAMPS: Partial<Record<Transition, "paid_at" | "refunded_at">> = { pay: "paid_at", refund: "refunded_at" };

/**
 * Moves order `orderId` by `move`, as `by` (an email, "PayPal", "command line"). An order that is
 * not in one of the move's `from` stages (also one that another request moved meanwhile) is left
 * as it is, and its stage answered; "gone" when there is no such order.
 */
export async function moveOrder(trx: Trx, orderId: string, move: Transition, by: string, options: { at?: string; note?: string } = {}): Promise<MoveResult> {
  const at = options.at ?? nowIso();
  const order = await trx.selectFrom("orders").select(["stage", "order_status", "price_cents", "refunded_cents"]).where("id", "=", orderId).executeTakeFirst();
  if (!order) return { moved: false, stage: "gone" };
  if (!canMove(order.stage, move)) return { moved: false, stage: order.stage };
  const to = TRANSITIONS[move].to;
  const stamp = STAMPS[move];
  const updated = await trx
    .updateTable("orders")
    .set({ stage: to, payment_status: paymentStatusOf(to), order_status: orderStatusOf(to, order.order_status), updated_at: at, ...(stamp ? { [stamp]: at } : {}) })
    .where("id", "=", orderId)
    .where("stage", "=", order.stage)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) {
    const now = await trx.selectFrom("orders").select("stage").where("id", "=", orderId).executeTakeFirst();
    return { moved: false, stage: now?.stage ?? "gone" };
  }
  // Money in (into a paid stage) or back out (out of one); moves between paid stages change nothing.
  // An order counts in Total Sales with what was not refunded of it (partial refunds left already).
  const sales = isPaid({ stage: to }) === isPaid(order) ? undefined : isPaid({ stage: to }) ? "+" : "-";
  if (sales) {
    const counted = order.price_cents - Number(order.refunded_cents);
    await trx
      .updateTable("sales_totals")
      .set((eb) => ({ paid_cents: eb("paid_cents", sales, counted), paid_count: eb("paid_count", sales, 1) }))
      .where("id", "=", "all")
      .execute();
  }
  await recordStage(trx, { orderId, from: order.stage, to, by, at, note: options.note });
  return { moved: true, from: order.stage, to };
}

/** A history row: also the order's first one, when it is placed (`from` null). */
export async function recordStage(trx: Db, step: { orderId: string; from: Stage | null; to: Stage; by: string; at: string; note?: string }): Promise<void> {
  // The next place in the order's history (its moves are serialised by moveOrder's conditional update).
  const { n } = await trx.selectFrom("order_stage_history").select((eb) => eb.fn.countAll<number>().as("n")).where("order_id", "=", step.orderId).executeTakeFirstOrThrow();
  await trx
    .insertInto("order_stage_history")
    .values({ id: newId(), order_id: step.orderId, seq: Number(n) + 1, from_stage: step.from, to_stage: step.to, actor: step.by, note: step.note ?? null, created_at: step.at })
    .execute();
}

export type StageStep = Selectable<OrderStageHistoryTable>;

/** An order's moves, oldest first (its timeline). */
export const stageHistory = (db: Db, orderId: string): Promise<StageStep[]> =>
  db.selectFrom("order_stage_history").selectAll().where("order_id", "=", orderId).orderBy("seq").execute();
