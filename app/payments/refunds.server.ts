import { randomUUID } from "node:crypto";
import { z } from "zod";
import { type AuditActor, recordAudit } from "../audit/audit.server.ts";
import { assertRecentlyConfirmed } from "../auth/confirmation.ts";
import { type Db, isUniqueViolation, nowIso } from "../db/db.server.ts";
import { newId } from "../db/ids.server.ts";
import type { RefundRequestsTable } from "../db/tables.ts";
import { AppError, invalidFields, notFound, parseInput } from "../errors.ts";
import { getOrderRow } from "../orders/orders.server.ts";
import type { Services } from "../services.server.ts";
import { amountToCents, centsToAmount, formatUsd } from "../shared/money.ts";
import { requiredText } from "../shared/validation.ts";
import { recordOutcome } from "./events.server.ts";
import { paypalClient } from "./paypal-rest/checkout.server.ts";
import { PayPalApiError, type PayPalClient, PayPalUnavailable } from "./paypal-rest/client.server.ts";
import { applyRefund, PAYMENTS_PROVIDER } from "./record.server.ts";

/**
 * Refunds an Admin makes from the order (docs/decisions/0035): all or part of the order's PayPal
 * capture, with a reason, through Payments v2 (`POST /v2/payments/captures/{id}/refund`).
 *
 * - The request, with the PayPal-Request-Id it is sent with, is stored before PayPal is asked: a
 *   retry (the form sent twice, "Try again" after PayPal did not answer, the client's own retries)
 *   sends the same id, and PayPal answers the first refund again instead of making a second.
 * - PayPal's answer is recorded like a refund webhook (record.server.ts applyRefund), under the
 *   refund's PayPal id: the webhook PayPal sends about it later is recognised and counts nothing.
 * - A refusal is kept with PayPal's words and shown; the money and the order stay as they were.
 * - Only for someone who confirmed it is them in the last minutes (auth/confirmation.ts).
 */

export const refundSchema = z.object({
  amount: z
    .string({ error: "Amount is required" })
    .trim()
    .min(1, "Amount is required")
    .refine((value) => (amountToCents(value) ?? 0) > 0, "Amount must be a positive amount in dollars, such as 74.50")
    .describe("Amount"),
  reason: requiredText("Reason", 500).describe("Reason"),
  formKey: z.string().trim().regex(/^[0-9a-f-]{16,64}$/, "Reload the page and try again").optional().describe("Form key"),
});

export type RefundRequest = RefundRequestsTable;

/** An order's refunds asked by Admins, newest first. */
export const refundRequestsOf = (db: Db, orderId: string): Promise<RefundRequest[]> =>
  db.selectFrom("refund_requests").selectAll().where("order_id", "=", orderId).orderBy("created_at", "desc").orderBy("id").execute();

type Deps = Pick<Services, "db" | "config" | "jobs" | "mailer">;

/** What an order's payment allows: the capture to refund and how much of it is left. */
async function refundable(db: Db, orderId: string) {
  const order = await getOrderRow(db, orderId);
  if (!order) throw notFound("Order");
  const payment = await db
    .selectFrom("payments")
    .select(["id", "txn_id", "amount_cents", "order_id", "currency"])
    .where("order_id", "=", orderId)
    .where("provider", "=", PAYMENTS_PROVIDER)
    .orderBy("created_at", "desc")
    .executeTakeFirst();
  if (!payment) throw new AppError(409, "This order has no PayPal payment to refund.");
  return { order, payment, leftCents: payment.amount_cents - Number(order.refunded_cents) };
}

/**
 * The admin order page's Refund: stores the request (and its audit entry), then asks PayPal.
 * The same form key again (a double submit, a reload) is the same request, sent again.
 */
