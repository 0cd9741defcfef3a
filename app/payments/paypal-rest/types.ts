/**
 * The subset of PayPal's REST API (Orders v2, Payments v2 captures and refunds, Webhooks v1) that
 * Rankwell uses, as PayPal spells it on the wire. Every field PayPal may leave out is optional:
 * what we rely on is checked where it is read (rules.ts), never assumed.
 */

export interface Money {
  currency_code: string;
  value: string;
}

export interface Link {
  href: string;
  rel: string;
  method?: string;
}

export type OrderStatus = "CREATED" | "SAVED" | "APPROVED" | "VOIDED" | "COMPLETED" | "PAYER_ACTION_REQUIRED";
export type CaptureStatus = "COMPLETED" | "DECLINED" | "PARTIALLY_REFUNDED" | "PENDING" | "REFUNDED" | "FAILED";

export interface Payee {
  email_address?: string;
  merchant_id?: string;
}

/** A captured payment (`purchase_units[].payments.captures[]`, and the resource of PAYMENT.CAPTURE.* events). */
export interface Capture {
  id: string;
  status: CaptureStatus;
  status_details?: { reason?: string };
  amount?: Money;
  custom_id?: string;
  invoice_id?: string;
  final_capture?: boolean;
  payee?: Payee;
  create_time?: string;
  update_time?: string;
  links?: Link[];
  supplementary_data?: { related_ids?: { order_id?: string } };
}

/** A refund or reversal of a capture (the resource of PAYMENT.CAPTURE.REFUNDED / REVERSED). */
export interface Refund {
  id: string;
  /** COMPLETED, PENDING, CANCELLED, FAILED. */
  status?: string;
  status_details?: { reason?: string };
  amount?: Money;
  custom_id?: string;
  invoice_id?: string;
  note_to_payer?: string;
  create_time?: string;
  update_time?: string;
  links?: Link[];
}

/** POST /v2/payments/captures/{id}/refund: without an amount, all that is left of the capture. */
export interface RefundRequest {
  amount?: Money;
  note_to_payer?: string;
  custom_id?: string;
  invoice_id?: string;
}

export interface PurchaseUnit {
  reference_id?: string;
  description?: string;
  custom_id?: string;
  invoice_id?: string;
  amount?: Money;
  payee?: Payee;
  payments?: { captures?: Capture[]; refunds?: Refund[] };
}

export interface PayPalOrder {
  id: string;
  status: OrderStatus;
  intent?: "CAPTURE" | "AUTHORIZE";
  purchase_units?: PurchaseUnit[];
  payer?: { email_address?: string; payer_id?: string; name?: { given_name?: string; surname?: string } };
  create_time?: string;
  update_time?: string;
  links?: Link[];
}

export interface ExperienceContext {
  return_url: string;
  cancel_url: string;
  user_action: "PAY_NOW" | "CONTINUE";
  shipping_preference: "NO_SHIPPING" | "GET_FROM_FILE" | "SET_PROVIDED_ADDRESS";
  brand_name?: string;
}

/** POST /v2/checkout/orders */
export interface CreateOrderRequest {
  intent: "CAPTURE";
  purchase_units: {
    reference_id?: string;
    description: string;
    custom_id: string;
    invoice_id: string;
    amount: Money;
    payee: { email_address: string };
  }[];
  payment_source: { paypal: { experience_context: ExperienceContext } };
}

/** POST /v1/oauth2/token (grant_type=client_credentials) */
export interface TokenResponse {
  access_token: string;
  token_type: string;
  expires_in: number;
  app_id?: string;
  scope?: string;
}

/** A webhook event as PayPal posts it. */
export interface WebhookEvent<R = Record<string, unknown>> {
  id: string;
  event_type: string;
  event_version?: string;
  create_time?: string;
  resource_type?: string;
  resource_version?: string;
  summary?: string;
  resource: R;
  links?: Link[];
}

/** The headers PayPal sends with a webhook, which verify-webhook-signature needs back. */
export interface WebhookHeaders {
  transmissionId: string;
  transmissionTime: string;
  transmissionSig: string;
  certUrl: string;
  authAlgo: string;
}

/** An error answer: `name` is PayPal's issue name (ORDER_ALREADY_CAPTURED, RESOURCE_NOT_FOUND, …). */
export interface ErrorBody {
  name?: string;
  message?: string;
  debug_id?: string;
  details?: { issue?: string; description?: string; field?: string }[];
  error?: string;
  error_description?: string;
}
