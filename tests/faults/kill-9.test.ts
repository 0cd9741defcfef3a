import { afterAll, describe, expect, it } from "vitest";
import { freshDatabase } from "../setup/server.ts";
import { killAllServers, spawnServer } from "../setup/server-process.ts";
import { openShop, orderWithKey, ordersAndNotes } from "./shop.ts";

/**
 * kill -9 under order load, on SQLite and PostgreSQL: eight API clients order as fast as the
 * server answers, each order with its own Idempotency-Key; the server is killed without warning
 * mid-load and started again on the same database; each client then sends again every order it
 * got no answer for, as a careful client does. Every acknowledged order is there exactly once,
 * with one note to the admin; an order committed whose answer was lost is answered, not doubled.
 */
afterAll(() => killAllServers());

describe("kill -9 under order load", () => {
  it("loses no acknowledged order and doubles none", async () => {
    const database = await freshDatabase();
    const env = { DATABASE_URL: database.url, JOBS_WORKER: "off" };
    const first = await spawnServer(env);
    const shop = await openShop(first.url, database.url);
    try {
      const acknowledged = new Map<string, string>();
      const unanswered = new Set<string>();
      let stop = false;
      const client = async (n: number) => {
        for (let i = 0; !stop; i++) {
          const key = `client${n}-order${i}`;
          try {
            const result = await orderWithKey(shop.customer, first.url, shop.planId, key);
            if (result.status === 201 && result.id) acknowledged.set(key, result.id);
            else unanswered.add(key);
          } catch {
            // The connection died with the server: this order's fate is unknown to the client.
            unanswered.add(key);
            return;
          }
        }
      };
      const load = Promise.all(Array.from({ length: 8 }, (_, n) => client(n)));
      // Kill once the load is well under way.
      while (acknowledged.size < 60) await new Promise((r) => setTimeout(r, 20));
      const killedAt = acknowledged.size;
      await first.stop("SIGKILL");
      stop = true;
      await load;

      const restartStarted = Date.now();
      const second = await spawnServer(env);
      const restartMs = Date.now() - restartStarted;
      let replayed = 0;
      for (const key of unanswered) {
        const result = await orderWithKey(shop.customer, second.url, shop.planId, key);
        expect(result.status).toBe(201);
        if (result.replayed) replayed += 1;
        acknowledged.set(key, result.id!);
      }

      const stored = await ordersAndNotes(shop.db);
      console.log(
        `[faults] kill -9 (${process.env.TEST_DB}): ${killedAt}+ orders acknowledged before the kill, ${unanswered.size} without an answer; ` +
          `restart in ${restartMs} ms; on retry ${replayed} turned out stored (answer lost), ${unanswered.size - replayed} placed; ${stored.length} orders stored, 0 lost, 0 doubled`,
      );
      expect(stored).toHaveLength(acknowledged.size);
      for (const [key, id] of acknowledged) {
        const matching = stored.filter((o) => o.key === `api:${key}`);
        expect(matching.map((o) => o.id)).toEqual([id]);
        expect(matching[0]!.notes).toBe(1);
      }
      await second.stop();
    } finally {
      await shop.close();
      killAllServers();
      await database.drop();
    }
  });
});
