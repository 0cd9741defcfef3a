import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signedUpClient, startTestServer, type TestClient, type TestServer } from "../setup/server.ts";
import { createPlan, eventIds, pageText, paymentCount, placeOrder, sendIpn, setPaymentAccount } from "./orders-fixtures.ts";

/**
 * Payments Standard (PAYPAL_CHECKOUT=standard): the IPN rules, with PayPal's verification endpoint
 * scripted: PAYPAL_BASE_URL points at a tiny HTTP server in this file that records what is posted
 * back and answers VERIFIED or INVALID (or 503, or nothing while "down").
 */
let paypal: Server;
let answer: "VERIFIED" | "INVALID" | 503 = "VERIFIED";
const postedBack: string[] = [];

let server: TestServer;
let admin: TestClient;
let alice: TestClient;
let premium: string;
const ACCOUNT = "Sales@Rankwell.test";

beforeAll(async () => {
  paypal = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.method === "POST" && req.url === "/cgi-bin/webscr") {
        postedBack.push(Buffer.concat(chunks).toString("latin1"));
        if (answer === 503) res.writeHead(503).end("busy");
        else res.writeHead(200, { "Content-Type": "text/plain" }).end(answer);
      } else res.writeHead(404).end();
    });
  });
  await new Promise<void>((done) => paypal.listen(0, "127.0.0.1", done));
  const port = (paypal.address() as AddressInfo).port;
  server = await startTestServer({ PAYPAL_MODE: "sandbox", PAYPAL_CHECKOUT: "standard", PAYPAL_BASE_URL: `http://127.0.0.1:${port}` });
  admin = await signedUpClient(server, "boss@example.com", "quiet-harbor-42", { admin: true });
  alice = await signedUpClient(server, "alice@example.com");
  premium = await createPlan(admin, "Premium", "149.99");
  await setPaymentAccount(admin, ACCOUNT);
});
afterAll(async () => {
  await server?.close();
  paypal?.close();
});
beforeEach(() => {
  answer = "VERIFIED";
});

let txnCounter = 0;
const newTxn = () => `TXN${Date.now()}${++txnCounter}`;

/** A notification PayPal would send for a completed payment of `order`. */
const validIpn = (order: { _id: string; planId: string }, overrides: Record<string, string> = {}) => ({
  mc_gross: "149.99",
  invoice: order._id,
  payment_status: "Completed",
  charset: "UTF-8",
  custom: order._id,
  business: ACCOUNT.toLowerCase(),
  payer_email: "buyer@example.net",
  txn_id: newTxn(),
  receiver_email: ACCOUNT.toLowerCase(),
  txn_type: "web_accept",
  item_name: "Premium",
  mc_currency: "USD",
  item_number: order.planId,
  ...overrides,
});

const postIpn = async (fields: Record<string, string>) => {
  const response = await fetch(`${server.url}/api/paypal/ipn`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: new URLSearchParams(fields).toString() });
  await response.text();
  return response.status;
};

/** An IPN for a new order posted while PayPal's verification answers 503: stored, not yet applied. */
async function ipnWhilePayPalIsDown() {
  const order = await placeOrder(alice, premium);
  answer = 503;
  const before = await eventIds(server);
  expect(await postIpn(validIpn(order))).toBe(200);
  await server.drainJobs();
  const [id] = [...(await eventIds(server))].filter((x) => !before.has(x));
  return { order, id: id! };
}

const salesCents = async () => Number((await server.services.db.selectFrom("sales_totals").select("paid_cents").executeTakeFirstOrThrow()).paid_cents);

const statusOf = async (id: string) => (await alice.json("GET", `/api/order/${id}`)).body.paymentStatus;

