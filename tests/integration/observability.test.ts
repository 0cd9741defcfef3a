import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlan, placeOrder, setPaymentAccount } from "./orders-fixtures.ts";
import { PASSWORD, signedUpClient, signInTwoStep, startTestServer, type TestClient, type TestServer } from "../setup/server.ts";

/**
 * GET /metrics (who may read it, and that its figures follow orders, payments, mail, jobs and the
 * page cache) and the JSON log (a line per request and per job, request ids, no secrets), on a
 * server whose log lines this test captures. Its job worker is off: jobs run when the test drains
 * them, so "queued" and "sent" are moments the test chooses.
 */
const TOKEN = "metrics-token-for-the-test-0123456789";
const PAYPAL_SECRET = "standin-secret-that-must-never-be-logged-4471";
let server: TestServer;
let lines: string[] = [];
let admin: TestClient;
let alice: TestClient;
let planId: string;

beforeAll(async () => {
  server = await startTestServer(
    { METRICS_TOKEN: TOKEN, LOG_LEVEL: "info", JOBS_WORKER: "off", PAYPAL_CLIENT_SECRET: PAYPAL_SECRET },
    { logDestination: { write: (line: string) => lines.push(line) } },
  );
  admin = await signedUpClient(server, "boss@example.com", PASSWORD, { admin: true });
  alice = await signedUpClient(server, "alice@example.com");
  await setPaymentAccount(admin, "sales@rankwell.test");
  planId = await createPlan(admin, "Premium", "149.99");
  await server.drainJobs();
});
afterAll(async () => server?.close());

const scrape = async (token = TOKEN) => fetch(`${server.url}/metrics`, { headers: { Authorization: `Bearer ${token}` } });

/** The scrape as `name{labels}` → value (labels as prom-client writes them, in its order). */
async function figures(): Promise<Map<string, number>> {
  const response = await scrape();
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  const map = new Map<string, number>();
  for (const line of (await response.text()).split("\n")) {
    if (!line || line.startsWith("#")) continue;
    const match = /^(\S+?)(\{.*\})? (\S+)$/.exec(line);
    expect(match, line).not.toBeNull();
    map.set(`${match![1]}${match![2] ?? ""}`, Number(match![3]));
  }
  return map;
}
const value = (map: Map<string, number>, key: string) => map.get(key) ?? 0;

