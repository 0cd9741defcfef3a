import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { afterAll } from "vitest";
import { openDatabase } from "../../app/db/db.server.ts";

export type Kind = "sqlite" | "postgres";

/**
 * Databases for one migration's own test: a fresh SQLite file, and a fresh PostgreSQL database
 * when TEST_DATABASE_URL names a server. Call it at a test file's top level; everything it opened
 * is closed and dropped after the file's tests.
 */
export function migrationDatabases(tag: string) {
  const dir = mkdtempSync(join(tmpdir(), `rankwell-${tag}-`));
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  async function postgresDatabase(base: string): Promise<string> {
    const name = `rankwell_${tag}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    cleanups.push(async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    });
    const url = new URL(base);
    url.pathname = `/${name}`;
    return url.toString();
  }

  return {
    kinds: ["sqlite", ...(process.env.TEST_DATABASE_URL ? ["postgres"] : [])] as Kind[],
    /** A new, empty database of this kind (its connection is closed after the file's tests). */
    async open(kind: Kind) {
      const opened =
        kind === "sqlite" ? openDatabase({ kind: "sqlite", file: join(dir, "old.db") }) : openDatabase({ kind: "postgres", url: await postgresDatabase(process.env.TEST_DATABASE_URL!) });
      cleanups.unshift(() => opened.db.destroy());
      return opened;
    },
  };
}