describe("an IPN that passes every rule", () => {
  it("marks the order Paid, records one payment and mails a receipt", async () => {
    const order = await placeOrder(alice, premium);
    const log = await sendIpn(server, validIpn(order));
    expect(log).toMatchObject({ outcome: "paid", order_id: order._id, attention: 0, raw: null });
    expect(await statusOf(order._id)).toBe("Paid");
    expect(await paymentCount(server, order._id)).toBe(1);
    const receipt = (await server.outbox()).filter((m) => m.to === "alice@example.com" && m.subject.startsWith("Receipt"));
    expect(receipt).toHaveLength(1);
    expect(receipt[0]!.text).toContain("$149.99");
  });

  it("is posted back to PayPal exactly as received, with cmd=_notify-validate in front", async () => {
    const order = await placeOrder(alice, premium);
    // Field order, encoding and odd characters must survive untouched.
    const raw = `${new URLSearchParams(validIpn(order, { memo: "a+b=c & 100%", address_street: "1 Main St\r\nApt 2" }))}&first_name=Zo%c3%ab&note=two%20words`;
    const before = postedBack.length;
    await sendIpn(server, raw);
    expect(postedBack.slice(before)).toEqual([`cmd=_notify-validate&${Buffer.from(raw).toString("latin1")}`]);
    expect(await statusOf(order._id)).toBe("Paid");
  });

  it("compares the receiver email without regard to case", async () => {
    const order = await placeOrder(alice, premium);
    const log = await sendIpn(server, validIpn(order, { receiver_email: "SALES@RANKWELL.TEST" }));
    expect(log.outcome).toBe("paid");
  });

  it("sent twice is stored and applied once: one payment, one receipt; the order stays Paid", async () => {
    const order = await placeOrder(alice, premium);
    const ipn = validIpn(order);
    const receipts = async () => (await server.outbox()).filter((m) => m.to === "alice@example.com" && m.subject.startsWith("Receipt") && m.text.includes(order._id)).length;
    expect((await sendIpn(server, ipn)).outcome).toBe("paid");
    const before = await eventIds(server);
    const again = await postIpn(ipn);
    expect(again).toBe(200);
    await server.drainJobs();
    expect(await eventIds(server)).toEqual(before);
    expect(await statusOf(order._id)).toBe("Paid");
    expect(await paymentCount(server, order._id)).toBe(1);
    expect(await receipts()).toBe(1);
  });

  it("sent twice at the same moment is still stored once and records one payment", async () => {
    const order = await placeOrder(alice, premium);
    const ipn = validIpn(order);
    const before = await eventIds(server);
    expect(await Promise.all([postIpn(ipn), postIpn(ipn)])).toEqual([200, 200]);
    await server.drainJobs();
    const fresh = [...(await eventIds(server))].filter((id) => !before.has(id));
    expect(fresh).toHaveLength(1);
    expect(await paymentCount(server, order._id)).toBe(1);
    expect(await statusOf(order._id)).toBe("Paid");
  });

  it("a refund of all of it makes the order Refunded and takes it out of Total Sales and Total Spent", async () => {
    const order = await placeOrder(alice, premium);
    const paid = validIpn(order);
    await sendIpn(server, paid);
    const spent = async () => Number(/Total Spent \$([\d,.]+)/.exec(pageText((await alice.page("/dashboard")).html))![1]!.replace(/,/g, ""));
    const salesBefore = await salesCents();
    const spentBefore = await spent();
    const refund = await sendIpn(server, { ...validIpn(order), payment_status: "Refunded", mc_gross: "-149.99", txn_id: newTxn(), parent_txn_id: paid.txn_id });
    expect(refund).toMatchObject({ outcome: "refunded", attention: 1, order_id: order._id });
    expect(await statusOf(order._id)).toBe("Refunded");
    expect(await salesCents()).toBe(salesBefore - 14999);
    expect(await spent()).toBeCloseTo(spentBefore - 149.99, 2);
    // The customer is told, in text and HTML, once.
    const refundMails = async () => (await server.outbox()).filter((m) => m.to === "alice@example.com" && m.subject === "Refund: $149.99 for your Premium plan" && m.text.includes(order._id));
    const [note] = await refundMails();
    expect(note!.text).toContain(`Order: ${order._id}\nPayPal refund: ${refund.reference}\nAmount refunded: $149.99 (USD)`);
    expect(note!.html).toContain("Your payment is refunded</h1>");
    // The same refund again changes nothing more.
    await postIpn({ ...validIpn(order), payment_status: "Refunded", mc_gross: "-149.99", txn_id: refund.reference!, parent_txn_id: paid.txn_id });
    await server.drainJobs();
    expect(await salesCents()).toBe(salesBefore - 14999);
    expect(await refundMails()).toHaveLength(1);
  });

  it("a partial refund is flagged and the order stays Paid; Reversed and Canceled_Reversal are flagged", async () => {
    const order = await placeOrder(alice, premium);
    const paid = validIpn(order);
    await sendIpn(server, paid);
    const partial = await sendIpn(server, { ...validIpn(order), payment_status: "Refunded", mc_gross: "-49.99", txn_id: newTxn(), parent_txn_id: paid.txn_id });
    expect(partial).toMatchObject({ outcome: "partially-refunded", attention: 1 });
    expect(await statusOf(order._id)).toBe("Paid");
    const reversed = await sendIpn(server, { ...validIpn(order), payment_status: "Reversed", mc_gross: "-149.99", txn_id: newTxn(), parent_txn_id: paid.txn_id });
    expect(reversed).toMatchObject({ outcome: "reversed", attention: 1 });
    const back = await sendIpn(server, { ...validIpn(order), payment_status: "Canceled_Reversal", mc_gross: "149.99", txn_id: newTxn(), parent_txn_id: paid.txn_id });
    expect(back).toMatchObject({ outcome: "reversal-cancelled", attention: 1 });
    expect(await statusOf(order._id)).toBe("Paid");
  });

  it("is stored before the 200 and processed when PayPal's verification answers again", async () => {
    const { order, id } = await ipnWhilePayPalIsDown();
    const waiting = await server.services.db.selectFrom("payment_events").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(waiting).toMatchObject({ status: "received", order_id: order._id });
    expect(waiting.reason).toMatch(/will try again/);
    expect(await statusOf(order._id)).toBe("UnPaid");
    // PayPal is back; the retry (due after its backoff) runs now.
    answer = "VERIFIED";
    await server.services.db.updateTable("jobs").set({ run_at: new Date(0).toISOString() }).where("status", "=", "pending").where("kind", "=", "payments.process-event").execute();
    await server.drainJobs();
    expect(await statusOf(order._id)).toBe("Paid");
  });

  it("answers 500 when it cannot store the notification, so PayPal sends it again", async () => {
    const order = await placeOrder(alice, premium);
    const db = server.services.db;
    await db.schema.alterTable("payment_events").renameTo("payment_events_away").execute();
    try {
      expect(await postIpn(validIpn(order))).toBe(500);
      const webhook = await fetch(`${server.url}/api/paypal/webhook`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ id: "WH-X", event_type: "PAYMENT.CAPTURE.COMPLETED", resource: { id: "C1" } }),
      });
      expect(webhook.status).toBe(500);
    } finally {
      await db.schema.alterTable("payment_events_away").renameTo("payment_events").execute();
    }
    expect((await sendIpn(server, validIpn(order))).outcome).toBe("paid");
  });

  it("still failing after the last try: flagged for a person, who can try it again from Payments", async () => {
    const { order, id } = await ipnWhilePayPalIsDown();
    // Eleven tries have failed already; the twelfth, now due, is the last.
    await server.services.db.updateTable("jobs").set({ attempts: 11, run_at: new Date(0).toISOString() }).where("dedupe_key", "=", `payments.process-event:${id}`).execute();
    await server.drainJobs();
    const failed = await server.services.db.selectFrom("payment_events").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ status: "failed", outcome: "failed", attention: 1 });
    expect(failed.reason).toMatch(/still failing after 12 tries/);
    expect(failed.raw).not.toBeNull();
    const listed = await admin.page("/admin/payments?attention=1");
    expect(pageText(listed.html)).toContain("still failing after 12 tries");
    expect(listed.html).toContain(`href="/admin/payment-status/${order._id}"`);
    // The order reads as its number (#1001), as everywhere else, not as its 24-character id.
    const { number } = await server.services.db.selectFrom("orders").select("number").where("id", "=", order._id).executeTakeFirstOrThrow();
    expect(pageText(listed.html)).toContain(`#${number}`);
    expect(pageText(listed.html)).not.toContain(order._id);
    expect(pageText((await admin.page("/admin")).html)).toMatch(/\d+ payments? needs? your attention/);

    answer = "VERIFIED";
    const retried = await admin.form("/admin/payments?attention=1", { id });
    expect(retried.status).toBe(200);
    expect(pageText(await retried.text())).toContain("The notification is being processed again.");
    await server.drainJobs();
    expect(await statusOf(order._id)).toBe("Paid");
    expect(await server.services.db.selectFrom("payment_events").select(["status", "outcome", "attention"]).where("id", "=", id).executeTakeFirstOrThrow()).toEqual({
      status: "done",
      outcome: "paid",
      attention: 0,
    });
    // A customer cannot see or use the screen.
    expect((await alice.page("/admin/payments")).status).toBe(403);
    expect((await alice.form("/admin/payments", { id })).status).toBe(403);
  });
});