describe("GET /metrics", () => {
  it("is refused without the token (401), with a wrong one, and to a signed-in Admin", async () => {
    const bare = await fetch(`${server.url}/metrics`);
    expect(bare.status).toBe(401);
    expect(bare.headers.get("www-authenticate")).toContain("Bearer");
    expect((await scrape("not-the-token-not-the-token-0000000")).status).toBe(401);
    expect((await admin.fetch("/metrics")).status).toBe(401);
    const ok = await scrape();
    expect(ok.status).toBe(200);
    expect(ok.headers.get("cache-control")).toBe("no-store");
  });

  it("without a token answers only this machine: not a client a proxy forwarded", async () => {
    const open = await startTestServer({ TRUST_PROXY: "1" });
    try {
      const local = await fetch(`${open.url}/metrics`);
      expect(local.status).toBe(200);
      expect(await local.text()).toContain("rankwell_http_requests_total");
      const forwarded = await fetch(`${open.url}/metrics`, { headers: { "X-Forwarded-For": "203.0.113.9" } });
      expect(forwarded.status).toBe(403);
      // A proxy on this machine forwarding a local client is still a proxy: refused.
      expect((await fetch(`${open.url}/metrics`, { headers: { "X-Forwarded-For": "127.0.0.1" } })).status).toBe(403);
      expect((await fetch(`${open.url}/metrics`, { headers: { Forwarded: "for=127.0.0.1" } })).status).toBe(403);
    } finally {
      await open.close();
    }
  });

  it("moves with orders, payments, mail, jobs, requests and the page cache", async () => {
    const before = await figures();

    // An order: UnPaid +1, its mails queued (pending), the API call counted by its route pattern.
    const order = await placeOrder(alice, planId);
    const ordered = await figures();
    expect(value(ordered, 'rankwell_orders{payment_status="UnPaid"}')).toBe(value(before, 'rankwell_orders{payment_status="UnPaid"}') + 1);
    expect(value(ordered, 'rankwell_mail{state="pending"}')).toBeGreaterThan(value(before, 'rankwell_mail{state="pending"}'));
    const created = 'rankwell_http_requests_total{route="/api/new-order",method="POST",status="201"}';
    expect(value(ordered, created)).toBe(value(before, created) + 1);
    expect(value(ordered, 'rankwell_http_request_duration_seconds_count{route="/api/new-order",method="POST"}')).toBeGreaterThan(0);
    // Raw paths never become labels: the order's id is nowhere in the text.
    await alice.json("GET", `/api/order/${order._id}`);
    const text = await (await scrape()).text();
    expect(text).toContain('route="/api/order/:id"');
    expect(text).not.toContain(order._id);

    // The mails sent: nothing pending any more.
    await server.drainJobs();
    expect(value(await figures(), 'rankwell_mail{state="pending"}')).toBe(0);

    // Pay now: a PayPal order that is not settled yet; the buyer approves; the return page captures.
    const started = await alice.form(`/pay-now/${order._id}`, {});
    expect(started.status).toBe(303);
    const pending = await figures();
    expect(value(pending, "rankwell_paypal_orders_unsettled")).toBe(value(before, "rankwell_paypal_orders_unsettled") + 1);
    const approval = new URL(started.headers.get("location")!);
    const approved = await alice.form(`${approval.pathname}${approval.search}`, { intent: "pay" });
    const back = new URL(approved.headers.get("location")!);
    expect((await alice.page(`${back.pathname}${back.search}`)).status).toBe(200);
    const paid = await figures();
    expect(value(paid, "rankwell_payments")).toBe(value(before, "rankwell_payments") + 1);
    expect(value(paid, 'rankwell_orders{payment_status="Paid"}')).toBe(value(before, 'rankwell_orders{payment_status="Paid"}') + 1);
    expect(value(paid, 'rankwell_orders{payment_status="UnPaid"}')).toBe(value(before, 'rankwell_orders{payment_status="UnPaid"}'));
    expect(value(paid, "rankwell_paypal_orders_unsettled")).toBe(value(before, "rankwell_paypal_orders_unsettled"));

    // A job that fails for good: queued, then failed, by its kind; one that has waited two minutes.
    server.services.jobs.register({
      kind: "test.broken",
      maxAttempts: 1,
      async run() {
        throw new Error("the test's job always fails");
      },
    });
    await server.services.jobs.enqueue(server.services.db, "test.broken", {});
    await server.services.jobs.enqueue(server.services.db, "test.waiting", {}, { runAt: new Date(Date.now() - 120_000) });
    const queued = await figures();
    expect(value(queued, 'rankwell_jobs_queued{kind="test.broken"}')).toBe(1);
    expect(value(queued, 'rankwell_jobs_oldest_queued_seconds{kind="test.waiting"}')).toBeGreaterThanOrEqual(119);
    await server.drainJobs();
    const failed = await figures();
    expect(value(failed, 'rankwell_jobs_failed{kind="test.broken"}')).toBe(1);
    expect(value(failed, 'rankwell_jobs_queued{kind="test.broken"}')).toBe(0);

    // The page cache: a first visit renders (miss), the next is answered from memory (hit).
    const visitor = server.client();
    await visitor.page("/pricing");
    await visitor.page("/pricing");
    const cached = await figures();
    expect(value(cached, 'rankwell_page_cache_total{result="miss"}')).toBeGreaterThan(value(before, 'rankwell_page_cache_total{result="miss"}'));
    expect(value(cached, 'rankwell_page_cache_total{result="hit"}')).toBeGreaterThan(value(before, 'rankwell_page_cache_total{result="hit"}'));
    expect(value(cached, 'rankwell_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    expect(value(cached, "rankwell_metrics_database_read")).toBe(1);

    // The job's run is a log line of its own.
    const jobLine = parsed().find((l) => l.msg === "job" && l.kind === "test.broken");
    expect(jobLine).toMatchObject({ outcome: "failed", attempt: 1, level: "info" });
    expect(typeof jobLine!.ms).toBe("number");
  });
});

/** Every captured line, parsed: each must be JSON. */
function parsed(): Record<string, unknown>[] {
  return lines.map((line) => {
    expect(line.endsWith("\n"), line).toBe(true);
    return JSON.parse(line) as Record<string, unknown>;
  });
}

describe("the log", () => {
  it("is one JSON line per request, with the request id the response carries, and the user once signed in", async () => {
    const anonymous = await fetch(`${server.url}/api/me`);
    const id = anonymous.headers.get("x-request-id")!;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const signedIn = await alice.fetch("/api/orders");
    const aliceId = (await alice.json("GET", "/api/me")).body;
    const signedInId = signedIn.headers.get("x-request-id")!;
    await new Promise((r) => setTimeout(r, 50));
    const all = parsed();
    const line = all.find((l) => l.msg === "request" && l.reqId === id);
    expect(line).toMatchObject({ method: "GET", route: "/api/me", status: 200, level: "info" });
    expect(typeof line!.ms).toBe("number");
    expect(line!.userId).toBeUndefined();
    const mine = all.find((l) => l.msg === "request" && l.reqId === signedInId);
    expect(mine).toMatchObject({ route: "/api/orders", status: 200 });
    expect(typeof mine!.userId).toBe("string");
    expect(JSON.stringify(aliceId)).not.toBe("");
    // Request ids are unique.
    const ids = all.filter((l) => l.msg === "request").map((l) => l.reqId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("gives an unexpected failure's error line the request id that the error page and the API answer show", async () => {
    const db = server.services.db;
    await sql`alter table subscribers rename to subscribers_away`.execute(db);
    try {
      const page = await admin.fetch("/all-subscriber");
      const pageId = page.headers.get("x-request-id")!;
      expect(page.status).toBe(500);
      expect(await page.text()).toContain(`Reference: ${pageId}`);
      const api = await admin.fetch("/api/subscribers");
      const apiId = api.headers.get("x-request-id")!;
      expect(api.status).toBe(500);
      expect(((await api.json()) as { error: string }).error).toContain(apiId);
      await new Promise((r) => setTimeout(r, 50));
      const errors = parsed().filter((l) => l.level === "error");
      for (const id of [pageId, apiId]) {
        const line = errors.find((l) => l.reqId === id);
        expect(line, `an error line for ${id}`).toBeDefined();
        expect((line!.err as { message: string }).message).toMatch(/subscribers/);
      }
    } finally {
      await sql`alter table subscribers_away rename to subscribers`.execute(db);
    }
  });

  it("never holds the password, the session cookie or the PayPal secret of a whole session", async () => {
    lines = [];
    const carol = await signedUpClient(server, "carol@example.com", "quiet-harbor-42");
    const again = server.client();
    expect((await signInTwoStep(again, "carol@example.com", "quiet-harbor-42")).status).toBe(200);
    const cookie = again.cookieHeader();
    const sessionToken = /session_token=([^;]+)/.exec(cookie)![1]!;
    const order = await placeOrder(again, planId);
    const started = await again.form(`/pay-now/${order._id}`, {});
    const approval = new URL(started.headers.get("location")!);
    const approved = await again.form(`${approval.pathname}${approval.search}`, { intent: "pay" });
    const back = new URL(approved.headers.get("location")!);
    await again.page(`${back.pathname}${back.search}`);
    expect((await again.json("GET", `/api/order/${order._id}`)).body.paymentStatus).toBe("Paid");
    // A wrong password too: it must not be logged either.
    await server.client().json("POST", "/api/auth/sign-in/email", { email: "carol@example.com", password: "wrong-harbor-43" });
    await server.drainJobs();
    expect(carol.hasSession()).toBe(true);

    const log = lines.join("");
    expect(parsed().filter((l) => l.msg === "request").length).toBeGreaterThan(8);
    for (const secret of ["quiet-harbor-42", "wrong-harbor-43", sessionToken, decodeURIComponent(sessionToken), decodeURIComponent(sessionToken).split(".")[0]!, PAYPAL_SECRET, TOKEN]) {
      expect(log.includes(secret), `the log holds ${secret.slice(0, 6)}…`).toBe(false);
    }
    // The stand-in was really asked with the secret (the capture went through its OAuth).
    expect(parsed().some((l) => l.msg === "request" && l.route === "/paypal-standin/*")).toBe(true);
  });
});
