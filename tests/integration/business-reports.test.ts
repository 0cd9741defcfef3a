import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedUpClient, startTestServer, type TestClient, type TestServer } from "../setup/server.ts";
import { createPlan, pageText, sendIpn, setPaymentAccount, tableRows } from "./orders-fixtures.ts";

/**
 * The business at a glance (the admin dashboard) and the Reports screen's CSV, from orders paid
 * and refunded through PayPal notifications (Payments Standard, PayPal's verification scripted),
 * with payment dates moved back to earlier months to fill the twelve-month chart.
 */
let paypal: Server;
let server: TestServer;
let admin: TestClient;
let customer: TestClient;
let editor: TestClient;
const ACCOUNT = "sales@rankwell.test";
const FORMULA_NAME = '=HYPERLINK("http://evil.example","click")';

/** "YYYY-MM" of the month `back` months before this one (UTC). */
const monthAgo = (back: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
};
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const label = (month: string) => `${MONTHS[Number(month.slice(5)) - 1]} ${month.slice(0, 4)}`;

let txn = 0;
async function order(client: TestClient, planId: string, customerName = "Ada Lovelace") {
  const { status, body } = await client.json("POST", "/api/new-order", { planId, customerName, customerAddress: "1 Row", customerCountry: "UK" });
  expect(status).toBe(201);
  return body as { _id: string; packagePrice: string };
}
async function pay(o: { _id: string; packagePrice: string }) {
  const txnId = `TXN-R${++txn}`;
  const ipn = { mc_gross: o.packagePrice, invoice: o._id, custom: o._id, payment_status: "Completed", charset: "UTF-8", business: ACCOUNT, receiver_email: ACCOUNT, mc_currency: "USD", txn_id: txnId, txn_type: "web_accept" };
  expect((await sendIpn(server, ipn)).outcome).toBe("paid");
  return { ipn, txnId };
}
/** Moves a payment (not the money) to the 15th of an earlier month. */
const backdate = (txnId: string, month: string) => server.services.db.updateTable("payments").set({ created_at: `${month}-15T12:00:00.000Z` }).where("txn_id", "=", txnId).execute();
const totalSalesCents = async () => Number((await server.services.db.selectFrom("sales_totals").select("paid_cents").executeTakeFirstOrThrow()).paid_cents);

/** RFC 4180 lines of quoted cells, as this app writes them. */
const parseCsv = (text: string) =>
  text
    .split("\r\n")
    .filter(Boolean)
    .map((line) => [...line.matchAll(/"((?:[^"]|"")*)"(?:,|$)/g)].map((m) => m[1]!.replace(/""/g, '"')));

beforeAll(async () => {
  paypal = createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200, { "Content-Type": "text/plain" }).end("VERIFIED"));
  });
  await new Promise<void>((done) => paypal.listen(0, "127.0.0.1", done));
  server = await startTestServer({ PAYPAL_MODE: "sandbox", PAYPAL_CHECKOUT: "standard", PAYPAL_BASE_URL: `http://127.0.0.1:${(paypal.address() as AddressInfo).port}` });
  admin = await signedUpClient(server, "owner@example.com", undefined, { admin: true });
  editor = await signedUpClient(server, "writer@example.com", undefined, { role: "Editor" });
  customer = await signedUpClient(server, "buyer@example.com");
  const basic = await createPlan(admin, "Basic", "49");
  const premium = await createPlan(admin, "Premium", "149.99");
  const standard = await createPlan(admin, "Standard", "99");
  await setPaymentAccount(admin, ACCOUNT);

  // Paid three months ago; eleven months ago (the chart's first month); thirteen months ago (before the chart).
  await backdate((await pay(await order(customer, basic))).txnId, monthAgo(3));
  await backdate((await pay(await order(customer, premium, FORMULA_NAME))).txnId, monthAgo(11));
  await backdate((await pay(await order(customer, standard))).txnId, monthAgo(13));
  // Paid and refunded in full this month: out of Total Sales, in the refunds.
  const refunded = await order(customer, premium);
  const { ipn } = await pay(refunded);
  const refund = await sendIpn(server, { ...ipn, payment_status: "Refunded", mc_gross: "-149.99", txn_id: "TXN-REFUND-1", parent_txn_id: ipn.txn_id });
  expect(refund.outcome).toBe("refunded");
  // Waiting for payment: two orders.
  await order(customer, basic);
  await order(customer, standard);
});
afterAll(async () => {
  await server?.close();
  paypal?.close();
});

