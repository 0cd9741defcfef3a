import { timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Db, PoolUse } from "~/db/db.server.ts";
import { jobFigures } from "~/jobs/queue.server.ts";
import type { Logger } from "~/logger.server.ts";
import { MAIL_JOB } from "~/mail/mailer.server.ts";
import { paymentFigures } from "~/orders/orders.server.ts";
import { isLoopback } from "./loopback-only.ts";

/**
 * GET /metrics in Prometheus's text format (prom-client), one registry per process (tests run
 * several servers in one process). Two kinds of figure:
 * - counted here, for this process: requests (by route pattern, method, status, and how long
 *   they took) and page cache hits and misses; Prometheus sums them across processes;
 * - read from the database at each scrape: jobs, payments, mail, so they are right however many
 *   processes share it (every process answers the same figures; take one, or `max`, not `sum`).
 */
export interface Metrics {
  registry: Registry;
  /** One answered request (server/request-log.ts). */
  request(route: string, method: string, status: number, seconds: number): void;
  /** One page the page cache answered from memory, or rendered and stored. */
  pageCache(result: "hit" | "miss"): void;
  /** One redirect answered from the in-memory table (301, 302 or 410). */
  redirect(status: number): void;
  /** One 404 counted by the monitor (a page or a scanner's probe), or dropped because too many new paths came at once. */
  notFound(kind: "page" | "scanner" | "dropped"): void;
  /** The text for a scrape: database figures refreshed first. */
  scrape(): Promise<string>;
}

export interface MetricsOptions {
  db: Db;
  poolUse: () => PoolUse;
  log: Logger;
}

