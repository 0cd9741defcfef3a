import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FIXED_CLOCK, startTestServer, type TestServer } from "../setup/server.ts";

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ RATE_LIMIT_PER_MINUTE: "3" }, { now: FIXED_CLOCK });
});
afterAll(async () => server?.close());

describe("platform", () => {
  it("reports database health", async () => {
    const response = await server.client().json("GET", "/healthz");
    expect(response).toEqual({
      status: 200,
      body: { status: "ok", database: { read: "up", write: "up" }, mail: { status: "up", pending: 0, failed: 0, oldestPendingMinutes: 0 } },
    });
  });

  it("sends security headers and no x-powered-by; a static public page allows no inline script", async () => {
    const response = await server.client().fetch("/");
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain("nonce-");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBeTruthy();
    expect(response.headers.get("x-powered-by")).toBeNull();
    // Only the JSON-LD data block, which never runs.
    const scripts = (await response.text()).match(/<script\b[^>]*>/g) ?? [];
    for (const tag of scripts) expect(tag).toContain('type="application/ld+json"');
  });

  it("gives every script of a hydrating page the request's nonce", async () => {
    // Any page but the static ones hydrates: here an unsubscribe link that names no one (the 404
    // page is static now, as created pages share its route; signing up would use up this file's
    // small sign-in allowance, which a later test counts).
    const response = await server.client().fetch("/unsubscribe/no-such-token");
    expect(response.status).toBeLessThan(500);
    const csp = response.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    const nonce = csp.match(/'nonce-([^']+)'/)![1];
    const scripts = (await response.text()).match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it("answers unknown API calls and bad JSON with JSON 4xx", async () => {
    expect(await server.client().json("GET", "/api/no-such-thing")).toEqual({ status: 404, body: { error: "No such API call" } });
    const bad = await server.client().fetch("/api/me", { method: "GET" });
    expect(bad.status).toBe(200);
    const broken = await server.client().fetch("/api/no-such-thing", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{not json",
    });
    expect(broken.status).toBe(400);
    expect(await broken.json()).toEqual({ error: "The request body is not valid JSON" });
  });

  it("shows a friendly 404 page for unknown pages", async () => {
    const page = await server.client().page("/no/such/page");
    expect(page.status).toBe(404);
    expect(page.html).toContain("Page not found");
  });

  it("rate limits sign-in per client IP, on the page and on the API", async () => {
    const client = server.client();
    for (let i = 0; i < 3; i++) {
      expect((await client.form("/login", { email: "someone@example.com", password: "wrong-pass" })).status).toBe(401);
    }
    const limited = await client.form("/login", { email: "someone@example.com", password: "wrong-pass" });
    expect(limited.status).toBe(429);
    expect(await limited.text()).toContain("Too many attempts");
    const api = await client.fetch("/api/auth/sign-in/email", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: "someone@example.com", password: "wrong-pass" }),
    });
    expect(api.status).toBe(429);
    expect(Number(api.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await api.json()).message).toContain("Too many attempts");
  });

  it.runIf(process.env.TEST_DB === "postgres")("keeps serving after PostgreSQL drops its connections", async () => {
    expect((await server.client().json("GET", "/healthz")).status).toBe(200);
    const url = server.services.config.database.kind === "postgres" ? server.services.config.database.url : "";
    const killer = new pg.Client({ connectionString: url });
    await killer.connect();
    const { rows } = await killer.query(
      "select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
    );
    await killer.end();
    expect(rows[0].n).toBeGreaterThan(0);
    // The pool notices the dead connections and opens new ones; the process does not crash.
    await new Promise((r) => setTimeout(r, 200));
    expect((await server.client().json("GET", "/healthz")).status).toBe(200);
  });
});
