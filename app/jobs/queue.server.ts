import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import { hostname } from "node:os";
import type { Db, DbKind, DbOrTrx } from "../db/db.server.ts";
import { newId } from "../db/ids.server.ts";
import type { JobsTable } from "../db/tables.ts";
import { type Logger, requestScope } from "../logger.server.ts";

/**
 * Durable work. What the server must still do after it has answered (deliver a mail, process a
 * payment notification, reconcile payments) is a `jobs` row written in the same transaction as
 * its cause. Every server process runs a worker that claims due rows with a lease, runs their
 * handler, and marks them done, or schedules a retry with backoff, or, after the last attempt,
 * `failed` (shown to admins, who can retry it). Leases are short (10 s) and renewed every few
 * seconds while the job runs, so a process that dies mid-job leaves a lease that runs out within
 * seconds and another process takes the job again; the same process restarted on the same host and
 * port takes back its dead predecessor's jobs at once (`start`, docs/decisions/0038). So handlers
 * must be idempotent: delivery is at least once.
 */

export type JobRow = JobsTable;
export type JobStatus = JobsTable["status"];

export interface JobContext {
  jobId: string;
  /** 1 on the first run. */
  attempt: number;
}

/** What a feature exports for each kind of job; the composition root registers it. */
export interface JobHandlerDef<P = unknown> {
  kind: string;
  run(payload: P, context: JobContext): Promise<void>;
  /** Failures before the job is `failed` (needs attention). Default 10. */
  maxAttempts?: number;
  /** How long a claim lasts without renewal before another process may take the job. Renewed every third of it while the job runs. Default 10 s. */
  leaseSeconds?: number;
  /** Seconds to wait before attempt `attempt + 1`. Default: 5 s doubling, at most an hour. */
  backoffSeconds?(attempt: number): number;
}

export interface EnqueueOptions {
  runAt?: Date;
  maxAttempts?: number;
  /** Unique: enqueueing the same key again adds nothing (and returns null). */
  dedupeKey?: string;
}

/** A failure retrying cannot fix: the job becomes `failed` at once. */
export class PermanentJobError extends Error {}

export interface JobQueue {
  /** Writes a job through `db`: pass the transaction that writes its cause. It runs after commit. */
  enqueue(db: DbOrTrx, kind: string, payload: unknown, options?: EnqueueOptions): Promise<string | null>;
  /** Asks this process's worker to look for due jobs now (after your transaction committed). */
  wake(): void;
  /** Runs due jobs (and the jobs they enqueue) until none is due; for tests and tools. */
  drain(options?: { timeoutMs?: number }): Promise<void>;
  /** Schedules `kind` every `intervalSeconds`: one job per interval across every process. */
  every(name: string, intervalSeconds: number, kind: string, payload?: unknown): void;
  register(def: JobHandlerDef<never>): void;
  /**
   * Starts polling (a process with JOBS_WORKER=off never does, but can still enqueue). `slot`
   * names where this process serves (host and port): claims of an earlier process in the same
   * slot, which cannot be alive since this one holds the port, are handed back at once.
   */
  start(options?: { slot?: string }): Promise<void>;
  /** Stops claiming; waits up to `graceMs` for running jobs and hands back the rest (retried elsewhere). */
  stop(graceMs?: number): Promise<void>;
}

export interface JobQueueOptions {
  db: Db;
  dbKind: DbKind;
  log: Logger;
  /** How often an idle worker looks for due jobs. */
  pollMs?: number;
  /** Jobs one process runs at the same time. */
  concurrency?: number;
  now?: () => Date;
}

const DEFAULT_MAX_ATTEMPTS = 10;
const DEFAULT_LEASE_SECONDS = 10;
const DONE_JOBS_KEPT_DAYS = 14;
const PRUNE_KIND = "jobs.prune";

export const defaultBackoffSeconds = (attempt: number) => Math.min(5 * 2 ** (attempt - 1), 3600);

