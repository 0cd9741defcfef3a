import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../setup/server.ts";
import { killAllServers, type ServerProcess, spawnServer } from "../setup/server-process.ts";
import { startTcpProxy, type TcpProxy } from "../setup/tcp-proxy.ts";
import { openShop, orderWithKey, ordersAndNotes, type Shop } from "./shop.ts";

/**
 * PostgreSQL going away under a running server, through a TCP proxy the test controls: every
 * connection dropped mid-query (a restart), then refused for a second; and a stall, where
 * connections stay open and nothing comes back. The server used to exit on the first (an unhandled
 * `error` from a pool client) and hang every request, /healthz included, on the second. Now it
 * stays up, answers 503 "try again" within its timeouts, says on /healthz what is down within 2 s,
 * and recovers by itself. Short timeouts keep the test to seconds.
 */
let database: Awaited<ReturnType<typeof freshDatabase>>;
let proxy: TcpProxy;
let server: ServerProcess;
let shop: Shop;

const timed = async <T>(work: () => Promise<T>) => {
  const started = Date.now();
  return { result: await work(), ms: Date.now() - started };
};
const health = async () => {
  const response = await fetch(`${server.url}/healthz`);
  return { status: response.status, body: (await response.json()) as { database: { read: string; readError?: string } } };
};
/** Polls until `ok` answers true; returns how long it took. */
async function until(ok: () => Promise<boolean>, timeoutMs = 15_000): Promise<number> {
  const started = Date.now();
  while (!(await ok().catch(() => false))) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return Date.now() - started;
}

describe.runIf(process.env.TEST_DB === "postgres")("PostgreSQL going away", () => {
  beforeAll(async () => {
    database = await freshDatabase();
    const direct = new URL(database.url);
    proxy = await startTcpProxy(Number(direct.port || 5432), direct.hostname);
    const proxied = new URL(database.url);
    proxied.hostname = "127.0.0.1";
    proxied.port = String(proxy.port);
    server = await spawnServer({ DATABASE_URL: proxied.toString(), DB_CONNECT_TIMEOUT_MS: "1000", DB_STATEMENT_TIMEOUT_MS: "1000", JOBS_WORKER: "on" });
    shop = await openShop(server.url, database.url);
  });
  afterAll(async () => {
    if (process.env.FAULTS_DEBUG) console.log(server?.output().slice(-6000));
    killAllServers();
    await shop?.close();
    await proxy?.close();
    await database?.drop();
  });

  it("every connection dropped mid-load, then refused for a second: no exit, 503s, recovery by itself", async () => {
    const acknowledged = new Map<string, string>();
    const unanswered: string[] = [];
    const statuses = new Map<number, number>();
    let stop = false;
    const client = async (n: number) => {
      for (let i = 0; !stop; i++) {
        const key = `outage-${n}-${i}`;
        const result = await orderWithKey(shop.customer, server.url, shop.planId, key).catch(() => ({ status: 0, id: undefined }));
        statuses.set(result.status, (statuses.get(result.status) ?? 0) + 1);
        if (result.status === 201) acknowledged.set(key, result.id!);
        else unanswered.push(key);
      }
    };
    const load = Promise.all(Array.from({ length: 6 }, (_, n) => client(n)));
    await until(async () => acknowledged.size >= 30);

    proxy.refuse(true);
    proxy.dropAll();
    const during = await timed(health);
    expect(during.result.status).toBe(503);
    expect(during.result.body.database.read).toBe("down");
    expect(during.ms).toBeLessThan(2000);
    await new Promise((r) => setTimeout(r, 1000));
    proxy.refuse(false);
    const recoveredMs = await until(async () => (await health()).status === 200);
    const orderMs = await until(async () => (await orderWithKey(shop.customer, server.url, shop.planId, `after-drop-${Date.now()}`)).status === 201);
    stop = true;
    await load;

    for (const key of unanswered) expect((await orderWithKey(shop.customer, server.url, shop.planId, key)).status).toBe(201);
    console.log(
      `[faults] PostgreSQL dropped: ${acknowledged.size} orders acknowledged under load; answers ${JSON.stringify(Object.fromEntries(statuses))}; ` +
        `/healthz during the outage ${during.ms} ms (503, ${during.result.body.database.readError}); back up ${recoveredMs} ms after PostgreSQL accepted again, ordering ${orderMs} ms`,
    );
    expect(server.exited()).toBe(false);
    expect([...statuses.keys()].every((s) => s === 201 || s === 503)).toBe(true);
    const stored = await ordersAndNotes(shop.db);
    for (const [key, id] of acknowledged) expect(stored.filter((o) => o.key === `api:${key}`).map((o) => o.id)).toEqual([id]);
    expect(new Set(stored.map((o) => o.key)).size).toBe(stored.length);
  });

  it("a stall (connections open, nothing answers): /healthz within 2 s, requests 503 within the timeouts, recovery by itself", async () => {
    proxy.stall();
    try {
      const stalledHealth = await timed(health);
      const stalledOrder = await timed(() => orderWithKey(shop.customer, server.url, shop.planId, "during-stall"));
      const stalledPage = await timed(() => fetch(`${server.url}/pricing/`).then((r) => r.status));
      console.log(
        `[faults] PostgreSQL stalled: /healthz ${stalledHealth.ms} ms (${stalledHealth.result.status}, ${stalledHealth.result.body.database.readError}); ` +
          `an order ${stalledOrder.ms} ms (${stalledOrder.result.status}); a page ${stalledPage.ms} ms (${stalledPage.result})`,
      );
      expect(stalledHealth.ms).toBeLessThan(2000);
      expect(stalledHealth.result.status).toBe(503);
      expect(stalledHealth.result.body.database.readError).toMatch(/no answer within/);
      expect(stalledOrder.result.status).toBe(503);
      expect(stalledOrder.ms).toBeLessThan(6000);
      expect(stalledPage.ms).toBeLessThan(6000);
    } finally {
      proxy.resume();
    }
    const recoveredMs = await until(async () => (await health()).status === 200);
    expect((await orderWithKey(shop.customer, server.url, shop.planId, "during-stall")).status).toBe(201);
    console.log(`[faults] PostgreSQL stall over: /healthz up again after ${recoveredMs} ms`);
    expect(server.exited()).toBe(false);
  });
});
