import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rawPost } from "../setup/raw-http.ts";
import { killAllServers, type ServerProcess, spawnServer } from "../setup/server-process.ts";

/**
 * The body limit (1 MB before every route): refused with 413 as soon as the announced length or
 * the bytes received pass it, chunked too, without reading the rest; memory stays flat under a
 * flood that used to take the process from 225 MB to 4.2 GB. About the process, not the
 * database: SQLite only.
 */
const MB = 1024 * 1024;
let server: ServerProcess;

beforeAll(async () => {
  server = await spawnServer({});
});
afterAll(() => killAllServers());

// One of each kind of route: a page action, the JSON API, better-auth, PayPal's notifications, the stand-in.
const ROUTES = ["/contact", "/api/add-message", "/api/auth/sign-in/email", "/api/paypal/ipn", "/paypal-standin/v2/checkout/orders"];

describe.runIf(process.env.TEST_DB !== "postgres")("the body limit", () => {
  it.each(ROUTES)("answers 413 on %s to an announced 300 MB before a byte of it is sent", async (path) => {
    const result = await rawPost({ port: server.port, path, declared: 300 * MB, send: 0 });
    expect(result.status).toBe(413);
    expect(result.headers.connection).toBe("close");
    expect(JSON.parse(result.body).error).toMatch(/too large.*1 MB/);
    expect(result.ms).toBeLessThan(2000);
  });

  it.each(ROUTES)("answers 413 on %s once a chunked body passes 1 MB, while the client still holds it open", async (path) => {
    const result = await rawPost({ port: server.port, path, send: 1.5 * MB, holdOpen: true });
    expect(result.status).toBe(413);
    expect(result.sent).toBeLessThanOrEqual(1.5 * MB);
  });

  it("logs none of those refusals as a server failure, nor renders a page for them", async () => {
    // Each route's reader (a form parser, better-auth, express.json) sees its body fail after the
    // 413: that is the client's doing, and a flood of it must not become a flood of error logs.
    expect(server.output()).not.toMatch(/failed|SERVER_ERROR|Error/);
  });

  it("still takes a body under the limit", async () => {
    const form = new URLSearchParams({ name: "Ada", email: "ada@example.com", number: "12345", subject: "Hello", message: "x".repeat(900) });
    const response = await fetch(`${server.url}/api/add-message`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(Object.fromEntries(form)),
    });
    expect(response.status).toBe(201);
  });

  it("keeps memory flat and /healthz quick under 3 s of 16 × 50 MB chunked and 3 × 300 MB posts, each sent again once cut", async () => {
    // Warm up what a first request loads, then take the baseline.
    for (let i = 0; i < 3; i++) await fetch(`${server.url}/contact`).then((r) => r.text());
    const before = server.rssMb();
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, server.rssMb());
    }, 50);
    const until = Date.now() + 3000;
    const healthTimes: number[] = [];
    const health = (async () => {
      while (Date.now() < until) {
        const started = Date.now();
        await fetch(`${server.url}/healthz`).then((r) => r.text());
        healthTimes.push(Date.now() - started);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const flooder = async (post: () => ReturnType<typeof rawPost>) => {
      const results = [];
      while (Date.now() < until) results.push(await post());
      return results;
    };
    const flood = (
      await Promise.all([
        ...Array.from({ length: 16 }, () => flooder(() => rawPost({ port: server.port, path: "/contact", send: 50 * MB }))),
        ...Array.from({ length: 3 }, () => flooder(() => rawPost({ port: server.port, path: "/contact", declared: 300 * MB }))),
      ])
    ).flat();
    await health;
    clearInterval(sampler);
    const after = server.rssMb();
    const sentMb = flood.reduce((sum, r) => sum + r.sent, 0) / MB;
    const refused = flood.filter((r) => r.status === 413).length;
    console.log(
      `[faults] body flood: ${flood.length} posts in 3 s (${refused} answered 413; ${sentMb.toFixed(0)} MB sent before the cuts, of ${(flood.length * 50).toLocaleString()}+ MB offered); ` +
        `RSS ${before.toFixed(0)} MB before, ${peak.toFixed(0)} MB peak, ${after.toFixed(0)} MB after; /healthz max ${Math.max(...healthTimes)} ms over ${healthTimes.length} checks`,
    );
    // Every post that got an answer got 413 (a few may be cut before theirs arrived); none was read to its end.
    for (const r of flood) expect([413, 0]).toContain(r.status);
    expect(refused).toBeGreaterThanOrEqual(flood.length * 0.9);
    expect(Math.max(...flood.map((r) => r.sent))).toBeLessThan(50 * MB);
    // Bounded by the limit, not by the flood: 16 + 3 bodies of at most 1 MB in flight at a time,
    // and the garbage of reading them (without the limit, three 300 MB posts took it to 4.2 GB).
    expect(peak - before).toBeLessThan(200);
    expect(Math.max(...healthTimes)).toBeLessThan(2000);
    expect(server.exited()).toBe(false);
  });
});
