import { type Kysely, sql } from "kysely";
import { Migrator } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { STAGE_NAMES } from "../../shared/order-stages.ts";
import { migrations } from "./index.ts";
import { migrationDatabases } from "../../../tests/setup/migration-databases.ts";
import { oneOf, setCheckConstraint } from "./table-rebuild.ts";

/**
 * Migration 100 on a database that already has orders in every status, on SQLite and (when
 * TEST_DATABASE_URL names a server) PostgreSQL: each order gets the stage its statuses say and a
 * history from its dates, nothing else changes, and the stage CHECK can be widened in place.
 */
const { kinds, open } = migrationDatabases("m100");

describe.each(kinds)("100_order_stages on %s", (kind) => {
  it("gives every order its stage and a history from its dates; the CHECK holds and widens", async () => {
    const { db } = await open(kind);
    const raw = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("080_unique_plan_names")).error).toBeUndefined();
    const at = (h: number) => `2026-01-02T0${h}:00:00.000Z`;
    const order = (id: string, payment: string, status: string, extra: Record<string, unknown> = {}) => ({
      id: id.repeat(24), user_id: "u1", customer_email: "c@x.test", customer_name: "C", customer_address: "A", customer_country: "US",
      plan_id: "p1", package_name: "Premium", price_cents: 14999, payment_status: payment, order_status: status, created_at: at(1), updated_at: at(5), ...extra,
    });
    await raw
      .insertInto("orders")
      .values([
        order("a", "UnPaid", "Pending"),
        order("b", "Paid", "Pending", { paid_at: at(2) }),
        order("c", "Paid", "Delivered", { paid_at: at(2) }),
        order("d", "Cancelled", "Pending"),
        order("e", "Refunded", "Delivered", { paid_at: at(2), refunded_at: at(3) }),
      ])
      .execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const rows = await raw.selectFrom("orders").select(["id", "stage", "payment_status", "order_status", "paid_at"]).orderBy("id").execute();
    expect(rows.map((r) => [r.id, r.stage, r.payment_status, r.order_status])).toEqual([
      ["a".repeat(24), "ordered", "UnPaid", "Pending"],
      ["b".repeat(24), "paid", "Paid", "Pending"],
      ["c".repeat(24), "delivered", "Paid", "Delivered"],
      ["d".repeat(24), "cancelled", "Cancelled", "Pending"],
      ["e".repeat(24), "refunded", "Refunded", "Delivered"],
    ]);
    const history = await raw.selectFrom("order_stage_history").select(["order_id", "from_stage", "to_stage", "actor", "created_at"]).orderBy("order_id").orderBy("seq").execute();
    expect(history.filter((h) => h.order_id === "e".repeat(24)).map((h) => [h.from_stage, h.to_stage, h.actor, h.created_at])).toEqual([
      [null, "ordered", "c@x.test", at(1)],
      ["ordered", "paid", "PayPal", at(2)],
      ["paid", "refunded", "PayPal", at(3)],
    ]);
    expect(history.filter((h) => h.order_id === "c".repeat(24)).map((h) => h.to_stage)).toEqual(["ordered", "paid", "delivered"]);
    expect(new Set(history.map((h) => String(h.order_id).length))).toEqual(new Set([24]));

    await expect(raw.updateTable("orders").set({ stage: "lost" }).execute()).rejects.toThrow(/check/i);
    // A new stage: one call widens the CHECK, rows and indexes stay.
    await setCheckConstraint(db as unknown as Kysely<unknown>, "orders", "orders_stage_check", oneOf("stage", [...STAGE_NAMES, "on-hold"]));
    await raw.updateTable("orders").set({ stage: "on-hold" }).where("id", "=", "a".repeat(24)).execute();
    await expect(raw.updateTable("orders").set({ stage: "lost" }).execute()).rejects.toThrow(/check/i);
    expect(await raw.selectFrom("orders").select("id").execute()).toHaveLength(5);
    if (kind === "sqlite") {
      const indexes = (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'orders'`.execute(db)).rows.map((r) => r.name);
      expect(indexes).toEqual(expect.arrayContaining(["orders_user_created_idx", "orders_stage_created_idx", "orders_idempotency_idx"]));
      expect((await sql`pragma foreign_key_check`.execute(db)).rows).toEqual([]);
    }
    await db.destroy();
  });
});
