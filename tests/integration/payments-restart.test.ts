import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startScriptedPayPal, type ScriptedPayPal } from "../setup/paypal-scripted.ts";
import { killAllServers, spawnServer } from "../setup/server-process.ts";
import { signedUpClient, startTestServer, type TestServer } from "../setup/server.ts";
import { createPlan, paymentCount, placeOrder, setPaymentAccount } from "./orders-fixtures.ts";

/**
 * Nothing acknowledged is lost: a server process stores a PayPal webhook, answers 200 and is
 * killed (SIGKILL) before it processes it; a server started later on the same database processes
 * it, and the order ends Paid exactly once. The first process runs with JOBS_WORKER=off, so the
 * kill falls between storing and processing every time, not by luck.
 */
let paypal: ScriptedPayPal;
let setup: TestServer;

const paypalEnv = () => ({
  PAYPAL_MODE: "sandbox",
  PAYPAL_API_URL: paypal.url,
  PAYPAL_CLIENT_ID: paypal.clientId,
  PAYPAL_CLIENT_SECRET: paypal.clientSecret,
  PAYPAL_WEBHOOK_ID: paypal.webhookId,
});

beforeAll(async () => {
  paypal = await startScriptedPayPal();
  // Sets up people and an order; its own worker is off, so it processes nothing either.
  setup = await startTestServer({ ...paypalEnv(), JOBS_WORKER: "off" });
});
afterAll(async () => {
  killAllServers();
  await setup?.close();
  await paypal?.close();
});

/** `npm start` as its own process on the shared database. */
const serverProcess = (env: Record<string, string>) =>
  spawnServer({ DATABASE_URL: setup.databaseUrl, AUTH_SECRET: "test-secret-test-secret-test-secret-0123", ...env });

describe("a webhook stored by a process that is killed before processing it", () => {
  it("is processed after a restart: the order ends Paid exactly once", async () => {
    const admin = await signedUpClient(setup, "boss@example.com", "quiet-harbor-42", { admin: true });
    const alice = await signedUpClient(setup, "alice@example.com");
    await setPaymentAccount(admin, "sales@rankwell.test");
    const order = await placeOrder(alice, await createPlan(admin, "Premium", "149.99"));
    const pay = await alice.form(`/pay-now/${order._id}`, {});
    const paypalOrderId = new URL(pay.headers.get("location")!).searchParams.get("token")!;
    await paypal.approve(paypalOrderId); // the buyer approved and closed the tab
    const event = paypal.event("CHECKOUT.ORDER.APPROVED", paypalOrderId)!;

    const doomed = await serverProcess({ ...paypalEnv(), JOBS_WORKER: "off" });
    expect(await paypal.deliver(`${doomed.url}/api/paypal/webhook`, event)).toBe(200);
    await doomed.stop("SIGKILL");

    const db = setup.services.db;
    const stored = await db.selectFrom("payment_events").selectAll().where("source", "=", "webhook").execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ status: "received", order_id: order._id });
    expect(stored[0]!.raw).toContain(paypalOrderId);
    const job = await db.selectFrom("jobs").selectAll().where("kind", "=", "payments.process-event").executeTakeFirstOrThrow();
    expect(job.status).toBe("pending");
    expect((await alice.json("GET", `/api/order/${order._id}`)).body.paymentStatus).toBe("UnPaid");
    expect(paypal.captures()).toBe(0);

    // PayPal resends meanwhile (it got its 200, but may): still one stored event.
    const restarted = await startTestServer(paypalEnv(), { databaseUrl: setup.databaseUrl });
    try {
      expect(await paypal.deliver(`${restarted.url}/api/paypal/webhook`, event)).toBe(200);
      await restarted.drainJobs();
      expect((await alice.json("GET", `/api/order/${order._id}`)).body.paymentStatus).toBe("Paid");
      expect(paypal.captures()).toBe(1);
      expect(await paymentCount(setup, order._id)).toBe(1);
      const after = await db.selectFrom("payment_events").selectAll().where("source", "=", "webhook").execute();
      expect(after.map((e) => [e.status, e.outcome])).toEqual([["done", "paid"]]);
      const receipts = (await restarted.outbox()).filter((m) => m.subject.startsWith("Receipt") && m.text.includes(order._id));
      expect(receipts).toHaveLength(1);
    } finally {
      await restarted.close();
    }
  });
});
