import { afterAll, describe, expect, it } from "vitest";
import { openShop } from "../faults/shop.ts";
import { startScriptedPayPal } from "../setup/paypal-scripted.ts";
import { killAllServers, spawnServer } from "../setup/server-process.ts";
import { freshDatabase } from "../setup/server.ts";
import { placeOrder, setPaymentAccount } from "./orders-fixtures.ts";

/**
 * Invoice numbers with two server processes on one PostgreSQL database, as behind a load
 * balancer: the buyers of 30 orders come back from PayPal all at once, half of them to each
 * process, so 30 captures are recorded concurrently. Every order gets one invoice, and the
 * numbers are exactly 1..30: none twice (the counter row's lock), none skipped.
 * (On SQLite one process writes at a time; invoices-refunds.test.ts checks its numbers.)
 */
afterAll(() => killAllServers());

describe.runIf(process.env.TEST_DB === "postgres")("invoice numbers across two server processes", () => {
  it("are gap-free and unique when both record payments at once", async () => {
    const database = await freshDatabase();
    const paypal = await startScriptedPayPal();
    const env = {
      DATABASE_URL: database.url,
      PAYPAL_MODE: "sandbox",
      PAYPAL_API_URL: paypal.url,
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_WEBHOOK_ID: paypal.webhookId,
      JOBS_WORKER: "on",
    };
    const [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
    const shop = await openShop(a.url, database.url);
    try {
      await setPaymentAccount(shop.admin, "sales@rankwell.test");
      const count = 30;
      const returns: string[] = [];
      for (let i = 0; i < count; i++) {
        const order = await placeOrder(shop.customer, shop.planId);
        const response = await shop.customer.form(`/pay-now/${order._id}`, {});
        expect(response.status).toBe(303);
        const token = new URL(response.headers.get("location")!).searchParams.get("token")!;
        const back = new URL((await paypal.approve(token))!);
        returns.push(`${back.pathname}${back.search}`);
      }
      // All buyers come back at once, alternately to each process (the same session works on both).
      const answers = await Promise.all(
        returns.map((path, i) => fetch(`${i % 2 ? b.url : a.url}${path}`, { headers: { Cookie: shop.customer.cookieHeader() } }).then(async (r) => (await r.text(), r.status))),
      );
      expect(answers.every((status) => status === 200)).toBe(true);

      const paid = await shop.db.selectFrom("orders").select("id").where("payment_status", "=", "Paid").execute();
      expect(paid).toHaveLength(count);
      const invoices = await shop.db.selectFrom("money_documents").select(["seq", "number", "order_id"]).where("kind", "=", "invoice").orderBy("seq").execute();
      expect(invoices.map((i) => i.seq)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
      expect(new Set(invoices.map((i) => i.number)).size).toBe(count);
      expect(new Set(invoices.map((i) => i.order_id))).toEqual(new Set(paid.map((p) => p.id)));
      const counter = await shop.db.selectFrom("document_counters").select("last_number").where("series", "=", "invoice").executeTakeFirstOrThrow();
      expect(Number(counter.last_number)).toBe(count);
      expect(paypal.captures()).toBe(count);
    } finally {
      await shop.close();
      killAllServers();
      await paypal.close();
      await database.drop();
    }
  }, 120_000);
});
