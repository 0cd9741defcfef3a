import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlan, customerFields } from "../integration/orders-fixtures.ts";
import { startWithPeople, type TestClient, type TestServer } from "../setup/server.ts";

/**
 * SQLite that cannot write: a full disk (SQLite's own limit on the file's pages, `max_page_count`,
 * answers SQLITE_FULL exactly as a full disk does) and a read-only database (`query_only`). Orders
 * are refused with a clear "could not save, try again" and nothing half-written, /healthz says the
 * database takes no writes and why, and the log names SQLITE_FULL, not the failed rollback
 * ("cannot rollback - no transaction is active") that used to hide it.
 */
let server: TestServer;
let customer: TestClient;
let planId: string;
const logged: string[] = [];

beforeAll(async () => {
  // The server's log lines (JSON, one a line) as it writes them.
  const people = await startWithPeople("full-disk@example.com", "full-admin@example.com", { LOG_LEVEL: "error" }, { logDestination: { write: (line) => logged.push(line) } });
  server = people.server;
  customer = people.customer;
  planId = await createPlan(people.admin, "Premium", "149.99");
});
afterAll(async () => {
  await server?.close();
});

const pragma = (statement: string) => sql.raw(`pragma ${statement}`).execute(server.services.db);
const count = async (table: "orders" | "jobs") => Number((await server.services.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);

/** Caps the file at its current size, then orders until an order no longer fits: the disk filled up under traffic. */
async function fillTheDisk(): Promise<number> {
  const { rows } = await pragma("page_count");
  await pragma(`max_page_count = ${(rows[0] as { page_count: number }).page_count}`);
  for (let placed = 0; placed < 1000; placed++) {
    if ((await customer.json("POST", "/api/new-order", { planId, ...customerFields })).status === 503) return placed;
  }
  throw new Error("the disk never filled");
}

describe.runIf(process.env.TEST_DB !== "postgres")("writes that fail", () => {
  it("a read-only database: health says so at once and recovers at once; a save is refused with a try-again", async () => {
    await pragma("query_only = 1");
    try {
      const down = await customer.json("GET", "/healthz");
      expect(down.status).toBe(503);
      expect(down.body.database).toMatchObject({ read: "up", write: "down" });
      expect(down.body.database.writeError).toMatch(/^SQLITE_READONLY: attempt to write a readonly database/);
    } finally {
      await pragma("query_only = 0");
    }
    expect((await customer.json("GET", "/healthz")).status).toBe(200);

    await pragma("query_only = 1");
    try {
      const message = await customer.json("POST", "/api/add-message", { name: "Ada", email: "ada@example.com", number: "12345", subject: "Hello", message: "Read only?" });
      expect(message.status).toBe(503);
      expect(message.body.error).toMatch(/could not save/);
    } finally {
      await pragma("query_only = 0");
    }
  });

  it("a full disk: the order is refused with a try-again, nothing is half-written, health and log say SQLITE_FULL", async () => {
    logged.length = 0;
    const placed = await fillTheDisk();
    console.log(`[faults] disk full: ${placed} orders fitted before the first SQLITE_FULL`);
    const [ordersBefore, jobsBefore] = [await count("orders"), await count("jobs")];

    const api = await customer.json("POST", "/api/new-order", { planId, ...customerFields });
    expect(api.status).toBe(503);
    expect(api.body.error).toBe("We could not save this just now. Please try again in a moment.");
    const page = await customer.form(`/order-now/${planId}`, { orderToken: "full-disk-1", ...customerFields });
    expect(page.status).toBe(503);
    expect(await page.text()).toContain("We could not save this just now. Please try again in a moment.");
    // The order and its admin note are one transaction: neither was stored.
    expect(await count("orders")).toBe(ordersBefore);
    expect(await count("jobs")).toBe(jobsBefore);

    const health = await customer.json("GET", "/healthz");
    expect(health.status).toBe(503);
    expect(health.body.status).toBe("down");
    expect(health.body.database.read).toBe("up");
    expect(health.body.database.write).toBe("down");
    expect(health.body.database.writeError).toMatch(/^SQLITE_FULL: database or disk is full/);

    const log = logged.join("\n");
    expect(log).toContain("database refused a write (SQLITE_FULL)");
    expect(log).not.toContain("cannot rollback");

    // Room again: the same form goes through.
    await pragma("max_page_count = 1073741823");
    const retried = await customer.form(`/order-now/${planId}`, { orderToken: "full-disk-1", ...customerFields });
    expect(retried.status).toBe(302);
    expect(await count("orders")).toBe(ordersBefore + 1);
  });
});
