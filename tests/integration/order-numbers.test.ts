import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/db.server.ts";
import { nextOrderNumber } from "~/orders/order-number.server.ts";
import { signedUpClient, startWithPeople, type TestClient, type TestServer } from "../setup/server.ts";
import { createPlan, customerFields, pageText, placeOrder, tableRows } from "./orders-fixtures.ts";

/**
 * Issue 21, identifiers and words: every order has a short number (#1001, …) given by the
 * database in the order's insert transaction, unique and increasing with several processes on
 * PostgreSQL; the customer, the Admins, the mails and the API (`number` beside `_id`) show it. A
 * repeat order starts with the last order's details; the plans show cheapest first, the most
 * popular one marked; an order's status reads the same, as the same badge, to both sides.
 */
let server: TestServer;
let admin: TestClient;
let customer: TestClient;
let other: TestClient;
let premium: string;
let basic: string;
const ADMIN = "numbers-admin@example.com";

beforeAll(async () => {
  ({ server, admin, customer } = await startWithPeople("numbers-customer@example.com", ADMIN));
  other = await signedUpClient(server, "numbers-other@example.com");
  premium = await createPlan(admin, "Premium", "199");
  basic = await createPlan(admin, "Basic", "49");
});
afterAll(async () => server?.close());

describe("order numbers", () => {
  it("start at 1001 and go up by one; the API answers `number` beside `_id`", async () => {
    const first = await placeOrder(customer, premium);
    const second = await placeOrder(other, basic);
    expect(first.number).toBe(1001);
    expect(second.number).toBe(1002);
    expect(first._id).toMatch(/^[0-9a-f]{24}$/);
    expect((await customer.json("GET", `/api/order/${first._id}`)).body).toMatchObject({ _id: first._id, number: 1001 });
    const listed = (await admin.json("GET", "/api/orders")).body.items as { _id: string; number: number }[];
    expect(listed.find((o) => o._id === second._id)?.number).toBe(1002);
  });

  it("are shown to the customer, to Admins and in the Admins' mail", async () => {
    const order = await placeOrder(customer, basic);
    const shown = `#${order.number}`;
    expect(tableRows((await customer.page("/my-order")).html, "Your orders")[0]?.[0]).toBe(shown);
    expect(pageText((await customer.page(`/orders/${order._id}`)).html)).toContain(`Order number ${shown}`);
    expect(tableRows((await admin.page("/total-orders")).html, /^Orders/)[0]?.[0]).toBe(shown);
    expect(pageText((await admin.page(`/admin/orders/${order._id}`)).html)).toContain(`Order number ${shown}`);
    const mails = (await server.outbox()).filter((m) => m.to === ADMIN && m.text.includes(order._id));
    expect(mails.map((m) => m.text).join("\n")).toContain(`Order: ${shown}`);
  });

  it("stay distinct when many orders are placed at once", async () => {
    const placed = await Promise.all(Array.from({ length: 8 }, (_, i) => placeOrder(i % 2 ? customer : other, basic)));
    const numbers = placed.map((o) => o.number as number);
    expect(new Set(numbers).size).toBe(8);
    const stored = await server.services.db.selectFrom("orders").select("number").orderBy("number").execute();
    expect(new Set(stored.map((r) => r.number)).size).toBe(stored.length);
  });

  it("two processes taking numbers in open transactions at once get distinct ones (PostgreSQL: the sequence never waits)", async () => {
    const kind = server.databaseUrl.startsWith("postgres") ? "postgres" : "sqlite";
    if (kind !== "postgres") {
      // SQLite has one writer at a time: the second transaction waits for the first, then counts on.
      const [a, b] = await Promise.all([0, 1].map(() => server.services.db.transaction().execute((trx) => nextOrderNumber(trx))));
      expect(a).not.toBe(b);
      return;
    }
    const one = openDatabase({ kind: "postgres", url: server.databaseUrl, connectTimeoutMs: 5000, statementTimeoutMs: 10_000 }).db;
    const two = openDatabase({ kind: "postgres", url: server.databaseUrl, connectTimeoutMs: 5000, statementTimeoutMs: 10_000 }).db;
    try {
      // Both transactions take a number and stay open until both have one: neither blocks the other.
      let release!: () => void;
      const bothTaken = new Promise<void>((resolve) => (release = resolve));
      const taken: number[] = [];
      const inTransaction = (db: typeof one) =>
        db.transaction().execute(async (trx) => {
          const n = await nextOrderNumber(trx);
          taken.push(n);
          if (taken.length === 2) release();
          await bothTaken;
          return n;
        });
      const [a, b] = await Promise.all([inTransaction(one), inTransaction(two)]);
      expect(a).not.toBe(b);
      // A number taken in a transaction that rolls back is not given again (a gap, never a duplicate).
      await one.transaction().execute(async (trx) => {
        await nextOrderNumber(trx);
        throw new Error("roll back");
      }).catch(() => undefined);
      const next = await placeOrder(customer, basic);
      expect(next.number).toBeGreaterThan(Math.max(a, b) + 1);
    } finally {
      await one.destroy();
      await two.destroy();
    }
  });
});

