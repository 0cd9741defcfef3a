import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlan, customerFields } from "../integration/orders-fixtures.ts";
import { signedUpClient, startWithPeople, type TestClient, type TestServer } from "../setup/server.ts";

/**
 * A retried order is the first order: the order form carries a one-time token, POST
 * /api/new-order honours Idempotency-Key, and a retry, even one racing the first submit, gets the
 * first order back, with one note to the admins. On SQLite and PostgreSQL.
 */
let server: TestServer;
let customer: TestClient;
let planId: string;

beforeAll(async () => {
  const people = await startWithPeople("buyer@example.com", "boss@example.com");
  server = people.server;
  customer = people.customer;
  planId = await createPlan(people.admin, "Premium", "149.99");
});
afterAll(async () => server?.close());

const ordersOf = async (email: string) =>
  server.services.db.selectFrom("orders").select(["id", "customer_name"]).where("customer_email", "=", email).execute();
const notesAbout = async (orderIds: string[]) => (await server.outbox()).filter((m) => m.subject.startsWith("New order") && orderIds.some((id) => m.text.includes(id)));

const orderToken = (html: string) => /name="orderToken" value="([^"]+)"/.exec(html)![1]!;

describe("the order form", () => {
  it("carries a one-time token: a resubmitted form places no second order", async () => {
    const buyer = await signedUpClient(server, "form-buyer@example.com");
    const page = await buyer.page(`/order-now/${planId}`);
    const token = orderToken(page.html);
    expect(orderToken((await buyer.page(`/order-now/${planId}`)).html)).not.toBe(token);
    const submit = () => buyer.form(`/order-now/${planId}`, { orderToken: token, ...customerFields });
    const locations: string[] = [];
    for (let i = 0; i < 3; i++) {
      const response = await submit();
      expect(response.status).toBe(302);
      locations.push(response.headers.get("location")!);
    }
    const orders = await ordersOf("form-buyer@example.com");
    expect(orders).toHaveLength(1);
    // Every submit lands on the confirmation of that one order.
    expect(locations).toEqual(Array(3).fill(`/pending-order?placed=${orders[0]!.id}`));
    expect(await notesAbout(orders.map((o) => o.id))).toHaveLength(1);
  });

  it("places one order when the same form is submitted eight times at once", async () => {
    const buyer = await signedUpClient(server, "double-click@example.com");
    const token = orderToken((await buyer.page(`/order-now/${planId}`)).html);
    const responses = await Promise.all(Array.from({ length: 8 }, () => buyer.form(`/order-now/${planId}`, { orderToken: token, ...customerFields })));
    expect(responses.map((r) => r.status)).toEqual(Array(8).fill(302));
    const orders = await ordersOf("double-click@example.com");
    expect(orders).toHaveLength(1);
    expect(await notesAbout(orders.map((o) => o.id))).toHaveLength(1);
  });

  it("refuses a token that is not one", async () => {
    const response = await customer.form(`/order-now/${planId}`, { orderToken: "has spaces", ...customerFields });
    expect(response.status).toBe(400);
  });
});

describe("POST /api/new-order with Idempotency-Key", () => {
  const post = (client: TestClient, key: string | undefined, body: Record<string, string> = { planId, ...customerFields }) =>
    client.fetch("/api/new-order", { method: "POST", headers: { "Content-Type": "application/json", ...(key === undefined ? {} : { "Idempotency-Key": key }) }, body: JSON.stringify(body) });

  it("answers a retry with the first order, marked as replayed", async () => {
    const buyer = await signedUpClient(server, "api-buyer@example.com");
    const first = await post(buyer, "order-2026-0001");
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const firstOrder = await first.json();
    const again = await post(buyer, "order-2026-0001");
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.json()).toEqual(firstOrder);
    expect(await ordersOf("api-buyer@example.com")).toHaveLength(1);
  });

  it("places one order for ten concurrent requests with one key", async () => {
    const buyer = await signedUpClient(server, "racer@example.com");
    const responses = await Promise.all(Array.from({ length: 10 }, () => post(buyer, "race-key")));
    expect(responses.map((r) => r.status)).toEqual(Array(10).fill(201));
    const ids = new Set(await Promise.all(responses.map(async (r) => (await r.json())._id)));
    expect(ids.size).toBe(1);
    const orders = await ordersOf("racer@example.com");
    expect(orders.map((o) => o.id)).toEqual([...ids]);
    expect(await notesAbout(orders.map((o) => o.id))).toHaveLength(1);
  });

  it("refuses the same key with other details (422), and a malformed key (400, naming the header)", async () => {
    const buyer = await signedUpClient(server, "changer@example.com");
    expect((await post(buyer, "k-1")).status).toBe(201);
    const changed = await post(buyer, "k-1", { planId, ...customerFields, customerName: "Someone Else" });
    expect(changed.status).toBe(422);
    expect((await changed.json()).error).toMatch(/already placed with other details/);
    const bad = await post(buyer, "x".repeat(201));
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toHaveProperty("Idempotency-Key");
    expect(await ordersOf("changer@example.com")).toHaveLength(1);
  });

  it("keeps keys apart per customer, and places a new order for each request without a key", async () => {
    const one = await signedUpClient(server, "one@example.com");
    const two = await signedUpClient(server, "two@example.com");
    const a = await (await post(one, "shared-key")).json();
    const b = await (await post(two, "shared-key")).json();
    expect(a._id).not.toBe(b._id);
    expect((await post(one, undefined)).status).toBe(201);
    expect((await post(one, undefined)).status).toBe(201);
    expect(await ordersOf("one@example.com")).toHaveLength(3);
  });
});
