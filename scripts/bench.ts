// `npm run bench`: first what one server process costs to start and to keep (footprint.ts:
// `npm run bench -- --footprint` runs only that part), then the public pages over HTTP against a
// static-file baseline (bench-http.ts; `npm run bench -- --http` runs only that part). Then: do the order screens stay fast as orders grow? (And the media library: see bench-media.ts.) Seeds 100 and then 100,000
// orders into fresh SQLite databases and times the exact queries the pages run (the service
// functions themselves), printing each one's time at both sizes and the ratio. A ratio near 1
// means the query does not grow with the table (an index and LIMIT do the work).
//
// Runs on Node 24 with --experimental-transform-types (the app code uses TypeScript syntax that
// plain type stripping does not accept); see package.json.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Insertable, sql } from "kysely";
import { type Db, migrateToLatest, openDatabase } from "../app/db/db.server.ts";
import { newId } from "../app/db/ids.server.ts";
import type { OrdersTable } from "../app/db/tables.ts";
import { listOrders, paidTotalCents, recountSales } from "../app/orders/orders.server.ts";
import { PAID_STAGES, paymentStatusOf, UNPAID_STAGES } from "../app/shared/order-stages.ts";
import { mediaBench } from "./bench-media.ts";
import { httpBench } from "./bench-http.ts";

const SIZES = [100, 100_000] as const;
/** The customer we measure has the same 20 orders in both databases; the rest belong to others. */
const CUSTOMER = "bench-customer";
const CUSTOMER_ORDERS = 20;
const RUNS = 300;

interface Timed {
  name: string;
  run: (db: Db) => Promise<unknown>;
  /** The statement whose plan is printed (the page query, not its count). */
  plan?: string;
}

const queries: Timed[] = [
  {
    name: "customer My Orders page 1 (5 rows + count)",
    run: (db) => listOrders(db, { userId: CUSTOMER }, 1, 5),
    plan: `select * from orders where user_id = '${CUSTOMER}' order by created_at desc, id desc limit 5 offset 0`,
  },
  {
    name: "customer pending orders page 1 (5 rows + count)",
    run: (db) => listOrders(db, { userId: CUSTOMER, stages: UNPAID_STAGES }, 1, 5),
  },
  {
    name: "customer Total Spent (SUM of Paid)",
    run: (db) => paidTotalCents(db, { userId: CUSTOMER }),
    plan: `select coalesce(sum(price_cents), 0) from orders where stage in (${PAID_STAGES.map((s) => `'${s}'`).join(", ")}) and user_id = '${CUSTOMER}'`,
  },
  {
    name: "admin all orders page 1 (10 rows + count)",
    run: (db) => listOrders(db, {}, 1, 10),
    plan: "select * from orders order by created_at desc, id desc limit 10 offset 0",
  },
  {
    name: "admin all orders, rows of page 1 only (no count)",
    run: (db) => db.selectFrom("orders").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(10).execute(),
  },
  {
    name: "admin order count (for the page numbers)",
    run: (db) => db.selectFrom("orders").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow(),
    plan: "select count(*) from orders",
  },
  {
    name: "admin Total Sales (running total)",
    run: (db) => paidTotalCents(db),
    plan: "select paid_cents from sales_totals where id = 'all'",
  },
  {
    name: "admin Total Sales as a SUM (what it replaced)",
    run: (db) => db.selectFrom("orders").select((eb) => eb.fn.sum("price_cents").as("c")).where("stage", "in", PAID_STAGES).executeTakeFirstOrThrow(),
  },
  {
    name: "admin all orders, last page (read from the oldest end)",
    run: async (db) => listOrders(db, {}, Number.MAX_SAFE_INTEGER, 10),
  },
  {
    name: "admin all orders, middle page (deepest OFFSET)",
    run: async (db) => {
      const { pageCount } = await listOrders(db, {}, 1, 10);
      return listOrders(db, {}, Math.ceil(pageCount / 2), 10);
    },
  },
];