export function createMetrics({ db, poolUse, log }: MetricsOptions): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "rankwell_process_" });
  const gauge = (name: string, help: string, labelNames: string[] = []) => new Gauge({ name, help, labelNames, registers: [registry] });

  const requests = new Counter({ name: "rankwell_http_requests_total", help: "Requests answered, by route pattern, method and status", labelNames: ["route", "method", "status"], registers: [registry] });
  const durations = new Histogram({
    name: "rankwell_http_request_duration_seconds",
    help: "Time from the request's arrival to the end of its answer, by route pattern",
    labelNames: ["route", "method"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const cache = new Counter({ name: "rankwell_page_cache_total", help: "Public pages answered from the page cache (hit) or rendered and stored (miss)", labelNames: ["result"], registers: [registry] });
  // Both label values exist from the start, so a rate over them is defined before the first request.
  cache.inc({ result: "hit" }, 0);
  cache.inc({ result: "miss" }, 0);

  const redirects = new Counter({ name: "rankwell_redirects_total", help: "Redirects answered from the redirect table, by status (301, 302, 410)", labelNames: ["status"], registers: [registry] });
  const notFound = new Counter({ name: "rankwell_not_found_total", help: "404s counted by the 404 monitor: page, scanner, or dropped (too many new paths at once)", labelNames: ["kind"], registers: [registry] });
  for (const kind of ["page", "scanner", "dropped"]) notFound.inc({ kind }, 0);

  const jobsQueued = gauge("rankwell_jobs_queued", "Jobs waiting to run (due, or waiting for a retry), by kind", ["kind"]);
  const jobsRunning = gauge("rankwell_jobs_running", "Jobs held by a process's live lease, by kind", ["kind"]);
  const jobsFailed = gauge("rankwell_jobs_failed", "Jobs that gave up and wait for a person (needs attention), by kind", ["kind"]);
  const jobsOldest = gauge("rankwell_jobs_oldest_queued_seconds", "How long the longest-waiting due job has waited, by kind", ["kind"]);
  const orders = gauge("rankwell_orders", "Orders by payment status", ["payment_status"]);
  const payments = gauge("rankwell_payments", "Payments verified with PayPal (captures and completed notifications)");
  const unsettled = gauge("rankwell_paypal_orders_unsettled", "Orders with a PayPal order that is not paid yet (reconciliation looks at them)");
  const mail = gauge("rankwell_mail", "Mail in the outbox: pending (to send, or waiting for a retry) and failed (gave up)", ["state"]);
  const pool = gauge("rankwell_db_pool_connections", "Database connections: total open, idle, and queries waiting for one (SQLite: one connection)", ["state"]);
  const poolMax = gauge("rankwell_db_pool_max", "Most connections the pool opens");
  const dbRead = gauge("rankwell_metrics_database_read", "1 when this scrape could read the database figures, 0 when it could not");

  async function refresh() {
    const use = poolUse();
    pool.set({ state: "total" }, use.total);
    pool.set({ state: "idle" }, use.idle);
    pool.set({ state: "waiting" }, use.waiting);
    poolMax.set(use.max);
    try {
      const [jobs, money] = await Promise.all([jobFigures(db), paymentFigures(db)]);
      for (const g of [jobsQueued, jobsRunning, jobsFailed, jobsOldest, orders]) g.reset();
      for (const j of jobs) {
        jobsQueued.set({ kind: j.kind }, j.queued);
        jobsRunning.set({ kind: j.kind }, j.running);
        jobsFailed.set({ kind: j.kind }, j.failed);
        jobsOldest.set({ kind: j.kind }, Math.round(j.oldestDueSeconds));
      }
      const mailJobs = jobs.find((j) => j.kind === MAIL_JOB);
      mail.set({ state: "pending" }, (mailJobs?.queued ?? 0) + (mailJobs?.running ?? 0));
      mail.set({ state: "failed" }, mailJobs?.failed ?? 0);
      for (const [status, count] of Object.entries(money.ordersByPaymentStatus)) orders.set({ payment_status: status }, count);
      payments.set(money.payments);
      unsettled.set(money.unsettledPayPalOrders);
      dbRead.set(1);
    } catch (error) {
      // The process's own figures still answer; the database ones keep their last values.
      dbRead.set(0);
      log.error("metrics: could not read the database figures", error);
    }
  }

  return {
    registry,
    request(route, method, status, seconds) {
      requests.inc({ route, method, status: String(status) });
      durations.observe({ route, method }, seconds);
    },
    pageCache: (result) => cache.inc({ result }),
    redirect: (status) => redirects.inc({ status: String(status) }),
    notFound: (kind) => notFound.inc({ kind }),
    async scrape() {
      await refresh();
      return registry.metrics();
    },
  };
}

/**
 * GET /metrics for the host's monitoring only (app/access.ts `serviceAccess`): with METRICS_TOKEN
 * set, `Authorization: Bearer <token>` is required (401 otherwise, whoever asks); without one,
 * only a client on this machine is answered, and a request that came through a proxy (any
 * forwarded address, or a TRUST_PROXY-derived client that is not loopback) is not on this machine.
 */
export function metricsEndpoint(metrics: Metrics, token: string | undefined): RequestHandler {
  const expected = token ? Buffer.from(`Bearer ${token}`) : undefined;
  return async (req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    if (expected) {
      const given = Buffer.from(req.get("authorization") ?? "");
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
        res.status(401).json({ error: "The metrics need the bearer token set in METRICS_TOKEN" });
        return;
      }
    } else {
      const forwarded = req.get("x-forwarded-for") !== undefined || req.get("forwarded") !== undefined;
      if (forwarded || !isLoopback(req.socket.remoteAddress) || !isLoopback(req.ip)) {
        res.status(403).json({ error: "The metrics answer only this machine; set METRICS_TOKEN to read them from elsewhere" });
        return;
      }
    }
    try {
      const text = await metrics.scrape();
      res.setHeader("Content-Type", metrics.registry.contentType);
      res.send(text);
    } catch (error) {
      next(error);
    }
  };
}

declare module "../app/services.server.ts" {
  interface Services {
    /** This process's metrics registry (GET /metrics). */
    metrics: Metrics;
  }
}
