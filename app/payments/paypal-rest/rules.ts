import { amountToCents, centsToAmount } from "../../shared/money.ts";
import type { Capture, CreateOrderRequest, Link, PayPalOrder, Refund, WebhookEvent } from "./types.ts";

/**
 * What Rankwell asks PayPal for and how it reads PayPal's answers: pure functions, no I/O, so
 * every rule is tested on its own (rules.test.ts). The rule of rules: an order is Paid only when
 * PayPal reports a COMPLETED capture of exactly the order's amount, in USD, to our payee, for our
 * order id. Anything else leaves it UnPaid, and what looks wrong is flagged for a person.
 */

export interface OrderToPay {
  id: string;
  packageName: string;
  amountCents: number;
}

/** The PayPal order for one of ours: one purchase unit, our id in custom_id and invoice_id. */
export function createOrderRequest(order: OrderToPay, payeeEmail: string, urls: { returnUrl: string; cancelUrl: string }): CreateOrderRequest {
  return {
    intent: "CAPTURE",
    purchase_units: [
      {
        reference_id: order.id,
        description: order.packageName.slice(0, 127),
        custom_id: order.id,
        invoice_id: order.id,
        amount: { currency_code: "USD", value: centsToAmount(order.amountCents) },
        payee: { email_address: payeeEmail },
      },
    ],
    payment_source: {
      paypal: {
        experience_context: { return_url: urls.returnUrl, cancel_url: urls.cancelUrl, user_action: "PAY_NOW", shipping_preference: "NO_SHIPPING" },
      },
    },
  };
}

/** Where the buyer approves: the `payer-action` link (a payment_source order) or `approve`. */
export function approveUrl(order: Pick<PayPalOrder, "links">): string | undefined {
  const links = order.links ?? [];
  return (links.find((l) => l.rel === "payer-action") ?? links.find((l) => l.rel === "approve"))?.href;
}

export interface Expected {
  orderId: string;
  amountCents: number;
  /** The payment account's email: the only payee we accept. */
  payeeEmail: string;
}

/** What a PayPal order means for ours. */
export type Judgement =
  | { state: "paid"; captureId: string; amountCents: number; payerEmail: string | null }
  | { state: "pending"; captureId: string; reason: string }
  | { state: "denied"; captureId: string | null; reason: string }
  | { state: "approved" }
  | { state: "awaiting-buyer" }
  | { state: "voided" }
  | { state: "refunded"; captureId: string; reason: string }
  | { state: "mismatch"; captureId: string | null; reason: string };

const sameEmail = (a: string | undefined, b: string) => a !== undefined && a.trim().toLowerCase() === b.trim().toLowerCase();

function moneyProblem(what: string, money: { currency_code?: string; value?: string } | undefined, cents: number): string | null {
  if (!money) return `${what} states no amount`;
  if (money.currency_code !== "USD") return `${what} is in ${money.currency_code ?? "no currency"}, not USD`;
  const got = amountToCents(money.value ?? "");
  if (got !== cents) return `${what} is ${money.value ?? "missing"}, not the order's ${centsToAmount(cents)}`;
  return null;
}

/**
 * Reads a PayPal order (from create, get or capture) against the order it should pay for. The
 * checks that make a payment ours (custom_id, amount, USD, payee) come first, for every state: a
 * PayPal order that fails them is never captured and never marks anything Paid.
 */
export function judgeOrder(order: PayPalOrder, expected: Expected): Judgement {
  const unit = order.purchase_units?.[0];
  const captures = unit?.payments?.captures ?? [];
  const capture = captures.find((c) => c.status === "COMPLETED") ?? captures[0];
  const captureId = capture?.id ?? null;
  const mismatch = (reason: string): Judgement => ({ state: "mismatch", captureId, reason });

  if (!unit) return mismatch(`PayPal order ${order.id} has no purchase unit`);
  if ((order.purchase_units?.length ?? 0) > 1) return mismatch(`PayPal order ${order.id} has ${order.purchase_units!.length} purchase units, not one`);
  if (unit.custom_id !== expected.orderId) return mismatch(`PayPal order ${order.id} is for custom_id ${unit.custom_id ?? "(none)"}, not order ${expected.orderId}`);
  if (!sameEmail(unit.payee?.email_address, expected.payeeEmail)) {
    return mismatch(`payee ${unit.payee?.email_address ?? "(not stated)"} is not our payment account ${expected.payeeEmail}`);
  }
  const unitProblem = moneyProblem("the PayPal order's amount", unit.amount, expected.amountCents);
  if (unitProblem) return mismatch(unitProblem);

  if (capture) {
    const problem = captureProblem(capture, expected);
    if (problem) return mismatch(problem);
    switch (capture.status) {
      case "COMPLETED":
        return { state: "paid", captureId: capture.id, amountCents: expected.amountCents, payerEmail: order.payer?.email_address ?? null };
      case "PENDING":
        return { state: "pending", captureId: capture.id, reason: `capture ${capture.id} is PENDING (${capture.status_details?.reason ?? "no reason given"})` };
      case "DECLINED":
      case "FAILED":
        return { state: "denied", captureId: capture.id, reason: `capture ${capture.id} is ${capture.status}` };
      case "REFUNDED":
      case "PARTIALLY_REFUNDED":
        return { state: "refunded", captureId: capture.id, reason: `capture ${capture.id} is ${capture.status} at PayPal` };
    }
  }
  switch (order.status) {
    case "APPROVED":
      return { state: "approved" };
    case "VOIDED":
      return { state: "voided" };
    case "COMPLETED":
      return mismatch(`PayPal order ${order.id} is COMPLETED but shows no capture`);
    default:
      return { state: "awaiting-buyer" };
  }
}

