import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/free-port.ts";
import { startScriptedPayPal, type ScriptedPayPal } from "../setup/paypal-scripted.ts";
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
const children: ChildProcess[] = [];
const dir = mkdtempSync(join(tmpdir(), "rankwell-restart-"));

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
  for (const child of children) child.kill("SIGKILL");
  await setup?.close();
  await paypal?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** `npm start` as its own process on the shared database. */
async function serverProcess(env: Record<string, string>) {
  const port = await freePort();
  const child = spawn(process.execPath, ["server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      APP_URL: `http://localhost:${port}`,
      DATABASE_URL: setup.databaseUrl,
      OUTBOX_DIR: join(dir, "outbox"),
      AUTH_SECRET: "test-secret-test-secret-test-secret-0123",
      DEMO_CONTENT: "off",
      LOG_LEVEL: "error",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  let output = "";
  child.stderr!.on("data", (chunk) => (output += chunk));
  const url = `http://localhost:${port}`;
  for (let i = 0; i < 120; i++) {
    if (await fetch(`${url}/healthz`).then((r) => r.ok, () => false)) return { url, child };
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not start:\n${output}`);
}

describe("a webhook stored by a process that is killed before processing it", () => {
  it("is processed after a restart: the order ends Paid exactly once", async () => {
    const admin = await signedUpClient(setup, "boss@example.com", "secret123", { admin: true });
    const alice = await signedUpClient(setup, "alice@example.com");
    await setPaymentAccount(admin, "sales@rankwell.test");
    const order = await placeOrder(alice, await createPlan(admin, "Premium", "149.99"));
    const pay = await alice.form(`/pay-now/${order._id}`, {});
    const paypalOrderId = new URL(pay.headers.get("location")!).searchParams.get("token")!;
    await paypal.approve(paypalOrderId); // the buyer approved and closed the tab
    const event = paypal.event("CHECKOUT.ORDER.APPROVED", paypalOrderId)!;

    const doomed = await serverProcess({ ...paypalEnv(), JOBS_WORKER: "off" });
    expect(await paypal.deliver(`${doomed.url}/api/paypal/webhook`, event)).toBe(200);
    const exited = new Promise((done) => doomed.child.once("exit", done));
    doomed.child.kill("SIGKILL");
    await exited;

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
