import { setSiteTimeZone } from "~/shared/dates.ts";
import { lazyAuth } from "~/auth/auth-service.server.ts";
import { migrateAuthTablesOnce } from "~/auth/auth-tables.server.ts";
import type { Config } from "~/config.server.ts";
import { adoptDemoImagesOnce, seedDemoContent } from "~/content/demo/demo-content.server.ts";
import { watchPublicVersion } from "~/content/public/public-version.server.ts";
import { scheduledPublishJob } from "~/content/workflow/drafts.server.ts";
import { findImageUsers } from "~/content/workflow/images.server.ts";
import { publicContentChanged } from "~/content/workflow/public-change.server.ts";
import { migrateToLatest, oneAtATime, openDatabase } from "~/db/db.server.ts";
import { createFailureMemory, createHealth } from "~/health/health.server.ts";
import { createJobQueue } from "~/jobs/queue.server.ts";
import { createLogger } from "~/logger.server.ts";
import { createMailer, mailDeliveryJob } from "~/mail/mailer.server.ts";
import { createMediaLibrary } from "~/media/library.server.ts";
import { createOrderFileStore } from "~/orders/files/order-files.server.ts";
import { renderDocumentJob } from "~/invoices/documents.server.ts";
import { paymentJobs, RECONCILE_JOB } from "~/payments/payments.server.ts";
import { createRateLimiter } from "~/security/rate-limit.server.ts";
import { createNotFoundHits } from "~/seo/not-found-hits.server.ts";
import { createRedirects } from "~/seo/redirects.server.ts";
import type { Services } from "~/services.server.ts";
import { isAppPath } from "./app-paths.ts";
import { loadMailBrand } from "./mail-brand.ts";
import { createMetrics } from "./metrics.ts";
import { anonymousRenderer, publicPageRenderer } from "./render-anonymous.ts";

export interface ServiceOptions {
  /** Where log lines go instead of stdout (tests read them). */
  logDestination?: { write(line: string): unknown };
  /** The clock rate limits and the sign-in throttle count by (milliseconds); tests pass a fixed one so no limit window turns mid-test. */
  now?: () => number;
}

/**
 * Opens the database, brings it up to date and wires the services: what the web server, the
 * `admin` command and the tests work with. Registers the jobs but does not start the worker.
 */
export async function createServices(config: Config, options: ServiceOptions = {}): Promise<Services> {
  const log = createLogger(config.logLevel, { format: config.logFormat, destination: options.logDestination });
  // Every date on pages and in mails is shown in this zone (shared/dates.ts).
  setSiteTimeZone(config.siteTimeZone);
  const logFailure = failureLog(log);
  const failures = createFailureMemory();
  const { db, kind, poolUse } = openDatabase(config.database, {
    onConnectionError: (error) => log.error("database connection lost (the pool will reconnect)", error),
    onFailure: (failure, error, sql) => {
      failures.note(failure, sql);
      logFailure(failure, error);
    },
  });
  const jobs = createJobQueue({ db, dbKind: kind, log, pollMs: config.jobs.pollMs });
  jobs.register(mailDeliveryJob(config, log, () => loadMailBrand(db, config.appUrl)));
  jobs.register(scheduledPublishJob(db, log));
  const mailer = createMailer(db, jobs);
  const rateLimiter = createRateLimiter(db, config.rateLimitPerMinute, { now: options.now });
  const media = createMediaLibrary({ db, config, jobs, log, imageUsers: findImageUsers, publicChanged: (trx) => publicContentChanged(trx, { section: "media" }) });
  const authDeps = { db, kind, mailer, rateLimiter, now: options.now };
  // Loaded when first needed (auth/auth-service.server.ts): a visitor's pages never load it.
  const auth = lazyAuth(() => import("~/auth/auth.server.ts").then(({ createAuth }) => createAuth(config, authDeps)));
  // One process at a time, so several starting together on one PostgreSQL do not race.
  await oneAtATime(db, kind, async () => {
    await migrateToLatest(db);
    await migrateAuthTablesOnce(db, () => import("~/auth/auth.server.ts").then(({ migrateAuthTables }) => migrateAuthTables(config, authDeps)));
    if (config.demoContent) await seedDemoContent(db, media, log);
    await adoptDemoImagesOnce(db, media, log);
  });
  for (const job of await paymentJobs({ db, config, mailer, jobs, log })) jobs.register(job);
  jobs.register(renderDocumentJob(db));
  if (config.paypal.checkout === "orders") jobs.every("payments-reconcile", config.paypal.reconcileSeconds, RECONCILE_JOB);
  const metrics = createMetrics({ db, poolUse, log });
  const services: Omit<Services, "renderPublicPage"> = {
    config,
    db,
    dbKind: kind,
    auth,
    mailer,
    jobs,
    media,
    orderFiles: createOrderFileStore(db, config),
    log,
    rateLimiter,
    health: createHealth(db, failures, { cacheMs: config.healthCacheMs }),
    publicVersion: watchPublicVersion(db, config, log),
    metrics,
    // Redirects and the 404 monitor (docs/decisions/0031): a failing database leaves the table
    // as it was and drops a batch of counts, logged like any database failure.
    redirects: createRedirects(db, { ownOrigin: config.appUrl, isAppPath, onError: atMostEvery10s((error) => log.error("redirects: could not read the table (the one loaded before is kept)", error)) }),
    notFoundHits: createNotFoundHits(db, { onRecord: metrics.notFound, onError: atMostEvery10s((error) => log.error("404 monitor: could not write a batch of counts (dropped)", error)) }),
  };
  const all: Services = Object.assign(services, { renderPublicPage: publicPageRenderer(anonymousRenderer(config, () => all)) });
  return all;
}

/** At most one call every ten seconds: a database that stays down is logged, not once a poll. */
function atMostEvery10s(report: (error: unknown) => void): (error: unknown) => void {
  let last = 0;
  return (error) => {
    if (Date.now() - last < 10_000) return;
    last = Date.now();
    report(error);
  };
}

/**
 * Logs a database that cannot store or cannot be reached with its real error (SQLITE_FULL, a
 * refused connection), once per kind of failure every ten seconds rather than once per query.
 */
function failureLog(log: Services["log"]) {
  const last = new Map<string, number>();
  return (failure: { kind: string; code: string }, error: unknown) => {
    const key = `${failure.kind}:${failure.code}`;
    if (Date.now() - (last.get(key) ?? 0) < 10_000) return;
    last.set(key, Date.now());
    log.error(failure.kind === "storage" ? `database refused a write (${failure.code})` : `database unavailable (${failure.code})`, error);
  };
}
