import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll } from "vitest";
import { type Db, migrateToLatest, openDatabase } from "../../app/db/db.server.ts";

/**
 * A migrated SQLite database of its own for one test file: opened before its tests, removed after.
 * Read `.db` inside tests and hooks (it is set in beforeAll).
 */
export function migratedSqlite(name: string): { readonly db: Db } {
  const dir = mkdtempSync(join(tmpdir(), `rankwell-${name}-`));
  const holder = { db: undefined as unknown as Db };
  beforeAll(async () => {
    holder.db = openDatabase({ kind: "sqlite", file: join(dir, "t.db") }).db;
    await migrateToLatest(holder.db);
  });
  afterAll(async () => {
    await holder.db?.destroy();
    rmSync(dir, { recursive: true, force: true });
  });
  return holder;
}
