import { isUniqueViolation, nowIso } from "../db/db.server.ts";
import { newId } from "../db/ids.server.ts";
import type { DbOrTrx } from "../db/db.server.ts";
import { shortDate } from "../shared/dates.ts";
import { formatUsd } from "../shared/money.ts";
import { markOrderPaid, markOrderRefunded, type OrderRow } from "../orders/orders.server.ts";
import type { Services } from "../services.server.ts";
import type { Outcome } from "./provider.ts";
import { isCancelled, paymentStatusOf, type Stage } from "../shared/order-stages.ts";

/** An order's stage in a payment event's words: its payment status ("Paid", "Cancelled"), as before stages. */
const describeStage = (stage: Stage | "gone") => (stage === "gone" ? "gone" : paymentStatusOf(stage));

/**
 * What a verified payment or refund does to our books, for every provider. The order's status
 * changes in the orders module (one conditional update, Total Sales in the same transaction); the
 * payment or refund row beside it is unique per PayPal id, so whatever arrives twice counts once.
 */

/** Everyone records PayPal transactions under one name: capture ids and IPN txn_ids are one space. */
export const PAYMENTS_PROVIDER = "paypal";

export interface CapturedPayment {
  /** PayPal's capture id (REST) or txn_id (IPN). */
  txnId: string;
  amountCents: number;
  currency: string;
  receiverEmail: string;
  payerEmail: string | null;
}

