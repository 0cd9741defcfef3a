import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresAdapter, PostgresDialect, SqliteDialect, type Transaction } from "kysely";
import { Migrator } from "kysely/migration";
import pg from "pg";
import type { Config } from "../config.server.ts";
import { migrations } from "./migrations/index.ts";
import type { Database } from "./tables.ts";

export type Db = Kysely<Database>;
export type DbKind = Config["database"]["kind"];

// PostgreSQL returns BIGINT (and SUM over integers) as text by default; our values fit in a
// JavaScript number, so read them as numbers on both databases.
pg.types.setTypeParser(20, (v) => Number.parseInt(v, 10));
pg.types.setTypeParser(1700, (v) => Number(v));

/** Opens the database named by the configuration: an SQLite file or a PostgreSQL pool. */
export function openDatabase(database: Config["database"], onPoolError: (error: Error) => void = () => {}): { db: Db; kind: DbKind } {
  if (database.kind === "sqlite") {
    mkdirSync(dirname(database.file), { recursive: true });
    const sqlite = new SQLite(database.file);
    // WAL lets readers proceed while one writer commits; busy_timeout waits instead of failing.
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("synchronous = NORMAL");
    return { db: new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) }), kind: "sqlite" };
  }
  const pool = new pg.Pool({ connectionString: database.url, max: 10 });
  // An idle connection the server drops (restart, failover, admin command) is reported here;
  // without a listener Node would treat it as an uncaught exception and stop the process.
  // The pool replaces the connection on the next query.
  pool.on("error", onPoolError);
  return { db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }), kind: "postgres" };
}

/** Brings the schema up to date; called on every start before the server listens. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
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
export const isPostgres = (db: Db | Transaction<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** True for a UNIQUE constraint violation on either database. */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string } | null;
  return e?.code === "SQLITE_CONSTRAINT_UNIQUE" || e?.code === "SQLITE_CONSTRAINT_PRIMARYKEY" || e?.code === "23505";
}
