import { randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createRequestHandler } from "@react-router/express";
import { toNodeHandler } from "better-auth/node";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { createRequestHandler as createFetchHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { CLIENT_IP_HEADER, createAuth, migrateAuthTables } from "~/auth/auth.server.ts";
import type { Config } from "~/config.server.ts";
import { adoptDemoImages, seedDemoContent } from "~/content/demo/demo-content.server.ts";
import { scheduledPublishJob } from "~/content/workflow/drafts.server.ts";
import { migrateToLatest, oneAtATime, openDatabase } from "~/db/db.server.ts";
import { AppError } from "~/errors.ts";
import { asAppError } from "~/forms.server.ts";
import { createFailureMemory, createHealth } from "~/health/health.server.ts";
import { createLogger } from "~/logger.server.ts";
import { createJobQueue } from "~/jobs/queue.server.ts";
import { createMailer, mailDeliveryJob } from "~/mail/mailer.server.ts";
import { createMediaLibrary } from "~/media/library.server.ts";
import { ENVELOPE_BYTES, tooLarge } from "~/media/upload.server.ts";
import { paymentJobs, RECONCILE_JOB } from "~/payments/payments.server.ts";
import { createRateLimiter } from "~/security/rate-limit.server.ts";
import { requestContext, type Services } from "~/services.server.ts";
import { endpoints } from "./api/index.ts";
import { apiRouter } from "./api/router.ts";
import { bodyLimit, DEFAULT_BODY_LIMIT } from "./body-limit.ts";
import { createDrainer } from "./graceful-shutdown.ts";
import { loopbackOnly } from "./loopback-only.ts";
import { paypalNotificationRoutes } from "./paypal-ipn.ts";
import { paypalStandin } from "./paypal-standin.ts";
import { mediaFiles } from "./media.ts";
import { sameOriginWrites } from "./same-origin.ts";
import { securityHeaderList, securityHeaders } from "./security-headers.ts";
import { CACHED_PAGE_SCRIPT_SRC, pageCache } from "./page-cache.ts";
import { precompressedAssets } from "./assets.ts";
import { sessionDependent } from "./session-dependent.ts";
import { watchPublicVersion } from "~/content/public/public-version.server.ts";

export { ConfigError, loadConfig } from "~/config.server.ts";
export { isEmailAddress } from "~/shared/validation.ts";
export { listRoleHolders, roleRowOf } from "~/users/roles.server.ts";
export { deleteUser, grantRole } from "~/users/users.server.ts";
export { COMMAND_LINE } from "~/audit/actions.ts";
export { isRole } from "~/auth/roles.ts";

export interface ServiceOptions {
  /** The clock rate limits and the sign-in throttle count by (milliseconds); tests pass a fixed one so no limit window turns mid-test. */
  now?: () => number;
}

export interface RankwellOptions extends ServiceOptions {
  /** Built browser assets to serve (production). */
  clientDir?: string;
  /** Vite's dev middleware (development). */
  devMiddleware?: RequestHandler;
}

/** Opens the database, brings it up to date and wires the services. */
export async function createServices(config: Config, options: ServiceOptions = {}): Promise<Services> {
  const log = createLogger(config.logLevel);
  const logFailure = failureLog(log);
  const failures = createFailureMemory();
  const { db, kind } = openDatabase(config.database, {
    onConnectionError: (error) => log.error("database connection lost (the pool will reconnect)", error),
    onFailure: (failure, error, sql) => {
      failures.note(failure, sql);
      logFailure(failure, error);
    },
  });
  const jobs = createJobQueue({ db, dbKind: kind, log, pollMs: config.jobs.pollMs });
  jobs.register(mailDeliveryJob(config, log));
  jobs.register(scheduledPublishJob(db, log));
  const mailer = createMailer(db, jobs);
  const rateLimiter = createRateLimiter(db, config.rateLimitPerMinute, { now: options.now });
  const media = createMediaLibrary({ db, config, jobs, log });
  // One process at a time, so several starting together on one PostgreSQL do not race.
  await oneAtATime(db, kind, async () => {
    await migrateToLatest(db);
    await migrateAuthTables(config, { db, kind, mailer, rateLimiter });
    if (config.demoContent) await seedDemoContent(db, media, log);
    await adoptDemoImages(db, media, log);
  });
  for (const job of await paymentJobs({ db, config, mailer, log })) jobs.register(job);
  if (config.paypal.checkout === "orders") jobs.every("payments-reconcile", config.paypal.reconcileSeconds, RECONCILE_JOB);
  return {
    config,
    db,
    dbKind: kind,
    auth: createAuth(config, { db, kind, mailer, rateLimiter, now: options.now }),
    mailer,
    jobs,
    media,
    log,
    rateLimiter,
    health: createHealth(db, failures, { cacheMs: config.healthCacheMs }),
    publicVersion: watchPublicVersion(db, config, log),
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

/** Answers a request without Express if it can (true), else leaves it to the app (false). */
type FastPath = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;
const fastPaths = new WeakMap<express.Express, FastPath>();

/** The whole site as one Express app: security headers, health, /api, /api/auth and the pages. */
export function createApp(services: Services, options: RankwellOptions = {}): express.Express {
  const { config, log } = services;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  const clientIpOf = (req: express.Request) => req.ip ?? req.socket.remoteAddress ?? "unknown";

  // Before anything reads a body. Media uploads have their own, larger limit: the file's
  // MEDIA_MAX_MB plus the form's own parts, refused in the words the upload itself uses.
  const tooLargeUpload = tooLarge(services.media.maxBytes);
  app.use(
    bodyLimit({
      maxBytes: DEFAULT_BODY_LIMIT,
      routes: [
        {
          path: /^\/(api\/media|admin\/media(\.data)?)\/?$/,
          maxBytes: services.media.maxBytes + ENVELOPE_BYTES,
          refusal: { error: tooLargeUpload.message, fields: tooLargeUpload.fields },
        },
      ],
    }),
  );
  app.use((req, res, next) => {
    res.locals.requestId = randomUUID();
    // Only our value counts: overwrite whatever the client sent under this name.
    req.headers[CLIENT_IP_HEADER] = clientIpOf(req);
    next();
  });
  const security = { dev: config.env === "development", formTargets: [config.paypal.baseUrl], hsts: config.appUrl.startsWith("https://") };
  // For answers with no inline script: cached pages, assets, /healthz.
  const scriptlessHeaders = securityHeaderList(security, CACHED_PAGE_SCRIPT_SRC);
  app.use(securityHeaders(security));

  const build = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
  const mode = config.env === "development" ? "development" : "production";
  const loadContext = (req: express.Request, nonce: string) => {
    const context = new RouterContextProvider();
    context.set(requestContext, { services, nonce, clientIp: clientIpOf(req), requestId: req.res?.locals.requestId as string });
    return context;
  };

  // Anonymous visitors' public pages, from memory (already compressed; before `compression`).
  // Rendered as if by a visitor without cookies, at the site's own address and the cache key's path.
  const renderAnonymous = createFetchHandler(build, mode);
  const cache = pageCache({
    version: services.publicVersion,
    securityHeaders: scriptlessHeaders,
    render: (path, req) => renderAnonymous(new Request(new URL(path, config.appUrl)), loadContext(req, "")),
  });
  app.use(cache.middleware);
  // Answered before Express sees the request (startServer): cached pages, hashed assets, /healthz.
  const assets = options.clientDir ? precompressedAssets(`${options.clientDir}/assets`, scriptlessHeaders) : () => false;
  fastPaths.set(app, async (req, res) => {
    if (assets(req, res)) return true;
    if (req.url === "/healthz" && (req.method === "GET" || req.method === "HEAD")) {
      await answerHealth(res, scriptlessHeaders);
      return true;
    }
    return cache.serveHit(req, res);
  });

  // gzip/deflate for pages, JSON and the rest: the pages' HTML shrinks about 4x.
  app.use(compression());

  app.use(sameOriginWrites(config.appUrl, [/^\/api\/paypal\/(ipn|webhook)\/?$/, /^\/received-payment\//]));

  // Database read and write, and mail: 503 while the database cannot be read or written.
  async function answerHealth(res: ServerResponse, headers: [string, string][]) {
    const report = await services.health.check();
    if (report.status === "down") log.error(`health check: ${JSON.stringify(report.database)}`);
    const body = JSON.stringify(report);
    for (const [name, value] of headers) res.setHeader(name, value);
    res.setHeader("Content-Type", "application/json; charset=utf-8");
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Content-Length", Buffer.byteLength(body));
    res.statusCode = report.status === "down" ? 503 : 200;
    res.end(body);
  }
  app.get("/healthz", (_req, res) => void answerHealth(res, []));

  // Public files: the same for everyone.
  app.use("/media", mediaFiles(services));
  if (options.clientDir) app.use(express.static(options.clientDir, { maxAge: "1h", index: false }));

  // Everything below (auth, /api, pages and their data) depends on who is asking: never stored.
  app.use(sessionDependent());

  // better-auth; its hooks limit every password check per IP and account (auth/password-attempts.server.ts).
  const authHandler = toNodeHandler(services.auth);
  app.all("/api/auth/*splat", (req, res, next) => {
    authHandler(req, res).catch(next);
  });

  // Before /api: PayPal's notifications must be read raw, to be posted back exactly as received.
  app.use("/api/paypal", paypalNotificationRoutes(services, clientIpOf));
  // The stand-in (its API and its pages): only in standin mode, and only for this machine, whatever HOST is.
  if (config.paypal.mode === "standin") app.use("/paypal-standin", loopbackOnly(), paypalStandin(services));
  app.use("/api", apiRouter(services, endpoints, clientIpOf));

  if (options.devMiddleware) app.use(options.devMiddleware);

  app.use(
    createRequestHandler({
      build,
      mode,
      getLoadContext: (req, res) => loadContext(req, res.locals.nonce as string),
    }),
  );

  app.use(errorHandler(services));
  return app;
}

function errorHandler(services: Services): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (res.headersSent) return;
    // A refusal the client can act on, or a database that cannot store or be reached (503, try again).
    const known = error instanceof AppError ? error : asAppError(error);
    if (known) {
      if (known.options.retryAfterSeconds) res.setHeader("Retry-After", String(known.options.retryAfterSeconds));
      // 413: the upload was not read to its end; closing the connection keeps it that way.
      if (known.status === 413) res.setHeader("Connection", "close");
      res.status(known.status).json(known.fields ? { error: known.message, fields: known.fields } : { error: known.message });
      return;
    }
    // body-parser's own errors carry a 4xx status: bad JSON, too large, wrong charset.
    const status = typeof error?.status === "number" && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status < 500) {
      const message =
        error.type === "entity.parse.failed" ? "The request body is not valid JSON" : status === 413 ? "The request is too large" : "The request could not be read";
      res.status(status).json({ error: message });
      return;
    }
    const requestId = res.locals.requestId as string;
    services.log.error(`request ${requestId} ${req.method} ${req.originalUrl} failed`, error);
    res.status(500).json({ error: `Something went wrong on our side. Reference: ${requestId}` });
  };
}

export interface RunningServer {
  url: string;
  services: Services;
  server: Server;
  /**
   * Shuts down within `graceMs` (default SHUTDOWN_GRACE_SECONDS): stops taking requests, lets
   * those in flight finish (answered with `Connection: close`), lets running jobs finish or hands
   * them back, then closes the database. Answers how many requests had to be cut.
   */
  close(graceMs?: number): Promise<{ cut: number }>;
}

/** Starts listening; `close` drains (see RunningServer). */
export async function startServer(config: Config, options: RankwellOptions = {}): Promise<RunningServer> {
  const services = await createServices(config, options);
  const app = createApp(services, options);
  const drainer = createDrainer();
  const fastPath = fastPaths.get(app);
  const server = createServer(
    drainer.wrap((req, res) => {
      if (!fastPath) return void app(req, res);
      fastPath(req, res).then(
        (answered) => answered || app(req, res),
        () => app(req, res),
      );
    }),
  );
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  if (config.jobs.worker) services.jobs.start();
  return {
    url: `http://localhost:${port}`,
    services,
    server,
    async close(graceMs = config.shutdownGraceSeconds * 1000) {
      // Leave a little of the grace for closing the database.
      const budget = Math.max(100, graceMs - 500);
      const [{ cut }] = await Promise.all([drainer.drain(server, budget), services.jobs.stop(budget)]);
      await services.publicVersion.stop();
      await Promise.race([services.db.destroy(), new Promise((resolve) => setTimeout(resolve, 400).unref())]);
      return { cut };
    },
  };
}
