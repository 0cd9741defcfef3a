import { randomBytes } from "node:crypto";
import type { Config } from "../../config.server.ts";
import { isId } from "../../db/ids.server.ts";
import { getOrderRow, orderByPayPalOrder, type OrderRow, recordPayPalOrder, startPayPalCheckout } from "../../orders/orders.server.ts";
import { isPayable } from "../../shared/order-stages.ts";
import type { Services } from "../../services.server.ts";
import { paymentAccountEmail, returnUrls } from "../account.server.ts";
import type { Outcome, PaymentEvent, PaymentProvider } from "../provider.ts";
import { recordCapture, recordRefund } from "../record.server.ts";
import { createPayPalClient, PayPalApiError, type PayPalClient, PayPalUnavailable } from "./client.server.ts";
import { approveUrl, createOrderRequest, judgeOrder, readWebhookEvent, webhookHeaders } from "./rules.ts";
import type { PayPalOrder, WebhookHeaders } from "./types.ts";

/**
 * PayPal Checkout on the Orders v2 REST API (PAYPAL_CHECKOUT=orders, the default). No JavaScript
 * SDK: Pay Now (a POST) creates the PayPal order and redirects the buyer to PayPal's approval
 * page; the return address captures; webhooks and reconciliation catch what the browser missed.
 * Whoever gets there first (return, webhook, reconciliation), the capture is one PayPal call with
 * one PayPal-Request-Id per PayPal order, and the order is marked Paid once (record.server.ts).
 */

/** One client per configuration, so the access token is shared by every request of the process. */
const clients = new WeakMap<Config["paypal"], PayPalClient>();
export function paypalClient(config: Pick<Config, "paypal">): PayPalClient {
  let client = clients.get(config.paypal);
  if (!client) {
    client = createPayPalClient({ baseUrl: config.paypal.apiUrl, clientId: config.paypal.clientId, clientSecret: config.paypal.clientSecret });
    clients.set(config.paypal, client);
  }
  return client;
}

/** The capture's PayPal-Request-Id: the same for the return page, webhooks and reconciliation. */
const captureRequestId = (paypalOrderId: string) => `rankwell-capture-${paypalOrderId}`;

