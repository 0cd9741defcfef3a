import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startScriptedPayPal, type ScriptedPayPal } from "../../../tests/setup/paypal-scripted.ts";
import { createPayPalClient, PayPalApiError, PayPalUnavailable } from "./client.server.ts";
import { createOrderRequest } from "./rules.ts";

/** The REST client against the scripted PayPal over real HTTP: tokens, idempotency, failures. */
let paypal: ScriptedPayPal;
beforeAll(async () => {
  paypal = await startScriptedPayPal();
});
afterAll(() => paypal.close());
beforeEach(() => {
  paypal.tokenLifetimeSeconds = 32400;
  paypal.captureOutcome = "COMPLETED";
});

const client = (extra: { now?: () => number } = {}) =>
  createPayPalClient({ baseUrl: paypal.url, clientId: paypal.clientId, clientSecret: paypal.clientSecret, retryDelaysMs: [1, 1], ...extra });

let counter = 0;
const body = () =>
  createOrderRequest({ id: `order${++counter}`.padEnd(24, "0"), packageName: "Premium", amountCents: 14999 }, "sales@rankwell.test", {
    returnUrl: "http://localhost:3000/received-payment/x",
    cancelUrl: "http://localhost:3000/order-cancelled/x",
  });

async function approvedOrder(api = client()) {
  const order = await api.createOrder(body(), `create-${++counter}`);
  await paypal.approve(order.id);
  return order;
}

describe("access token", () => {
  it("is fetched once and reused while it is valid, also by calls that wait for it together", async () => {
    const api = client();
    const before = paypal.tokensIssued();
    await Promise.all([api.createOrder(body(), `a${++counter}`), api.createOrder(body(), `b${++counter}`)]);
    await api.createOrder(body(), `c${++counter}`);
    expect(paypal.tokensIssued() - before).toBe(1);
  });

  it("is fetched anew when PayPal answers 401 (revoked or expired early), and the call goes through", async () => {
    const api = client();
    const order = await api.createOrder(body(), `d${++counter}`);
    const before = paypal.tokensIssued();
    paypal.expireTokens();
    expect((await api.getOrder(order.id)).id).toBe(order.id);
    expect(paypal.tokensIssued() - before).toBe(1);
    expect(paypal.requests.slice(-3).map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      `GET /v2/checkout/orders/${order.id} 401`,
      "POST /v1/oauth2/token 200",
      `GET /v2/checkout/orders/${order.id} 200`,
    ]);
  });

  it("is refreshed before it expires by PayPal's expires_in", async () => {
    let clock = 1_000_000;
    const api = client({ now: () => clock });
    paypal.tokenLifetimeSeconds = 600;
    const before = paypal.tokensIssued();
    await api.createOrder(body(), `e${++counter}`);
    clock += 500_000; // 500 s of 600: still valid (refreshed 60 s early)
    await api.createOrder(body(), `f${++counter}`);
    expect(paypal.tokensIssued() - before).toBe(1);
    clock += 50_000; // 550 s: inside the last minute, so a new one
    await api.createOrder(body(), `g${++counter}`);
    expect(paypal.tokensIssued() - before).toBe(2);
  });

  it("wrong credentials are a PayPalApiError naming the settings", async () => {
    const api = createPayPalClient({ baseUrl: paypal.url, clientId: "nope", clientSecret: "nope", retryDelaysMs: [] });
    await expect(api.getOrder("X")).rejects.toThrow(/PAYPAL_CLIENT_ID/);
  });
});

