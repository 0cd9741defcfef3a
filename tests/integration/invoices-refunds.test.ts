import { decodePDFRawStream, PDFArray, PDFDocument, type PDFRawStream } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startScriptedPayPal, type ScriptedPayPal } from "../setup/paypal-scripted.ts";
import { signedUpClient, startTestServer, type TestClient, type TestServer } from "../setup/server.ts";
import { createPlan, pageText, placeOrder, setPaymentAccount } from "./orders-fixtures.ts";

/**
 * Issue 24, items 1 and 3: invoices (gap-free numbers in the payment's transaction, PDFs that hold
 * what an accountant needs, for the customer and Admins only), credit notes, and refunds an
 * Admin makes through PayPal's refund API (partial, refused, retried, reported again by webhook).
 * PayPal is the scripted REST API over real HTTP (tests/setup/paypal-scripted.ts).
 */
let paypal: ScriptedPayPal;
let server: TestServer;
let admin: TestClient;
let alice: TestClient;
let mallory: TestClient;
let editor: TestClient;
let premium: string;
const ACCOUNT = "sales@rankwell.test";

const payPalEnv = () => ({
  PAYPAL_MODE: "sandbox",
  PAYPAL_API_URL: paypal.url,
  PAYPAL_CLIENT_ID: paypal.clientId,
  PAYPAL_CLIENT_SECRET: paypal.clientSecret,
  PAYPAL_WEBHOOK_ID: paypal.webhookId,
  JOBS_WORKER: "off",
});

beforeAll(async () => {
  paypal = await startScriptedPayPal();
  server = await startTestServer(payPalEnv());
  admin = await signedUpClient(server, "boss@example.com", "quiet-harbor-42", { admin: true });
  alice = await signedUpClient(server, "alice@example.com");
  mallory = await signedUpClient(server, "mallory@example.com");
  editor = await signedUpClient(server, "scribe@example.com", "quiet-harbor-42", { role: "Editor" });
  premium = await createPlan(admin, "Premium", "149.99");
  await setPaymentAccount(admin, ACCOUNT);
  const saved = await admin.form("/admin/invoicing", {
    legalName: "Rankwell Search Ltd",
    address: "1 Harbour Street\nBristol BS1 4XX\nUnited Kingdom",
    taxId: "GB123456789",
    footer: "Payable on receipt. Company no. 01234567.",
    prefix: "RW-",
  });
  expect(saved.status).toBe(200);
});
afterAll(async () => {
  await server?.close();
  await paypal?.close();
});

const db = () => server.services.db;
const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};
const salesCents = async () => Number((await db().selectFrom("sales_totals").select("paid_cents").executeTakeFirstOrThrow()).paid_cents);
const statusOf = async (id: string) => (await db().selectFrom("orders").select(["payment_status", "refunded_cents"]).where("id", "=", id).executeTakeFirstOrThrow());
const documentsOf = (orderId: string) => db().selectFrom("money_documents").selectAll().where("order_id", "=", orderId).orderBy("kind", "desc").execute();

/** Pays an order as the customer does: Pay Now, approval at PayPal, back on our return page (which captures). */
async function pay(client: TestClient, orderId: string, via: TestServer = server) {
  const response = await client.form(`/pay-now/${orderId}`, {});
  expect(response.status).toBe(303);
  const token = new URL(response.headers.get("location")!).searchParams.get("token")!;
  const back = await paypal.approve(token);
  const page = await client.page(pathOf(back!));
  expect(page.status).toBe(200);
  void via;
  return token;
}

async function paidOrder(client = alice) {
  const order = await placeOrder(client, premium);
  const token = await pay(client, order._id);
  const captureId = paypal.order(token)!.purchase_units![0]!.payments!.captures![0]!.id;
  return { orderId: order._id as string, captureId };
}

/** The text a PDF draws (pdf-lib writes each drawText as a hex string shown with Tj). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await PDFDocument.load(bytes);
  const lines: string[] = [];
  for (const page of pdf.getPages()) {
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
    for (const stream of streams) {
      const operators = Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString("latin1");
      for (const match of operators.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) lines.push(Buffer.from(match[1]!, "hex").toString("latin1"));
    }
  }
  return lines.join("\n");
}

async function download(client: TestClient, orderId: string, docId: string) {
  const response = await client.fetch(`/orders/${orderId}/documents/${docId}`);
  return { response, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** The admin order page's refund form, as a browser sends it (with the page's one-time key). */
