import type { Selectable } from "kysely";
import type { PaymentEventsTable } from "../db/tables.ts";
import type { OrderRow } from "../orders/orders.server.ts";

/**
 * What Rankwell needs from a way of taking payments. Two implement it: PayPal Checkout on the
 * Orders v2 REST API (paypal-rest/checkout.server.ts, the default) and PayPal Payments Standard
 * (`_xclick` form post + IPN, paypal-standard/checkout.server.ts), kept for merchants still on it. The
 * rules that hold for both (which payment may mark which order Paid, refunds) are in
 * record.server.ts; storing and retrying notifications is in events.server.ts.
 */

export const PROVIDERS = ["paypal-orders", "paypal-standard"] as const;
export type ProviderName = (typeof PROVIDERS)[number];

/** A form the browser posts to the provider's hosted checkout: hidden fields and one button. */
export interface CheckoutForm {
  action: string;
  fields: [name: string, value: string][];
}

/** Pay Now: where the buyer goes next. */
export type CheckoutStart =
  | { kind: "redirect"; url: string }
  | { kind: "form"; form: CheckoutForm }
  /** Taking payment is not possible right now; `reason` is for the customer. */
  | { kind: "unavailable"; reason: string };

/** What became of a notification, a return or a reconciliation: stored in payment_events. */
export interface Outcome {
  /**
   * paid, pending (PayPal still processing), denied, waiting (the buyer has not approved yet),
   * voided, mismatch (amount, currency, order id or payee differ), rejected (not for us, forged,
   * duplicate payment), refunded, partially-refunded, reversed, reversal-cancelled, ignored.
   */
  outcome: string;
  reason: string;
  /** A person must look at it (admin, Payments, "Needs attention"). */
  attention?: boolean;
  /** Verification says PayPal did not send this: its dedupe key is freed for the genuine one. */
  forged?: boolean;
  orderId?: string | null;
  reference?: string | null;
  amountCents?: number | null;
  currency?: string | null;
}

export type PaymentEvent = Selectable<PaymentEventsTable>;

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Pay Now for an UnPaid order. */
  startCheckout(order: OrderRow): Promise<CheckoutStart>;
  /** The buyer is back on the return page: ask the provider (never the browser) what happened; null when it has nothing to ask. */
  confirmReturn(order: OrderRow, params: URLSearchParams): Promise<Outcome | null>;
  /** A stored notification: verified with the provider, then applied. Throws PayPalUnavailable to be tried again later. */
  processEvent(event: PaymentEvent): Promise<Outcome>;
  /** Asks the provider about an unsettled order; null when there is nothing to ask. */
  reconcile(order: OrderRow): Promise<Outcome | null>;
}
