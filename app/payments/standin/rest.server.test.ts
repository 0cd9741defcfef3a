import { describe, expect, it } from "vitest";
import { migratedSqlite } from "../../../tests/setup/temp-sqlite.ts";
import { createOrderRequest } from "../paypal-rest/rules.ts";
import type { PayPalOrder, Refund, WebhookEvent } from "../paypal-rest/types.ts";
import { standinPayPal } from "./rest.server.ts";

/**
 * The stand-in's REST core on a real (SQLite) database, as two server processes would share it:
 * whatever one process issued or stored, the other honours.
 */
const temp = migratedSqlite("standin");
const queued: WebhookEvent[] = [];
const config = {
  appUrl: "http://localhost:3999",
  authSecret: "a".repeat(40),
  paypal: { clientId: "standin-client-id", clientSecret: "standin-client-secret", webhookId: "STANDINWEBHOOK" },
} as Parameters<typeof standinPayPal>[0]["config"];
const jobs = { enqueue: async (_db: unknown, _kind: string, payload: unknown) => (queued.push((payload as { event: WebhookEvent }).event), "job") };

const processA = () => standinPayPal({ db: temp.db, jobs, config });
const processB = () => standinPayPal({ db: temp.db, jobs, config });

async function call(sim: ReturnType<typeof processA>, method: string, path: string, options: { token?: string; body?: unknown; requestId?: string } = {}) {
  const headers: Record<string, string> = {};
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.requestId) headers["paypal-request-id"] = options.requestId;
  return sim.handle({ method, path, header: (n) => headers[n], body: options.body === undefined ? "" : JSON.stringify(options.body) });
}

async function token(sim: ReturnType<typeof processA>) {
  const answer = await sim.handle({
    method: "POST",
    path: "/v1/oauth2/token",
    header: (n) => (n === "authorization" ? `Basic ${Buffer.from("standin-client-id:standin-client-secret").toString("base64")}` : undefined),
    body: "grant_type=client_credentials",
  });
  return (answer.body as { access_token: string }).access_token;
}

const request = (id: string, returnUrl = `${config.appUrl}/received-payment/${id}`) =>
  createOrderRequest({ id, packageName: "Basic", amountCents: 4900 }, "sales@rankwell.test", { returnUrl, cancelUrl: `${config.appUrl}/order-cancelled/${id}` });