/** The checks a capture must pass on its own (webhook resources carry no purchase unit). */
export function captureProblem(capture: Capture, expected: Pick<Expected, "orderId" | "amountCents">): string | null {
  if (capture.custom_id !== undefined && capture.custom_id !== expected.orderId) {
    return `capture ${capture.id} is for custom_id ${capture.custom_id}, not order ${expected.orderId}`;
  }
  return moneyProblem(`capture ${capture.id}`, capture.amount, expected.amountCents);
}

/** The webhook events Rankwell acts on; others are stored and ignored. */
export const WEBHOOK_EVENTS = [
  "CHECKOUT.ORDER.APPROVED",
  "PAYMENT.CAPTURE.COMPLETED",
  "PAYMENT.CAPTURE.PENDING",
  "PAYMENT.CAPTURE.DENIED",
  "PAYMENT.CAPTURE.REFUNDED",
  "PAYMENT.CAPTURE.REVERSED",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** The facts of a webhook event, whatever its resource. */
export interface WebhookFacts {
  eventId: string;
  eventType: string;
  handled: boolean;
  /** Our order id as we gave it to PayPal (custom_id), when the resource carries it. */
  orderId: string | null;
  paypalOrderId: string | null;
  captureId: string | null;
  /** For refunds and reversals: the refund's own id. */
  refundId: string | null;
  amountCents: number | null;
  currency: string | null;
}

const str = (value: unknown): string | null => (typeof value === "string" && value.trim() ? value.trim() : null);

/** The capture id at the end of a refund's `up` link (…/v2/payments/captures/{id}). */
function parentCaptureId(links: Link[] | undefined): string | null {
  const up = links?.find((l) => l.rel === "up" && /\/captures\/[^/]+\/?$/.test(l.href ?? ""));
  return up ? decodeURIComponent(up.href.replace(/\/+$/, "").split("/").at(-1)!) : null;
}

/** Reads a webhook body (already parsed JSON); null when it is not a PayPal event at all. */
export function readWebhookEvent(body: unknown): WebhookFacts | null {
  if (!body || typeof body !== "object") return null;
  const event = body as Partial<WebhookEvent>;
  const eventId = str(event.id);
  const eventType = str(event.event_type);
  if (!eventId || !eventType || !event.resource || typeof event.resource !== "object") return null;
  const facts: WebhookFacts = {
    eventId,
    eventType,
    handled: (WEBHOOK_EVENTS as readonly string[]).includes(eventType),
    orderId: null,
    paypalOrderId: null,
    captureId: null,
    refundId: null,
    amountCents: null,
    currency: null,
  };
  const money = (m: { value?: unknown; currency_code?: unknown } | undefined) => {
    facts.amountCents = typeof m?.value === "string" ? amountToCents(m.value) : null;
    facts.currency = str(m?.currency_code);
  };
  if (eventType.startsWith("CHECKOUT.ORDER.")) {
    const order = event.resource as Partial<PayPalOrder>;
    facts.paypalOrderId = str(order.id);
    facts.orderId = str(order.purchase_units?.[0]?.custom_id);
    money(order.purchase_units?.[0]?.amount);
  } else if (eventType === "PAYMENT.CAPTURE.REFUNDED" || eventType === "PAYMENT.CAPTURE.REVERSED") {
    const refund = event.resource as Partial<Refund>;
    facts.refundId = str(refund.id);
    facts.captureId = parentCaptureId(refund.links);
    facts.orderId = str(refund.custom_id);
    money(refund.amount);
  } else if (eventType.startsWith("PAYMENT.CAPTURE.")) {
    const capture = event.resource as Partial<Capture>;
    facts.captureId = str(capture.id);
    facts.paypalOrderId = str(capture.supplementary_data?.related_ids?.order_id);
    facts.orderId = str(capture.custom_id);
    money(capture.amount);
  }
  return facts;
}

/** The `paypal-*` headers of a webhook, or the name of the first one missing. */
export function webhookHeaders(get: (name: string) => string | undefined) {
  const names = {
    transmissionId: "paypal-transmission-id",
    transmissionTime: "paypal-transmission-time",
    transmissionSig: "paypal-transmission-sig",
    certUrl: "paypal-cert-url",
    authAlgo: "paypal-auth-algo",
  } as const;
  const out: Record<string, string> = {};
  for (const [key, header] of Object.entries(names)) {
    const value = get(header)?.trim();
    if (!value) return { missing: header };
    out[key] = value.slice(0, 2000);
  }
  return { headers: out as Record<keyof typeof names, string> };
}
