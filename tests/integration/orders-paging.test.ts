import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWithPeople, type TestClient, type TestServer } from "../setup/server.ts";
import { createPlan, placeOrder } from "./orders-fixtures.ts";

/**
 * Every page of the order list, near or far from the newest end (later pages are read from the
 * oldest end and reversed), holds exactly the orders the whole list has at those places.
 */
let server: TestServer;
let customer: TestClient;
let admin: TestClient;
beforeAll(async () => {
  ({ server, customer, admin } = await startWithPeople("pager@example.com", "pager-admin@example.com"));
  const plan = await createPlan(admin, "Basic", "49");
  for (let i = 0; i < 23; i++) await placeOrder(customer, plan);
});
afterAll(async () => server?.close());

describe("order list pages", () => {
  it("cut the whole list into consecutive pages, newest first, from either end", async () => {
    const all = (await admin.json("GET", "/api/orders?pageSize=100")).body;
    expect(all.total).toBe(23);
    const ids = all.items.map((o: { _id: string }) => o._id);
    const dates = all.items.map((o: { orderDate: string }) => o.orderDate);
    expect([...dates].sort().reverse()).toEqual(dates);
    for (const size of [5, 10]) {
      const pages: string[] = [];
      for (let page = 1; page <= Math.ceil(23 / size); page++) {
        const { body } = await admin.json("GET", `/api/orders?page=${page}&pageSize=${size}`);
        expect(body.page).toBe(page);
        pages.push(...body.items.map((o: { _id: string }) => o._id));
      }
      expect(pages).toEqual(ids);
    }
  });

  it("count the customer's own list the same way", async () => {
    const { body: last } = await customer.json("GET", "/api/orders?page=5&pageSize=5");
    expect(last.items).toHaveLength(3);
    const { body: all } = await customer.json("GET", "/api/orders?pageSize=100");
    expect(last.items.map((o: { _id: string }) => o._id)).toEqual(all.items.slice(20).map((o: { _id: string }) => o._id));
  });
});