describe("the stand-in's REST API", () => {
  it("honours in one process the token, the order and the request id another process issued", async () => {
    const a = processA();
    const b = processB();
    const bearer = await token(a);
    const created = await call(a, "POST", "/v2/checkout/orders", { token: bearer, body: request("o1"), requestId: "r-o1" });
    expect(created.status).toBe(201);
    const order = created.body as PayPalOrder;
    expect(order.links?.find((l) => l.rel === "payer-action")?.href).toBe(`${config.appUrl}/paypal-standin/checkoutnow?token=${order.id}`);
    const again = await call(b, "POST", "/v2/checkout/orders", { token: bearer, body: request("o1"), requestId: "r-o1" });
    expect((again.body as PayPalOrder).id).toBe(order.id);
    expect((await call(b, "GET", `/v2/checkout/orders/${order.id}`, { token: bearer })).status).toBe(200);
  });

  it("refuses forged and expired tokens and wrong credentials", async () => {
    const a = processA();
    expect((await call(a, "GET", "/v2/checkout/orders/X", { token: "A21STANDIN.99999999999.forged" })).status).toBe(401);
    expect((await call(a, "GET", "/v2/checkout/orders/X", { token: "A21STANDIN.1.x" })).status).toBe(401);
    const wrong = await a.handle({ method: "POST", path: "/v1/oauth2/token", header: () => `Basic ${Buffer.from("x:y").toString("base64")}`, body: "grant_type=client_credentials" });
    expect(wrong.status).toBe(401);
  });

  it("sends buyers back only to this site", async () => {
    const a = processA();
    const bad = await call(a, "POST", "/v2/checkout/orders", { token: await token(a), body: request("o2", "https://evil.example/steal") });
    expect(bad.status).toBe(400);
  });

  it("approve, then two captures at once in two processes: one capture, one webhook each", async () => {
    const a = processA();
    const b = processB();
    const bearer = await token(a);
    const order = (await call(a, "POST", "/v2/checkout/orders", { token: bearer, body: request("o3"), requestId: "r-o3" })).body as PayPalOrder;
    const back = await b.approve(order.id);
    expect(back).toBe(`${config.appUrl}/received-payment/o3?token=${order.id}&PayerID=STANDINBUYER01`);
    const [one, two] = await Promise.all([
      call(a, "POST", `/v2/checkout/orders/${order.id}/capture`, { token: bearer, requestId: "cap-a", body: {} }),
      call(b, "POST", `/v2/checkout/orders/${order.id}/capture`, { token: bearer, requestId: "cap-b", body: {} }),
    ]);
    expect([one.status, two.status].sort()).toEqual([201, 422]);
    const stored = (await call(a, "GET", `/v2/checkout/orders/${order.id}`, { token: bearer })).body as PayPalOrder;
    expect(stored.status).toBe("COMPLETED");
    expect(stored.purchase_units?.[0]?.payments?.captures).toHaveLength(1);
    const mine = queued.filter((e) => e.resource.id === order.id || (e.resource as { supplementary_data?: { related_ids?: { order_id?: string } } }).supplementary_data?.related_ids?.order_id === order.id);
    expect(mine.map((e) => e.event_type)).toEqual(["CHECKOUT.ORDER.APPROVED", "PAYMENT.CAPTURE.COMPLETED"]);
  });

  it("refunds a capture in parts, never more than is left, once per request id, even from two processes at once", async () => {
    const a = processA();
    const b = processB();
    const bearer = await token(a);
    const order = (await call(a, "POST", "/v2/checkout/orders", { token: bearer, body: request("o4"), requestId: "r-o4" })).body as PayPalOrder;
    await a.approve(order.id);
    const captured = (await call(a, "POST", `/v2/checkout/orders/${order.id}/capture`, { token: bearer, requestId: "cap-o4", body: {} })).body as PayPalOrder;
    const captureId = captured.purchase_units![0]!.payments!.captures![0]!.id;
    const refund = (sim: ReturnType<typeof processA>, value: string, requestId: string) =>
      call(sim, "POST", `/v2/payments/captures/${captureId}/refund`, { token: bearer, requestId, body: { amount: { currency_code: "USD", value } } });
    // Two different refunds of 20.00 at once, one in each process: both made, one after the other.
    const [one, two] = await Promise.all([refund(a, "20.00", "rf-1"), refund(b, "20.00", "rf-2")]);
    expect([one.status, two.status]).toEqual([201, 201]);
    expect((one.body as Refund).id).not.toBe((two.body as Refund).id);
    // The same request id again: the same refund, nothing more.
    const again = await refund(b, "20.00", "rf-1");
    expect((again.body as Refund).id).toBe((one.body as Refund).id);
    // 9.00 is left of 49.00.
    const tooMuch = await refund(a, "9.01", "rf-3");
    expect(tooMuch.status).toBe(422);
    expect(JSON.stringify(tooMuch.body)).toContain("REFUND_AMOUNT_EXCEEDED");
    const rest = await call(a, "POST", `/v2/payments/captures/${captureId}/refund`, { token: bearer, requestId: "rf-4", body: {} });
    expect(rest.status).toBe(201);
    expect((rest.body as Refund).amount).toEqual({ currency_code: "USD", value: "9.00" });
    const stored = (await call(a, "GET", `/v2/checkout/orders/${order.id}`, { token: bearer })).body as PayPalOrder;
    expect(stored.purchase_units![0]!.payments!.captures![0]!.status).toBe("REFUNDED");
    expect(stored.purchase_units![0]!.payments!.refunds).toHaveLength(3);
    expect(JSON.stringify(stored)).not.toContain("rf-1");
    const refunded = queued.filter((e) => e.event_type === "PAYMENT.CAPTURE.REFUNDED");
    expect(refunded).toHaveLength(3);
    expect((await call(a, "POST", `/v2/payments/captures/${captureId}/refund`, { token: bearer, requestId: "rf-5", body: {} })).status).toBe(422);
  });
});
