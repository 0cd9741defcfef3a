import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { migratedSqlite } from "../../tests/setup/temp-sqlite.ts";
import { createFailureMemory, createHealth } from "./health.server.ts";

/** The health check's short cache on a real SQLite database: cheap while ok, never stale about a fault. */
const temp = migratedSqlite("health");

const readOnly = (on: boolean) => sql.raw(`pragma query_only = ${on ? 1 : 0}`).execute(temp.db);

describe("the health check's cache", () => {
  it("answers an ok report again within the interval, without a new probe", async () => {
    const health = createHealth(temp.db, createFailureMemory(), { cacheMs: 60_000 });
    const first = await health.check();
    expect(first.status).toBe("ok");
    await readOnly(true);
    try {
      // Within the interval the database is not asked again: the same report comes back.
      expect(await health.check()).toBe(first);
    } finally {
      await readOnly(false);
    }
  });

  it("never reuses a report that found a fault: the recovery shows on the next check", async () => {
    const health = createHealth(temp.db, createFailureMemory(), { cacheMs: 60_000 });
    await readOnly(true);
    try {
      expect((await health.check()).database.write).toBe("down");
    } finally {
      await readOnly(false);
    }
    expect((await health.check()).status).toBe("ok");
  });

  it("shares one probe among callers while it runs", async () => {
    const health = createHealth(temp.db, createFailureMemory(), { cacheMs: 0 });
    const [a, b] = [health.check(), health.check()];
    expect(a).toBe(b);
    await a;
    expect(health.check()).not.toBe(a);
  });
});
