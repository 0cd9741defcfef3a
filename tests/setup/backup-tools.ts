import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { sql } from "kysely";
import { type Db, openDatabase } from "~/db/db.server.ts";

/**
 * For the backup tests: the commands as an operator runs them (`node scripts/backup.ts`, the
 * same as `npm run backup`), and every table of a database read in a form both databases share,
 * to compare a restore with its source table by table.
 */

const AUTH_SECRET = "backup-secret-backup-secret-backup-secret-0";

export interface CommandResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a script of the project (`scripts/backup.ts`, `server/cli.ts`…) against `databaseUrl`. */
export function runScript(script: string, args: string[], databaseUrl: string, env: Record<string, string> = {}): CommandResult {
  const result = spawnSync(process.execPath, [script, ...args], {
    env: { ...process.env, NODE_ENV: "test", DATABASE_URL: databaseUrl, AUTH_SECRET, LOG_LEVEL: "error", DEMO_CONTENT: "off", ...env },
    encoding: "utf8",
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** runScript without blocking this process (for a stand-in, such as the S3 one, that runs in it). */
export function runScriptAsync(script: string, args: string[], databaseUrl: string, env: Record<string, string> = {}): Promise<CommandResult> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [script, ...args], {
      env: { ...process.env, NODE_ENV: "test", DATABASE_URL: databaseUrl, AUTH_SECRET, LOG_LEVEL: "error", DEMO_CONTENT: "off", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (c) => (stdout += c));
    child.stderr.on("data", (c) => (stderr += c));
    child.on("exit", (status) => done({ status, stdout, stderr }));
  });
}

export function openUrl(databaseUrl: string): { db: Db; kind: "sqlite" | "postgres" } {
  return openDatabase(databaseUrl.startsWith("file:") ? { kind: "sqlite", file: databaseUrl.slice(5) } : { kind: "postgres", url: databaseUrl });
}

/** The site's tables on `databaseUrl` (none for a SQLite file that does not exist). */
export async function tableNames(databaseUrl: string): Promise<string[]> {
  if (databaseUrl.startsWith("file:") && !existsSync(databaseUrl.slice(5))) return [];
  const { db } = openUrl(databaseUrl);
  try {
    return (await db.introspection.getTables({ withInternalKyselyTables: true })).map((t) => t.name).sort();
  } finally {
    await db.destroy();
  }
}

/** A value as both databases' answers compare: dates as ISO text, booleans as 0/1, bytes as a SHA-free base64. */
function comparable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Uint8Array) return `bytes:${Buffer.from(value).toString("base64")}`;
  if (typeof value === "boolean") return value ? 1 : 0;
  return value;
}

/**
 * Every row of every site table (not the migrations' own), each row as sorted-key JSON, rows
 * sorted: two databases with the same content give the same answer whatever their dialect.
 */
export async function contents(databaseUrl: string): Promise<Record<string, string[]>> {
  const { db } = openUrl(databaseUrl);
  try {
    const out: Record<string, string[]> = {};
    for (const table of await db.introspection.getTables()) {
      // SQLite's counters is derived (the order number sequence's stand-in): rebuilt by a restore, compared by the tests themselves.
      if (table.name === "counters") continue;
      const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table.name)}`.execute(db);
      out[table.name] = rows
        .map((row) =>
          JSON.stringify(
            Object.keys(row)
              .sort()
              .map((k) => [k, comparable(row[k])]),
          ),
        )
        .sort();
    }
    return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : 1)));
  } finally {
    await db.destroy();
  }
}

/** A database of its own, outside any test server: `file:` in `dir`, or a new PostgreSQL database. */
export async function newDatabase(kind: "sqlite" | "postgres", dir: string, name: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (kind === "sqlite") return { url: `file:${dir}/${name}.db`, drop: async () => {} };
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error("PostgreSQL needs TEST_DATABASE_URL");
  const pg = (await import("pg")).default;
  const dbName = `rankwell_bk_${process.pid}_${name}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${dbName}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${dbName} with (force)`);
      await c.end();
    },
  };
}
