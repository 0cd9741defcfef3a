import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Db, migrateToLatest, openDatabase } from "~/db/db.server.ts";
import { createJobQueue, type JobHandlerDef, type JobQueue, listJobs, PermanentJobError, retryJob } from "~/jobs/queue.server.ts";
import { freshDatabase } from "../setup/server.ts";

/**
 * The job queue on a real database (SQLite, and PostgreSQL in CI). Two queues on one database
 * stand for two server processes: every job must run once, a crashed claim must be taken over,
 * failures retried and then given up, and a periodic job enqueued once per interval.
 */
const silent = { info() {}, error() {} };
let database: Awaited<ReturnType<typeof freshDatabase>>;
let db: Db;
let kind: "sqlite" | "postgres";
const queues: JobQueue[] = [];

const newQueue = (options: { now?: () => Date; pollMs?: number } = {}) => {
  const queue = createJobQueue({ db, dbKind: kind, log: silent, pollMs: options.pollMs ?? 20, now: options.now });
  queues.push(queue);
  return queue;
};

beforeAll(async () => {
  database = await freshDatabase();
  const url = database.url;
  const opened = openDatabase(url.startsWith("file:") ? { kind: "sqlite", file: url.slice(5) } : { kind: "postgres", url });
  db = opened.db;
  kind = opened.kind;
  await migrateToLatest(db);
});
afterAll(async () => {
  await Promise.all(queues.map((q) => q.stop(1000)));
  await db?.destroy();
  await database?.drop();
});
beforeEach(async () => {
  await Promise.all(queues.splice(0).map((q) => q.stop(1000)));
  await db.deleteFrom("jobs").execute();
});

const jobRow = (id: string) => db.selectFrom("jobs").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

describe("a job", () => {
  it("written in a transaction that rolls back does not exist", async () => {
    const queue = newQueue();
    await expect(
      db.transaction().execute(async (trx) => {
        await queue.enqueue(trx, "test.noop", {});
        throw new Error("the cause failed");
      }),
    ).rejects.toThrow("the cause failed");
    expect(await db.selectFrom("jobs").select("id").execute()).toEqual([]);
  });

  it("runs once with its payload and is then done", async () => {
    const queue = newQueue();
    const seen: unknown[] = [];
    queue.register({ kind: "test.record", run: async (payload) => void seen.push(payload) } satisfies JobHandlerDef<unknown>);
    const id = (await queue.enqueue(db, "test.record", { to: "a@example.com" }))!;
    await queue.drain();
    expect(seen).toEqual([{ to: "a@example.com" }]);
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 1, last_error: null });
  });

  it("with a dedupe key is stored once", async () => {
    const queue = newQueue();
    expect(await queue.enqueue(db, "test.noop", {}, { dedupeKey: "once" })).not.toBeNull();
    expect(await queue.enqueue(db, "test.noop", {}, { dedupeKey: "once" })).toBeNull();
    expect(await db.selectFrom("jobs").select("id").execute()).toHaveLength(1);
  });

  it("that fails is retried after its backoff, then succeeds", async () => {
    const queue = newQueue();
    let calls = 0;
    queue.register({
      kind: "test.flaky",
      backoffSeconds: () => 0,
      async run() {
        calls += 1;
        if (calls === 1) throw new Error("SMTP said 421, try later");
      },
    });
    const id = (await queue.enqueue(db, "test.flaky", {}))!;
    await queue.drain();
    expect(calls).toBe(2);
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 2 });
  });

  it("that keeps failing is failed after its last attempt, keeps the error, and can be retried", async () => {
    const queue = newQueue();
    let fail = true;
    queue.register({
      kind: "test.broken",
      maxAttempts: 3,
      backoffSeconds: () => 0,
      async run() {
        if (fail) throw new Error("connection refused");
      },
    });
    const id = (await queue.enqueue(db, "test.broken", {}))!;
    await queue.drain();
    expect(await jobRow(id)).toMatchObject({ status: "failed", attempts: 3, last_error: "connection refused" });
    expect((await listJobs(db, { kind: "test.broken", status: "failed" })).map((j) => j.id)).toEqual([id]);

    fail = false;
    expect(await retryJob(db, id)).toBe(true);
    await queue.drain();
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 1 });
  });

  it("that fails permanently is failed at once", async () => {
    const queue = newQueue();
    queue.register({
      kind: "test.refused",
      async run() {
        throw new PermanentJobError("550 no such mailbox");
      },
    });
    const id = (await queue.enqueue(db, "test.refused", {}))!;
    await queue.drain();
    expect(await jobRow(id)).toMatchObject({ status: "failed", attempts: 1, last_error: "550 no such mailbox" });
  });

  it("whose process died mid-run is taken over by another once the lease runs out", async () => {
    const dead = newQueue();
    dead.register({ kind: "test.slow", leaseSeconds: 60, run: () => new Promise(() => {}) });
    const id = (await dead.enqueue(db, "test.slow", {}))!;
    dead.start();
    await expect.poll(async () => (await jobRow(id)).attempts).toBe(1);
    const lease = await jobRow(id);
    await dead.stop(0);
    // A killed process runs no shutdown: its claim stays until the lease runs out.
    await db.updateTable("jobs").set({ locked_by: lease.locked_by, locked_until: lease.locked_until }).where("id", "=", id).execute();

    let ran = 0;
    const early = newQueue();
    early.register({ kind: "test.slow", run: async () => void (ran += 1) });
    await early.drain();
    expect(ran).toBe(0);

    const later = newQueue({ now: () => new Date(Date.now() + 61_000) });
    later.register({ kind: "test.slow", run: async () => void (ran += 1) });
    await later.drain();
    expect(ran).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 2 });
  });

  it("still running when its process shuts down is handed back at once, not after the lease", async () => {
    const stopping = newQueue();
    stopping.register({ kind: "test.slow", leaseSeconds: 600, run: () => new Promise(() => {}) });
    const id = (await stopping.enqueue(db, "test.slow", {}))!;
    stopping.start();
    await expect.poll(async () => (await jobRow(id)).attempts).toBe(1);
    await stopping.stop(50);
    expect(await jobRow(id)).toMatchObject({ status: "pending", locked_by: null, locked_until: null });

    let ran = 0;
    const other = newQueue();
    other.register({ kind: "test.slow", run: async () => void (ran += 1) });
    await other.drain();
    expect(ran).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 2 });
  });
});

