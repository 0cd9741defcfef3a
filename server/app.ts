import type { IncomingMessage, ServerResponse } from "node:http";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { CLIENT_IP_HEADER } from "~/auth/auth-service.server.ts";
import { AppError } from "~/errors.ts";
import { asAppError } from "~/forms.server.ts";
import { ENVELOPE_BYTES, tooLarge } from "~/media/upload.server.ts";
import { ENVELOPE_BYTES as MULTIPART_ENVELOPE } from "~/multipart.server.ts";
import { fileTooLarge } from "~/orders/files/order-files.server.ts";
import { requestContext, type Services } from "~/services.server.ts";
import { endpoints } from "./api/index.ts";
import { apiRouter } from "./api/router.ts";
import { bodyLimit, DEFAULT_BODY_LIMIT } from "./body-limit.ts";
import { loopbackOnly } from "./loopback-only.ts";
import { paypalNotificationRoutes } from "./paypal-ipn.ts";
import { paypalStandin } from "./paypal-standin.ts";
import { mediaFiles } from "./media.ts";
import { sameOriginWrites } from "./same-origin.ts";
import { securityHeaderList, securityHeaders } from "./security-headers.ts";
import { CACHED_PAGE_SCRIPT_SRC, pageCache } from "./page-cache.ts";
import { precompressedAssets } from "./assets.ts";
import { publishedContentPaths } from "~/content/public/documents.server.ts";
import { SINGLE_SEGMENT_MARK, singleSegmentPagePath } from "~/content/registry/slugs.ts";
import { SIGN_IN_PATHS } from "~/site/cached-pages.ts";
import { sessionDependent } from "./session-dependent.ts";
import { metricsEndpoint } from "./metrics.ts";
import { requestIdOf } from "./request-log.ts";
import { isAppPath } from "./app-paths.ts";
import { notFoundMonitor, redirectAnswerer, redirectMiddleware } from "./redirects.ts";
import { anonymousRenderer } from "./render-anonymous.ts";

export interface AppOptions {
  /** Built browser assets to serve (production). */
  clientDir?: string;
  /** Vite's dev middleware (development). */
  devMiddleware?: RequestHandler;
}

/** Answers a request without Express if it can (true), else leaves it to the app (false). */
export type FastPath = (req: IncomingMessage, res: ServerResponse) => Promise<boolean>;

export interface RankwellApp {
  /** The whole site: security headers, health, /api, /api/auth and the pages. */
  app: express.Express;
  /** What the HTTP server tries first (server/lifecycle.ts): cached pages, hashed assets, /healthz. */
  fastPath: FastPath;
}

