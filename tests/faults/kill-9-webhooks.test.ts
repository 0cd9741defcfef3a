import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlan, placeOrder, setPaymentAccount } from "../integration/orders-fixtures.ts";
import { startScriptedPayPal, type ScriptedPayPal } from "../setup/paypal-scripted.ts";
import { killAllServers, spawnServer } from "../setup/server-process.ts";
import { signedUpClient, startTestServer, type TestClient, type TestServer } from "../setup/server.ts";

/**
 * kill -9 while PayPal webhooks are being processed (issue 25): a server process acknowledges
 * webhooks (200: stored), starts processing them against a slow PayPal, and is killed mid-run.
 * Its claims are leases of 10 s, renewed while a job runs. Every acknowledged event must be
 * applied within 20 s of the kill, each order Paid exactly once:
 * - restarted on the same host and port, the new process takes back its predecessor's claims at
 *   once, before their leases would have run out;
 * - restarted elsewhere (another port: another process), the claims are taken when their leases
 *   run out, within 15 s of the kill.
 * On SQLite and PostgreSQL.
 */
let paypal: ScriptedPayPal;
let setup: TestServer;
let admin: TestClient;
let alice: TestClient;
let planId: string;

const paypalEnv = () => ({
  PAYPAL_MODE: "sandbox",
  PAYPAL_API_URL: paypal.url,
  PAYPAL_CLIENT_ID: paypal.clientId,
  PAYPAL_CLIENT_SECRET: paypal.clientSecret,
  PAYPAL_WEBHOOK_ID: paypal.webhookId,
});

beforeAll(async () => {
  paypal = await startScriptedPayPal();
  // People, plan and orders; its own worker is off, so it processes nothing.
  setup = await startTestServer({ ...paypalEnv(), JOBS_WORKER: "off" });
  admin = await signedUpClient(setup, "boss@example.com", "quiet-harbor-42", { admin: true });
  alice = await signedUpClient(setup, "alice@example.com");
  await setPaymentAccount(admin, "sales@rankwell.test");
  planId = await createPlan(admin, "Premium", "149.99");
});
afterAll(async () => {
  killAllServers();
  await setup?.close();
  await paypal?.close();
});

const serverProcess = (env: Record<string, string> = {}, port?: number) =>
  spawnServer({ DATABASE_URL: setup.databaseUrl, AUTH_SECRET: "test-secret-test-secret-test-secret-0123", JOBS_WORKER: "on", JOBS_POLL_MS: "100", ...paypalEnv(), ...env }, { port });

/** `count` orders paid for on PayPal (approved, not captured): each one's CHECKOUT.ORDER.APPROVED event. */
async function approvedOrders(count: number) {
  const out: { orderId: string; event: NonNullable<ReturnType<ScriptedPayPal["event"]>> }[] = [];
  for (let i = 0; i < count; i += 1) {
    const order = await placeOrder(alice, planId);
    const pay = await alice.form(`/pay-now/${order._id}`, {});
    const paypalOrderId = new URL(pay.headers.get("location")!).searchParams.get("token")!;
    await paypal.approve(paypalOrderId);
    out.push({ orderId: order._id, event: paypal.event("CHECKOUT.ORDER.APPROVED", paypalOrderId)! });
  }
  return out;
}

const db = () => setup.services.db;

/** Webhook jobs held by a live lease right now, and the latest moment one of those leases runs out. */
async function heldWebhookJobs() {
  const rows = await db()
    .selectFrom("jobs")
    .select(["locked_until"])
    .where("kind", "=", "payments.process-event")
    .where("status", "=", "pending")
    .where("locked_until", ">", new Date().toISOString())
    .execute();
  return { count: rows.length, until: Math.max(0, ...rows.map((r) => Date.parse(r.locked_until!))) };
}

/** Delivers every event to a fresh process, waits until it is running some of them against the slow PayPal, and kills it. */
async function killMidRun(orders: Awaited<ReturnType<typeof approvedOrders>>) {
  paypal.latencyMs = 1500;
  const doomed = await serverProcess();
  for (const { event } of orders) expect(await paypal.deliver(`${doomed.url}/api/paypal/webhook`, event)).toBe(200);
  await expect.poll(async () => (await heldWebhookJobs()).count, { timeout: 10_000, interval: 50 }).toBeGreaterThan(0);
  const held = await heldWebhookJobs();
  await doomed.stop("SIGKILL");
  const killedAt = Date.now();
  paypal.latencyMs = 0;
  return { port: doomed.port, killedAt, held };
}

/** Waits until every order is Paid; answers when (ms since the kill). Each order has exactly one payment. */
async function allPaid(orders: Awaited<ReturnType<typeof approvedOrders>>, killedAt: number) {
  const ids = orders.map((o) => o.orderId);
  const deadline = killedAt + 20_000;
  for (;;) {
    const paid = await db().selectFrom("orders").select("id").where("id", "in", ids).where("payment_status", "=", "Paid").execute();
    if (paid.length === ids.length) break;
    if (Date.now() > deadline) throw new Error(`${ids.length - paid.length} of ${ids.length} acknowledged events not applied 20 s after the kill`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const ms = Date.now() - killedAt;
  const payments = await db().selectFrom("payments").select("order_id").where("order_id", "in", ids).execute();
  expect(payments.map((p) => p.order_id).sort()).toEqual([...ids].sort());
  return ms;
}

describe("kill -9 while webhooks are being processed", () => {
  it("restarted in the same place, the new process takes back the dead one's jobs at once", async () => {
    const orders = await approvedOrders(6);
    const { port, killedAt, held } = await killMidRun(orders);
    const restarted = await serverProcess({ LOG_LEVEL: "info" }, port);
    const ms = await allPaid(orders, killedAt);
    const leaseLeftMs = held.until - killedAt;
    console.log(`[faults] kill -9 mid-webhooks (${process.env.TEST_DB}), same port: ${held.count} job(s) held at the kill; all ${orders.length} applied ${ms} ms after it (the dead leases had ${leaseLeftMs} ms left)`);
    // Taken back by the restart at start-up, not by waiting for the leases to run out.
    const tookBack = /took back (\d+) job\(s\) a previous process on [^ ]+ had claimed/.exec(restarted.output());
    expect(tookBack, "the restarted process took back its predecessor's claims").not.toBeNull();
    expect(Number(tookBack![1])).toBeGreaterThan(0);
    expect(ms).toBeLessThan(20_000);
    await restarted.stop();
  });

  it("restarted elsewhere, another process takes the jobs when their short leases run out", async () => {
    const orders = await approvedOrders(6);
    const { killedAt, held } = await killMidRun(orders);
    const other = await serverProcess();
    const ms = await allPaid(orders, killedAt);
    console.log(`[faults] kill -9 mid-webhooks (${process.env.TEST_DB}), another process: ${held.count} job(s) held at the kill; all ${orders.length} applied ${ms} ms after it`);
    expect(ms).toBeLessThan(15_000);
    await other.stop();
  });
});