async function refund(orderId: string, amount: string, reason = "Customer asked", formKey?: string) {
  const key = formKey ?? /name="formKey" value="([^"]+)"/.exec((await admin.page(`/admin/orders/${orderId}`)).html)![1]!;
  const response = await admin.form(`/admin/orders/${orderId}`, { intent: "refund", amount, reason, formKey: key });
  return { status: response.status, text: pageText(await response.text()), formKey: key };
}

describe("seller's details and billing details", () => {
  it("are checked with the field that is wrong; the seller's change is audited", async () => {
    const bad = await admin.form("/admin/invoicing", { legalName: "", address: "x", prefix: "RW 1" });
    expect(bad.status).toBe(400);
    const text = pageText(await bad.text());
    expect(text).toContain("Legal name is required");
    expect(text).toContain("Number prefix may hold letters, digits, - and / only");
    const audit = await db().selectFrom("audit_log").selectAll().where("action", "=", "invoicing.seller").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.summary).toContain("Rankwell Search Ltd");

    const order = await placeOrder(alice, premium);
    const wrong = await alice.form(`/orders/${order._id}`, { intent: "billing", company: "Acme GmbH", vatId: "123" });
    expect(wrong.status).toBe(400);
    expect(pageText(await wrong.text())).toContain("VAT id must start with the country's two letters");
    expect(await db().selectFrom("order_billing").selectAll().where("order_id", "=", order._id).execute()).toHaveLength(0);
    // Another customer cannot set billing details on it.
    const theirs = await mallory.form(`/orders/${order._id}`, { intent: "billing", company: "Evil Corp" });
    expect(theirs.status).toBe(404);
  });
});

describe("invoices", () => {
  it("a paid order gets the next number; the PDF holds seller, buyer, number, amount and PayPal reference; the paid mail links it", async () => {
    const order = await placeOrder(alice, premium);
    const billing = await alice.form(`/orders/${order._id}`, { intent: "billing", company: "Acme GmbH", billingAddress: "Hauptstrasse 5\n10115 Berlin", vatId: "de 123 456 789" });
    expect(billing.status).toBe(200);
    const before = await db().selectFrom("money_documents").select((eb) => eb.fn.max("seq").as("max")).where("kind", "=", "invoice").executeTakeFirstOrThrow();
    const token = await pay(alice, order._id);
    const captureId = paypal.order(token)!.purchase_units![0]!.payments!.captures![0]!.id;
    const [invoice] = await documentsOf(order._id);
    expect(invoice).toMatchObject({ kind: "invoice", seq: Number(before.max ?? 0) + 1, amount_cents: 14999, currency: "USD", rendered_at: null });
    expect(invoice!.number).toBe(`RW-${String(invoice!.seq).padStart(6, "0")}`);

    // The job draws it after the transaction; the bytes are stored once.
    await server.drainJobs();
    const stored = await db().selectFrom("money_documents").select(["pdf", "rendered_at"]).where("id", "=", invoice!.id).executeTakeFirstOrThrow();
    expect(stored.rendered_at).not.toBeNull();
    const { response, bytes } = await download(alice, order._id, invoice!.id);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("content-disposition")).toBe(`attachment; filename="${invoice!.number}.pdf"`);
    expect(Buffer.from(bytes).equals(Buffer.from(stored.pdf!))).toBe(true);
    const text = await pdfText(bytes);
    for (const expected of [
      `Invoice ${invoice!.number}`,
      "Rankwell Search Ltd",
      "1 Harbour Street",
      "Tax/VAT number: GB123456789",
      "Acme GmbH",
      "Hauptstrasse 5",
      "VAT id: DE123456789",
      "Ada Lovelace",
      "alice@example.com",
      "Premium plan (SEO services)",
      "Total (USD): $149.99",
      "Payment method: PayPal Checkout",
      `PayPal reference: ${captureId}`,
      "Payable on receipt. Company no. 01234567.",
    ]) {
      expect(text).toContain(expected);
    }

    // The paid mail links it; My orders and the order page too; the Admin sees it and may download it.
    const receipt = (await server.outbox()).find((m) => m.subject.startsWith("Receipt") && m.text.includes(order._id))!;
    expect(receipt.text).toContain(`Your invoice ${invoice!.number} (PDF): ${server.url}/orders/${order._id}/documents/${invoice!.id}`);
    expect((await alice.page("/my-order")).html).toContain(`href="/orders/${order._id}/documents/${invoice!.id}"`);
    expect((await alice.page(`/orders/${order._id}`)).html).toContain(`href="/orders/${order._id}/documents/${invoice!.id}"`);
    expect((await download(admin, order._id, invoice!.id)).response.status).toBe(200);
  });

  it("another customer, a visitor and an Editor cannot fetch it", async () => {
    const { orderId } = await paidOrder();
    const [invoice] = await documentsOf(orderId);
    const path = `/orders/${orderId}/documents/${invoice!.id}`;
    for (const client of [mallory, editor]) {
      const { response, bytes } = await download(client, orderId, invoice!.id);
      expect(response.status).toBe(404);
      expect(Buffer.from(bytes).toString("latin1")).not.toContain("%PDF");
    }
    const visitor = await server.client().page(path);
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/login\?/);
    // A document of another order under this order's path: 404 as well.
    const other = await paidOrder();
    expect((await download(alice, other.orderId, invoice!.id)).response.status).toBe(404);
  });

  it("numbers run without gaps, in payment order, one invoice per order", async () => {
    for (let i = 0; i < 3; i++) await paidOrder();
    const seqs = (await db().selectFrom("money_documents").select("seq").where("kind", "=", "invoice").orderBy("seq").execute()).map((r) => r.seq);
    expect(seqs).toEqual(seqs.map((_, i) => i + 1));
    const { last_number } = await db().selectFrom("document_counters").select("last_number").where("series", "=", "invoice").executeTakeFirstOrThrow();
    expect(Number(last_number)).toBe(seqs.length);
  });
});