/** The site as one Express app (its middleware in order), and the fast path in front of it. */
export function createApp(services: Services, options: AppOptions = {}): RankwellApp {
  const { config, log } = services;
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.trustProxy);
  const clientIpOf = (req: express.Request) => req.ip ?? req.socket.remoteAddress ?? "unknown";

  // Before anything reads a body. Media uploads have their own, larger limit: the file's
  // MEDIA_MAX_MB plus the form's own parts, refused in the words the upload itself uses.
  const tooLargeUpload = tooLarge(services.media.maxBytes);
  const tooLargeOrderFile = fileTooLarge(services.orderFiles.maxBytes);
  app.use(
    bodyLimit({
      maxBytes: DEFAULT_BODY_LIMIT,
      routes: [
        {
          path: /^\/(api\/media|admin\/media(\.data)?)\/?$/,
          maxBytes: services.media.maxBytes + ENVELOPE_BYTES,
          refusal: { error: tooLargeUpload.message, fields: tooLargeUpload.fields },
        },
        {
          // An order's files: a message's attachments, a delivery, a brief's file answers.
          path: /^\/(api\/orders\/[^/]+\/(messages|deliver)|orders\/[^/]+(\/brief)?(\.data)?|admin\/orders\/[^/]+(\.data)?)\/?$/,
          maxBytes: services.orderFiles.maxBytes * services.config.orderFiles.maxPerPost + MULTIPART_ENVELOPE,
          refusal: { error: tooLargeOrderFile.message, fields: tooLargeOrderFile.fields },
        },
      ],
    }),
  );
  app.use((req, res, next) => {
    res.locals.requestId = requestIdOf(req);
    // Only our value counts: overwrite whatever the client sent under this name.
    req.headers[CLIENT_IP_HEADER] = clientIpOf(req);
    next();
  });
  const security = { dev: config.env === "development", formTargets: [config.paypal.baseUrl], hsts: config.appUrl.startsWith("https://") };
  // For answers with no inline script: cached pages, assets, /healthz.
  const scriptlessHeaders = securityHeaderList(security, CACHED_PAGE_SCRIPT_SRC);
  // Public content pages hold nothing another window could reach, and isolating them costs a
  // phone a process of its own per visit (docs/decisions/0042); sign-in forms stay isolated.
  const contentPageHeaders = securityHeaderList(security, CACHED_PAGE_SCRIPT_SRC, { isolate: false });
  app.use(securityHeaders(security));

  const build = () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
  const mode = config.env === "development" ? "development" : "production";
  const loadContext = (req: express.Request, nonce: string) => {
    const context = new RouterContextProvider();
    context.set(requestContext, { services, nonce, clientIp: clientIpOf(req), requestId: req.res?.locals.requestId as string });
    return context;
  };

  // Redirects, from memory, before any page work (cached pages included): docs/decisions/0031.
  const answerRedirect = redirectAnswerer(services.redirects.table, scriptlessHeaders, services.metrics.redirect);
  app.use(redirectMiddleware(answerRedirect));
  // Every GET that ends 404 is counted for the 404 monitor, after the answer.
  app.use(notFoundMonitor(services.notFoundHits, isAppPath));

  // Anonymous visitors' public pages, from memory (already compressed; before `compression`).
  // Rendered as if by a visitor without cookies, at the site's own address and the cache key's path.
  const renderAnonymous = anonymousRenderer(config, () => services);
  const cache = pageCache({
    version: services.publicVersion,
    securityHeaders: (path) => (SIGN_IN_PATHS.has(path) ? scriptlessHeaders : contentPageHeaders),
    onAnswer: services.metrics.pageCache,
    contentPaths: () => publishedContentPaths(services.db),
    render: (path, req) => renderAnonymous(path, { clientIp: clientIpOf(req), requestId: req.res?.locals.requestId as string }),
  });
  app.use(cache.middleware);
  // Answered before Express sees the request (startServer): cached pages, hashed assets, /healthz.
  const assets = options.clientDir ? precompressedAssets(`${options.clientDir}/assets`, scriptlessHeaders) : () => false;
  const fastPath: FastPath = async (req, res) => {
    if (assets(req, res)) return true;
    if (req.url === "/healthz" && (req.method === "GET" || req.method === "HEAD")) {
      await answerHealth(res, scriptlessHeaders);
      return true;
    }
    if (await answerRedirect(req, res)) return true;
    return cache.serveHit(req, res);
  };

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
  // For the host's monitoring: a bearer token, or this machine only (server/metrics.ts).
  app.get("/metrics", metricsEndpoint(services.metrics, config.metricsToken));

  // Public files: the same for everyone.
  app.use("/media", mediaFiles(services));
  if (options.clientDir) app.use(express.static(options.clientDir, { maxAge: "1h", index: false }));

  // Everything below (auth, /api, pages and their data) depends on who is asking: never stored.
  app.use(sessionDependent());

  // better-auth (loaded at its first call); its hooks limit every password check per IP and account (auth/password-attempts.server.ts).
  let authHandler: Promise<(req: express.Request, res: express.Response) => Promise<void>> | undefined;
  app.all("/api/auth/*splat", (req, res, next) => {
    authHandler ??= import("better-auth/node").then(({ toNodeHandler }) => toNodeHandler(services.auth.handler));
    authHandler.then((handle) => handle(req, res)).catch(next);
  });

  // Before /api: PayPal's notifications must be read raw, to be posted back exactly as received.
  app.use("/api/paypal", paypalNotificationRoutes(services, clientIpOf));
  // The stand-in (its API and its pages): only in standin mode, and only for this machine, whatever HOST is.
  if (config.paypal.mode === "standin") app.use("/paypal-standin", loopbackOnly(), paypalStandin(services));
  app.use("/api", apiRouter(services, endpoints, clientIpOf));

  if (options.devMiddleware) app.use(options.devMiddleware);

  // A one-segment created page (/local-seo/): past the about editor's `/:id` (content/registry/slugs.ts).
  app.use((req, _res, next) => {
    delete req.headers[SINGLE_SEGMENT_MARK];
    const inner = (req.method === "GET" || req.method === "HEAD") && singleSegmentPagePath(req.path);
    if (inner) {
      const query = req.originalUrl.slice(req.originalUrl.indexOf("?") >= 0 ? req.originalUrl.indexOf("?") : req.originalUrl.length);
      req.url = req.originalUrl = `${inner}${query}`;
      req.headers[SINGLE_SEGMENT_MARK] = "1";
    }
    next();
  });

  app.use(
    createRequestHandler({
      build,
      mode,
      getLoadContext: (req, res) => loadContext(req, res.locals.nonce as string),
    }),
  );

  app.use(errorHandler(services));
  return { app, fastPath };
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
