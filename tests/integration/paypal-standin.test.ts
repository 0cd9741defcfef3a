import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookRequestHeaders } from "../../app/payments/standin/simulator.ts";
import { signedUpClient, startTestServer, type TestClient, type TestServer } from "../setup/server.ts";
import { createPlan, pageText, paymentCount, placeOrder, setPaymentAccount } from "./orders-fixtures.ts";

/**
 * Out of the box (PAYPAL_MODE=standin, PAYPAL_CHECKOUT=orders: the defaults) the site pays through
 * its own stand-in, which speaks PayPal's REST protocol: the real client code creates, captures
 * and verifies against it over HTTP, and its webhooks come back through the job queue.
 */
let server: TestServer;
let admin: TestClient;
let alice: TestClient;
let basic: string;
const ACCOUNT = "payments@rankwell.test";

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedUpClient(server, "owner@example.com", "quiet-harbor-42", { admin: true });
  alice = await signedUpClient(server, "alice@example.com");
  basic = await createPlan(admin, "Basic", "49");
  await setPaymentAccount(admin, ACCOUNT);
});
afterAll(async () => server?.close());

const statusOf = async (id: string) => (await alice.json("GET", `/api/order/${id}`)).body.paymentStatus;
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/** Pay Now, then the stand-in's approval page as the buyer sees it. */
async function toApprovalPage(orderId: string) {
  const pay = await alice.form(`/pay-now/${orderId}`, {});
  expect(pay.status).toBe(303);
  const approval = pay.headers.get("location")!;
  expect(approval).toMatch(new RegExp(`^${server.url}/paypal-standin/checkoutnow\\?token=[A-Z0-9]+$`));
  return pathOf(approval);
}

describe("paying through the stand-in's REST protocol", () => {
  it("Pay: approval page, return, capture: Paid; the stand-in's webhooks then change nothing more", async () => {
    const order = await placeOrder(alice, basic);
    const approval = await toApprovalPage(order._id);
    const page = await alice.page(approval);
    const shown = pageText(page.html);
    expect(shown).toContain("PayPal stand-in — test payment, no money moves");
    expect(shown).toContain("49.00 USD");
    expect(shown).toContain(ACCOUNT);
    const paid = await alice.form(approval, { intent: "pay" });
    expect(paid.status).toBe(303);
    const back = paid.headers.get("location")!;
    expect(back).toMatch(new RegExp(`^${server.url}/received-payment/${order._id}\\?token=[A-Z0-9]+&PayerID=`));
    expect(pageText((await alice.page(pathOf(back))).html)).toContain("Payment received.");
    expect(await statusOf(order._id)).toBe("Paid");
    // The stand-in's CHECKOUT.ORDER.APPROVED and PAYMENT.CAPTURE.COMPLETED arrive, verified, and are no-ops.
    await server.drainJobs();
    const webhooks = await server.services.db.selectFrom("payment_events").selectAll().where("order_id", "=", order._id).where("source", "=", "webhook").orderBy("received_at").execute();
    expect(webhooks.map((e) => [e.event_type, e.outcome])).toEqual([
      ["CHECKOUT.ORDER.APPROVED", "paid"],
      ["PAYMENT.CAPTURE.COMPLETED", "paid"],
    ]);
    expect(await paymentCount(server, order._id)).toBe(1);
  });

  it("a buyer who approves and never comes back is paid by the stand-in's webhook", async () => {
    const order = await placeOrder(alice, basic);
    const approval = await toApprovalPage(order._id);
    await alice.form(approval, { intent: "pay" });
    await server.drainJobs();
    expect(await statusOf(order._id)).toBe("Paid");
  });

  it("Cancel: back to the signed cancel address, which cancels the order", async () => {
    const order = await placeOrder(alice, basic);
    const approval = await toApprovalPage(order._id);
    const cancelled = await alice.form(approval, { intent: "cancel" });
    const back = cancelled.headers.get("location")!;
    expect(back).toMatch(new RegExp(`^${server.url}/order-cancelled/${order._id}\\?key=[\\w-]{32}&token=[A-Z0-9]+$`));
    const page = await alice.page(pathOf(back));
    expect(pageText(page.html)).toContain("You have cancelled the payment");
    expect(await statusOf(order._id)).toBe("Cancelled");
  });

  it("the stand-in verifies only webhooks it signed", async () => {
    const order = await placeOrder(alice, basic);
    const approval = await toApprovalPage(order._id);
    const token = new URLSearchParams(approval.split("?")[1]).get("token")!;
    const body = JSON.stringify({ id: "WH-FORGED-1", event_type: "CHECKOUT.ORDER.APPROVED", resource: { id: token, purchase_units: [{ custom_id: order._id }] } });
    const headers = webhookRequestHeaders("guessed-key", "STANDINWEBHOOK", body, `${server.url}/paypal-standin`);
    expect((await fetch(`${server.url}/api/paypal/webhook`, { method: "POST", headers, body })).status).toBe(200);
    await server.drainJobs();
    const [forged] = await server.services.db.selectFrom("payment_events").selectAll().where("order_id", "=", order._id).execute();
    expect(forged).toMatchObject({ outcome: "rejected" });
    expect(await statusOf(order._id)).toBe("UnPaid");
  });

  it("its API refuses requests without a valid token, and sends buyers back only to this site", async () => {
    expect((await fetch(`${server.url}/paypal-standin/v2/checkout/orders/ABC`)).status).toBe(401);
    const token = await fetch(`${server.url}/paypal-standin/v1/oauth2/token`, {
      method: "POST",
      headers: { Authorization: `Basic ${Buffer.from("standin-client-id:standin-client-secret").toString("base64")}`, "Content-Type": "application/x-www-form-urlencoded" },
      body: "grant_type=client_credentials",
    });
    const { access_token } = await token.json();
    const create = await fetch(`${server.url}/paypal-standin/v2/checkout/orders`, {
      method: "POST",
      headers: { Authorization: `Bearer ${access_token}`, "Content-Type": "application/json" },
      body: JSON.stringify({
        intent: "CAPTURE",
        purchase_units: [{ amount: { currency_code: "USD", value: "1.00" } }],
        payment_source: { paypal: { experience_context: { return_url: "https://evil.example/r", cancel_url: "https://evil.example/c" } } },
      }),
    });
    expect(create.status).toBe(400);
  });
});

