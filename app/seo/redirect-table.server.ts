import { sql } from "kysely";
import type { Db, DbOrTrx } from "../db/db.server.ts";
import { pathKey, type RedirectStatus } from "./redirect-rules.ts";

/** The row of public_version (migration 130) that counts changes to the redirects. */
const VERSION_ROW = "redirects";
/** After a change made by this process, how long requests re-read the version until it moves (a rolled back write). */
const UNSURE_MS = 10_000;

const localListeners = new Set<() => void>();

/**
 * Called in the transaction of every change to the redirects: moves their version (every
 * process polls it) and tells this process's table to re-read it until it moves, so the
 * writer's very next request sees the change (the transaction commits before the answer).
 */
export async function redirectsChanged(trx: DbOrTrx): Promise<void> {
  await trx.updateTable("public_version").set({ version: sql`version + 1` }).where("id", "=", VERSION_ROW).execute();
  for (const listener of localListeners) listener();
}

async function readVersion(db: Db): Promise<number> {
  const row = await db.selectFrom("public_version").select("version").where("id", "=", VERSION_ROW).executeTakeFirst();
  return Number(row?.version ?? 0);
}

export interface RedirectAnswer {
  status: RedirectStatus;
  /** null for 410 Gone. */
  to: string | null;
}

/**
 * The redirects of the whole site in this process's memory (docs/decisions/0031): a request is
 * answered from a Map, with no query. The table reloads when the version row moves: polled
 * every `pollMs` (1 s: a change made on another process shows within 2 s), and re-read on each
 * request for a while after a change made here.
 */
export interface RedirectTable {
  /** The rule for a request path (its query dropped), if one exists. */
  find(pathname: string): Promise<RedirectAnswer | undefined>;
  stop(): void;
}

export function watchRedirects(db: Db, options: { pollMs?: number; onError?: (error: unknown) => void } = {}): RedirectTable {
  let rules = new Map<string, RedirectAnswer>();
  let known = 0;
  let unsureSince = 0;
  let poll: NodeJS.Timeout | undefined;
  let stopped = false;
  let refreshing: Promise<void> | undefined;
  let unsubscribe = () => {};

  async function load() {
    const version = await readVersion(db);
    if (version === known) return;
    const rows = await db.selectFrom("redirects").select(["from_path", "to_target", "status"]).execute();
    rules = new Map(rows.map((r) => [r.from_path, { status: Number(r.status) as RedirectStatus, to: r.to_target }]));
    known = version;
    unsureSince = 0;
  }
  /** One read at a time; an unreachable database keeps the rules as they were. */
  const refresh = () => {
    refreshing ??= load()
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  };

  // Started by the first request that asks: services opened only for a command never poll.
  function start() {
    unsubscribe = (() => {
      const listener = () => {
        unsureSince = Date.now();
      };
      localListeners.add(listener);
      return () => localListeners.delete(listener);
    })();
    poll = setInterval(() => void refresh(), options.pollMs ?? 1000);
    poll.unref();
  }

  return {
    async find(pathname) {
      if (!poll && !stopped) start();
      if (known === 0 || (unsureSince && Date.now() - unsureSince < UNSURE_MS)) await refresh();
      if (rules.size === 0) return undefined;
      return rules.get(pathKey(pathname));
    },
    stop() {
      stopped = true;
      unsubscribe();
      if (poll) clearInterval(poll);
    },
  };
}