const iso = (date: Date) => date.toISOString();
const addSeconds = (date: Date, seconds: number) => new Date(date.getTime() + seconds * 1000);
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { db, dbKind, log } = options;
  const pollMs = options.pollMs ?? 1000;
  const concurrency = options.concurrency ?? 4;
  const now = options.now ?? (() => new Date());
  // `slot/pid:random`: the slot part lets a restart in the same slot find its predecessor's claims.
  const instance = `${process.pid}:${randomBytes(4).toString("hex")}`;
  let workerId = `${hostname()}:-/${instance}`;
  /** Jobs this process runs now, with their lease in seconds (the heartbeat renews them). */
  const leases = new Map<string, number>();
  let heartbeat: NodeJS.Timeout | undefined;
  const handlers = new Map<string, JobHandlerDef<unknown>>();
  const schedules: { name: string; intervalSeconds: number; kind: string; payload: unknown; lastSlot?: string }[] = [];
  const running = new Set<Promise<void>>();
  const claims = new Set<Promise<number>>();
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopping = false;
  let ticking: Promise<void> | undefined;
  let lastTickError = 0;

  const queue: JobQueue = {
    async enqueue(target, kind, payload, opts = {}) {
      const at = now();
      const id = newId();
      const row = {
        id,
        kind,
        payload: JSON.stringify(payload ?? null),
        dedupe_key: opts.dedupeKey ?? null,
        status: "pending" as const,
        attempts: 0,
        max_attempts: opts.maxAttempts ?? handlers.get(kind)?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        run_at: iso(opts.runAt ?? at),
        locked_by: null,
        locked_until: null,
        last_error: null,
        created_at: iso(at),
        updated_at: iso(at),
        finished_at: null,
      };
      let added = true;
      if (!opts.dedupeKey) await target.insertInto("jobs").values(row).execute();
      else {
        const inserted = await target
          .insertInto("jobs")
          .values(row)
          .onConflict((oc) => oc.column("dedupe_key").doNothing())
          .returning("id")
          .executeTakeFirst();
        added = inserted !== undefined;
      }
      // Outside a transaction the row is committed now; inside one, the caller wakes the worker
      // after commit (or the next poll finds the job).
      if (added && target === db && !opts.runAt) queue.wake();
      return added ? id : null;
    },

    wake() {
      if (!started || stopping) return;
      schedule(0);
    },

    async drain({ timeoutMs = 15_000 } = {}) {
      const deadline = Date.now() + timeoutMs;
      // Waits for this process's claims in flight too (the worker's own tick may be claiming a
      // job right now: it is locked, so not "due", but not finished either).
      const settle = async () => {
        while (claims.size > 0 || running.size > 0) await Promise.allSettled([...claims, ...running]);
      };
      for (;;) {
        await settle();
        const claimed = await claimAndRun(concurrency);
        await settle();
        const due = await hasDueJob();
        if (claimed === 0 && !due && claims.size === 0 && running.size === 0) return;
        if (Date.now() > deadline) throw new Error(`jobs still due after ${timeoutMs} ms`);
      }
    },

    every(name, intervalSeconds, kind, payload = null) {
      schedules.push({ name, intervalSeconds, kind, payload });
    },

    register(def) {
      handlers.set(def.kind, def as JobHandlerDef<unknown>);
    },

    async start({ slot } = {}) {
      if (started) return;
      started = true;
      if (slot) {
        if (slot.includes("/")) throw new Error("a job worker's slot has no slash");
        workerId = `${slot}/${instance}`;
        await releaseSlot(slot).catch((error) => log.error("jobs: could not hand back the claims of this slot's previous process (their leases will run out)", error));
      }
      schedule(0);
    },

    async stop(graceMs = 10_000) {
      stopping = true;
      if (timer) clearTimeout(timer);
      // The heartbeat goes on while running jobs finish: their leases must not run out meanwhile.
      const deadline = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
      await Promise.race([ticking, deadline]);
      const inFlight = Promise.all([...running]);
      await Promise.race([inFlight, deadline]);
      clearInterval(heartbeat);
      heartbeat = undefined;
      if (running.size === 0) return;
      // Jobs still running when the grace is over are handed back now rather than when their
      // lease runs out, so another process (or this one after a restart) takes them at once.
      const at = iso(now());
      await db
        .updateTable("jobs")
        .set({ locked_by: null, locked_until: null, updated_at: at })
        .where("locked_by", "=", workerId)
        .where("status", "=", "pending")
        .execute()
        .catch((error) => log.error("jobs: could not hand back the jobs still running at shutdown", error));
    },
  };

  // Done jobs are history, not work: keep two weeks of them for the admin screens.
  queue.register({
    kind: PRUNE_KIND,
    async run() {
      const cutoff = iso(addSeconds(now(), -DONE_JOBS_KEPT_DAYS * 86_400));
      await db.deleteFrom("jobs").where("status", "=", "done").where("finished_at", "<", cutoff).execute();
    },
  });
  queue.every("jobs-prune", 3600, PRUNE_KIND);

  const handlerLeases = () => [...handlers.values()].map((h) => h.leaseSeconds ?? DEFAULT_LEASE_SECONDS);

  /** Claims left by an earlier process in `slot` (host:port): it is dead, since this process holds the port. */
  async function releaseSlot(slot: string) {
    const at = iso(now());
    const released = await db
      .updateTable("jobs")
      .set({ locked_by: null, locked_until: null, updated_at: at })
      .where("status", "=", "pending")
      .where(sql<boolean>`locked_by like ${`${slot.replace(/[\\%_]/g, (c) => `\\${c}`)}/%`} escape '\\'`)
      .where("locked_by", "!=", workerId)
      .executeTakeFirst();
    const count = Number(released.numUpdatedRows);
    if (count > 0) log.info(`jobs: took back ${count} job(s) a previous process on ${slot} had claimed`, { slot, count });
  }

  /** Extends the leases of the jobs running here; one that another process took meanwhile is left alone. */
  async function renewLeases() {
    if (leases.size === 0) {
      clearInterval(heartbeat);
      heartbeat = undefined;
      return;
    }
    const at = now();
    const byLease = new Map<number, string[]>();
    for (const [id, seconds] of leases) byLease.set(seconds, [...(byLease.get(seconds) ?? []), id]);
    try {
      for (const [seconds, ids] of byLease) {
        await db
          .updateTable("jobs")
          .set({ locked_until: iso(addSeconds(at, seconds)) })
          .where("id", "in", ids)
          .where("locked_by", "=", workerId)
          .where("status", "=", "pending")
          .execute();
      }
    } catch (error) {
      if (Date.now() - lastTickError > 60_000) log.error("jobs: could not renew the leases of running jobs (will keep trying)", error);
      lastTickError = Date.now();
    }
  }

  function schedule(delayMs: number) {
    if (stopping) return;
    if (timer) clearTimeout(timer);
    // Outside any request's log scope: a request that woke the worker is not what the job's lines are about.
    timer = setTimeout(() => {
      timer = undefined;
      ticking = requestScope.exit(() => tick()).finally(() => {
        ticking = undefined;
      });
    }, delayMs);
    timer.unref();
  }

  async function tick() {
    let claimed = 0;
    try {
      await enqueueDueSchedules();
      claimed = await claimAndRun(concurrency - running.size);
    } catch (error) {
      // The database is away: say so once a minute, not once a poll, and keep polling.
      if (Date.now() - lastTickError > 60_000) log.error("jobs: could not look for due work (will keep trying)", error);
      lastTickError = Date.now();
    }
    // A full batch suggests more is due: look again at once; otherwise wait for the next poll.
    schedule(claimed > 0 && running.size < concurrency ? 0 : pollMs);
  }

  /** One job per schedule and time slot: every process tries, the unique key lets one through. */
  async function enqueueDueSchedules() {
    for (const s of schedules) {
      const slotMs = Math.floor(now().getTime() / (s.intervalSeconds * 1000)) * s.intervalSeconds * 1000;
      const slot = iso(new Date(slotMs));
      if (s.lastSlot === slot) continue;
      await queue.enqueue(db, s.kind, s.payload, { dedupeKey: `every:${s.name}:${slot}`, runAt: new Date(slotMs), maxAttempts: 3 });
      s.lastSlot = slot;
    }
  }

  async function hasDueJob(): Promise<boolean> {
    const at = iso(now());
    const row = await db
      .selectFrom("jobs")
      .select("id")
      .where("status", "=", "pending")
      .where("run_at", "<=", at)
      .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<", at)]))
      .where("kind", "in", [...handlers.keys()])
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Claims up to `limit` due jobs in one statement and starts them. PostgreSQL skips rows another
   * process is claiming at the same moment (SKIP LOCKED); SQLite serialises writers anyway.
   * A cheap read first, so an idle worker never takes SQLite's write lock.
   */
  function claimAndRun(limit: number): Promise<number> {
    const claim = claimAndStart(limit);
    claims.add(claim);
    return claim.finally(() => claims.delete(claim));
  }

  async function claimAndStart(limit: number): Promise<number> {
    if (limit <= 0 || stopping || !(await hasDueJob())) return 0;
    const at = now();
    const kinds = [...handlers.keys()];
    const claimed = await db
      .updateTable("jobs")
      .set((eb) => ({
        locked_by: workerId,
        locked_until: iso(addSeconds(at, DEFAULT_LEASE_SECONDS)),
        attempts: eb("attempts", "+", 1),
        updated_at: iso(at),
      }))
      .where("id", "in", (eb) =>
        eb
          .selectFrom("jobs")
          .select("id")
          .where("status", "=", "pending")
          .where("run_at", "<=", iso(at))
          .where((w) => w.or([w("locked_until", "is", null), w("locked_until", "<", iso(at))]))
          .where("kind", "in", kinds)
          .orderBy("run_at")
          .limit(limit)
          .$if(dbKind === "postgres", (qb) => qb.forUpdate().skipLocked()),
      )
      .returningAll()
      .execute();
    for (const job of claimed) {
      const lease = handlers.get(job.kind)?.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
      if (lease !== DEFAULT_LEASE_SECONDS) {
        await db.updateTable("jobs").set({ locked_until: iso(addSeconds(at, lease)) }).where("id", "=", job.id).where("locked_by", "=", workerId).execute();
      }
      leases.set(job.id, lease);
      // Renewed every third of the shortest lease while anything runs (also in `drain`, without `start`).
      if (!heartbeat) {
        heartbeat = setInterval(() => void renewLeases(), (Math.min(DEFAULT_LEASE_SECONDS, ...handlerLeases()) * 1000) / 3);
        heartbeat.unref();
      }
      const run = runJob(job).finally(() => {
        leases.delete(job.id);
        running.delete(run);
        if (!stopping) schedule(0);
      });
      running.add(run);
    }
    return claimed.length;
  }

  /** Runs one claimed job; one log line says how it went (kind, id, attempt, outcome, duration). */
  async function runJob(job: JobRow) {
    const handler = handlers.get(job.kind);
    const started = Date.now();
    const line = (outcome: string) => log.info("job", { kind: job.kind, jobId: job.id, attempt: job.attempts, outcome, ms: Date.now() - started });
    try {
      if (!handler) throw new PermanentJobError(`no handler for jobs of kind ${job.kind}`);
      await handler.run(JSON.parse(job.payload), { jobId: job.id, attempt: job.attempts });
      const at = iso(now());
      await db
        .updateTable("jobs")
        .set({ status: "done", finished_at: at, updated_at: at, locked_by: null, locked_until: null, last_error: null })
        .where("id", "=", job.id)
        .where("locked_by", "=", workerId)
        .execute();
      line("done");
    } catch (error) {
      const outcome = await recordFailure(job, handler, error).catch((e) => {
        log.error(`jobs: could not record the failure of job ${job.id}`, e, { kind: job.kind, jobId: job.id });
        return "unrecorded";
      });
      line(outcome);
    }
  }

  async function recordFailure(job: JobRow, handler: JobHandlerDef<unknown> | undefined, error: unknown): Promise<"failed" | "retry"> {
    const at = now();
    const giveUp = error instanceof PermanentJobError || job.attempts >= job.max_attempts;
    const message = errorText(error);
    if (giveUp) {
      log.error(`jobs: ${job.kind} job ${job.id} failed for good after ${job.attempts} attempt(s): ${message}`, undefined, { kind: job.kind, jobId: job.id, attempt: job.attempts });
      await db
        .updateTable("jobs")
        .set({ status: "failed", finished_at: iso(at), updated_at: iso(at), locked_by: null, locked_until: null, last_error: message })
        .where("id", "=", job.id)
        .where("locked_by", "=", workerId)
        .execute();
      return "failed";
    }
    const backoff = (handler?.backoffSeconds ?? defaultBackoffSeconds)(job.attempts);
    // Up to 20 % jitter, so jobs that failed together do not all retry in the same second.
    const runAt = addSeconds(at, backoff * (1 + Math.random() * 0.2));
    log.error(`jobs: ${job.kind} job ${job.id} attempt ${job.attempts} failed, retry at ${iso(runAt)}: ${message}`, undefined, { kind: job.kind, jobId: job.id, attempt: job.attempts });
    await db
      .updateTable("jobs")
      .set({ run_at: iso(runAt), updated_at: iso(at), locked_by: null, locked_until: null, last_error: message })
      .where("id", "=", job.id)
      .where("locked_by", "=", workerId)
      .execute();
    return "retry";
  }

  return queue;
}