describe("refunds from the admin", () => {
  it("need a recent confirmation that it is them", async () => {
    const { orderId } = await paidOrder();
    const sessions = await db().selectFrom("session").innerJoin("user", "user.id", "session.userId").select("session.id").where("user.email", "=", "boss@example.com").execute();
    const old = new Date(Date.now() - 60 * 60_000);
    const fresh = new Date();
    for (const { id } of sessions) await db().updateTable("session").set({ confirmedAt: server.services.dbKind === "postgres" ? old : old.toISOString() }).where("id", "=", id).execute();
    try {
      const refused = await refund(orderId, "10.00");
      expect(refused.status).toBe(403);
      expect(refused.text).toContain("confirm it is you first");
      expect(await db().selectFrom("refund_requests").selectAll().where("order_id", "=", orderId).execute()).toHaveLength(0);
    } finally {
      for (const { id } of sessions) await db().updateTable("session").set({ confirmedAt: server.services.dbKind === "postgres" ? fresh : fresh.toISOString() }).where("id", "=", id).execute();
    }
  });

  it("a partial refund: PayPal refunds it, the order stays Paid, totals net it out; PayPal's later webhook counts nothing", async () => {
    const { orderId, captureId } = await paidOrder();
    const sales = await salesCents();
    const made = paypal.refunds();
    const half = await refund(orderId, "74.99", "Half the work was not needed");
    expect(half.status).toBe(200);
    expect(half.text).toContain("Refunded $74.99 through PayPal.");
    expect(paypal.refunds()).toBe(made + 1);
    const call = paypal.requests.findLast((r) => r.path === `/v2/payments/captures/${captureId}/refund`)!;
    const request = await db().selectFrom("refund_requests").selectAll().where("order_id", "=", orderId).executeTakeFirstOrThrow();
    expect(call.requestId).toBe(request.request_id);
    expect(request).toMatchObject({ status: "completed", amount_cents: 7499, reason: "Half the work was not needed", requested_by: "boss@example.com" });
    expect(await statusOf(orderId)).toEqual({ payment_status: "Paid", refunded_cents: 7499 });
    expect(await salesCents()).toBe(sales - 7499);
    expect(await documentsOf(orderId)).toHaveLength(1);
    const shown = pageText((await admin.page(`/admin/orders/${orderId}`)).html);
    expect(shown).toContain("Paid $149.99 Refunded $74.99 Net $75.00");

    // PayPal reports the same refund by webhook: recognised by its id, nothing counted twice.
    const event = paypal.event("PAYMENT.CAPTURE.REFUNDED")!;
    expect(event.resource.id).toBe(request.refund_id);
    const status = await paypal.deliver(`${server.url}/api/paypal/webhook`, event);
    expect(status).toBe(200);
    await server.drainJobs();
    const webhook = await db().selectFrom("payment_events").selectAll().where("event_type", "=", "PAYMENT.CAPTURE.REFUNDED").where("reference", "=", request.refund_id).executeTakeFirstOrThrow();
    expect(webhook.outcome).toBe("ignored");
    expect(await statusOf(orderId)).toEqual({ payment_status: "Paid", refunded_cents: 7499 });
    expect(await salesCents()).toBe(sales - 7499);
    expect(await db().selectFrom("payment_refunds").selectAll().where("refund_id", "=", request.refund_id).execute()).toHaveLength(1);

    // More than is left is refused before PayPal is asked.
    const calls = paypal.requests.length;
    const tooMuch = await refund(orderId, "80.00");
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.text).toContain("At most $75.00 is left to refund");
    expect(paypal.requests.length).toBe(calls);

    // The rest: a full refund, a credit note that references the invoice.
    const rest = await refund(orderId, "75.00", "Cancelled by agreement");
    expect(rest.status).toBe(200);
    expect(await statusOf(orderId)).toEqual({ payment_status: "Refunded", refunded_cents: 14999 });
    expect(await salesCents()).toBe(sales - 14999);
    const [invoice, note] = await documentsOf(orderId);
    expect(note).toMatchObject({ kind: "credit-note", invoice_id: invoice!.id, amount_cents: 14999 });
    expect(note!.number).toBe(`RW-CN-${String(note!.seq).padStart(6, "0")}`);
    const text = await pdfText((await download(alice, orderId, note!.id)).bytes);
    expect(text).toContain(`Credit note ${note!.number}`);
    expect(text).toContain(`Credits invoice: ${invoice!.number}`);
    expect(text).toContain("Reason: Cancelled by agreement");
    expect(text).toContain("Rankwell Search Ltd");
  });

  it("a full refund at once issues a credit note; the next one takes the next credit-note number", async () => {
    const { orderId } = await paidOrder();
    expect((await refund(orderId, "149.99", "Duplicate order")).status).toBe(200);
    const notes = (await db().selectFrom("money_documents").select("seq").where("kind", "=", "credit-note").orderBy("seq").execute()).map((r) => r.seq);
    expect(notes).toEqual(notes.map((_, i) => i + 1));
    expect((await documentsOf(orderId)).map((d) => d.kind)).toEqual(["invoice", "credit-note"]);
    expect(await statusOf(orderId)).toMatchObject({ payment_status: "Refunded" });

    // The Reports CSV names the document each movement is on: the payment its invoice, the refund the credit note.
    const [invoice, note] = await documentsOf(orderId);
    const today = new Date().toISOString().slice(0, 10);
    const csv = await (await admin.fetch(`/admin/reports/money.csv?from=${today}&to=${today}`)).text();
    const lines = csv.split("\r\n").filter((line) => line.includes(orderId));
    expect(lines).toHaveLength(2);
    expect(lines.find((line) => line.includes(`,"payment",`))).toMatch(new RegExp(`,"149\\.99","USD","${invoice!.number}"$`));
    expect(lines.find((line) => line.includes(`,"refund",`))).toMatch(new RegExp(`,"-149\\.99","USD","${note!.number}"$`));
  });

  it("a refund PayPal refuses is shown with PayPal's reason; nothing changes", async () => {
    const { orderId } = await paidOrder();
    const sales = await salesCents();
    paypal.refuseNext({ method: "POST", path: /\/refund$/ }, 422, "REFUND_TIME_LIMIT_EXCEEDED", "You are over the time limit to perform a refund on this capture.");
    const refused = await refund(orderId, "20.00");
    expect(refused.status).toBe(409);
    expect(refused.text).toContain("PayPal refused the refund: REFUND_TIME_LIMIT_EXCEEDED: You are over the time limit to perform a refund on this capture.");
    const request = await db().selectFrom("refund_requests").selectAll().where("order_id", "=", orderId).executeTakeFirstOrThrow();
    expect(request.status).toBe("refused");
    expect(request.failure).toContain("REFUND_TIME_LIMIT_EXCEEDED");
    expect(await statusOf(orderId)).toEqual({ payment_status: "Paid", refunded_cents: 0 });
    expect(await salesCents()).toBe(sales);
    expect(pageText((await admin.page(`/admin/orders/${orderId}`)).html)).toContain("Refused by PayPal REFUND_TIME_LIMIT_EXCEEDED: You are over the time limit");
    // The stand-in's own refusal: more than the capture at PayPal (our check passed: a stale total).
    await db().updateTable("orders").set({ refunded_cents: -10000 }).where("id", "=", orderId).execute();
    const exceeded = await refund(orderId, "200.00");
    expect(exceeded.status).toBe(409);
    expect(exceeded.text).toContain("PayPal refused the refund: REFUND_AMOUNT_EXCEEDED: The refund amount must be less than or equal to the capture amount that has not yet been refunded.");
    await db().updateTable("orders").set({ refunded_cents: 0 }).where("id", "=", orderId).execute();
    expect(await salesCents()).toBe(sales);
  });

  it("a refund whose answer is lost is sent again with the same request id: one refund at PayPal", async () => {
    const { orderId } = await paidOrder();
    const made = paypal.refunds();
    // Every try of the first send loses its answer (the client tries 3 times, the same request id each time).
    paypal.loseAnswer({ method: "POST", path: /\/refund$/, times: 3 });
    const lost = await refund(orderId, "30.00", "Goodwill");
    expect(lost.status).toBe(503);
    expect(paypal.refunds()).toBe(made + 1);
    const pending = await db().selectFrom("refund_requests").selectAll().where("order_id", "=", orderId).executeTakeFirstOrThrow();
    expect(pending.status).toBe("pending");
    expect(await statusOf(orderId)).toEqual({ payment_status: "Paid", refunded_cents: 0 });
    // The Admin sends the same form again: the same request, answered with the first refund.
    const again = await refund(orderId, "30.00", "Goodwill", lost.formKey);
    expect(again.status).toBe(200);
    expect(paypal.refunds()).toBe(made + 1);
    const ids = new Set(paypal.requests.filter((r) => r.path.endsWith("/refund") && r.requestId === pending.request_id).map((r) => r.requestId));
    expect(ids.size).toBe(1);
    expect(await statusOf(orderId)).toEqual({ payment_status: "Paid", refunded_cents: 3000 });
    expect(await db().selectFrom("refund_requests").selectAll().where("order_id", "=", orderId).execute()).toHaveLength(1);
    // "Try again" on it now changes nothing.
    await admin.form(`/admin/orders/${orderId}`, { intent: "refund-retry", requestId: pending.id });
    expect(paypal.refunds()).toBe(made + 1);
    expect(await statusOf(orderId)).toEqual({ payment_status: "Paid", refunded_cents: 3000 });
  });

  it("PayPal's webhook before its answer completes the pending request, once, with the Admin's reason", async () => {
    const { orderId } = await paidOrder();
    paypal.loseAnswer({ method: "POST", path: /\/refund$/, times: 3 });
    const lost = await refund(orderId, "149.99", "Work never started");
    expect(lost.status).toBe(503);
    const event = paypal.event("PAYMENT.CAPTURE.REFUNDED")!;
    expect(await paypal.deliver(`${server.url}/api/paypal/webhook`, event)).toBe(200);
    await server.drainJobs();
    const request = await db().selectFrom("refund_requests").selectAll().where("order_id", "=", orderId).executeTakeFirstOrThrow();
    expect(request).toMatchObject({ status: "completed", refund_id: event.resource.id });
    expect(await statusOf(orderId)).toEqual({ payment_status: "Refunded", refunded_cents: 14999 });
    const note = (await documentsOf(orderId)).find((d) => d.kind === "credit-note")!;
    expect(JSON.parse(note.data).reason).toBe("Work never started");
    // The Admin's "Try again" now finds it done: nothing more at PayPal or here.
    const made = paypal.refunds();
    await admin.form(`/admin/orders/${orderId}`, { intent: "refund-retry", requestId: request.id });
    expect(paypal.refunds()).toBe(made);
    expect(await statusOf(orderId)).toEqual({ payment_status: "Refunded", refunded_cents: 14999 });
  });

  it("is the Admin's alone", async () => {
    const { orderId } = await paidOrder();
    for (const client of [alice, editor]) {
      const response = await client.form(`/admin/orders/${orderId}`, { intent: "refund", amount: "10.00", reason: "mine" });
      expect(response.status).toBe(403);
    }
    expect(await db().selectFrom("refund_requests").selectAll().where("order_id", "=", orderId).execute()).toHaveLength(0);
  });
});

describe("money documents for reports", () => {
  it("lists invoices and credit notes of a date range", async () => {
    const { moneyDocumentsBetween } = await import("../../app/invoices/documents.server.ts");
    const all = await moneyDocumentsBetween(db(), "2000-01-01T00:00:00.000Z", "2999-01-01T00:00:00.000Z");
    const stored = await db().selectFrom("money_documents").select("id").execute();
    expect(all).toHaveLength(stored.length);
    expect(all.find((d) => d.kind === "credit-note")).toMatchObject({ number: expect.stringMatching(/^RW-CN-/), currency: "USD" });
    expect(await moneyDocumentsBetween(db(), "2000-01-01T00:00:00.000Z", "2000-02-01T00:00:00.000Z")).toEqual([]);
  });
});
