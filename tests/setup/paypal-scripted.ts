import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { createSimulator, type SimOrderRecord, webhookRequestHeaders } from "../../app/payments/standin/simulator.ts";
import type { Capture, PayPalOrder, WebhookEvent } from "../../app/payments/paypal-rest/types.ts";

/**
 * A scripted PayPal REST API for integration tests, over real HTTP on 127.0.0.1: PayPal's
 * protocol and semantics (app/payments/standin/simulator.ts) in memory, plus what a test
 * needs to make PayPal misbehave: answer 5xx before doing anything, do the work and then lose
 * the answer (the connection drops), expire every token, capture as PENDING or DECLINED, change
 * what an order says (payee, amount), and send signed or forged webhooks when the test says so.
 */

export interface Fault {
  method?: string;
  path: RegExp;
  times: number;
}

export interface ScriptedPayPal {
  url: string;
  clientId: string;
  clientSecret: string;
  webhookId: string;
  /** Every request received, in order. */
  requests: { method: string; path: string; requestId: string | null; status: number | "dropped" }[];
  /** Webhook events PayPal would send, oldest first (delivered only by `deliver`). */
  events: WebhookEvent[];
  /** Captures that really happened (replays of a PayPal-Request-Id do not count). */
  captures(): number;
  /** Refunds that really happened (replays of a PayPal-Request-Id do not count). */
  refunds(): number;
  tokensIssued(): number;
  /** Lifetime of tokens issued from now on. */
  tokenLifetimeSeconds: number;
  /** Every token issued so far answers 401 from now on. */
  expireTokens(): void;
  /** The next `times` matching requests answer `status` without being processed. */
  failNext(fault: Omit<Fault, "times"> & { times?: number }, status?: number): void;
  /** The next `times` matching requests are processed, then the connection drops without an answer. */
  loseAnswer(fault: Omit<Fault, "times"> & { times?: number }): void;
  /** The next `times` matching requests are refused as PayPal refuses: `status` with its issue and description. */
  refuseNext(fault: Omit<Fault, "times"> & { times?: number }, status: number, issue: string, description: string): void;
  /** Forgets the failures and losses not used up yet: PayPal answers normally again. */
  clearFaults(): void;
  captureOutcome: Capture["status"];
  /** Every answer waits this long first (a slow PayPal: work that calls it is caught mid-run). */
  latencyMs: number;
  /** The buyer approves on PayPal; answers where PayPal sends the browser. */
  approve(orderId: string): Promise<string | undefined>;
  /** Changes what PayPal says about an order from now on. */
  tamper(orderId: string, change: (order: PayPalOrder) => void): void;
  order(orderId: string): PayPalOrder | undefined;
  /** The latest event of a type (optionally for a PayPal order id). */
  event(type: string, paypalOrderId?: string): WebhookEvent | undefined;
  /** Posts an event to `url` as PayPal does, signed; `forged` signs it with the wrong key. */
  deliver(url: string, event: WebhookEvent, options?: { forged?: boolean }): Promise<number>;
  close(): Promise<void>;
}

