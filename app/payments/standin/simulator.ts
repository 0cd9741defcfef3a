import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { amountToCents, centsToAmount } from "../../shared/money.ts";
import type { Capture, CreateOrderRequest, PayPalOrder, Refund, RefundRequest, WebhookEvent } from "../paypal-rest/types.ts";

/**
 * PayPal's REST protocol as far as Rankwell uses it (OAuth token, Orders v2 create / get /
 * capture, verify-webhook-signature, the buyer's approval, and the webhooks those send), with
 * PayPal's semantics: `PayPal-Request-Id` makes a create or a capture answer the first call's
 * result, a capture happens once (ORDER_ALREADY_CAPTURED after), only an APPROVED order can be
 * captured (ORDER_NOT_APPROVED), an expired token answers 401. Payments v2 refunds of a capture,
 * whole or in parts, never more than is left (REFUND_AMOUNT_EXCEEDED), once per PayPal-Request-Id.
 *
 * HTTP-agnostic and storage-agnostic: the local stand-in (PAYPAL_MODE=standin) serves it from the
 * database, so several server processes agree; the integration tests serve it from memory with
 * faults scripted around it (tests/setup/paypal-scripted.ts). No money moves in either.
 */

export interface SimOrderRecord {
  id: string;
  status: PayPalOrder["status"];
  createRequestId: string | null;
  captureRequestId: string | null;
  returnUrl: string;
  cancelUrl: string;
  /** The order as PayPal shows it, without links (they are made per answer). */
  order: PayPalOrder;
  createdAt: string;
  updatedAt: string;
}

export interface SimStore {
  get(id: string): Promise<SimOrderRecord | undefined>;
  findByCreateRequestId(requestId: string): Promise<SimOrderRecord | undefined>;
  /** The order whose capture this is. */
  findByCaptureId(captureId: string): Promise<SimOrderRecord | undefined>;
  /** Adds the record; when its create request id is already taken, answers the record that has it. */
  insert(record: SimOrderRecord): Promise<SimOrderRecord>;
  /** Writes `record` only if the stored status is still `from` (and, given, its updatedAt still `since`); false when not. */
  update(record: SimOrderRecord, from: readonly SimOrderRecord["status"][], since?: string): Promise<boolean>;
}

export interface SimTokens {
  issue(clientId: string, clientSecret: string): Promise<{ token: string; expiresIn: number } | null>;
  valid(token: string): Promise<boolean>;
}

export interface SimOptions {
  store: SimStore;
  tokens: SimTokens;
  /** Signs and checks webhooks: HMAC over what PayPal signs (transmission id, time, webhook id, body digest). */
  webhookSecret: string;
  /** The webhook id that verify-webhook-signature accepts. */
  webhookId: string;
  /** Base of this API as the client calls it, for links (…/v2/checkout/orders/{id}). */
  apiBase: string;
  /** The buyer's approval page for a PayPal order id. */
  approvePageUrl(id: string): string;
  /** Return and cancel URLs must satisfy this (the stand-in allows only its own site). */
  allowReturnUrl?(url: string): boolean;
  /** A capture's outcome (default COMPLETED); tests script PENDING or DECLINED. */
  captureOutcome?(record: SimOrderRecord): Capture["status"];
  /** Called with each webhook event PayPal would now send. */
  onEvent?(event: WebhookEvent): Promise<void> | void;
  now?: () => Date;
}

export interface SimRequest {
  method: string;
  /** The path below the API base, e.g. /v2/checkout/orders/ABC/capture */
  path: string;
  header(name: string): string | undefined;
  body: string;
}

export interface SimResponse {
  status: number;
  body: unknown;
}

const code = (length: number) => {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789";
  return Array.from(randomBytes(length), (b) => alphabet[b % alphabet.length]).join("");
};

const error = (status: number, name: string, issue: string, description: string): SimResponse => ({
  status,
  body: { name, message: description, debug_id: code(13).toLowerCase(), details: [{ issue, description }] },
});

