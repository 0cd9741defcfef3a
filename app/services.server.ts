import type { PublicVersion } from "./content/public/public-version.server.ts";
import { createContext, type RouterContextProvider } from "react-router";
import type { Auth } from "./auth/auth.server.ts";
import type { Config } from "./config.server.ts";
import type { Db, DbKind } from "./db/db.server.ts";
import type { Health } from "./health/health.server.ts";
import type { JobQueue } from "./jobs/queue.server.ts";
import type { Logger } from "./logger.server.ts";
import type { Mailer } from "./mail/mailer.server.ts";
import type { MediaLibrary } from "./media/library.server.ts";
import type { OrderFileStore } from "./orders/files/order-files.server.ts";
import type { RateLimiter } from "./security/rate-limit.server.ts";

/** What every loader, action and API handler works with; built once per process. */
export interface Services {
  config: Config;
  db: Db;
  dbKind: DbKind;
  auth: Auth;
  mailer: Mailer;
  jobs: JobQueue;
  media: MediaLibrary;
  /** Files that belong to orders: never public (app/orders/files). */
  orderFiles: OrderFileStore;
  log: Logger;
  rateLimiter: RateLimiter;
  /** What /healthz reports: database read and write, mail. */
  health: Health;
  /** The public content version page caches compare with (content/public/public-version.server.ts). */
  publicVersion: PublicVersion;
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
