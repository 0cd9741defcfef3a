import type { CreateOrderRequest, ErrorBody, PayPalOrder, Refund, RefundRequest, TokenResponse, WebhookHeaders } from "./types.ts";

/**
 * A small typed client for the part of PayPal's REST API that Rankwell uses: OAuth client
 * credentials, Orders v2 (create, get, capture), Payments v2 refunds and webhook signature verification. Written over
 * `fetch` because PayPal's own server SDK cannot be pointed at any address but PayPal's two
 * (docs/decisions/0011-paypal-checkout-rest.md), and the stand-in and the tests need that.
 *
 * - The access token is cached until shortly before it expires, fetched once however many calls
 *   wait for it, and fetched anew when PayPal answers 401 (the call is then made once more).
 * - Calls that cannot do anything twice (reads, and POSTs that carry a `PayPal-Request-Id`, which
 *   PayPal answers with the first call's result) are tried again on network errors, timeouts,
 *   429 and 5xx, a few times with short waits. What still fails is a `PayPalUnavailable`: the
 *   caller keeps its work in the database and tries later (jobs, reconciliation).
 * - Any other answer is a `PayPalApiError` carrying PayPal's issue name (ORDER_NOT_APPROVED, …).
 */

export interface PayPalClientOptions {
  /** https://api-m.paypal.com, https://api-m.sandbox.paypal.com, the stand-in, or a test server. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  fetch?: typeof fetch;
  /** Per request (default 20 s). */
  timeoutMs?: number;
  /** Waits before the 2nd, 3rd, … try of a call that may be repeated (default 250 ms, 1 s). */
  retryDelaysMs?: number[];
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** PayPal could not be reached or answered 429/5xx: nothing is known about the outcome. */
export class PayPalUnavailable extends Error {
  readonly retryable = true;
}

/** PayPal answered, and said no. */
export class PayPalApiError extends Error {
  readonly status: number;
  /** PayPal's issue (details[0].issue) or error name, e.g. ORDER_ALREADY_CAPTURED. */
  readonly issue: string;
  readonly debugId?: string;
  /** PayPal's words for the issue (details[0].description, else its message). */
  readonly description?: string;
  constructor(status: number, body: ErrorBody | undefined, what: string) {
    const issue = body?.details?.[0]?.issue ?? body?.name ?? body?.error ?? `HTTP_${status}`;
    super(`PayPal refused ${what}: HTTP ${status} ${issue}${body?.message ? ` (${body.message})` : ""}`);
    this.status = status;
    this.issue = issue;
    this.debugId = body?.debug_id;
    this.description = body?.details?.[0]?.description ?? body?.message;
  }
}

export interface PayPalClient {
  createOrder(body: CreateOrderRequest, requestId: string): Promise<PayPalOrder>;
  getOrder(id: string): Promise<PayPalOrder>;
  captureOrder(id: string, requestId: string): Promise<PayPalOrder>;
  /** Payments v2: refunds all or part of a capture; the same `requestId` answers the first refund again. */
  refundCapture(captureId: string, body: RefundRequest, requestId: string): Promise<Refund>;
  /** True only when PayPal answers SUCCESS for this event (its raw JSON text) and headers. */
  verifyWebhookSignature(webhookId: string, headers: WebhookHeaders, rawEvent: string): Promise<boolean>;
}

/** Refresh this long before PayPal's stated expiry, so a token never runs out mid-call. */
const TOKEN_EARLY_MS = 60_000;

export function createPayPalClient(options: PayPalClientOptions): PayPalClient {
  const base = options.baseUrl.replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 20_000;
  const retryDelays = options.retryDelaysMs ?? [250, 1000];
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));
  let token: { value: string; expiresAt: number } | undefined;
  let pending: Promise<string> | undefined;

  async function send(url: string, init: RequestInit, what: string): Promise<Response> {
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const reason = error instanceof Error ? (error.name === "TimeoutError" ? `no answer within ${timeoutMs} ms` : error.message) : String(error);
      throw new PayPalUnavailable(`could not reach PayPal for ${what}: ${reason}`);
    }
  }

  async function fetchToken(): Promise<string> {
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString("base64");
    const response = await send(
      `${base}/v1/oauth2/token`,
      {
        method: "POST",
        headers: { Authorization: `Basic ${basic}`, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
        body: "grant_type=client_credentials",
      },
      "an access token",
    );
    const body = await readJson<TokenResponse & ErrorBody>(response);
    if (response.status === 429 || response.status >= 500) throw new PayPalUnavailable(`PayPal answered HTTP ${response.status} for an access token`);
    if (!response.ok || !body?.access_token) throw new PayPalApiError(response.status, body, "the client id and secret (PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET)");
    const lifetimeMs = Math.max(0, Number(body.expires_in) || 0) * 1000;
    token = { value: body.access_token, expiresAt: now() + lifetimeMs - Math.min(TOKEN_EARLY_MS, lifetimeMs / 2) };
    return body.access_token;
  }

  async function accessToken(): Promise<string> {
    if (token && now() < token.expiresAt) return token.value;
    // Calls that arrive while a token is being fetched wait for the same one.
    pending ??= fetchToken().finally(() => (pending = undefined));
    return pending;
  }

  /**
   * One API call with a bearer token: fetched anew on a 401 (then tried once more), and, when
   * `repeatable`, tried again after network errors, 429 and 5xx.
   */
  async function call<T>(method: "GET" | "POST", path: string, what: string, init: { body?: string; requestId?: string; repeatable: boolean }): Promise<T> {
    let lastUnavailable: PayPalUnavailable | undefined;
    const tries = init.repeatable ? retryDelays.length + 1 : 1;
    for (let attempt = 0; attempt < tries; attempt++) {
      if (attempt > 0) await sleep(retryDelays[attempt - 1]!);
      try {
        let bearer = await accessToken();
        let response = await request(method, path, what, bearer, init);
        if (response.status === 401) {
          // Expired or revoked before we thought: forget it, take a new one, try once more.
          if (token?.value === bearer) token = undefined;
          bearer = await accessToken();
          response = await request(method, path, what, bearer, init);
        }
        const body = await readJson<T & ErrorBody>(response);
        if (response.status === 429 || response.status >= 500) throw new PayPalUnavailable(`PayPal answered HTTP ${response.status} for ${what}`);
        if (!response.ok) throw new PayPalApiError(response.status, body, what);
        // A 2xx whose body did not arrive whole: it happened, but we do not know what it says.
        if (body === undefined) throw new PayPalUnavailable(`PayPal's answer for ${what} could not be read`);
        return body;
      } catch (error) {
        if (!(error instanceof PayPalUnavailable)) throw error;
        lastUnavailable = error;
      }
    }
    throw lastUnavailable!;
  }

  function request(method: string, path: string, what: string, bearer: string, init: { body?: string; requestId?: string }) {
    const headers: Record<string, string> = { Authorization: `Bearer ${bearer}`, Accept: "application/json" };
    if (init.body !== undefined) headers["Content-Type"] = "application/json";
    if (init.requestId) headers["PayPal-Request-Id"] = init.requestId;
    // The whole order back (payee, captures), not the minimal answer.
    if (method === "POST") headers.Prefer = "return=representation";
    return send(`${base}${path}`, { method, headers, body: init.body }, what);
  }

  return {
    createOrder: (body, requestId) =>
      call<PayPalOrder>("POST", "/v2/checkout/orders", "creating the order", { body: JSON.stringify(body), requestId, repeatable: true }),

    getOrder: (id) => call<PayPalOrder>("GET", `/v2/checkout/orders/${encodeURIComponent(id)}`, `order ${id}`, { repeatable: true }),

    captureOrder: (id, requestId) =>
      call<PayPalOrder>("POST", `/v2/checkout/orders/${encodeURIComponent(id)}/capture`, `capturing order ${id}`, { body: "{}", requestId, repeatable: true }),

    refundCapture: (captureId, body, requestId) =>
      call<Refund>("POST", `/v2/payments/captures/${encodeURIComponent(captureId)}/refund`, `refunding capture ${captureId}`, { body: JSON.stringify(body), requestId, repeatable: true }),

    async verifyWebhookSignature(webhookId, headers, rawEvent) {
      // The event goes back exactly as received: re-serialising it could change what was signed.
      const body =
        `{"auth_algo":${JSON.stringify(headers.authAlgo)},"cert_url":${JSON.stringify(headers.certUrl)},` +
        `"transmission_id":${JSON.stringify(headers.transmissionId)},"transmission_sig":${JSON.stringify(headers.transmissionSig)},` +
        `"transmission_time":${JSON.stringify(headers.transmissionTime)},"webhook_id":${JSON.stringify(webhookId)},"webhook_event":${rawEvent}}`;
      const answer = await call<{ verification_status?: string }>("POST", "/v1/notifications/verify-webhook-signature", "verifying a webhook", {
        body,
        repeatable: true,
      });
      return answer.verification_status === "SUCCESS";
    },
  };
}

async function readJson<T>(response: Response): Promise<T | undefined> {
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw new PayPalUnavailable(`PayPal's answer was cut off: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!text) return undefined;
  try {
    return JSON.parse(text) as T;
  } catch {
    return undefined;
  }
}