describe("claims (issue 25: taken back within seconds)", () => {
  it("of a process that died are taken back at once by the process restarted in its slot, and only by it", async () => {
    const dead = newQueue();
    dead.register({ kind: "test.slow", run: () => new Promise(() => {}) });
    const id = (await dead.enqueue(db, "test.slow", {}))!;
    await dead.start({ slot: "host-a:3000" });
    await expect.poll(async () => (await jobRow(id)).attempts).toBe(1);
    const lease = await jobRow(id);
    expect(lease.locked_by).toMatch(/^host-a:3000\//);
    // At most 10 s: a short lease.
    expect(Date.parse(lease.locked_until!) - Date.now()).toBeLessThanOrEqual(10_000);
    await dead.stop(0);
    // A killed process runs no shutdown: its claim stays as it was.
    await db.updateTable("jobs").set({ locked_by: lease.locked_by, locked_until: lease.locked_until }).where("id", "=", id).execute();

    let ran = 0;
    const neighbour = newQueue();
    neighbour.register({ kind: "test.slow", run: async () => void (ran += 1) });
    await neighbour.start({ slot: "host-a:3001" });
    await new Promise((r) => setTimeout(r, 300));
    expect(ran, "another slot leaves a live-looking claim alone").toBe(0);

    const restarted = newQueue();
    restarted.register({ kind: "test.slow", run: async () => void (ran += 1) });
    await restarted.start({ slot: "host-a:3000" });
    await expect.poll(() => ran, { timeout: 5000 }).toBe(1);
    expect(await jobRow(id)).toMatchObject({ status: "done", attempts: 2 });
  });

  it("of a running job are renewed, so no other process takes it meanwhile", async () => {
    let runs = 0;
    const busy = newQueue();
    busy.register({ kind: "test.long", leaseSeconds: 1, run: () => new Promise((resolve) => setTimeout(() => resolve(void (runs += 1)), 2500)) });
    const id = (await busy.enqueue(db, "test.long", {}))!;
    await busy.start();
    await expect.poll(async () => (await jobRow(id)).attempts).toBe(1);
    const first = (await jobRow(id)).locked_until!;
    const other = newQueue();
    other.register({ kind: "test.long", leaseSeconds: 1, run: async () => void (runs += 1) });
    await other.start();
    await new Promise((r) => setTimeout(r, 1500));
    // Past the first 1 s lease: renewed, still held, not run elsewhere.
    expect(Date.parse((await jobRow(id)).locked_until!)).toBeGreaterThan(Date.parse(first));
    expect(runs).toBe(0);
    await expect.poll(async () => (await jobRow(id)).status, { timeout: 5000 }).toBe("done");
    expect(runs).toBe(1);
    expect((await jobRow(id)).attempts).toBe(1);
  });
});

describe("two processes on one database", () => {
  it("run each of 60 jobs exactly once", async () => {
    const runs = new Map<number, number>();
    const handler: JobHandlerDef<{ n: number }> = {
      kind: "test.count",
      async run({ n }) {
        runs.set(n, (runs.get(n) ?? 0) + 1);
        await new Promise((resolve) => setTimeout(resolve, 2));
      },
    };
    const a = newQueue();
    const b = newQueue();
    a.register(handler as JobHandlerDef<never>);
    b.register(handler as JobHandlerDef<never>);
    a.start();
    b.start();
    for (let n = 0; n < 60; n += 1) await a.enqueue(db, "test.count", { n });
    await expect.poll(() => runs.size, { timeout: 15_000 }).toBe(60);
    await Promise.all([a.drain(), b.drain()]);
    expect([...runs.values()].every((count) => count === 1)).toBe(true);
    const done = await db.selectFrom("jobs").select("id").where("kind", "=", "test.count").where("status", "=", "done").execute();
    expect(done).toHaveLength(60);
  });

  it("enqueue a periodic job once per interval", async () => {
    let ran = 0;
    const periodic: JobHandlerDef<never> = { kind: "test.tick", run: async () => void (ran += 1) };
    const a = newQueue();
    const b = newQueue();
    for (const queue of [a, b]) {
      queue.register(periodic);
      queue.every("tick", 3600, "test.tick");
      queue.start();
    }
    await expect.poll(() => ran, { timeout: 5000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(ran).toBe(1);
    expect(await db.selectFrom("jobs").select("id").where("kind", "=", "test.tick").execute()).toHaveLength(1);
  });
});
