import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Kysely, sql } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db.server.ts";
import { migrations } from "./index.ts";

/**
 * Migration 020 on a database that already has orders, payments and notifications (SQLite, where
 * adding Refunded means rebuilding the orders table): nothing is lost, foreign keys still hold.
 */
const dir = mkdtempSync(join(tmpdir(), "rankwell-m020-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("020_payments_rest", () => {
  it("keeps existing orders, payments and notifications, and allows Refunded", async () => {
    const { db } = openDatabase({ kind: "sqlite", file: join(dir, "old.db") });
    const raw = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("010_jobs")).error).toBeUndefined();
    const at = "2026-01-02T03:04:05.000Z";
    await raw
      .insertInto("orders")
      .values({
        id: "a".repeat(24), user_id: "u1", customer_email: "c@x.test", customer_name: "C", customer_address: "A", customer_country: "US",
        plan_id: "p1", package_name: "Premium", price_cents: 14999, payment_status: "Paid", order_status: "Delivered", created_at: at, updated_at: at, paid_at: at,
      })
      .execute();
    await raw.insertInto("payments").values({ id: "p".repeat(24), order_id: "a".repeat(24), provider: "paypal", txn_id: "T1", amount_cents: 14999, currency: "USD", receiver_email: "s@x.test", payer_email: null, created_at: at }).execute();
    await raw.insertInto("payment_notifications").values({ id: "n".repeat(24), provider: "paypal", order_id: "a".repeat(24), txn_id: "T1", outcome: "accepted", reason: "order marked Paid", received_at: at }).execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    expect(await raw.selectFrom("orders").selectAll().execute()).toEqual([
      expect.objectContaining({ id: "a".repeat(24), payment_status: "Paid", price_cents: 14999, paid_at: at, paypal_order_id: null, refunded_at: null }),
    ]);
    expect(await raw.selectFrom("payment_events").selectAll().execute()).toEqual([
      expect.objectContaining({ id: "n".repeat(24), source: "ipn", order_id: "a".repeat(24), reference: "T1", outcome: "accepted", status: "done", attention: 0 }),
    ]);
    expect((await sql<{ n: number }>`pragma foreign_key_check`.execute(db)).rows).toEqual([]);
    const indexes = (await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = 'orders'`.execute(db)).rows.map((r) => r.name);
    expect(indexes).toEqual(expect.arrayContaining(["orders_user_created_idx", "orders_created_idx", "orders_status_price_idx", "orders_paypal_order_idx"]));

    await raw.updateTable("orders").set({ payment_status: "Refunded" }).execute();
    await expect(raw.updateTable("orders").set({ payment_status: "Lost" }).execute()).rejects.toThrow(/CHECK/);
    // A payment still needs its order.
    await expect(raw.insertInto("payments").values({ id: "q".repeat(24), order_id: "nope", provider: "paypal", txn_id: "T2", amount_cents: 1, currency: "USD", receiver_email: "s", payer_email: null, created_at: at }).execute()).rejects.toThrow(/FOREIGN KEY/);
    await db.destroy();
  });
});
