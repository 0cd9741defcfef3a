import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { migrateToLatest, nowIso, openDatabase } from "../db/db.server.ts";
import { authSchemaFingerprint, migrateAuthTablesOnce } from "./auth-tables.server.ts";

const dir = mkdtempSync(join(tmpdir(), "rankwell-auth-tables-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("better-auth's tables are migrated once per fingerprint", () => {
  it("reads the installed versions into a fingerprint", () => {
    expect(authSchemaFingerprint()).toMatch(/^[0-9a-f]{16}$/);
    expect(authSchemaFingerprint()).toBe(authSchemaFingerprint());
  });

  it("migrates on a new database, not on the next start; a database another release migrated is migrated again", async () => {
    const { db } = openDatabase({ kind: "sqlite", file: join(dir, "site.db") });
    try {
      await migrateToLatest(db);
      let runs = 0;
      const migrate = async () => void runs++;
      await migrateAuthTablesOnce(db, migrate);
      expect(runs).toBe(1);
      await migrateAuthTablesOnce(db, migrate);
      expect(runs).toBe(1);
      // As if another release (other versions) had recorded its own fingerprint only.
      await db.deleteFrom("data_steps").where("name", "like", "auth-tables %").execute();
      await db.insertInto("data_steps").values({ name: "auth-tables 0000000000000000", done_at: nowIso() }).execute();
      await migrateAuthTablesOnce(db, migrate);
      expect(runs).toBe(2);
    } finally {
      await db.destroy();
    }
  });

  it("records nothing when the migration fails, so the next start tries again", async () => {
    const { db } = openDatabase({ kind: "sqlite", file: join(dir, "failing.db") });
    try {
      await migrateToLatest(db);
      await expect(migrateAuthTablesOnce(db, async () => Promise.reject(new Error("disk full")))).rejects.toThrow("disk full");
      let ran = false;
      await migrateAuthTablesOnce(db, async () => void (ran = true));
      expect(ran).toBe(true);
    } finally {
      await db.destroy();
    }
  });
});