const notFound = (what: string) => error(404, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", `Specified resource ID does not exist: ${what}`);
const invalid = (description: string) => error(400, "INVALID_REQUEST", "INVALID_PARAMETER_VALUE", description);

const digest = (text: string) => createHash("sha256").update(text).digest("hex");

/** What the simulator signs for a webhook: the same four parts PayPal's signature covers. */
export function signTransmission(secret: string, parts: { transmissionId: string; transmissionTime: string; webhookId: string; body: string }): string {
  return createHmac("sha256", secret).update(`${parts.transmissionId}|${parts.transmissionTime}|${parts.webhookId}|${digest(parts.body)}`).digest("base64");
}

/** The headers PayPal sends with a webhook, signed for `body`. */
export function webhookRequestHeaders(secret: string, webhookId: string, body: string, certBase: string, transmissionId = `${code(8)}-${code(4)}-${code(12)}`) {
  const transmissionTime = new Date().toISOString();
  return {
    "Content-Type": "application/json",
    "PayPal-Transmission-Id": transmissionId,
    "PayPal-Transmission-Time": transmissionTime,
    "PayPal-Transmission-Sig": signTransmission(secret, { transmissionId, transmissionTime, webhookId, body }),
    "PayPal-Cert-Url": `${certBase}/v1/notifications/certs/standin`,
    "PayPal-Auth-Algo": "SHA256withHMAC",
  };
}

const sameSig = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

/** A refund as the simulator keeps it: with the PayPal-Request-Id it was made with (never shown). */
type StoredRefund = Refund & { paypal_request_id?: string | null };

const publicRefund = ({ paypal_request_id: _requestId, ...refund }: StoredRefund): Refund => refund;

export function createSimulator(options: SimOptions) {
  const now = options.now ?? (() => new Date());
  const api = options.apiBase.replace(/\/+$/, "");

  /** The order with the links PayPal adds for its current status. */
  function view(record: SimOrderRecord): PayPalOrder {
    const self = `${api}/v2/checkout/orders/${record.id}`;
    const links = [{ href: self, rel: "self", method: "GET" }];
    if (record.status === "PAYER_ACTION_REQUIRED" || record.status === "CREATED") {
      links.push({ href: options.approvePageUrl(record.id), rel: "payer-action", method: "GET" });
    }
    if (record.status === "APPROVED") links.push({ href: `${self}/capture`, rel: "capture", method: "POST" });
    const units = record.order.purchase_units?.map((unit) =>
      unit.payments?.refunds ? { ...unit, payments: { ...unit.payments, refunds: unit.payments.refunds.map(publicRefund) } } : unit,
    );
    return { ...record.order, ...(units ? { purchase_units: units } : {}), status: record.status, links };
  }

  async function emit(eventType: string, resourceType: string, resource: object, summary: string) {
    if (!options.onEvent) return;
    await options.onEvent({
      id: `WH-${code(17)}-${code(17)}`,
      event_version: "1.0",
      create_time: now().toISOString(),
      resource_type: resourceType,
      resource_version: "2.0",
      event_type: eventType,
      summary,
      resource: resource as Record<string, unknown>,
      links: [],
    });
  }

  function readJson(body: string): unknown {
    try {
      return body ? JSON.parse(body) : {};
    } catch {
      return undefined;
    }
  }

  async function token(request: SimRequest): Promise<SimResponse> {
    const auth = request.header("authorization") ?? "";
    const [id = "", secret = ""] = auth.startsWith("Basic ") ? Buffer.from(auth.slice(6), "base64").toString("utf8").split(/:(.*)/s) : [];
    if (new URLSearchParams(request.body).get("grant_type") !== "client_credentials") {
      return { status: 400, body: { error: "unsupported_grant_type", error_description: "Grant Type is NULL or not client_credentials" } };
    }
    const issued = await options.tokens.issue(id, secret);
    if (!issued) return { status: 401, body: { error: "invalid_client", error_description: "Client Authentication failed" } };
    return {
      status: 200,
      body: { scope: "https://uri.paypal.com/services/payments/payment", access_token: issued.token, token_type: "Bearer", app_id: "APP-STANDIN", expires_in: issued.expiresIn, nonce: code(20) },
    };
  }

  async function create(request: SimRequest): Promise<SimResponse> {
    const requestId = request.header("paypal-request-id")?.trim() || null;
    if (requestId) {
      const earlier = await options.store.findByCreateRequestId(requestId);
      if (earlier) return { status: 200, body: view(earlier) };
    }
    const body = readJson(request.body) as Partial<CreateOrderRequest> | undefined;
    if (!body) return error(400, "INVALID_REQUEST", "MALFORMED_REQUEST_JSON", "The request JSON is not well formed.");
    if (body.intent !== "CAPTURE") return invalid("intent must be CAPTURE (the only intent this PayPal stand-in serves)");
    const unit = body.purchase_units?.[0];
    if (!unit || body.purchase_units!.length !== 1) return invalid("purchase_units must hold exactly one purchase unit");
    if (!unit.amount || unit.amount.currency_code !== "USD" || amountToCents(unit.amount.value ?? "") === null) {
      return invalid("purchase_units[0].amount must be a USD amount such as 149.99");
    }
    const context = body.payment_source?.paypal?.experience_context;
    const returnUrl = context?.return_url ?? "";
    const cancelUrl = context?.cancel_url ?? "";
    for (const [name, url] of [["return_url", returnUrl], ["cancel_url", cancelUrl]] as const) {
      if (!/^https?:\/\//.test(url) || (options.allowReturnUrl && !options.allowReturnUrl(url))) {
        return invalid(`payment_source.paypal.experience_context.${name} is missing or not allowed here`);
      }
    }
    const at = now().toISOString();
    const id = code(17);
    const record: SimOrderRecord = {
      id,
      status: "PAYER_ACTION_REQUIRED",
      createRequestId: requestId,
      captureRequestId: null,
      returnUrl,
      cancelUrl,
      createdAt: at,
      updatedAt: at,
      order: {
        id,
        intent: "CAPTURE",
        status: "PAYER_ACTION_REQUIRED",
        purchase_units: [
          {
            reference_id: unit.reference_id ?? "default",
            description: unit.description,
            custom_id: unit.custom_id,
            invoice_id: unit.invoice_id,
            amount: { currency_code: "USD", value: unit.amount.value },
            payee: { email_address: unit.payee?.email_address ?? "merchant@paypal-standin.test", merchant_id: "STANDINMERCHANT" },
          },
        ],
        create_time: at,
        update_time: at,
      },
    };
    // Two creates with one request id at the same moment: the store lets one through.
    const stored = await options.store.insert(record);
    return { status: stored.id === id ? 201 : 200, body: view(stored) };
  }

  async function capture(id: string, request: SimRequest): Promise<SimResponse> {
    const requestId = request.header("paypal-request-id")?.trim() || null;
    for (let tries = 0; tries < 3; tries++) {
      const record = await options.store.get(id);
      if (!record) return notFound(id);
      if (record.captureRequestId && requestId === record.captureRequestId) return { status: 201, body: view(record) };
      if (record.status === "COMPLETED") return error(422, "UNPROCESSABLE_ENTITY", "ORDER_ALREADY_CAPTURED", "Order already captured. If 'intent=CAPTURE' only one capture per order is allowed.");
      if (record.status !== "APPROVED") return error(422, "UNPROCESSABLE_ENTITY", "ORDER_NOT_APPROVED", "Payer has not yet approved the Order for payment.");
      const at = now().toISOString();
      const unit = record.order.purchase_units![0]!;
      const captureId = code(17);
      const captured: Capture = {
        id: captureId,
        status: options.captureOutcome?.(record) ?? "COMPLETED",
        amount: unit.amount,
        custom_id: unit.custom_id,
        invoice_id: unit.invoice_id,
        final_capture: true,
        create_time: at,
        update_time: at,
        links: [
          { href: `${api}/v2/payments/captures/${captureId}`, rel: "self", method: "GET" },
          { href: `${api}/v2/checkout/orders/${id}`, rel: "up", method: "GET" },
        ],
      };
      if (captured.status === "PENDING") captured.status_details = { reason: "PENDING_REVIEW" };
      const next: SimOrderRecord = {
        ...record,
        status: "COMPLETED",
        captureRequestId: requestId,
        updatedAt: at,
        order: { ...record.order, status: "COMPLETED", update_time: at, purchase_units: [{ ...unit, payments: { captures: [captured] } }] },
      };
      if (!(await options.store.update(next, ["APPROVED"]))) continue; // captured by a concurrent call: answer as it decided
      const suffix = captured.status === "DECLINED" ? "DENIED" : captured.status;
      await emit(`PAYMENT.CAPTURE.${suffix}`, "capture", { ...captured, payee: unit.payee, supplementary_data: { related_ids: { order_id: id } } }, `Payment ${suffix.toLowerCase()} for $ ${unit.amount?.value} USD`);
      return { status: 201, body: view(next) };
    }
    return error(503, "SERVICE_UNAVAILABLE", "SERVICE_UNAVAILABLE", "Try again.");
  }

  async function refund(captureId: string, request: SimRequest): Promise<SimResponse> {
    const requestId = request.header("paypal-request-id")?.trim() || null;
    const body = readJson(request.body) as RefundRequest | undefined;
    if (!body) return error(400, "INVALID_REQUEST", "MALFORMED_REQUEST_JSON", "The request JSON is not well formed.");
    for (let tries = 0; tries < 5; tries++) {
      const record = await options.store.findByCaptureId(captureId);
      const unit = record?.order.purchase_units?.[0];
      const captured = unit?.payments?.captures?.find((c) => c.id === captureId);
      if (!record || !unit || !captured) return notFound(captureId);
      const refunds = (unit.payments!.refunds ?? []) as StoredRefund[];
      const again = requestId ? refunds.find((r) => r.paypal_request_id === requestId) : undefined;
      if (again) return { status: 201, body: publicRefund(again) };
      if (!["COMPLETED", "PARTIALLY_REFUNDED"].includes(captured.status)) {
        return error(422, "UNPROCESSABLE_ENTITY", captured.status === "REFUNDED" ? "CAPTURE_FULLY_REFUNDED" : "REFUND_NOT_ALLOWED", `Capture ${captureId} is ${captured.status}: it cannot be refunded.`);
      }
      const capturedCents = amountToCents(captured.amount?.value ?? "") ?? 0;
      const left = capturedCents - refunds.reduce((sum, r) => sum + (amountToCents(r.amount?.value ?? "") ?? 0), 0);
      let cents = left;
      if (body.amount) {
        const asked = amountToCents(body.amount.value ?? "");
        if (body.amount.currency_code !== "USD" || asked === null || asked <= 0) return invalid("amount must be a positive USD amount such as 49.99");
        cents = asked;
      }
      if (cents > left) return error(422, "UNPROCESSABLE_ENTITY", "REFUND_AMOUNT_EXCEEDED", "The refund amount must be less than or equal to the capture amount that has not yet been refunded.");
      const at = now().toISOString();
      const id = code(17);
      const made: StoredRefund = {
        id,
        status: "COMPLETED",
        amount: { currency_code: "USD", value: centsToAmount(cents) },
        note_to_payer: body.note_to_payer,
        custom_id: captured.custom_id,
        invoice_id: captured.invoice_id,
        create_time: at,
        update_time: at,
        links: [
          { href: `${api}/v2/payments/refunds/${id}`, rel: "self", method: "GET" },
          { href: `${api}/v2/payments/captures/${captureId}`, rel: "up", method: "GET" },
        ],
        paypal_request_id: requestId,
      };
      const capture: Capture = { ...captured, status: cents === left ? "REFUNDED" : "PARTIALLY_REFUNDED", update_time: at };
      const next: SimOrderRecord = {
        ...record,
        updatedAt: at,
        order: { ...record.order, update_time: at, purchase_units: [{ ...unit, payments: { captures: [capture], refunds: [...refunds, made] } }] },
      };
      if (!(await options.store.update(next, [record.status], record.updatedAt))) continue; // another refund of it meanwhile: look again
      await emit("PAYMENT.CAPTURE.REFUNDED", "refund", publicRefund(made), `A $ ${made.amount!.value} USD capture payment was refunded`);
      return { status: 201, body: publicRefund(made) };
    }
    return error(503, "SERVICE_UNAVAILABLE", "SERVICE_UNAVAILABLE", "Try again.");
  }

  async function verify(request: SimRequest): Promise<SimResponse> {
    const body = readJson(request.body) as Record<string, unknown> | undefined;
    if (!body) return error(400, "INVALID_REQUEST", "MALFORMED_REQUEST_JSON", "The request JSON is not well formed.");
    const fields = ["auth_algo", "cert_url", "transmission_id", "transmission_sig", "transmission_time", "webhook_id"] as const;
    for (const field of fields) if (typeof body[field] !== "string" || !body[field]) return invalid(`${field} is required`);
    if (!body.webhook_event || typeof body.webhook_event !== "object") return invalid("webhook_event is required");
    const expected = signTransmission(options.webhookSecret, {
      transmissionId: body.transmission_id as string,
      transmissionTime: body.transmission_time as string,
      webhookId: body.webhook_id as string,
      body: JSON.stringify(body.webhook_event),
    });
    const ok = body.webhook_id === options.webhookId && String(body.cert_url).startsWith(`${api}/`) && sameSig(expected, body.transmission_sig as string);
    return { status: 200, body: { verification_status: ok ? "SUCCESS" : "FAILURE" } };
  }

  return {
    view,

    /** Serves one API request; `path` is below the API base. */
    async handle(request: SimRequest): Promise<SimResponse> {
      const path = request.path.replace(/\/+$/, "") || "/";
      if (request.method === "POST" && path === "/v1/oauth2/token") return token(request);
      const auth = request.header("authorization") ?? "";
      if (!auth.startsWith("Bearer ") || !(await options.tokens.valid(auth.slice(7)))) {
        return { status: 401, body: { error: "invalid_token", error_description: "Token signature verification failed" } };
      }
      if (request.method === "POST" && path === "/v2/checkout/orders") return create(request);
      if (request.method === "POST" && path === "/v1/notifications/verify-webhook-signature") return verify(request);
      const order = /^\/v2\/checkout\/orders\/([A-Za-z0-9-]{1,36})(\/capture)?$/.exec(path);
      if (order && request.method === "GET" && !order[2]) {
        const record = await options.store.get(order[1]!);
        return record ? { status: 200, body: view(record) } : notFound(order[1]!);
      }
      if (order && request.method === "POST" && order[2]) return capture(order[1]!, request);
      const refunding = /^\/v2\/payments\/captures\/([A-Za-z0-9-]{1,36})\/refund$/.exec(path);
      if (refunding && request.method === "POST") return refund(refunding[1]!, request);
      return error(404, "NOT_FOUND", "NOT_FOUND", `No ${request.method} ${path} in this PayPal stand-in`);
    },

    /** The buyer's Pay: the order becomes APPROVED and the browser goes to return_url with token and PayerID. */
    async approve(id: string): Promise<string | undefined> {
      const record = await options.store.get(id);
      if (!record) return undefined;
      const payerId = "STANDINBUYER01";
      const back = new URL(record.returnUrl);
      back.searchParams.set("token", id);
      back.searchParams.set("PayerID", payerId);
      if (record.status !== "PAYER_ACTION_REQUIRED" && record.status !== "CREATED") return back.toString();
      const at = now().toISOString();
      const next: SimOrderRecord = {
        ...record,
        status: "APPROVED",
        updatedAt: at,
        order: {
          ...record.order,
          status: "APPROVED",
          update_time: at,
          payer: { email_address: "buyer@paypal-standin.test", payer_id: payerId, name: { given_name: "Test", surname: "Buyer" } },
        },
      };
      if (await options.store.update(next, ["PAYER_ACTION_REQUIRED", "CREATED"])) {
        await emit("CHECKOUT.ORDER.APPROVED", "checkout-order", view(next), "An order has been approved by buyer");
      }
      return back.toString();
    },

    /** The buyer's Cancel: nothing changes at PayPal; the browser goes to cancel_url with token. */
    async cancel(id: string): Promise<string | undefined> {
      const record = await options.store.get(id);
      if (!record) return undefined;
      const back = new URL(record.cancelUrl);
      back.searchParams.set("token", id);
      return back.toString();
    },
  };
}

export type Simulator = ReturnType<typeof createSimulator>;
