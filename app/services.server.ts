import { createContext, type RouterContextProvider } from "react-router";
import type { Config } from "./config.server.ts";
import type { Db, DbKind } from "./db/db.server.ts";
import type { Health } from "./health/health.server.ts";
import type { JobQueue } from "./jobs/queue.server.ts";
import type { Logger } from "./logger.server.ts";
import type { Mailer } from "./mail/mailer.server.ts";
import type { RateLimiter } from "./security/rate-limit.server.ts";

/**
 * What every loader, action and API handler works with; built once per process (server/services.ts).
 * The base parts are listed here. A feature's own service adds itself to this interface where it
 * is defined (`declare module "…/services.server.ts"`: `auth`, `media`, `orderFiles`,
 * `publicVersion`), so features may import this module without it importing them back.
 */
export interface Services {
  config: Config;
  db: Db;
  dbKind: DbKind;
  mailer: Mailer;
  jobs: JobQueue;
  log: Logger;
  rateLimiter: RateLimiter;
  /** What /healthz reports: database read and write, mail. */
  health: Health;
}

/** Per request: set by the Express app before React Router runs. */
export interface RequestInfo {
  services: Services;
  nonce: string;
  clientIp: string;
  requestId: string;
  /** Set when a loader met a database outage: the root turns its error page into a 503. */
  dbOutage?: boolean;
}

export const requestContext = createContext<RequestInfo>();

/** The context loaders, actions and middleware receive; helpers that read it take this type. */
export type RouteContext = Readonly<RouterContextProvider>;