export function paypalOrdersProvider(services: Pick<Services, "db" | "config" | "mailer" | "jobs">, client = paypalClient(services.config)): PaymentProvider {
  const { db, config } = services;

  /**
   * Asks PayPal about `paypalOrderId` and acts on the answer: captures an approved order (when
   * `capture`), marks ours Paid for a matching completed capture, flags what does not match.
   */
  async function settle(order: OrderRow, paypalOrderId: string, capture: boolean): Promise<Outcome> {
    const about = { orderId: order.id, reference: paypalOrderId };
    const payeeEmail = await paymentAccountEmail(db);
    if (!payeeEmail) return { ...about, outcome: "mismatch", attention: true, reason: "no payment account is configured, so no payee can be checked" };
    const expected = { orderId: order.id, amountCents: order.price_cents, payeeEmail };
    let paypalOrder: PayPalOrder;
    try {
      paypalOrder = await client.getOrder(paypalOrderId);
    } catch (error) {
      if (error instanceof PayPalApiError && error.status === 404) return { ...about, outcome: "rejected", attention: true, reason: `PayPal has no order ${paypalOrderId}` };
      throw error;
    }
    let judged = judgeOrder(paypalOrder, expected);
    if (judged.state === "approved" && capture && isPayable(order)) {
      try {
        paypalOrder = await client.captureOrder(paypalOrderId, captureRequestId(paypalOrderId));
      } catch (error) {
        // Captured meanwhile by another path, or PayPal refused: what PayPal now says decides.
        if (!(error instanceof PayPalApiError)) throw error;
        paypalOrder = await client.getOrder(paypalOrderId);
      }
      judged = judgeOrder(paypalOrder, expected);
    }
    switch (judged.state) {
      case "paid":
        return recordCapture(services, order, { txnId: judged.captureId, amountCents: judged.amountCents, currency: "USD", receiverEmail: payeeEmail, payerEmail: judged.payerEmail, method: "PayPal Checkout" });
      case "pending":
        return { ...about, reference: judged.captureId, outcome: "pending", reason: judged.reason };
      case "denied":
        return { ...about, reference: judged.captureId ?? paypalOrderId, outcome: "denied", reason: judged.reason };
      case "mismatch":
        return { ...about, reference: judged.captureId ?? paypalOrderId, outcome: "mismatch", attention: true, reason: judged.reason };
      case "refunded":
        return { ...about, reference: judged.captureId, outcome: "refunded", attention: true, reason: `${judged.reason}, but our order is ${order.payment_status}` };
      case "approved":
        if (!capture) return { ...about, outcome: "approved", reason: `the buyer approved PayPal order ${paypalOrderId}; not captured yet` };
        return { ...about, outcome: "ignored", reason: `the buyer approved PayPal order ${paypalOrderId}, but our order is ${order.payment_status}, so it is not captured` };
      case "voided":
        return { ...about, outcome: "voided", reason: `PayPal order ${paypalOrderId} is VOIDED` };
      default:
        return { ...about, outcome: "waiting", reason: `PayPal order ${paypalOrderId} is waiting for the buyer (${paypalOrder.status})` };
    }
  }

  /** Stores the request id before PayPal is asked, so a retried Pay Now re-sends the same one. */
  async function createPayPalOrder(order: OrderRow, payeeEmail: string, fresh: boolean): Promise<PayPalOrder> {
    const requestId = (!fresh && order.paypal_request_id) || `rankwell-create-${order.id}-${randomBytes(6).toString("hex")}`;
    if (requestId !== order.paypal_request_id) {
      await startPayPalCheckout(db, order.id, requestId);
    }
    const created = await client.createOrder(createOrderRequest({ id: order.id, packageName: order.package_name, amountCents: order.price_cents }, payeeEmail, returnUrls(config, order.id)), requestId);
    await recordPayPalOrder(db, order.id, requestId, created.id);
    return created;
  }

  async function processWebhook(event: PaymentEvent): Promise<Outcome> {
    const raw = event.raw ?? "";
    const headers = webhookHeaders((name) => (JSON.parse(event.headers ?? "{}") as Record<string, string>)[name]);
    if ("missing" in headers) return { outcome: "rejected", forged: true, reason: `not from PayPal: no ${headers.missing} header` };
    const verified = await client.verifyWebhookSignature(config.paypal.webhookId, headers.headers as WebhookHeaders, raw);
    if (!verified) return { outcome: "rejected", forged: true, reason: "not from PayPal: verify-webhook-signature answered FAILURE" };
    const facts = readWebhookEvent(JSON.parse(raw));
    if (!facts) return { outcome: "rejected", reason: "not a PayPal event" };
    const about = { orderId: facts.orderId, reference: facts.refundId ?? facts.captureId ?? facts.paypalOrderId, amountCents: facts.amountCents, currency: facts.currency };
    if (!facts.handled) return { ...about, outcome: "ignored", reason: `${facts.eventType} is not an event Rankwell acts on` };
    if (facts.eventType === "PAYMENT.CAPTURE.REFUNDED" || facts.eventType === "PAYMENT.CAPTURE.REVERSED") {
      if (!facts.captureId || !facts.refundId || facts.amountCents === null) return { ...about, outcome: "rejected", attention: true, reason: `${facts.eventType} without the capture, refund id or amount` };
      const kind = facts.eventType === "PAYMENT.CAPTURE.REFUNDED" ? "refund" : "reversal";
      return { ...(await recordRefund(services, { txnId: facts.captureId, refundId: facts.refundId, kind, amountCents: facts.amountCents })), currency: facts.currency };
    }
    // Approvals and captures: PayPal's order, read back from PayPal, decides.
    const order =
      (facts.orderId ? await getOrderRow(db, facts.orderId) : undefined) ??
      (facts.paypalOrderId ? await orderByPayPalOrder(db, facts.paypalOrderId) : undefined);
    // A payment that names one of our order ids but finds no order needs a person; one without
    // (another integration on the same PayPal account) does not.
    if (!order) return { ...about, outcome: "rejected", attention: isId(facts.orderId ?? ""), reason: `${facts.eventType} for no order of ours (custom_id ${facts.orderId ?? "none"})` };
    const paypalOrderId = facts.paypalOrderId ?? order.paypal_order_id;
    if (!paypalOrderId) return { ...about, orderId: order.id, outcome: "rejected", attention: true, reason: `${facts.eventType} names no PayPal order` };
    const outcome = await settle(order, paypalOrderId, facts.eventType === "CHECKOUT.ORDER.APPROVED");
    return { ...about, ...outcome, amountCents: outcome.amountCents ?? facts.amountCents };
  }

  return {
    name: "paypal-orders",

    async startCheckout(order) {
      const payeeEmail = await paymentAccountEmail(db);
      if (!payeeEmail) return { kind: "unavailable", reason: "no payment account has been set up yet" };
      try {
        let fresh = false;
        if (order.paypal_order_id) {
          const outcome = await settle(order, order.paypal_order_id, false);
          if (outcome.outcome === "waiting") {
            const existing = await client.getOrder(order.paypal_order_id);
            const url = approveUrl(existing);
            if (url) return { kind: "redirect", url };
          }
          // Approved but not captured (the buyer never came back): the return page captures it.
          if (outcome.outcome === "approved") return { kind: "redirect", url: `${returnUrls(config, order.id).returnUrl}?token=${encodeURIComponent(order.paypal_order_id)}` };
          // Paid or pending: the return page says what happened.
          if (["paid", "pending", "ignored"].includes(outcome.outcome) || (outcome.outcome === "rejected" && !outcome.attention)) {
            return { kind: "redirect", url: returnUrls(config, order.id).returnUrl };
          }
          // Voided, denied, gone or no longer matching (the payment account changed): a new PayPal order.
          fresh = true;
        }
        const created = await createPayPalOrder(order, payeeEmail, fresh);
        const url = approveUrl(created);
        if (!url) return { kind: "unavailable", reason: "PayPal did not answer with an approval page" };
        return { kind: "redirect", url };
      } catch (error) {
        if (error instanceof PayPalUnavailable) return { kind: "unavailable", reason: "PayPal cannot be reached right now" };
        if (error instanceof PayPalApiError) return { kind: "unavailable", reason: `PayPal refused the payment (${error.issue})` };
        throw error;
      }
    },

    async confirmReturn(order, params) {
      // Only for the PayPal order we created: a made-up token asks PayPal nothing.
      if (!isPayable(order) || !order.paypal_order_id || params.get("token") !== order.paypal_order_id) return null;
      return settle(order, order.paypal_order_id, true);
    },

    async reconcile(order) {
      if (!isPayable(order) || !order.paypal_order_id) return null;
      return settle(order, order.paypal_order_id, true);
    },

    async processEvent(event) {
      return processWebhook(event);
    },
  };
}
