import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { nextOrderNumber } from "../../orders/order-number.server.ts";
import { migrations } from "./index.ts";
import { migrationDatabases } from "../../../tests/setup/migration-databases.ts";

/**
 * Migration 140 on a database that already has orders, on SQLite and (when TEST_DATABASE_URL
 * names a server) PostgreSQL: the orders are numbered from 1001 in the order they were placed
 * (not the order of their ids), and the next number continues after the last one.
 */
const { kinds, open } = migrationDatabases("m140");

describe.each(kinds)("140_order_numbers on %s", (kind) => {
  it("numbers existing orders in creation order from 1001; new numbers continue after them", async () => {
    const { db } = await open(kind);
    try {
      const raw = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo("120_account_security")).error).toBeUndefined();
      const order = (id: string, hour: number) => ({
        id: id.repeat(24), user_id: "u1", customer_email: "c@x.test", customer_name: "C", customer_address: "A", customer_country: "US", plan_id: "p1",
        package_name: "Premium", price_cents: 14999, stage: "ordered", payment_status: "UnPaid", order_status: "Pending",
        created_at: `2026-01-02T0${hour}:00:00.000Z`, updated_at: `2026-01-02T0${hour}:00:00.000Z`,
      });
      // Ids in another order than the dates: the dates decide.
      await raw.insertInto("orders").values([order("a", 3), order("b", 1), order("c", 2)]).execute();

      expect((await migrator.migrateToLatest()).error).toBeUndefined();

      const rows = await raw.selectFrom("orders").select(["id", "number"]).orderBy("created_at").execute();
      expect(rows.map((r) => [r.id, Number(r.number)])).toEqual([
        ["b".repeat(24), 1001],
        ["c".repeat(24), 1002],
        ["a".repeat(24), 1003],
      ]);
      expect(await db.transaction().execute((trx) => nextOrderNumber(trx))).toBe(1004);
      expect(await db.transaction().execute((trx) => nextOrderNumber(trx))).toBe(1005);
      // A duplicate number is refused by the database itself.
      await expect(raw.updateTable("orders").set({ number: 1001 }).where("id", "=", "a".repeat(24)).execute()).rejects.toThrow();
    } finally {
      await db.destroy();
    }
  });
});
