import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { webhookRequestHeaders } from "../../app/payments/paypal-rest/simulator.ts";
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
  admin = await signedUpClient(server, "owner@example.com", "secret123", { admin: true });
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
