/**
 * What Rankwell needs from a payment provider: the hosted-checkout form for an order, and the
 * reading and verifying of the provider's payment notifications. The business rules (which
 * notification may mark which order Paid) live in payments.server.ts and hold for every provider.
 * Today there is one: PayPal Payments Standard (`_xclick` form post + IPN).
 */

export interface CheckoutRequest {
  orderId: string;
  planId: string;
  packageName: string;
  amountCents: number;
  currency: "USD";
  /** The account that receives the money (the payment account's email). */
  receiverEmail: string;
  /** Where the provider sends the browser after paying, after cancelling, and its notifications. */
  returnUrl: string;
  cancelUrl: string;
  notifyUrl: string;
}

/** A form the browser posts to the provider's hosted checkout: hidden fields and one button. */
export interface CheckoutForm {
  action: string;
  fields: [name: string, value: string][];
}

/** A payment notification in provider-neutral terms. */
export interface PaymentNotice {
  /** Our order id, as we handed it to the provider. */
  orderId: string | null;
  /** The provider's transaction id: a payment is recorded once per transaction. */
  txnId: string | null;
  /** True only for a completed payment (money received). */
  completed: boolean;
  /** The provider's own status word, for the log. */
  status: string;
  receiverEmail: string | null;
  /** null when the amount is missing or not a plain amount. */
  amountCents: number | null;
  currency: string | null;
  payerEmail: string | null;
}

export type Verification = { verified: true } | { verified: false; reason: string; retryable?: boolean };

export interface PaymentProvider {
  /** Short name stored with each payment ("paypal"). */
  readonly name: string;
  /** The hosted-checkout form for an order. */
  checkoutForm(request: CheckoutRequest): CheckoutForm;
  /** Reads a notification exactly as received. */
  readNotification(raw: Buffer): PaymentNotice;
  /** Asks the provider whether it really sent this notification (exactly as received). */
  verifyNotification(raw: Buffer): Promise<Verification>;
}