describe("orders", () => {
  it("a create sent again with the same PayPal-Request-Id answers the same order", async () => {
    const api = client();
    const request = body();
    const first = await api.createOrder(request, "same-request");
    const again = await api.createOrder(request, "same-request");
    expect(again.id).toBe(first.id);
    expect(first.status).toBe("PAYER_ACTION_REQUIRED");
    expect(first.links?.find((l) => l.rel === "payer-action")?.href).toContain(first.id);
  });

  it("a capture answering 500 once is tried again with the same request id, and captures once", async () => {
    const api = client();
    const order = await approvedOrder(api);
    const before = paypal.captures();
    paypal.failNext({ method: "POST", path: /\/capture$/ }, 500);
    const captured = await api.captureOrder(order.id, `capture-${order.id}`);
    expect(captured.status).toBe("COMPLETED");
    expect(captured.purchase_units?.[0]?.payments?.captures?.[0]?.status).toBe("COMPLETED");
    expect(paypal.captures() - before).toBe(1);
  });

  it("a capture whose answers are all lost is PayPalUnavailable, though PayPal captured once", async () => {
    const api = client();
    const order = await approvedOrder(api);
    const before = paypal.captures();
    paypal.loseAnswer({ method: "POST", path: /\/capture$/, times: 3 });
    await expect(api.captureOrder(order.id, `capture-${order.id}`)).rejects.toBeInstanceOf(PayPalUnavailable);
    expect(paypal.captures() - before).toBe(1);
    expect((await api.getOrder(order.id)).status).toBe("COMPLETED");
    // The same request id later answers the first capture, not a second one.
    expect((await api.captureOrder(order.id, `capture-${order.id}`)).status).toBe("COMPLETED");
    expect(paypal.captures() - before).toBe(1);
  });

  it("PayPal's refusals carry its issue name", async () => {
    const api = client();
    const order = await api.createOrder(body(), `h${++counter}`);
    const notApproved = await api.captureOrder(order.id, "x1").catch((e) => e);
    expect(notApproved).toBeInstanceOf(PayPalApiError);
    expect(notApproved.issue).toBe("ORDER_NOT_APPROVED");
    await paypal.approve(order.id);
    await api.captureOrder(order.id, "x2");
    expect((await api.captureOrder(order.id, "x3").catch((e) => e)).issue).toBe("ORDER_ALREADY_CAPTURED");
    expect((await api.getOrder("NOSUCHORDER").catch((e) => e)).status).toBe(404);
  });
});

describe("webhook signatures", () => {
  it("are SUCCESS for an event PayPal signed and FAILURE for a forged one", async () => {
    const api = client();
    const order = await approvedOrder(api);
    const event = paypal.event("CHECKOUT.ORDER.APPROVED", order.id)!;
    const raw = JSON.stringify(event);
    const seen: Record<string, string>[] = [];
    const { createServer } = await import("node:http");
    const receiver = createServer((req, res) => {
      seen.push(req.headers as Record<string, string>);
      res.end();
    });
    await new Promise<void>((done) => receiver.listen(0, "127.0.0.1", done));
    const target = `http://127.0.0.1:${(receiver.address() as { port: number }).port}/`;
    await paypal.deliver(target, event);
    await paypal.deliver(target, event, { forged: true });
    receiver.close();
    const headersOf = (h: Record<string, string>) => ({
      transmissionId: h["paypal-transmission-id"]!,
      transmissionTime: h["paypal-transmission-time"]!,
      transmissionSig: h["paypal-transmission-sig"]!,
      certUrl: h["paypal-cert-url"]!,
      authAlgo: h["paypal-auth-algo"]!,
    });
    expect(await api.verifyWebhookSignature(paypal.webhookId, headersOf(seen[0]!), raw)).toBe(true);
    expect(await api.verifyWebhookSignature(paypal.webhookId, headersOf(seen[1]!), raw)).toBe(false);
    expect(await api.verifyWebhookSignature("OTHERWEBHOOK", headersOf(seen[0]!), raw)).toBe(false);
    // The event changed after signing (an amount raised) fails too.
    expect(await api.verifyWebhookSignature(paypal.webhookId, headersOf(seen[0]!), raw.replace("149.99", "1.00"))).toBe(false);
  });
});
