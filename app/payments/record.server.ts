import { isUniqueViolation, nowIso } from "../db/db.server.ts";
import { newId } from "../db/ids.server.ts";
import type { DbOrTrx, Trx } from "../db/db.server.ts";
import { shortDate } from "../shared/dates.ts";
import { formatUsd } from "../shared/money.ts";
import { markOrderPaid, markOrderRefunded, type OrderRow, recordOrderRefund } from "../orders/orders.server.ts";
import { documentPath, issueCreditNote, issueInvoice } from "../invoices/documents.server.ts";
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
  /** How it was paid, as the invoice says it (default "PayPal"). */
  method?: string;
}

/** The Paid status, the payment, Total Sales, the invoice and the receipt: stored together or not at all. */
export async function recordCapture(services: Pick<Services, "db" | "config" | "mailer" | "jobs">, order: OrderRow, payment: CapturedPayment): Promise<Outcome> {
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
      // The invoice's number is taken here, in the payment's transaction: gap-free (invoices/numbering.server.ts).
      const invoice = await issueInvoice({ trx, jobs: services.jobs }, order, { reference: payment.txnId, amountCents: payment.amountCents, currency: payment.currency, paidAt: now, method: payment.method ?? "PayPal" });
      await queueReceipt(services, trx, order, payment.txnId, { number: invoice.number, url: `${services.config.appUrl}${documentPath({ order_id: order.id, id: invoice.id })}` });
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

async function queueReceipt(services: Pick<Services, "config" | "mailer">, trx: DbOrTrx, order: OrderRow, txnId: string, invoice: { number: string; url: string }): Promise<void> {
  await services.mailer.send(
    {
      to: order.customer_email,
      subject: `Receipt: your ${order.package_name} plan is paid`,
      content: {
        title: "Payment received",
        paragraphs: [
          `Hello ${order.customer_name},`,
          `Thank you: we have received your payment of ${formatUsd(order.price_cents)} for the ${order.package_name} plan you ordered on ${shortDate(order.created_at)}.`,
        ],
        table: [
          ["Order", `#${order.number} (reference ${order.id})`],
          ["PayPal transaction", txnId],
          ["Amount", `${formatUsd(order.price_cents)} (USD)`],
        ],
        button: { label: `Your invoice ${invoice.number} (PDF)`, url: invoice.url },
        after: [`Your orders: ${services.config.appUrl}/my-order`],
      },
    },
    trx,
  );
}

/** The customer's note of a refund (full or part), in the refund's transaction. */
async function queueRefundNote(services: Pick<Services, "config" | "mailer">, trx: DbOrTrx, order: Pick<OrderRow, "id" | "customer_email" | "customer_name" | "package_name" | "created_at">, refundId: string, amountCents: number, full: boolean): Promise<void> {
  await services.mailer.send(
    {
      to: order.customer_email,
      subject: `Refund: ${formatUsd(amountCents)} for your ${order.package_name} plan`,
      content: {
        title: full ? "Your payment is refunded" : "Part of your payment is refunded",
        paragraphs: [
          `Hello ${order.customer_name},`,
          `We have refunded ${formatUsd(amountCents)} of your payment for the ${order.package_name} plan you ordered on ${shortDate(order.created_at)}. PayPal returns it to the account you paid with; it may take a few days to show there.`,
        ],
        table: [
          ["Order", order.id],
          ["PayPal refund", refundId],
          ["Amount refunded", `${formatUsd(amountCents)} (USD)`],
        ],
        button: { label: "Your orders", url: `${services.config.appUrl}/my-order` },
      },
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
 * A refund or reversal of a recorded payment. Recorded once per PayPal refund id (an Admin's
 * refund and PayPal's webhook about it are one refund); when the refunds of a payment add up to
 * all of it, the order becomes Refunded with a credit note. Every one needs a person's attention:
 * a reversal most of all (the money is gone).
 */
export async function recordRefund(services: Pick<Services, "db" | "jobs" | "config" | "mailer">, notice: RefundNotice): Promise<Outcome> {
  const base = { reference: notice.refundId, amountCents: notice.amountCents, currency: "USD" };
  const payment = await services.db
    .selectFrom("payments")
    .select(["id", "amount_cents", "order_id"])
    .where("provider", "=", PAYMENTS_PROVIDER)
    .where("txn_id", "=", notice.txnId)
    .executeTakeFirst();
  if (!payment) {
    return { ...base, orderId: null, outcome: "rejected", attention: true, reason: `${notice.kind} ${notice.refundId} of transaction ${notice.txnId}, which we never recorded as paid` };
  }
  const orderId = payment.order_id;
  let outcome: Outcome | undefined;
  try {
    await services.db.transaction().execute(async (trx) => {
      outcome = { ...base, orderId, ...(await applyRefund(trx, services, payment, notice, { by: "PayPal", reason: "Refunded at PayPal" })) };
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return { ...base, orderId, outcome: "ignored", reason: `${notice.kind} ${notice.refundId} was already recorded` };
  }
  return outcome!;
}

/**
 * What one refund or reversal does, in the caller's transaction: its row (unique per PayPal
 * refund id: a second recording throws a unique violation and the caller's transaction stores
 * nothing), the order's refunded total and Total Sales, and for the last of a full refund the
 * Refunded stage and the credit note. Also completes an Admin's refund request PayPal answered with this id.
 */
export async function applyRefund(
  trx: Trx,
  services: Pick<Services, "jobs" | "config" | "mailer">,
  payment: { id: string; amount_cents: number; order_id: string },
  notice: RefundNotice,
  context: { by: string; reason: string },
): Promise<Pick<Outcome, "outcome" | "attention" | "reason">> {
  const now = nowIso();
  await trx
    .insertInto("payment_refunds")
    .values({ id: newId(), payment_id: payment.id, provider: PAYMENTS_PROVIDER, refund_id: notice.refundId, kind: notice.kind, amount_cents: notice.amountCents, created_at: now })
    .execute();
  if (notice.kind === "reversal") {
    return { outcome: "reversed", attention: true, reason: `PayPal reversed ${formatUsd(notice.amountCents)} of transaction ${notice.txnId} (a chargeback or dispute): decide what happens to the order` };
  }
  if (notice.kind === "reversal-cancelled") {
    return { outcome: "reversal-cancelled", attention: true, reason: `the reversal of transaction ${notice.txnId} was cancelled: the money is back` };
  }
  // PayPal's webhook about an Admin's refund whose answer has not arrived (or was lost): the pending
  // request of this amount on this payment is that refund; it completes, with its reason.
  const asked = await trx
    .selectFrom("refund_requests")
    .select(["id", "reason", "requested_by"])
    .where("payment_id", "=", payment.id)
    .where("status", "=", "pending")
    .where((eb) => eb.or([eb("refund_id", "=", notice.refundId), eb.and([eb("refund_id", "is", null), eb("amount_cents", "=", notice.amountCents)])]))
    .executeTakeFirst();
  if (asked) {
    await trx.updateTable("refund_requests").set({ status: "completed", refund_id: notice.refundId, failure: null, updated_at: now }).where("id", "=", asked.id).execute();
    context = { by: asked.requested_by, reason: asked.reason };
  }
  const { refundedCents } = await recordOrderRefund(trx, payment.order_id, notice.amountCents);
  // The customer hears of every refund, full or part, in the refund's transaction.
  const order = await trx.selectFrom("orders").select(["id", "customer_email", "customer_name", "package_name", "created_at"]).where("id", "=", payment.order_id).executeTakeFirstOrThrow();
  await queueRefundNote(services, trx, order, notice.refundId, notice.amountCents, refundedCents >= payment.amount_cents);
  if (refundedCents < payment.amount_cents) {
    return { outcome: "partially-refunded", attention: true, reason: `partial refund of ${formatUsd(notice.amountCents)} (${formatUsd(refundedCents)} of ${formatUsd(payment.amount_cents)} so far): the order stays Paid` };
  }
  const marked = await markOrderRefunded(trx, { id: payment.order_id }, now, context.by);
  if (!marked.marked) {
    return { outcome: "refunded", attention: true, reason: `full refund of ${formatUsd(payment.amount_cents)}; the order was ${describeStage(marked.stage)}, not Paid, and is left as it is` };
  }
  const note = await issueCreditNote({ trx, jobs: services.jobs }, payment.order_id, { reference: notice.refundId, refundedAt: now, reason: context.reason });
  return {
    outcome: "refunded",
    attention: true,
    reason: `full refund of ${formatUsd(payment.amount_cents)}: the order is Refunded and left Total Sales${note ? `; credit note ${note.number} issued` : ""}`,
  };
}
