import { randomBytes } from "node:crypto";
import { hostname } from "node:os";
import type { Db, DbKind, DbOrTrx } from "../db/db.server.ts";
import { newId } from "../db/ids.server.ts";
import type { JobsTable } from "../db/tables.ts";
import type { Logger } from "../logger.server.ts";

/**
 * Durable work. What the server must still do after it has answered (deliver a mail, process a
 * payment notification, reconcile payments) is a `jobs` row written in the same transaction as
 * its cause. Every server process runs a worker that claims due rows with a lease, runs their
 * handler, and marks them done, or schedules a retry with backoff, or, after the last attempt,
 * `failed` (shown to admins, who can retry it). A process that dies mid-job leaves a lease that
 * runs out; another process (or the same one after a restart) takes the job again. So handlers
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
  /** How long a claim lasts before another process may take the job. Default 120 s. */
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
  /** Starts polling (a process with JOBS_WORKER=off never does, but can still enqueue). */
  start(): void;
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
const DEFAULT_LEASE_SECONDS = 120;
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
  const workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
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

    start() {
      if (started) return;
      started = true;
      schedule(0);
    },

    async stop(graceMs = 10_000) {
      stopping = true;
      if (timer) clearTimeout(timer);
      const deadline = new Promise<void>((resolve) => setTimeout(resolve, graceMs).unref());
      await Promise.race([ticking, deadline]);
      const inFlight = Promise.all([...running]);
      await Promise.race([inFlight, deadline]);
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

  function schedule(delayMs: number) {
    if (stopping) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      ticking = tick().finally(() => {
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
      const lease = handlers.get(job.kind)?.leaseSeconds;
      if (lease && lease !== DEFAULT_LEASE_SECONDS) {
        await db.updateTable("jobs").set({ locked_until: iso(addSeconds(at, lease)) }).where("id", "=", job.id).where("locked_by", "=", workerId).execute();
      }
      const run = runJob(job).finally(() => {
        running.delete(run);
        if (!stopping) schedule(0);
      });
      running.add(run);
    }
    return claimed.length;
  }

  async function runJob(job: JobRow) {
    const handler = handlers.get(job.kind);
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
    } catch (error) {
      await recordFailure(job, handler, error).catch((e) => log.error(`jobs: could not record the failure of job ${job.id}`, e));
    }
  }

  async function recordFailure(job: JobRow, handler: JobHandlerDef<unknown> | undefined, error: unknown) {
    const at = now();
    const giveUp = error instanceof PermanentJobError || job.attempts >= job.max_attempts;
    const message = errorText(error);
    if (giveUp) {
      log.error(`jobs: ${job.kind} job ${job.id} failed for good after ${job.attempts} attempt(s): ${message}`);
      await db
        .updateTable("jobs")
        .set({ status: "failed", finished_at: iso(at), updated_at: iso(at), locked_by: null, locked_until: null, last_error: message })
        .where("id", "=", job.id)
        .where("locked_by", "=", workerId)
        .execute();
      return;
    }
    const backoff = (handler?.backoffSeconds ?? defaultBackoffSeconds)(job.attempts);
    // Up to 20 % jitter, so jobs that failed together do not all retry in the same second.
    const runAt = addSeconds(at, backoff * (1 + Math.random() * 0.2));
    log.error(`jobs: ${job.kind} job ${job.id} attempt ${job.attempts} failed, retry at ${iso(runAt)}: ${message}`);
    await db
      .updateTable("jobs")
      .set({ run_at: iso(runAt), updated_at: iso(at), locked_by: null, locked_until: null, last_error: message })
      .where("id", "=", job.id)
      .where("locked_by", "=", workerId)
      .execute();
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

