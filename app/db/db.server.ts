import { mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { type Dialect, Kysely, type LogEvent, PostgresAdapter, PostgresDialect, SqliteDialect, sql, type Transaction } from "kysely";
import { Migrator } from "kysely/migration";
import type * as Pg from "pg";
import type { Config } from "../config.server.ts";
import { type DbFailure, dbFailure } from "./failures.ts";
import { migrations } from "./migrations/index.ts";
import type { Database } from "./tables.ts";

export type Db = Kysely<Database>;
/** A transaction: what a write that must commit with others takes (`db.transaction().execute(trx => …)`). */
export type Trx = Transaction<Database>;
/** A query that may run alone or inside the caller's transaction. */
export type DbOrTrx = Db | Trx;
export type DbKind = Config["database"]["kind"];

/**
 * The PostgreSQL driver, loaded when a PostgreSQL database is opened: a site on SQLite never
 * loads it (npm run footprint). `require`, since opening a database is synchronous and pg is CommonJS.
 */
let pgDriver: typeof Pg | undefined;
export function loadPg(): typeof Pg {
  if (pgDriver) return pgDriver;
  pgDriver = createRequire(import.meta.url)("pg") as typeof Pg;
  // PostgreSQL returns BIGINT (and SUM over integers) as text by default; our values fit in a
  // JavaScript number, so read them as numbers on both databases.
  pgDriver.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
  pgDriver.types.setTypeParser(1700, (v) => Number(v));
  return pgDriver;
}

export type DatabaseTarget =
  | { kind: "sqlite"; file: string }
  | { kind: "postgres"; url: string; connectTimeoutMs?: number; statementTimeoutMs?: number };

export interface DbEvents {
  /** A connection failed outside any query (PostgreSQL dropped it): logged, the pool replaces it. */
  onConnectionError?(error: Error): void;
  /** A query (`sql`) failed because the database cannot store or cannot be reached (db/failures.ts). */
  onFailure?(failure: DbFailure, error: unknown, sql: string): void;
}

/**
 * Opens the database named by the configuration: an SQLite file or a PostgreSQL pool. Every
 * query error that means "cannot store" or "cannot reach" is reported to `onFailure` (for
 * `/healthz` and the log), with the real error: a failed transaction's own error is never
 * replaced by the error of rolling it back.
 */
const POOL_MAX = 10;

/** Connections of the pool right now (GET /metrics); SQLite has one, always open. */
export interface PoolUse {
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  max: number;
}

export function openDatabase(database: DatabaseTarget, events: DbEvents = {}): { db: Db; kind: DbKind; poolUse: () => PoolUse } {
  const log = (event: LogEvent) => {
    if (event.level !== "error") return;
    const failure = dbFailure(event.error);
    if (failure) events.onFailure?.(failure, event.error, event.query.sql);
  };
  if (database.kind === "sqlite") {
    mkdirSync(dirname(database.file), { recursive: true });
    const sqlite = new SQLite(database.file);
    // WAL lets readers proceed while one writer commits; busy_timeout waits instead of failing.
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("synchronous = NORMAL");
    const dialect = new SqliteDialect({ database: sqlite });
    return { db: new Kysely<Database>({ dialect: keepingTheRealError(dialect), log }), kind: "sqlite", poolUse: () => ({ total: 1, idle: 0, waiting: 0, max: 1 }) };
  }
  const statementTimeoutMs = database.statementTimeoutMs ?? 10_000;
  const pg = loadPg();
  const pool = new pg.Pool({
    connectionString: database.url,
    max: POOL_MAX,
    Client: timedClient(pg),
    // Waiting for a connection (new, or a free one from the pool) gives up instead of hanging.
    connectionTimeoutMillis: database.connectTimeoutMs ?? 5000,
    // The server stops a statement that runs too long, and a transaction left idle holding locks.
    statement_timeout: statementTimeoutMs,
    idle_in_transaction_session_timeout: statementTimeoutMs * 3,
    // The client gives up on an answer that never comes (a stalled network, not a slow query).
    query_timeout: statementTimeoutMs + 2000,
    keepAlive: true,
  });
  // A connection the server or network drops is reported on the pool while idle and on the
  // client while a query holds it; without a listener Node treats it as an uncaught exception and
  // stops the process. The pool replaces the connection on the next query.
  const onConnectionError = (error: Error) => events.onConnectionError?.(error);
  pool.on("error", onConnectionError);
  pool.on("connect", (client) => client.on("error", onConnectionError));
  const poolUse = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: POOL_MAX });
  return { db: new Kysely<Database>({ dialect: keepingTheRealError(new PostgresDialect({ pool })), log }), kind: "postgres", poolUse };
}