describe("the stand-in's pages", () => {
  it("answer anyone on this machine, signed in or not, as plain HTML with the site's security headers and no script", async () => {
    const order = await placeOrder(alice, basic);
    const approval = await toApprovalPage(order._id);
    for (const who of [server.client(), alice, admin]) {
      const response = await who.fetch(approval);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("text/html; charset=utf-8");
      expect(response.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("cache-control")).toMatch(/no-store/);
      const html = await response.text();
      expect(html).toMatch(/^<!DOCTYPE html><html lang="en">/);
      expect(html).toContain('<meta name="robots" content="noindex"/>');
      expect(html).not.toContain("<script");
      expect(pageText(html)).toContain("PayPal stand-in — test payment, no money moves");
    }
    const home = await server.client().page("/paypal-standin");
    expect(home.status).toBe(200);
    expect(pageText(home.html)).toContain("PAYPAL_MODE=standin");
  });

  it("refuse a cross-site post, as every page of the site does", async () => {
    const order = await placeOrder(alice, basic);
    const approval = await toApprovalPage(order._id);
    const forged = await fetch(`${server.url}${approval}`, {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=pay",
      redirect: "manual",
    });
    expect(forged.status).toBe(403);
    expect(await statusOf(order._id)).toBe("UnPaid");
  });

  it("an unknown or used-up checkout is a 404; React Router knows no stand-in page (no .data answer)", async () => {
    const gone = await alice.page("/paypal-standin/checkoutnow?token=NOSUCHORDER");
    expect(gone.status).toBe(404);
    expect(pageText(gone.html)).toContain("This checkout has ended or never existed.");
    expect((await alice.page("/paypal-standin/checkout/EC-NOSUCH")).status).toBe(404);
    for (const path of ["/paypal-standin.data", "/paypal-standin/checkoutnow.data?token=X", "/paypal-standin/cgi-bin/webscr.data"]) {
      const response = await alice.fetch(path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toMatch(/no money moves|PAYPAL_MODE/);
    }
  });
});