describe("repeat orders", () => {
  it("start with the details of the customer's last order, or of the order named by ?again=", async () => {
    const fresh = await signedUpClient(server, "numbers-fresh@example.com");
    const empty = (await fresh.page(`/order-now/${basic}`)).html;
    expect(empty).not.toContain("filled in from your last order");
    expect(empty).toMatch(/<input[^>]*name="customerName"[^>]*>/);
    expect(empty).not.toMatch(/<input[^>]*name="customerName"[^>]*value="[^"]+"/);

    await fresh.json("POST", "/api/new-order", { planId: basic, customerName: "Old Name", customerAddress: "1 Old Road", customerCountry: "Norway" });
    const older = (await fresh.json("GET", "/api/orders")).body.items[0]._id as string;
    await fresh.json("POST", "/api/new-order", { planId: basic, ...customerFields });
    const page = (await fresh.page(`/order-now/${premium}`)).html;
    expect(pageText(page)).toContain("filled in from your last order");
    expect(page).toMatch(new RegExp(`name="customerName"[^>]*value="${customerFields.customerName}"`));
    expect(page).toContain(`value="${customerFields.customerCountry}"`);

    const again = (await fresh.page(`/order-now/${premium}?again=${older}`)).html;
    expect(again).toMatch(/name="customerName"[^>]*value="Old Name"/);
    expect(again).toContain('value="Norway"');

    // Another customer's order is ignored: their own last order fills the form, nothing of the other's shows.
    const theirs = (await other.page(`/order-now/${premium}?again=${older}`)).html;
    expect(theirs).not.toContain("Old Name");
    expect(theirs).not.toContain("Norway");
  });
});

describe("plans and status words", () => {
  it("plans show cheapest first, and the one marked most popular carries the badge", async () => {
    await createPlan(admin, "Standard", "99");
    const standard = (await admin.json("GET", "/api/pricings")).body.find((p: { packageName: string }) => p.packageName === "Standard");
    const marked = await admin.json("PUT", `/api/pricing/${standard._id}`, { ...standard, _id: undefined, mostPopular: "Yes" });
    expect(marked.status, JSON.stringify(marked.body)).toBe(200);
    const text = pageText((await server.client().page("/pricing/")).html);
    expect(text).toMatch(/Basic \$49\.00 .*Standard Most popular \$99\.00 .*Premium \$199\.00/);
    expect(text.match(/Most popular/g)).toHaveLength(1);
    const refused = await admin.json("PUT", `/api/pricing/${standard._id}`, { ...standard, _id: undefined, mostPopular: "Always" });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.fields)).toEqual(["mostPopular"]);
  });

  it("the sign-in pages reached from a plan say why, offer Create an account as prominently, and keep the way back to the order", async () => {
    const visitor = server.client();
    const choose = await visitor.page(`/order-now/${premium}`);
    expect(choose.status).toBe(302);
    const login = await visitor.page(choose.location!);
    expect(login.status).toBe(200);
    expect(pageText(login.html)).toContain("Log in or create an account to order Premium.");
    const back = encodeURIComponent(`/order-now/${premium}`);
    // "Create an account" is a full-width primary button like "Log in", and keeps the destination.
    expect(login.html).toMatch(new RegExp(`<a[^>]*class="(?=[^"]*w-full)(?=[^"]*bg-brand-700)[^"]*"[^>]*href="/register\\?redirectTo=${back}"[^>]*>Create an account</a>`));
    expect(pageText((await visitor.page(`/register?redirectTo=${back}`)).html)).toContain("Create an account to order Premium");
    // No reason where none applies: a plain login, another destination, no such plan.
    for (const path of ["/login", "/login?redirectTo=%2Fdashboard", `/login?redirectTo=${encodeURIComponent("/order-now/0123456789abcdef01234567")}`]) {
      expect(pageText((await visitor.page(path)).html), path).not.toContain("to order");
    }
    const registered = await visitor.form("/register", { email: "numbers-newcomer@example.com", password: "quiet-harbor-42", redirectTo: `/order-now/${premium}` });
    expect(registered.status).toBe(302);
    expect(registered.headers.get("location")).toBe(`/order-now/${premium}`);
  });

  it("an order's status reads the same, as the same badge, to its customer and to Admins", async () => {
    const order = await placeOrder(customer, basic);
    await customer.json("PUT", `/api/order-cancelled/${order._id}`);
    const badge = /<span class="inline-block rounded-full[^"]*">Cancelled<\/span>/;
    expect((await customer.page("/my-order")).html).toMatch(badge);
    expect((await customer.page(`/orders/${order._id}`)).html).toMatch(badge);
    expect((await admin.page("/total-orders")).html).toMatch(badge);
    expect((await admin.page(`/admin/orders/${order._id}`)).html).toMatch(badge);
  });
});