describe("each rejection rule leaves the order UnPaid", () => {
  const cases: [string, (order: { _id: string; planId: string }) => Record<string, string>, string, RegExp, () => void][] = [
    ["PayPal answers INVALID", (o) => validIpn(o), "rejected", /did not verify.*INVALID/, () => (answer = "INVALID")],
    ["payment_status is not Completed", (o) => validIpn(o, { payment_status: "Pending" }), "pending", /payment_status is Pending/, () => {}],
    ["the receiver is not our payment account", (o) => validIpn(o, { receiver_email: "thief@example.com" }), "mismatch", /receiver thief@example.com/, () => {}],
    ["the amount is less than the order's price", (o) => validIpn(o, { mc_gross: "1.49" }), "mismatch", /amount 1.49 is not the order's 149.99/, () => {}],
    ["the amount is more than the order's price", (o) => validIpn(o, { mc_gross: "150.00" }), "mismatch", /amount 150.00 is not the order's 149.99/, () => {}],
    ["the amount is malformed", (o) => validIpn(o, { mc_gross: "149.999" }), "mismatch", /amount missing or malformed/, () => {}],
    ["the currency is not USD", (o) => validIpn(o, { mc_currency: "EUR" }), "mismatch", /currency EUR is not USD/, () => {}],
    ["the order id is unknown", () => validIpn({ _id: "0123456789abcdef01234567", planId: premium }), "rejected", /no order with id/, () => {}],
    ["there is no transaction id", (o) => validIpn(o, { txn_id: "" }), "rejected", /no transaction id/, () => {}],
  ];
  for (const [rule, ipn, outcome, reason, script] of cases) {
    it(rule, async () => {
      const order = await placeOrder(alice, premium);
      script();
      const log = await sendIpn(server, ipn(order));
      expect(log.outcome).toBe(outcome);
      expect(log.reason).toMatch(reason);
      expect(await statusOf(order._id)).toBe("UnPaid");
      expect(await paymentCount(server, order._id)).toBe(0);
    });
  }

  it("a transaction id already used for another order", async () => {
    const first = await placeOrder(alice, premium);
    const second = await placeOrder(alice, premium);
    const ipn = validIpn(first);
    expect((await sendIpn(server, ipn)).outcome).toBe("paid");
    // The same (txn_id, payment_status) is the same notification: not stored again, not applied again.
    const before = await eventIds(server);
    expect(await postIpn(validIpn(second, { txn_id: ipn.txn_id }))).toBe(200);
    await server.drainJobs();
    expect(await eventIds(server)).toEqual(before);
    expect(await statusOf(second._id)).toBe("UnPaid");
    expect(await paymentCount(server, second._id)).toBe(0);
  });

  it("a cancelled order is not made Paid (the payment is logged for a refund)", async () => {
    const order = await placeOrder(alice, premium);
    expect((await alice.json("PUT", `/api/order-cancelled/${order._id}`)).status).toBe(200);
    const log = await sendIpn(server, validIpn(order));
    expect(log).toMatchObject({ outcome: "rejected", attention: 1 });
    expect(log.reason).toMatch(/Cancelled.*refund/);
    expect(await statusOf(order._id)).toBe("Cancelled");
    expect(await paymentCount(server, order._id)).toBe(0);
  });

  it("the request itself cannot mark anything: a GET or an empty post changes nothing", async () => {
    expect((await alice.json("GET", "/api/paypal/ipn")).status).toBe(404);
    const log = await sendIpn(server, "");
    expect(log.outcome).toBe("rejected");
  });
});

describe("the return page", () => {
  it("shows the real status and changes nothing", async () => {
    const order = await placeOrder(alice, premium);
    const waiting = await alice.page(`/received-payment/${order._id}`);
    expect(waiting.status).toBe(200);
    expect(pageText(waiting.html)).toContain("Your payment is still processing");
    expect(pageText(waiting.html)).toContain("checks again by itself");
    // PayPal may return with a POST: it only leads back to the page.
    const posted = await alice.form(`/received-payment/${order._id}`, { payment_status: "Completed", txn_id: "FAKE" });
    expect(posted.status).toBe(303);
    expect(await statusOf(order._id)).toBe("UnPaid");

    await sendIpn(server, validIpn(order));
    const paid = await alice.page(`/received-payment/${order._id}`);
    expect(pageText(paid.html)).toContain("Payment received.");
    expect(pageText(paid.html)).not.toContain("checks again by itself");
  });

  it("shows a visitor no order details, and another customer a 404", async () => {
    const order = await placeOrder(alice, premium);
    const visitor = await server.client().page(`/received-payment/${order._id}`);
    expect(visitor.status).toBe(200);
    expect(pageText(visitor.html)).toContain("log in");
    expect(visitor.html).not.toContain("149.99");
    const bob = await signedUpClient(server, "bob-return@example.com");
    expect((await bob.page(`/received-payment/${order._id}`)).status).toBe(404);
  });
});
