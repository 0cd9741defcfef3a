import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { describe, expect, it } from "vitest";
import { migrations } from "./index.ts";
import { migrationDatabases } from "../../../tests/setup/migration-databases.ts";

/**
 * Migration 150 on a database that already has a partially refunded paid order and a fully
 * refunded one, on SQLite and (when TEST_DATABASE_URL names a server) PostgreSQL: each order's
 * refunded_cents comes from its recorded refunds (reversals not counted), and Total Sales is
 * recounted as price minus refunds over paid orders; both counters start at 0.
 */
const { kinds, open } = migrationDatabases("m150");

describe.each(kinds)("150_invoices_refunds on %s", (kind) => {
  it("fills refunded_cents from the refunds and recounts Total Sales net of them", async () => {
    const { db } = await open(kind);
    const raw = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("120_account_security")).error).toBeUndefined();
    const at = "2026-01-02T01:00:00.000Z";
    const order = (id: string, stage: string, payment: string) => ({
      id: id.repeat(24), user_id: "u1", customer_email: "c@x.test", customer_name: "C", customer_address: "A", customer_country: "US",
      plan_id: "p1", package_name: "Premium", price_cents: 10000, stage, payment_status: payment, order_status: "Pending", created_at: at, updated_at: at,
    });
    await raw.insertInto("orders").values([order("a", "paid", "Paid"), order("b", "refunded", "Refunded"), order("c", "in-progress", "Paid")]).execute();
    const payment = (id: string) => ({ id: `p${id}`, order_id: id.repeat(24), provider: "paypal", txn_id: `T${id}`, amount_cents: 10000, currency: "USD", receiver_email: "s@x.test", payer_email: null, created_at: at });
    await raw.insertInto("payments").values([payment("a"), payment("b"), payment("c")]).execute();
    const refund = (id: string, paymentId: string, kind: string, cents: number) => ({ id, payment_id: paymentId, provider: "paypal", refund_id: id, kind, amount_cents: cents, created_at: at });
    await raw
      .insertInto("payment_refunds")
      .values([refund("r1", "pa", "refund", 2500), refund("r2", "pa", "reversal", 10000), refund("r3", "pb", "refund", 4000), refund("r4", "pb", "refund", 6000)])
      .execute();
    await raw.updateTable("sales_totals").set({ paid_cents: 20000, paid_count: 2 }).where("id", "=", "all").execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    const refunded = await raw.selectFrom("orders").select(["id", "refunded_cents"]).orderBy("id").execute();
    expect(refunded.map((r) => Number(r.refunded_cents))).toEqual([2500, 10000, 0]);
    const totals = await raw.selectFrom("sales_totals").select(["paid_cents", "paid_count"]).where("id", "=", "all").executeTakeFirstOrThrow();
    expect({ cents: Number(totals.paid_cents), count: Number(totals.paid_count) }).toEqual({ cents: 7500 + 10000, count: 2 });
    const counters = await raw.selectFrom("document_counters").select(["series", "last_number"]).orderBy("series").execute();
    expect(counters.map((c) => [c.series, Number(c.last_number)])).toEqual([["credit-note", 0], ["invoice", 0]]);
  });
});