function seedRows(count: number): Insertable<OrdersTable>[] {
  const rows: Insertable<OrdersTable>[] = [];
  const start = Date.UTC(2024, 0, 1);
  const prices = [4900, 9900, 19900];
  const stages = ["paid", "paid", "ordered", "ordered", "cancelled"] as const;
  for (let i = 0; i < count; i++) {
    // The measured customer's 20 orders are spread evenly through time.
    const mine = i % Math.floor(count / CUSTOMER_ORDERS) === 0 && i / Math.floor(count / CUSTOMER_ORDERS) < CUSTOMER_ORDERS;
    const created = new Date(start + i * 60_000).toISOString();
    const stage = stages[i % stages.length]!;
    rows.push({
      id: newId(),
      number: 1001 + i,
      user_id: mine ? CUSTOMER : `user-${i % 5000}`,
      customer_email: mine ? "bench@example.com" : `user-${i % 5000}@example.com`,
      customer_name: "Bench Customer",
      customer_address: "1 Bench Street",
      customer_country: "Benchland",
      plan_id: "0123456789abcdef01234567",
      package_name: "Premium",
      price_cents: prices[i % prices.length]!,
      stage,
      payment_status: paymentStatusOf(stage),
      order_status: "Pending",
      created_at: created,
      updated_at: created,
      paid_at: stage === "paid" ? created : null,
      paypal_order_id: null,
      paypal_request_id: null,
      delivery_days: null,
      due_at: null,
      refunded_at: null,
      idempotency_key: null,
    });
  }
  return rows;
}

async function seed(db: Db, count: number) {
  const rows = seedRows(count);
  const mine = rows.filter((r) => r.user_id === CUSTOMER).length;
  if (mine !== CUSTOMER_ORDERS) throw new Error(`seeded ${mine} orders for the measured customer, not ${CUSTOMER_ORDERS}`);
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < rows.length; i += 500) await trx.insertInto("orders").values(rows.slice(i, i + 500)).execute();
    await recountSales(trx);
  });
  await sql`analyze`.execute(db);
}

async function median(db: Db, query: Timed): Promise<number> {
  for (let i = 0; i < 20; i++) await query.run(db);
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    await query.run(db);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

/** The footprint (start-up time, idle memory) of the build, as `npm run footprint` measures it. */
function footprint() {
  const run = spawnSync(process.execPath, ["scripts/footprint.ts"], { stdio: "inherit" });
  if (run.status !== 0) throw new Error("npm run footprint failed");
}

async function main() {
  if (!process.argv.includes("--http")) footprint();
  if (process.argv.includes("--footprint")) return;
  await httpBench();
  if (process.argv.includes("--http")) return;
  const results = new Map<string, number[]>();
  const plans: string[] = [];
  for (const size of SIZES) {
    const dir = mkdtempSync(join(tmpdir(), "rankwell-bench-"));
    const { db } = openDatabase({ kind: "sqlite", file: join(dir, "bench.db") });
    try {
      await migrateToLatest(db);
      const t = performance.now();
      await seed(db, size);
      console.log(`seeded ${size.toLocaleString("en-US")} orders in ${(performance.now() - t).toFixed(0)} ms`);
      for (const query of queries) {
        const ms = await median(db, query);
        results.set(query.name, [...(results.get(query.name) ?? []), ms]);
        if (size === SIZES[SIZES.length - 1] && query.plan) {
          const rows = await sql<{ detail: string }>`explain query plan ${sql.raw(query.plan)}`.execute(db);
          plans.push(`  ${query.name}:\n${rows.rows.map((r) => `      ${r.detail}`).join("\n")}`);
        }
      }
    } finally {
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  }

  const [small, large] = SIZES.map((s) => s.toLocaleString("en-US"));
  const width = Math.max(...queries.map((q) => q.name.length));
  console.log(`\nmedian of ${RUNS} runs, SQLite, milliseconds\n`);
  console.log(`${"query".padEnd(width)}  ${`${small} orders`.padStart(12)}  ${`${large} orders`.padStart(16)}  ratio`);
  for (const query of queries) {
    const [a, b] = results.get(query.name)!;
    console.log(`${query.name.padEnd(width)}  ${a!.toFixed(3).padStart(12)}  ${b!.toFixed(3).padStart(16)}  ${(b! / a!).toFixed(1)}x`);
  }
  console.log(`\nquery plans at ${large} orders:\n${plans.join("\n")}`);
  await mediaBench();
}

await main();
