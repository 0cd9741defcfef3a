import { sql } from "kysely";
import type { Db } from "../db/db.server.ts";
import type { DbFailure } from "../db/failures.ts";
import { MAIL_JOB } from "../mail/mailer.server.ts";

/**
 * What `/healthz` reports: can the database be read, can it be written, and is mail going out.
 * Each check has a deadline, so the answer comes within two seconds even when PostgreSQL stops
 * answering (the check then says "timed out"). The write check writes one row, and also counts
 * as failing for a minute after any request's write failed for lack of storage: SQLite with a full
 * disk may still take a write that fits in a page it has, while the next order does not.
 */

export interface HealthReport {
  /** ok; degraded: serving, but mail is not going out; down: the database cannot be read or written. */
  status: "ok" | "degraded" | "down";
  database: { read: "up" | "down"; write: "up" | "down"; readError?: string; writeError?: string };
  mail: { status: "up" | "backlog" | "unknown"; pending: number; failed: number; oldestPendingMinutes: number };
}

export interface Health {
  check(): Promise<HealthReport>;
}

/** The database failures requests and jobs ran into (db/db.server.ts reports each one here). */
export interface FailureMemory {
  /** `sql` is the statement that failed: the health check's own write is reported by the check itself. */
  note(failure: DbFailure, sql: string): void;
  /** The last storage failure (disk full, read-only) within `withinMs`, and how long ago it was. */
  recentStorageFailure(withinMs: number): { failure: DbFailure; agoMs: number } | undefined;
}

export function createFailureMemory(now: () => number = Date.now): FailureMemory {
  let last: { at: number; failure: DbFailure } | undefined;
  return {
    note(failure, sql) {
      if (failure.kind === "storage" && !sql.includes("health_probe")) last = { at: now(), failure };
    },
    recentStorageFailure(withinMs) {
      const agoMs = last ? now() - last.at : Infinity;
      return last && agoMs < withinMs ? { failure: last.failure, agoMs } : undefined;
    },
  };
}

const CHECK_DEADLINE_MS = 1500;
const STORAGE_FAILURE_MEMORY_MS = 60_000;
/** Mail queued this long and still not delivered means it is not going out. */
const MAIL_BACKLOG_MINUTES = 15;

class TimedOut extends Error {}

function withDeadline<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

const describe = (error: unknown) => {
  const e = error as { code?: unknown; message?: unknown };
  return [e?.code, e?.message].filter((part) => typeof part === "string" && part).join(": ") || String(error);
};

/**
 * `cacheMs`: a check still running answers every caller (its promise is shared), and one that
 * found everything ok within that long ago answers again, so a flood of /healthz costs one
 * database probe per interval. A report that found a fault is never reused, nor an ok one once a
 * request has met a storage failure since: an outage and a recovery show on the next check.
 */
export function createHealth(db: Db, failures: FailureMemory, options: { now?: () => number; cacheMs?: number } = {}): Health {
  const now = options.now ?? Date.now;
  const cacheMs = options.cacheMs ?? 0;
  let last: { at: number; report: Promise<HealthReport>; ok?: boolean } | undefined;

  async function read() {
    await db.selectFrom("health_probe").select("id").limit(1).execute();
  }

  async function write() {
    const at = new Date(now()).toISOString();
    await db
      .insertInto("health_probe")
      .values({ id: "probe", checked_at: at })
      .onConflict((oc) => oc.column("id").doUpdateSet({ checked_at: at }))
      .execute();
  }

  async function mail() {
    const row = await db
      .selectFrom("jobs")
      .select([
        sql<number>`sum(case when status = 'pending' then 1 else 0 end)`.as("pending"),
        sql<number>`sum(case when status = 'failed' then 1 else 0 end)`.as("failed"),
        sql<string | null>`min(case when status = 'pending' then created_at end)`.as("oldest"),
      ])
      .where("kind", "=", MAIL_JOB)
      .where("status", "in", ["pending", "failed"])
      .executeTakeFirst();
    const oldestPendingMinutes = row?.oldest ? Math.max(0, Math.floor((now() - Date.parse(row.oldest)) / 60_000)) : 0;
    return { pending: Number(row?.pending ?? 0), failed: Number(row?.failed ?? 0), oldestPendingMinutes };
  }

  async function check(): Promise<HealthReport> {
      const [readResult, writeResult, mailResult] = await Promise.allSettled([
        withDeadline(read(), CHECK_DEADLINE_MS),
        withDeadline(write(), CHECK_DEADLINE_MS),
        withDeadline(mail(), CHECK_DEADLINE_MS),
      ]);
      const database: HealthReport["database"] = { read: "up", write: "up" };
      if (readResult.status === "rejected") Object.assign(database, { read: "down", readError: describe(readResult.reason) });
      const recent = failures.recentStorageFailure(STORAGE_FAILURE_MEMORY_MS);
      if (writeResult.status === "rejected") Object.assign(database, { write: "down", writeError: describe(writeResult.reason) });
      else if (recent) {
        const seconds = Math.round(recent.agoMs / 1000);
        Object.assign(database, { write: "down", writeError: `${recent.failure.code}: ${recent.failure.message} (a write failed ${seconds} s ago)` });
      }
      const mailReport: HealthReport["mail"] =
        mailResult.status === "fulfilled"
          ? { status: mailResult.value.oldestPendingMinutes >= MAIL_BACKLOG_MINUTES ? "backlog" : "up", ...mailResult.value }
          : { status: "unknown", pending: 0, failed: 0, oldestPendingMinutes: 0 };
      const status = database.read === "down" || database.write === "down" ? "down" : mailReport.status === "backlog" ? "degraded" : "ok";
      return { status, database, mail: mailReport };
  }

  return {
    check() {
      const at = Date.now();
      const running = last && last.ok === undefined;
      const freshOk = last?.ok && at - last.at < cacheMs && !failures.recentStorageFailure(at - last.at);
      if (running || freshOk) return last!.report;
      const entry: NonNullable<typeof last> = { at, report: check() };
      entry.report.then(
        (report) => (entry.ok = report.status === "ok"),
        () => (entry.ok = false),
      );
      last = entry;
      return entry.report;
    },
  };
}
