import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { signedUpClient, startTestServer, type TestClient, type TestServer } from "../setup/server.ts";
import { createPlan, pageText, paymentCount, placeOrder, sendIpn, setPaymentAccount, waitForNotification } from "./orders-fixtures.ts";

/**
 * The IPN rules, with PayPal's verification endpoint scripted: PAYPAL_BASE_URL points at a tiny
 * HTTP server in this file that records what is posted back and answers VERIFIED or INVALID.
 */
let paypal: Server;
let answer: "VERIFIED" | "INVALID" = "VERIFIED";
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
        res.writeHead(200, { "Content-Type": "text/plain" }).end(answer);
      } else res.writeHead(404).end();
    });
  });
  await new Promise<void>((done) => paypal.listen(0, "127.0.0.1", done));
  const port = (paypal.address() as AddressInfo).port;
  server = await startTestServer({ PAYPAL_MODE: "sandbox", PAYPAL_BASE_URL: `http://127.0.0.1:${port}` });
  admin = await signedUpClient(server, "boss@example.com", "secret123", { admin: true });
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

const statusOf = async (id: string) => (await alice.json("GET", `/api/order/${id}`)).body.paymentStatus;

describe("an IPN that passes every rule", () => {
  it("marks the order Paid, records one payment and mails a receipt", async () => {
    const order = await placeOrder(alice, premium);
    const log = await sendIpn(server, validIpn(order));
    expect(log).toMatchObject({ outcome: "accepted", order_id: order._id });
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
    expect(log.outcome).toBe("accepted");
  });

  it("sent twice records one payment and one receipt; the order stays Paid", async () => {
    const order = await placeOrder(alice, premium);
    const ipn = validIpn(order);
    const receipts = async () => (await server.outbox()).filter((m) => m.to === "alice@example.com" && m.text.includes(order._id)).length;
    expect((await sendIpn(server, ipn)).outcome).toBe("accepted");
    const second = await sendIpn(server, ipn);
    expect(second.outcome).toBe("rejected");
    expect(second.reason).toMatch(/already recorded/);
    expect(await statusOf(order._id)).toBe("Paid");
    expect(await paymentCount(server, order._id)).toBe(1);
    expect(await receipts()).toBe(1);
  });

  it("sent twice at the same moment still records one payment", async () => {
    const order = await placeOrder(alice, premium);
    const ipn = validIpn(order);
    const before = new Set((await server.services.db.selectFrom("payment_notifications").select("id").execute()).map((r) => r.id));
    await Promise.all([sendIpn(server, ipn), sendIpn(server, ipn)]);
    const outcomes = (await waitForNotification(server, before, 2)).map((r) => r.outcome).sort();
    expect(outcomes).toEqual(["accepted", "rejected"]);
    expect(await paymentCount(server, order._id)).toBe(1);
    expect(await statusOf(order._id)).toBe("Paid");
  });
});

describe("each rejection rule leaves the order UnPaid", () => {
  const cases: [string, (order: { _id: string; planId: string }) => Record<string, string>, RegExp, () => void][] = [
    ["PayPal answers INVALID", (o) => validIpn(o), /did not verify.*INVALID/, () => (answer = "INVALID")],
    ["payment_status is not Completed", (o) => validIpn(o, { payment_status: "Pending" }), /payment_status is Pending/, () => {}],
    ["the receiver is not our payment account", (o) => validIpn(o, { receiver_email: "thief@example.com" }), /receiver thief@example.com/, () => {}],
    ["the amount is less than the order's price", (o) => validIpn(o, { mc_gross: "1.49" }), /amount 1.49 is not the order's 149.99/, () => {}],
    ["the amount is more than the order's price", (o) => validIpn(o, { mc_gross: "150.00" }), /amount 150.00 is not the order's 149.99/, () => {}],
    ["the amount is malformed", (o) => validIpn(o, { mc_gross: "149.999" }), /amount missing or malformed/, () => {}],
    ["the currency is not USD", (o) => validIpn(o, { mc_currency: "EUR" }), /currency EUR is not USD/, () => {}],
    ["the order id is unknown", () => validIpn({ _id: "0123456789abcdef01234567", planId: premium }), /no order with id/, () => {}],
    ["there is no transaction id", (o) => validIpn(o, { txn_id: "" }), /no transaction id/, () => {}],
  ];
  for (const [rule, ipn, reason, script] of cases) {
    it(rule, async () => {
      const order = await placeOrder(alice, premium);
      script();
      const log = await sendIpn(server, ipn(order));
      expect(log.outcome).toBe("rejected");
      expect(log.reason).toMatch(reason);
      expect(await statusOf(order._id)).toBe("UnPaid");
      expect(await paymentCount(server, order._id)).toBe(0);
    });
  }

  it("a transaction id already used for another order", async () => {
    const first = await placeOrder(alice, premium);
    const second = await placeOrder(alice, premium);
    const ipn = validIpn(first);
    expect((await sendIpn(server, ipn)).outcome).toBe("accepted");
    const replay = await sendIpn(server, validIpn(second, { txn_id: ipn.txn_id }));
    expect(replay).toMatchObject({ outcome: "rejected" });
    expect(replay.reason).toMatch(/already recorded/);
    expect(await statusOf(second._id)).toBe("UnPaid");
    expect(await paymentCount(server, second._id)).toBe(0);
  });

  it("a cancelled order is not made Paid (the payment is logged for a refund)", async () => {
    const order = await placeOrder(alice, premium);
    expect((await alice.json("PUT", `/api/order-cancelled/${order._id}`)).status).toBe(200);
    const log = await sendIpn(server, validIpn(order));
    expect(log.outcome).toBe("rejected");
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
    expect(pageText(waiting.html)).toContain("We are confirming your payment");
    expect(waiting.html).toMatch(/http-equiv="refresh"/);
    // PayPal may return with a POST: it only leads back to the page.
    const posted = await alice.form(`/received-payment/${order._id}`, { payment_status: "Completed", txn_id: "FAKE" });
    expect(posted.status).toBe(303);
    expect(await statusOf(order._id)).toBe("UnPaid");

    await sendIpn(server, validIpn(order));
    const paid = await alice.page(`/received-payment/${order._id}`);
    expect(pageText(paid.html)).toContain("You Have Paid");
    expect(paid.html).not.toMatch(/http-equiv="refresh"/);
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
