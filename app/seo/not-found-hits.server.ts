import { sql } from "kysely";
import type { Db } from "../db/db.server.ts";
import { type PageInfo, pageInfo } from "../db/paging.ts";
import { MAX_PATH_LENGTH } from "./redirect-rules.ts";
import { isScannerPath } from "./scanner.ts";

/** The most rows the 404 monitor keeps (issue 23, item 7); past it the oldest by last seen go, scanners first. */
export const NOT_FOUND_MAX_ROWS = 10_000;
/** How long counts wait in memory before they are written (one batch, one transaction). */
export const NOT_FOUND_FLUSH_MS = 5000;
/** The most distinct paths held between two writes: a flood of new paths is dropped, not kept in memory. */
const MAX_PENDING = 2000;
/** A batch this large is written at once rather than at the next tick. */
const FLUSH_AT = 500;
const CHUNK = 100;

interface Pending {
  count: number;
  firstSeen: string;
  lastSeen: string;
  referrer: string;
}

export interface NotFoundHitsOptions {
  maxRows?: number;
  flushMs?: number;
  /** Told of each 404 counted (page or scanner) and each one dropped because too many new paths came at once. */
  onRecord?(kind: "page" | "scanner" | "dropped"): void;
  onError?(error: unknown): void;
}

/**
 * The 404 monitor's counter (docs/decisions/0031). `record` only counts in memory, so the 404
 * answer is never slowed or failed by it; `flush` writes the counts in one transaction of
 * upserts (`ON CONFLICT … count = count + n`: several processes on one PostgreSQL add up), then
 * trims the table to `maxRows`. Counts are written every `flushMs`, when a batch is large, before
 * the monitor is read, and when the process stops; a count lost in a crash was never acknowledged
 * to anyone.
 */
export interface NotFoundHits {
  /** One missing path (a path key: no query, no trailing slash) and the referrer the request named. */
  record(path: string, referrer: string | undefined): void;
  flush(): Promise<void>;
  stop(): Promise<void>;
  readonly maxRows: number;
}

export function createNotFoundHits(db: Db, options: NotFoundHitsOptions = {}): NotFoundHits {
  const maxRows = options.maxRows ?? NOT_FOUND_MAX_ROWS;
  let pending = new Map<string, Pending>();
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> = Promise.resolve();

  const schedule = (ms: number) => {
    if (timer && ms > 0) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, ms);
    timer.unref();
  };

  async function write(batch: Map<string, Pending>) {
    // In path order: two processes upserting the same rows lock them in the same order (no deadlock).
    const rows = [...batch].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += CHUNK) {
        const values = rows.slice(i, i + CHUNK).map(([path, p]) => ({
          path,
          scanner: isScannerPath(path) ? 1 : 0,
          count: p.count,
          referrer: p.referrer,
          first_seen: p.firstSeen,
          last_seen: p.lastSeen,
        }));
        await trx
          .insertInto("not_found_hits")
          .values(values)
          .onConflict((oc) =>
            oc.column("path").doUpdateSet({
              count: sql`not_found_hits.count + excluded.count`,
              first_seen: sql`case when excluded.first_seen < not_found_hits.first_seen then excluded.first_seen else not_found_hits.first_seen end`,
              last_seen: sql`case when excluded.last_seen > not_found_hits.last_seen then excluded.last_seen else not_found_hits.last_seen end`,
              // The last referrer seen: a request without one leaves the one before.
              referrer: sql`case when excluded.referrer <> '' then excluded.referrer else not_found_hits.referrer end`,
            }),
          )
          .execute();
      }
    });
    await trim();
  }

  /** Keeps at most maxRows: scanner rows go first, then the oldest by last seen. */
  async function trim() {
    const { total } = await db.selectFrom("not_found_hits").select(sql<number>`count(*)`.as("total")).executeTakeFirstOrThrow();
    const over = Number(total) - maxRows;
    if (over <= 0) return;
    const doomed = db.selectFrom("not_found_hits").select("path").orderBy("scanner", "desc").orderBy("last_seen", "asc").orderBy("path").limit(over);
    await db.deleteFrom("not_found_hits").where("path", "in", doomed).execute();
  }

  function flush(): Promise<void> {
    if (timer) {
      clearTimeout(timer);
      timer = undefined;
    }
    // One write at a time; a flush asked for during one waits for it and then writes what came since.
    flushing = flushing.then(async () => {
      if (pending.size === 0) return;
      const batch = pending;
      pending = new Map();
      try {
        await write(batch);
      } catch (error) {
        options.onError?.(error);
      }
    });
    return flushing;
  }

  return {
    maxRows,
    record(path, referrer) {
      const key = path.slice(0, MAX_PATH_LENGTH);
      const now = new Date().toISOString();
      const seen = pending.get(key);
      const ref = cleanReferrer(referrer);
      if (seen) {
        seen.count++;
        seen.lastSeen = now;
        if (ref) seen.referrer = ref;
      } else {
        if (pending.size >= MAX_PENDING) {
          options.onRecord?.("dropped");
          return;
        }
        pending.set(key, { count: 1, firstSeen: now, lastSeen: now, referrer: ref });
      }
      options.onRecord?.(isScannerPath(key) ? "scanner" : "page");
      schedule(pending.size >= FLUSH_AT ? 0 : (options.flushMs ?? NOT_FOUND_FLUSH_MS));
    },
    flush,
    async stop() {
      await flush();
    },
  };
}

/** A referrer without its query or fragment (they may hold what a visitor searched or typed), cut short. */
export function cleanReferrer(referrer: string | undefined): string {
  if (!referrer) return "";
  try {
    const url = new URL(referrer);
    if (url.protocol !== "http:" && url.protocol !== "https:") return "";
    return `${url.origin}${url.pathname}`.slice(0, MAX_PATH_LENGTH);
  } catch {
    return "";
  }
}

export interface NotFoundHitRecord {
  path: string;
  scanner: boolean;
  count: number;
  referrer: string;
  firstSeen: string;
  lastSeen: string;
}

export const NOT_FOUND_PAGE_SIZE = 25;

/**
 * One page of the missing paths of one kind (scanner probes or not), most requested first. Only
 * open ones: a path that has a redirect now is answered, no longer missing.
 */
export async function listNotFoundHits(db: Db, kind: "page" | "scanner", page: number, pageSize: number): Promise<{ items: NotFoundHitRecord[] } & PageInfo> {
  const open = db
    .selectFrom("not_found_hits")
    .where("scanner", "=", kind === "scanner" ? 1 : 0)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom("redirects").select("redirects.id").whereRef("redirects.from_path", "=", "not_found_hits.path"))));
  const { total } = await open.select(sql<number>`count(*)`.as("total")).executeTakeFirstOrThrow();
  const info = pageInfo(Number(total), page, pageSize);
  const rows = await open
    .select(["path", "scanner", "count", "referrer", "first_seen", "last_seen"])
    .orderBy("count", "desc")
    .orderBy("path")
    .limit(info.pageSize)
    .offset(info.offset)
    .execute();
  return {
    items: rows.map((r) => ({ path: r.path, scanner: Number(r.scanner) === 1, count: Number(r.count), referrer: r.referrer, firstSeen: r.first_seen, lastSeen: r.last_seen })),
    ...info,
  };
}

declare module "../services.server.ts" {
  interface Services {
    /** The 404 monitor's counter (this module). */
    notFoundHits: NotFoundHits;
  }
}