export async function startScriptedPayPal(): Promise<ScriptedPayPal> {
  const orders = new Map<string, SimOrderRecord>();
  const tokens = new Map<string, number>();
  const failures: (Fault & { status: number; body?: unknown })[] = [];
  const losses: Fault[] = [];
  const webhookSecret = randomBytes(16).toString("hex");
  let captureCount = 0;
  let refundCount = 0;
  let url = "";

  const server: Server = createServer((req, res) => void serve(req, res));
  await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const scripted: ScriptedPayPal = {
    url,
    clientId: "test-client-id",
    clientSecret: "test-client-secret",
    webhookId: "WHTEST0123456789",
    requests: [],
    events: [],
    captures: () => captureCount,
    refunds: () => refundCount,
    tokensIssued: () => tokens.size,
    tokenLifetimeSeconds: 32400,
    expireTokens() {
      for (const key of tokens.keys()) tokens.set(key, 0);
    },
    failNext(fault, status = 500) {
      failures.push({ ...fault, times: fault.times ?? 1, status });
    },
    loseAnswer(fault) {
      losses.push({ ...fault, times: fault.times ?? 1 });
    },
    refuseNext(fault, status, issue, description) {
      failures.push({ ...fault, times: fault.times ?? 1, status, body: { name: "UNPROCESSABLE_ENTITY", message: "The requested action could not be performed.", debug_id: "scripted", details: [{ issue, description }] } });
    },
    clearFaults() {
      failures.length = 0;
      losses.length = 0;
    },
    captureOutcome: "COMPLETED",
    latencyMs: 0,
    approve: (id) => simulator.approve(id),
    tamper(id, change) {
      const record = orders.get(id);
      if (!record) throw new Error(`no PayPal order ${id}`);
      change(record.order);
    },
    order: (id) => (orders.has(id) ? simulator.view(orders.get(id)!) : undefined),
    event: (type, paypalOrderId) =>
      scripted.events.findLast(
        (e) =>
          e.event_type === type &&
          (!paypalOrderId ||
            e.resource.id === paypalOrderId ||
            (e.resource as { supplementary_data?: { related_ids?: { order_id?: string } } }).supplementary_data?.related_ids?.order_id === paypalOrderId),
      ),
    async deliver(target, event, options = {}) {
      const body = JSON.stringify(event);
      const headers = webhookRequestHeaders(options.forged ? "not-the-key" : webhookSecret, scripted.webhookId, body, url);
      const response = await fetch(target, { method: "POST", headers, body });
      await response.text();
      return response.status;
    },
    close: () => new Promise<void>((done) => server.close(() => done())),
  };

  const simulator = createSimulator({
    apiBase: url,
    approvePageUrl: (id) => `${url}/checkoutnow?token=${id}`,
    webhookSecret,
    webhookId: scripted.webhookId,
    captureOutcome: () => scripted.captureOutcome,
    onEvent: (event) => {
      scripted.events.push(event);
    },
    tokens: {
      async issue(id, secret) {
        if (id !== scripted.clientId || secret !== scripted.clientSecret) return null;
        const token = `A21TEST.${randomBytes(12).toString("hex")}`;
        tokens.set(token, Date.now() + scripted.tokenLifetimeSeconds * 1000);
        return { token, expiresIn: scripted.tokenLifetimeSeconds };
      },
      valid: async (token) => (tokens.get(token) ?? 0) > Date.now(),
    },
    store: {
      get: async (id) => (orders.has(id) ? structuredClone(orders.get(id)) : undefined),
      findByCreateRequestId: async (requestId) => structuredClone([...orders.values()].find((o) => o.createRequestId === requestId)),
      findByCaptureId: async (captureId) => structuredClone([...orders.values()].find((o) => o.order.purchase_units?.[0]?.payments?.captures?.some((c) => c.id === captureId))),
      async insert(record) {
        const earlier = record.createRequestId ? [...orders.values()].find((o) => o.createRequestId === record.createRequestId) : undefined;
        if (earlier) return structuredClone(earlier);
        orders.set(record.id, structuredClone(record));
        return record;
      },
      async update(record, from, since) {
        const current = orders.get(record.id);
        if (!current || !from.includes(current.status) || (since !== undefined && current.updatedAt !== since)) return false;
        if (record.status === "COMPLETED" && current.status !== "COMPLETED") captureCount += 1;
        refundCount += (record.order.purchase_units?.[0]?.payments?.refunds?.length ?? 0) - (current.order.purchase_units?.[0]?.payments?.refunds?.length ?? 0);
        orders.set(record.id, structuredClone(record));
        return true;
      },
    },
  });

  const take = <F extends Fault>(list: F[], method: string, path: string): F | undefined => {
    const index = list.findIndex((f) => (!f.method || f.method === method) && f.path.test(path));
    if (index < 0) return undefined;
    const fault = list[index]!;
    if (--fault.times <= 0) list.splice(index, 1);
    return fault;
  };

  async function serve(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const method = req.method ?? "GET";
    const path = new URL(req.url ?? "/", url).pathname;
    const requestId = (req.headers["paypal-request-id"] as string | undefined) ?? null;
    const log = { method, path, requestId, status: 0 as number | "dropped" };
    scripted.requests.push(log);
    if (scripted.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, scripted.latencyMs));
    const failure = take(failures, method, path);
    if (failure) {
      log.status = failure.status;
      res.writeHead(failure.status, { "Content-Type": "application/json" }).end(JSON.stringify(failure.body ?? { name: "INTERNAL_SERVER_ERROR", message: "scripted failure" }));
      return;
    }
    const answer = await simulator.handle({
      method,
      path,
      header: (name) => req.headers[name.toLowerCase()] as string | undefined,
      body: Buffer.concat(chunks).toString("utf8"),
    });
    if (take(losses, method, path)) {
      log.status = "dropped";
      res.socket?.destroy();
      return;
    }
    log.status = answer.status;
    res.writeHead(answer.status, { "Content-Type": "application/json" }).end(JSON.stringify(answer.body));
  }

  return scripted;
}
