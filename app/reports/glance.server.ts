import type { Db } from "../db/db.server.ts";
import { PAID_STAGES, UNPAID_STAGES } from "../shared/order-stages.ts";
import { monthlyTotals, type MoneyTotals, type Month } from "./money.server.ts";
import { monthsBack, monthStart, nextMonthStart } from "./range.ts";

/**
 * The business at a glance (the admin dashboard): revenue by month, sales by package, orders
 * waiting for payment and refunds. Every figure is counted or summed in SQL; money in cents.
 */

export interface MonthRevenue extends MoneyTotals {
  month: Month;
}

export interface PackageSales {
  packageName: string;
  orders: number;
  cents: number;
}

export interface Glance {
  /** The last 12 calendar months (UTC), oldest first, this month last; a month without movements is zero. */
  months: MonthRevenue[];
  /** Paid orders by package (their prices add up to Total Sales), largest first. */
  packages: PackageSales[];
  waiting: { orders: number; cents: number };
  refunds: { count: number; cents: number };
}

const ZERO: MoneyTotals = { receivedCents: 0, received: 0, returnedCents: 0, returned: 0, netCents: 0 };

export async function businessAtAGlance(db: Db, now = new Date()): Promise<Glance> {
  const months = monthsBack(now, 12);
  const [byMonth, packages, waiting, refunds] = await Promise.all([
    monthlyTotals(db, { from: monthStart(months[0]!), toExclusive: nextMonthStart(months.at(-1)!) }),
    db
      .selectFrom("orders")
      .select(["package_name", (eb) => eb.fn.countAll<number>().as("orders"), (eb) => eb.fn.sum<number>("price_cents").as("cents")])
      .where("stage", "in", PAID_STAGES)
      .groupBy("package_name")
      .execute(),
    db
      .selectFrom("orders")
      .select([(eb) => eb.fn.countAll<number>().as("orders"), (eb) => eb.fn.coalesce(eb.fn.sum<number>("price_cents"), eb.lit(0)).as("cents")])
      .where("stage", "in", UNPAID_STAGES)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("payment_refunds")
      .select([(eb) => eb.fn.countAll<number>().as("count"), (eb) => eb.fn.coalesce(eb.fn.sum<number>("amount_cents"), eb.lit(0)).as("cents")])
      .where("kind", "=", "refund")
      .executeTakeFirstOrThrow(),
  ]);
  return {
    months: months.map((month) => ({ month, ...(byMonth.get(month) ?? ZERO) })),
    packages: packages
      .map((p) => ({ packageName: p.package_name, orders: Number(p.orders), cents: Number(p.cents) }))
      .sort((a, b) => b.cents - a.cents || a.packageName.localeCompare(b.packageName)),
    waiting: { orders: Number(waiting.orders), cents: Number(waiting.cents) },
    refunds: { count: Number(refunds.count), cents: Number(refunds.cents) },
  };
}