/** One page of jobs of a kind and status, newest first (admin screens). */
export async function listJobs(db: Db, filter: { kind: string; status?: JobStatus }, limit = 50): Promise<JobRow[]> {
  return db
    .selectFrom("jobs")
    .selectAll()
    .where("kind", "=", filter.kind)
    .$if(filter.status !== undefined, (qb) => qb.where("status", "=", filter.status!))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/**
 * Puts a failed job (or a pending one waiting for its next try) back in line to run now, with a
 * fresh count of attempts. A job some process is running right now is left alone.
 */
export async function retryJob(db: Db, id: string, at = new Date()): Promise<boolean> {
  const result = await db
    .updateTable("jobs")
    .set({ status: "pending", attempts: 0, run_at: iso(at), updated_at: iso(at), locked_by: null, locked_until: null, finished_at: null })
    .where("id", "=", id)
    .where((eb) =>
      eb.or([
        eb("status", "=", "failed"),
        eb.and([eb("status", "=", "pending"), eb.or([eb("locked_until", "is", null), eb("locked_until", "<", iso(at))])]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}


/** What the jobs table says about one kind of job right now (GET /metrics). */
export interface JobFigures {
  kind: string;
  /** Pending and not held by a live lease: due now or waiting for a retry. */
  queued: number;
  /** Held by a process's live lease. */
  running: number;
  failed: number;
  /** Seconds since the longest-waiting due job could have started (0: none is due). */
  oldestDueSeconds: number;
}

/**
 * Read from the table at each scrape, not counted in memory: right however many processes share
 * the database, and after restarts. Done jobs are not counted (they are pruned after two weeks).
 */
export async function jobFigures(db: Db, at = new Date()): Promise<JobFigures[]> {
  const now = iso(at);
  const rows = await db
    .selectFrom("jobs")
    .select((eb) => [
      "kind",
      "status",
      eb.fn.countAll<number>().as("count"),
      eb.fn.min("run_at").as("oldest"),
      eb.case().when(eb.and([eb("locked_until", "is not", null), eb("locked_until", ">=", now)])).then(1).else(0).end().as("held"),
    ])
    .where("status", "in", ["pending", "failed"])
    .groupBy(["kind", "status", "held"])
    .execute();
  const byKind = new Map<string, JobFigures>();
  for (const row of rows) {
    const figures = byKind.get(row.kind) ?? { kind: row.kind, queued: 0, running: 0, failed: 0, oldestDueSeconds: 0 };
    byKind.set(row.kind, figures);
    const count = Number(row.count);
    if (row.status === "failed") figures.failed += count;
    else if (Number(row.held) === 1) figures.running += count;
    else {
      figures.queued += count;
      const waited = row.oldest ? (at.getTime() - Date.parse(row.oldest)) / 1000 : 0;
      figures.oldestDueSeconds = Math.max(figures.oldestDueSeconds, waited);
    }
  }
  return [...byKind.values()];
}