/**
 * A pg client that closes its connection when an answer never came (query_timeout): the query
 * may still be running on the other end, so the connection cannot serve the next one; closed,
 * the pool drops it and opens a fresh one.
 */
const timedClient = (pg: typeof Pg) =>
  class TimedClient extends pg.Client {
    // pg's query has many overloads; every form passes through unchanged.
    override query(...args: unknown[]): never {
      const result = (super.query as (...a: unknown[]) => unknown)(...args);
      if (result instanceof Promise) {
        result.catch((error: unknown) => {
          if (error instanceof Error && error.message === "Query read timeout") (this as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
        });
      }
      return result as never;
    }
  };

/**
 * When a statement inside a transaction fails, the database may already have ended the
 * transaction (SQLite does on SQLITE_FULL and I/O errors; a dropped PostgreSQL connection has
 * none left). Kysely then issues ROLLBACK, which fails ("cannot rollback - no transaction is
 * active") and would be thrown instead of the error that matters. A rollback that fails is
 * therefore not an error of its own: the transaction is over either way, and the first error is
 * what the caller and the log get.
 */
function keepingTheRealError(dialect: Dialect): Dialect {
  return {
    createAdapter: () => dialect.createAdapter(),
    createIntrospector: (db) => dialect.createIntrospector(db),
    createQueryCompiler: () => dialect.createQueryCompiler(),
    createDriver() {
      const driver = dialect.createDriver();
      const rollback = driver.rollbackTransaction.bind(driver);
      driver.rollbackTransaction = async (connection) => {
        await rollback(connection).catch(() => {});
      };
      return driver;
    },
  };
}

/** An arbitrary constant: the advisory lock every Rankwell process takes to prepare the database. */
const STARTUP_LOCK = 72_657_111;

/**
 * Runs start-up work (migrations, better-auth's tables, demo content) in one process at a time.
 * Several processes starting together on one PostgreSQL database would otherwise race to create
 * the same tables ("duplicate key value violates pg_type_typname_nsp_index"). The lock is held
 * by one reserved connection for the duration; the work itself may use the whole pool. SQLite
 * serves one process, so there is nothing to wait for.
 */
export async function oneAtATime<T>(db: Db, kind: DbKind, work: () => Promise<T>): Promise<T> {
  if (kind !== "postgres") return work();
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK})`.execute(connection);
    try {
      return await work();
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK})`.execute(connection);
    }
  });
}

/** Brings the schema up to date; called on every start before the server listens. */
export async function migrateToLatest(db: Db): Promise<void> {
  // Unordered: a migration numbered below one a database already ran (030 after 070) still runs.
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations }, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
  }
}

let lastStamp = 0;

/**
 * Now, as ISO-8601 UTC text. Strictly increasing within a process (a millisecond later than the
 * last stamp at least), so records written one after another keep that order newest-first even
 * inside one millisecond, and no test has to wait for the clock to tick.
 */
export function nowIso(): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  return new Date(lastStamp).toISOString();
}

/** True on PostgreSQL: for row locks (SELECT … FOR UPDATE), which SQLite neither has nor needs (one writer at a time). */
export const isPostgres = (db: DbOrTrx) => db.getExecutor().adapter instanceof PostgresAdapter;

/** True for a UNIQUE constraint violation on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === "SQLITE_CONSTRAINT_UNIQUE" || e?.code === "SQLITE_CONSTRAINT_PRIMARYKEY" || e?.code === "23505";
}
