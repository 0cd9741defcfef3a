import type { Client } from "pg";
import type { Config } from "../../config.server.ts";
import { type Db, loadPg } from "../../db/db.server.ts";
import type { Logger } from "../../logger.server.ts";
import { onPublicChange, PUBLIC_CHANGE_CHANNEL, readPublicVersion } from "../workflow/public-change.server.ts";

/**
 * This process's view of the public content version (content/workflow/public-change.server.ts bumps it).
 * A page rendered under one version is stale once `current()` answers another.
 *
 * - A change made by this process: the hook marks the version unsure, and `current()` reads the
 *   row on every call until it moves (the writing transaction commits before the writer's
 *   response, so the very next request sees it) or for at most UNSURE_MS (a rolled back write).
 * - A change made by another process: LISTEN on PostgreSQL (a dedicated connection, reconnected
 *   after an error), and a poll every `pollMs` on both databases in case a notice was missed.
 */
export interface PublicVersion {
  current(): Promise<number>;
  stop(): Promise<void>;
}

const UNSURE_MS = 10_000;
const RECONNECT_MS = 1000;

export function watchPublicVersion(db: Db, config: Config, log: Logger, options: { pollMs?: number } = {}): PublicVersion {
  let known = 0;
  let unsureSince = 0;
  let stopped = false;
  let listener: Client | undefined;

  const refresh = async () => {
    const version = await readPublicVersion(db);
    if (version !== known) {
      known = version;
      unsureSince = 0;
    }
    return version;
  };
  // An unreachable database leaves the version as it was: cached pages keep being served.
  const refreshQuietly = () => refresh().catch(() => undefined);
  // One poll at a time: against a stalled database each would hold a pooled connection until the
  // query timeout, and a poll a second would soon hold the pool that pages need.
  let polling = false;
  const pollOnce = () => {
    if (polling) return;
    polling = true;
    void refreshQuietly().finally(() => (polling = false));
  };

  let unsubscribe = () => {};
  let poll: NodeJS.Timeout | undefined;
  // Started by the first request that asks: services opened only for a command or a check never poll.
  function start() {
    unsubscribe = onPublicChange(() => {
      unsureSince = Date.now();
    });
    poll = setInterval(pollOnce, options.pollMs ?? 1000);
    poll.unref();
    void listen();
  }

  async function listen() {
    if (stopped || config.database.kind !== "postgres") return;
    const client = new (loadPg().Client)({ connectionString: config.database.url, keepAlive: true });
    listener = client;
    const retry = () => {
      if (listener !== client) return;
      listener = undefined;
      client.end().catch(() => undefined);
      if (!stopped) setTimeout(() => void listen(), RECONNECT_MS).unref();
    };
    client.on("error", (error) => {
      log.info(`public version listener lost its connection (reconnecting): ${error.message}`);
      retry();
    });
    client.on("end", retry);
    client.on("notification", () => void refreshQuietly());
    try {
      await client.connect();
      await client.query(`LISTEN ${PUBLIC_CHANGE_CHANNEL}`);
      // A change made while we were not listening.
      await refreshQuietly();
    } catch {
      retry();
    }
  }
  return {
    async current() {
      if (!poll && !stopped) start();
      if (known === 0 || (unsureSince && Date.now() - unsureSince < UNSURE_MS)) return refresh();
      unsureSince = 0;
      return known;
    },
    async stop() {
      stopped = true;
      unsubscribe();
      if (poll) clearInterval(poll);
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => undefined);
    },
  };
}

declare module "../../services.server.ts" {
  interface Services {
    /** The public content version page caches compare with (this module). */
    publicVersion: PublicVersion;
  }
}