describe("the admin dashboard", () => {
  it("shows revenue by month for the last 12 months, as a chart and as a table", async () => {
    const { status, html } = await admin.page("/admin");
    expect(status).toBe(200);
    const rows = tableRows(html, "Revenue by month");
    expect(rows).toHaveLength(12);
    expect(rows.map((r) => r[0])).toEqual(Array.from({ length: 12 }, (_, i) => label(monthAgo(11 - i))));
    const byMonth = Object.fromEntries(rows.map((r) => [r[0], r.slice(1)]));
    expect(byMonth[label(monthAgo(11))]).toEqual(["$149.99 (1)", "$0.00 (0)", "$149.99"]);
    expect(byMonth[label(monthAgo(3))]).toEqual(["$49.00 (1)", "$0.00 (0)", "$49.00"]);
    expect(byMonth[label(monthAgo(0))]).toEqual(["$149.99 (1)", "$149.99 (1)", "$0.00"]);
    expect(byMonth[label(monthAgo(5))]).toEqual(["$0.00 (0)", "$0.00 (0)", "$0.00"]);
    // Thirteen months ago is before the chart.
    expect(pageText(html)).toContain(`Revenue by month, ${label(monthAgo(11))} to ${label(monthAgo(0))}: $198.99`);
    // The chart: an SVG image named by its title, no script needed.
    expect(html).toMatch(/<svg role="img" aria-labelledby="[^"]+"[^>]*><title id="[^"]+">Revenue by month, /);
  });

  it("shows sales by package (paid orders; they add up to Total Sales), waiting orders and refunds", async () => {
    const { html } = await admin.page("/admin");
    expect(tableRows(html, "Sales by package")).toEqual([
      ["Premium", "1", "$149.99"],
      ["Standard", "1", "$99.00"],
      ["Basic", "1", "$49.00"],
    ]);
    expect(await totalSalesCents()).toBe(14999 + 9900 + 4900);
    const text = pageText(html);
    expect(text).toContain("Sales by package (paid orders): $297.99");
    expect(text).toMatch(/Waiting for payment\s*2 orders, \$148\.00/);
    expect(text).toMatch(/Refunds\s*1 refund, \$149\.99/);
    expect(html).toMatch(/<svg role="img"[^>]*><title id="[^"]+">Sales by package<\/title>/);
  });

  it("is the Admin's only: an Editor's dashboard shows no money", async () => {
    const { status, html } = await editor.page("/admin");
    expect(status).toBe(200);
    expect(html).not.toContain("Revenue by month");
    expect(html).not.toContain("Sales by package");
  });
});

describe("the money CSV", () => {
  const everything = () => `/admin/reports/money.csv?from=2000-01-01&to=${new Date().toISOString().slice(0, 10)}`;

  it("has a header and one row per money movement, and its amounts add up to Total Sales", async () => {
    const response = await admin.fetch(everything());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="rankwell-money-2000-01-01-to-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = parseCsv(await response.text());
    expect(header).toEqual(["date", "type", "order_id", "package", "customer_email", "customer_name", "reference", "original_reference", "amount", "currency", "document"]);
    expect(rows.map((r) => r[1]).sort()).toEqual(["payment", "payment", "payment", "payment", "refund"]);
    expect(rows.map((r) => r[0])).toEqual(rows.map((r) => r[0]).sort());
    const refund = rows.find((r) => r[1] === "refund")!;
    // A full refund: the order got a credit note, which the row names.
    expect(refund.slice(6)).toEqual(["TXN-REFUND-1", "TXN-R4", "-149.99", "USD", expect.stringMatching(/^INV-CN-\d{6}$/)]);
    const cents = rows.reduce((sum, r) => sum + Math.round(Number(r[8]) * 100), 0);
    expect(cents).toBe(await totalSalesCents());
  });

  it("neutralises cells a spreadsheet would run as a formula", async () => {
    const text = await (await admin.fetch(everything())).text();
    expect(text).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(text).not.toMatch(/(^|,)"=HYPERLINK/m);
  });

  it("covers the dates asked for: the month three months ago holds one payment", async () => {
    const month = monthAgo(3);
    const last = new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5)), 0)).toISOString().slice(0, 10);
    const rows = parseCsv(await (await admin.fetch(`/admin/reports/money.csv?from=${month}-01&to=${last}`)).text()).slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.slice(1, 4)).toEqual(["payment", expect.any(String), "Basic"]);
    expect(rows[0]![8]).toBe("49.00");
    // The Reports screen shows the same range's totals.
    const page = pageText((await admin.page(`/admin/reports?from=${month}-01&to=${last}`)).html);
    expect(page).toMatch(/Payments\s*1\s*\$49\.00/);
    expect(page).toMatch(/Net\s*1\s*\$49\.00/);
  });

  it("refuses bad dates with 400 naming the field, and stores nothing", async () => {
    for (const [query, field] of [
      ["from=2026-02-30&to=2026-03-01", "from"],
      ["from=yesterday", "from"],
      ["from=2026-01-01&to=2026-13-01", "to"],
      ["from=2026-03-01&to=2026-02-01", "to"],
    ] as const) {
      const response = await admin.fetch(`/admin/reports/money.csv?${query}`);
      expect(response.status, query).toBe(400);
      const body = await response.json();
      expect(Object.keys(body.fields), query).toEqual([field]);
      expect(body.error).toMatch(/^Please check the field/);
    }
    const page = await admin.page("/admin/reports?from=2026-02-30");
    expect(page.status).toBe(400);
    expect(pageText(page.html)).toContain("From must be a date (YYYY-MM-DD)");
  });

  it("is for Admins only: a visitor signs in first; a customer and an Editor are refused", async () => {
    for (const path of [everything(), "/admin/reports"]) {
      const asVisitor = await server.client().page(path);
      expect(asVisitor.status).toBe(302);
      expect(asVisitor.location).toMatch(/^\/login\?redirectTo=/);
      for (const someone of [customer, editor]) {
        const response = await someone.fetch(path);
        expect(response.status).toBe(403);
        expect(response.headers.get("content-type")).not.toContain("text/csv");
        expect(await response.text()).not.toContain("TXN-R1");
      }
    }
  });
});
