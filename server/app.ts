import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import { createRequestHandler } from "@react-router/express";
import { toNodeHandler } from "better-auth/node";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { RouterContextProvider } from "react-router";
import { CLIENT_IP_HEADER, createAuth, migrateAuthTables } from "~/auth/auth.server.ts";
import type { Config } from "~/config.server.ts";
import { seedDemoContent } from "~/content/demo-content.server.ts";
import { scheduledPublishJob } from "~/content/drafts.server.ts";
import { migrateToLatest, openDatabase } from "~/db/db.server.ts";
import { AppError } from "~/errors.ts";
import { createLogger } from "~/logger.server.ts";
import { createJobQueue } from "~/jobs/queue.server.ts";
import { createMailer, mailDeliveryJob } from "~/mail/mailer.server.ts";
import { paymentJobs, RECONCILE_JOB } from "~/payments/payments.server.ts";
import { createRateLimiter } from "~/security/rate-limit.server.ts";
import { requestContext, type Services } from "~/services.server.ts";
import { TOO_MANY_ATTEMPTS } from "~/shared/messages.ts";
import { endpoints } from "./api/index.ts";
import { apiRouter } from "./api/router.ts";
import { paypalNotificationRoutes } from "./paypal-ipn.ts";
import { paypalStandinApi } from "./paypal-standin.ts";
import { sameOriginWrites } from "./same-origin.ts";
import { securityHeaders } from "./security-headers.ts";

export { ConfigError, loadConfig } from "~/config.server.ts";
export { isEmailAddress } from "~/shared/validation.ts";
export { listRoleHolders, roleRowOf } from "~/users/roles.server.ts";
export { deleteUser, grantRole } from "~/users/users.server.ts";
export { COMMAND_LINE } from "~/audit/actions.ts";
export { isRole } from "~/auth/roles.ts";

/** better-auth calls that take a password or send mail; they share the page actions' limit. */
const LIMITED_AUTH_CALLS = new Set(["/sign-in/email", "/sign-up/email", "/request-password-reset", "/reset-password"]);

export interface ServiceOptions {
  /** The clock rate limits count by (milliseconds); tests pass a fixed one so no limit window turns mid-test. */
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
  const { db, kind } = openDatabase(config.database, (error) => log.error("database connection lost (the pool will reconnect)", error));
  const jobs = createJobQueue({ db, dbKind: kind, log, pollMs: config.jobs.pollMs });
  jobs.register(mailDeliveryJob(config, log));
  jobs.register(scheduledPublishJob(db, log));
  const mailer = createMailer(db, jobs);
  await migrateToLatest(db);
  await migrateAuthTables(config, db, kind, mailer);
  if (config.demoContent) await seedDemoContent(db, log);
  for (const job of paymentJobs({ db, config, mailer, log })) jobs.register(job);
  if (config.paypal.checkout === "orders") jobs.every("payments-reconcile", config.paypal.reconcileSeconds, RECONCILE_JOB);
  return {
    config,
    db,
    dbKind: kind,
    auth: createAuth(config, db, kind, mailer),
    mailer,
    jobs,
    log,
    rateLimiter: createRateLimiter(db, config.rateLimitPerMinute, { now: options.now }),
  };
}

/** The whole site as one Express app: security headers, health, /api, /api/auth and the pages. */
export function createApp(services: Services, options: RankwellOptions = {}): express.Express {
  const { config, log } = services;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  const clientIpOf = (req: express.Request) => req.ip ?? req.socket.remoteAddress ?? "unknown";

  app.use((req, res, next) => {
    res.locals.requestId = randomUUID();
    // Only our value counts: overwrite whatever the client sent under this name.
    req.headers[CLIENT_IP_HEADER] = clientIpOf(req);
    next();
  });
  app.use(securityHeaders({ dev: config.env === "development", formTargets: [config.paypal.baseUrl] }));
  // gzip/deflate for pages, JSON and assets: the landing page's HTML and scripts shrink about 4x.
  app.use(compression());

  app.use(sameOriginWrites(config.appUrl, [/^\/api\/paypal\/(ipn|webhook)\/?$/, /^\/received-payment\//]));

  app.get("/healthz", async (_req, res) => {
    try {
      await services.db.selectFrom("user_roles").select("id").limit(1).execute();
      res.json({ status: "ok", database: "up" });
    } catch (error) {
      log.error("health check: database did not answer", error);
      res.status(503).json({ status: "error", database: "down" });
    }
  });

  const authHandler = toNodeHandler(services.auth);
  app.all("/api/auth/*splat", async (req, res, next) => {
    if (req.method === "POST" && LIMITED_AUTH_CALLS.has(req.path.replace(/^\/api\/auth/, ""))) {
      const { allowed, retryAfterSeconds } = await services.rateLimiter.attempt("auth", clientIpOf(req));
      if (!allowed) {
        res.setHeader("Retry-After", String(retryAfterSeconds));
        res.status(429).json({ error: TOO_MANY_ATTEMPTS });
        return;
      }
    }
    authHandler(req, res).catch(next);
  });

  // Before /api: PayPal's notifications must be read raw, to be posted back exactly as received.
  app.use("/api/paypal", paypalNotificationRoutes(services));
  if (config.paypal.mode === "standin") app.use("/paypal-standin", paypalStandinApi(services));
  app.use("/api", apiRouter(services, endpoints, clientIpOf));

  if (options.devMiddleware) app.use(options.devMiddleware);
  if (options.clientDir) {
    app.use("/assets", express.static(`${options.clientDir}/assets`, { immutable: true, maxAge: "1y" }));
    app.use(express.static(options.clientDir, { maxAge: "1h", index: false }));
  }

  app.use(
    createRequestHandler({
      build: () => import("virtual:react-router/server-build"),
      mode: config.env === "development" ? "development" : "production",
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(requestContext, {
          services,
          nonce: res.locals.nonce as string,
          clientIp: clientIpOf(req),
          requestId: res.locals.requestId as string,
        });
        return context;
      },
    }),
  );

  app.use(errorHandler(services));
  return app;
}

function errorHandler(services: Services): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (res.headersSent) return;
    if (error instanceof AppError) {
      res.status(error.status).json(error.fields ? { error: error.message, fields: error.fields } : { error: error.message });
      return;
    }
    // body-parser's own errors carry a 4xx status: bad JSON, too large, wrong charset.
    const status = typeof error?.status === "number" && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status < 500) {
      const message = error.type === "entity.parse.failed" ? "The request body is not valid JSON" : "The request could not be read";
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
  close(): Promise<void>;
}

/** Starts listening; `close` stops taking requests, lets open ones finish, then closes the database. */
export async function startServer(config: Config, options: RankwellOptions = {}): Promise<RunningServer> {
  const services = await createServices(config, options);
  const app = createApp(services, options);
  const server = await new Promise<Server>((resolve, reject) => {
    const s = app.listen(config.port, config.host, () => resolve(s));
    s.once("error", reject);
  });
  const address = server.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  if (config.jobs.worker) services.jobs.start();
  return {
    url: `http://localhost:${port}`,
    services,
    server,
    async close() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await services.jobs.stop();
      await services.db.destroy();
    },
  };
}