/** The Paid status, the payment, Total Sales and the receipt: stored together or not at all. */
export async function recordCapture(services: Pick<Services, "db" | "config" | "mailer">, order: OrderRow, payment: CapturedPayment): Promise<Outcome> {
  const now = nowIso();
  const base = { orderId: order.id, reference: payment.txnId, amountCents: payment.amountCents, currency: payment.currency };
  let stage: Stage | "gone" | undefined;
  try {
    await services.db.transaction().execute(async (trx) => {
      const paid = await markOrderPaid(services, trx, order, now);
      if (!paid.marked) {
        stage = paid.stage;
        return;
      }
      await trx
        .insertInto("payments")
        .values({
          id: newId(),
          order_id: order.id,
          provider: PAYMENTS_PROVIDER,
          txn_id: payment.txnId,
          amount_cents: payment.amountCents,
          currency: payment.currency,
          receiver_email: payment.receiverEmail.toLowerCase(),
          payer_email: payment.payerEmail,
          created_at: now,
        })
        .execute();
      await queueReceipt(services, trx, order, payment.txnId);
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    stage = "paid";
  }
  if (stage === undefined) return { ...base, outcome: "paid", reason: `order marked Paid (${formatUsd(order.price_cents)}, transaction ${payment.txnId})` };
  const recorded = await services.db
    .selectFrom("payments")
    .select("order_id")
    .where("provider", "=", PAYMENTS_PROVIDER)
    .where("txn_id", "=", payment.txnId)
    .executeTakeFirst();
  if (recorded?.order_id === order.id) return { ...base, outcome: "paid", reason: `transaction ${payment.txnId} was already recorded; order is ${describeStage(stage)}` };
  if (recorded) return { ...base, outcome: "rejected", attention: true, reason: `transaction ${payment.txnId} was already recorded for order ${recorded.order_id}` };
  const why =
    stage === "gone"
      ? "there is no such order: this completed payment needs a refund"
      : isCancelled({ stage })
        ? "order is Cancelled: this completed payment needs a refund or a manual decision"
        : `order is already ${describeStage(stage)}: this second payment needs a refund`;
  return { ...base, outcome: "rejected", attention: true, reason: `${why} (transaction ${payment.txnId}, ${formatUsd(payment.amountCents)})` };
}

async function queueReceipt(services: Pick<Services, "config" | "mailer">, trx: DbOrTrx, order: OrderRow, txnId: string): Promise<void> {
  await services.mailer.send(
    {
      to: order.customer_email,
      subject: `Receipt: your ${order.package_name} plan is paid`,
      text: [
        `Hello ${order.customer_name},`,
        "",
        `Thank you: we have received your payment of ${formatUsd(order.price_cents)} for the ${order.package_name} plan you ordered on ${shortDate(order.created_at)}.`,
        "",
        `Order: #${order.number} (reference ${order.id})`,
        `PayPal transaction: ${txnId}`,
        `Amount: ${formatUsd(order.price_cents)} (USD)`,
        "",
        `Your orders: ${services.config.appUrl}/my-order`,
      ].join("\n"),
    },
    trx,
  );
}

export interface RefundNotice {
  /** The refunded or reversed capture (REST) or the parent txn_id (IPN). */
  txnId: string;
  /** The refund's or reversal's own PayPal id. */
  refundId: string;
  kind: "refund" | "reversal" | "reversal-cancelled";
  amountCents: number;
}

/**
 * A refund or reversal of a recorded payment. Recorded once per PayPal refund id; when the refunds
 * of a payment add up to all of it, the order becomes Refunded (and leaves Total Sales). Every one
 * needs a person's attention: a reversal most of all (the money is gone).
 */
export async function recordRefund(services: Pick<Services, "db">, notice: RefundNotice): Promise<Outcome> {
  const base = { reference: notice.refundId, amountCents: notice.amountCents, currency: "USD" };
  const payment = await services.db
    .selectFrom("payments")
    .innerJoin("orders", "orders.id", "payments.order_id")
    .select(["payments.id", "payments.amount_cents", "orders.id as order_id"])
    .where("payments.provider", "=", PAYMENTS_PROVIDER)
    .where("payments.txn_id", "=", notice.txnId)
    .executeTakeFirst();
  if (!payment) {
    return { ...base, orderId: null, outcome: "rejected", attention: true, reason: `${notice.kind} ${notice.refundId} of transaction ${notice.txnId}, which we never recorded as paid` };
  }
  const orderId = payment.order_id;
  let outcome: Outcome | undefined;
  try {
    await services.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("payment_refunds")
        .values({ id: newId(), payment_id: payment.id, provider: PAYMENTS_PROVIDER, refund_id: notice.refundId, kind: notice.kind, amount_cents: notice.amountCents, created_at: nowIso() })
        .execute();
      if (notice.kind === "reversal") {
        outcome = { ...base, orderId, outcome: "reversed", attention: true, reason: `PayPal reversed ${formatUsd(notice.amountCents)} of transaction ${notice.txnId} (a chargeback or dispute): decide what happens to the order` };
        return;
      }
      if (notice.kind === "reversal-cancelled") {
        outcome = { ...base, orderId, outcome: "reversal-cancelled", attention: true, reason: `the reversal of transaction ${notice.txnId} was cancelled: the money is back` };
        return;
      }
      const { refunded } = await trx
        .selectFrom("payment_refunds")
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_cents"), eb.lit(0)).as("refunded"))
        .where("payment_id", "=", payment.id)
        .where("kind", "=", "refund")
        .executeTakeFirstOrThrow();
      if (Number(refunded) < payment.amount_cents) {
        outcome = { ...base, orderId, outcome: "partially-refunded", attention: true, reason: `partial refund of ${formatUsd(notice.amountCents)} (${formatUsd(Number(refunded))} of ${formatUsd(payment.amount_cents)} so far): the order stays Paid` };
        return;
      }
      const marked = await markOrderRefunded(trx, { id: orderId });
      outcome = marked.marked
        ? { ...base, orderId, outcome: "refunded", attention: true, reason: `full refund of ${formatUsd(payment.amount_cents)}: the order is Refunded and left Total Sales` }
        : { ...base, orderId, outcome: "refunded", attention: true, reason: `full refund of ${formatUsd(payment.amount_cents)}; the order was ${describeStage(marked.stage)}, not Paid, and is left as it is` };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return { ...base, orderId, outcome: "ignored", reason: `${notice.kind} ${notice.refundId} was already recorded` };
  }
  return outcome!;
}