export async function refundOrder(services: Deps, actor: AuditActor, orderId: string, input: unknown, client = paypalClient(services.config)): Promise<RefundRequest> {
  assertRecentlyConfirmed(actor);
  const { amount, reason, formKey } = parseInput(refundSchema, input);
  const cents = amountToCents(amount)!;
  const { db } = services;
  if (formKey) {
    const earlier = await db.selectFrom("refund_requests").selectAll().where("form_key", "=", formKey).executeTakeFirst();
    if (earlier && earlier.order_id !== orderId) throw new AppError(409, "This form belongs to another order. Reload the page and try again.");
    if (earlier) return earlier.status === "pending" ? send(services, earlier, client) : earlier;
  }
  const { payment, leftCents } = await refundable(db, orderId);
  const pending = await db.selectFrom("refund_requests").select("id").where("order_id", "=", orderId).where("status", "=", "pending").executeTakeFirst();
  if (pending) throw new AppError(409, "A refund of this order is still waiting for PayPal's answer: try that one again first.");
  if (cents > leftCents) throw invalidFields({ amount: `At most ${formatUsd(leftCents)} is left to refund` }, { amount: "Amount" });
  const now = nowIso();
  const request: RefundRequest = {
    id: newId(),
    order_id: orderId,
    payment_id: payment.id,
    request_id: randomUUID(),
    form_key: formKey ?? null,
    amount_cents: cents,
    reason,
    requested_by: actor.email,
    status: "pending",
    refund_id: null,
    failure: null,
    created_at: now,
    updated_at: now,
  };
  try {
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("refund_requests").values(request).execute();
      await recordAudit(trx, { actor, action: "order.refund", target: `Order ${orderId}`, summary: `${formatUsd(cents)} of transaction ${payment.txn_id}: ${reason}` });
    });
  } catch (error) {
    // The same form key at the same moment: the other request is the one.
    if (!isUniqueViolation(error) || !formKey) throw error;
    return (await db.selectFrom("refund_requests").selectAll().where("form_key", "=", formKey).executeTakeFirstOrThrow()) as RefundRequest;
  }
  return send(services, request, client);
}

/** "Try again" on a refund PayPal did not answer: the same request, the same PayPal-Request-Id. */
export async function retryRefund(services: Deps, actor: AuditActor, orderId: string, requestId: string, client = paypalClient(services.config)): Promise<RefundRequest> {
  assertRecentlyConfirmed(actor);
  const request = await services.db.selectFrom("refund_requests").selectAll().where("id", "=", requestId).where("order_id", "=", orderId).executeTakeFirst();
  if (!request) throw notFound("Refund");
  return request.status === "pending" ? send(services, request, client) : request;
}

/** Asks PayPal for a stored request and records what it answered. */
async function send(services: Deps, request: RefundRequest, client: PayPalClient): Promise<RefundRequest> {
  const { db } = services;
  const payment = await db.selectFrom("payments").select(["id", "txn_id", "amount_cents", "order_id"]).where("id", "=", request.payment_id).executeTakeFirstOrThrow();
  const reread = async () => (await db.selectFrom("refund_requests").selectAll().where("id", "=", request.id).executeTakeFirstOrThrow()) as RefundRequest;
  let answer;
  try {
    answer = await client.refundCapture(payment.txn_id, { amount: { currency_code: "USD", value: centsToAmount(request.amount_cents) }, note_to_payer: request.reason.slice(0, 255) }, request.request_id);
  } catch (error) {
    if (error instanceof PayPalApiError) {
      const failure = `${error.issue}${error.description ? `: ${error.description}` : ""}`;
      await db.updateTable("refund_requests").set({ status: "refused", failure, updated_at: nowIso() }).where("id", "=", request.id).where("status", "=", "pending").execute();
      await recordOutcome(db, "paypal-orders", "refund", { orderId: request.order_id, reference: payment.txn_id, amountCents: request.amount_cents, currency: "USD", outcome: "refused", attention: true, reason: `PayPal refused a refund of ${formatUsd(request.amount_cents)}: ${failure}` });
      return reread();
    }
    if (error instanceof PayPalUnavailable) {
      await db.updateTable("refund_requests").set({ failure: `PayPal did not answer: ${error.message}`, updated_at: nowIso() }).where("id", "=", request.id).where("status", "=", "pending").execute();
      return reread();
    }
    throw error;
  }
  const refundId = answer.id;
  const cents = amountToCents(answer.amount?.value ?? "") ?? request.amount_cents;
  if (answer.status === "FAILED" || answer.status === "CANCELLED") {
    const failure = `${answer.status}${answer.status_details?.reason ? ` (${answer.status_details.reason})` : ""}`;
    await db.updateTable("refund_requests").set({ status: "refused", refund_id: refundId, failure, updated_at: nowIso() }).where("id", "=", request.id).execute();
    return reread();
  }
  try {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("refund_requests").set({ refund_id: refundId, updated_at: nowIso() }).where("id", "=", request.id).execute();
      const result = await applyRefund(trx, services, payment, { txnId: payment.txn_id, refundId, kind: "refund", amountCents: cents }, { by: request.requested_by, reason: request.reason });
      await recordOutcome(trx, "paypal-orders", "refund", { orderId: request.order_id, reference: refundId, amountCents: cents, currency: "USD", ...result, attention: false, reason: `${result.reason} (asked by ${request.requested_by})` });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // PayPal's webhook about this refund was recorded first: the money is counted; the request is done.
    await db.updateTable("refund_requests").set({ status: "completed", refund_id: refundId, failure: null, updated_at: nowIso() }).where("id", "=", request.id).execute();
  }
  return reread();
}
