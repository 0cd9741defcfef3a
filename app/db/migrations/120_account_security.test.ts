import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db.server.ts";
import { migrations } from "./index.ts";

/**
 * Migration 120 on a site that already has accounts: only an address whose owner accepted an
 * invitation (its audit entry) counts as verified; every other account starts unverified, a role
 * granted to it waits until the owner follows the verification link (README, Upgrading).
 */
const dir = mkdtempSync(join(tmpdir(), "rankwell-m120-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("120_account_security", () => {
  it("verifies the addresses proven by an accepted invitation, and no other", async () => {
    const { db } = openDatabase({ kind: "sqlite", file: join(dir, "old.db") });
    const raw = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("080_unique_plan_names")).error).toBeUndefined();
    // better-auth's table, as an earlier start created it.
    await db.schema
      .createTable("user")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("email", "text")
      .addColumn("emailVerified", "integer", (c) => c.notNull().defaultTo(0))
      .execute();
    for (const [id, email] of [["u1", "invited@example.com"], ["u2", "cli-made@example.com"], ["u3", "customer@example.com"]]) await raw.insertInto("user").values({ id, email }).execute();
    await raw
      .insertInto("audit_log")
      .values({ id: "a1", created_at: "2026-01-02T03:04:05.000Z", actor: "invited@example.com", ip: null, action: "user.accept", target: "invited@example.com", summary: "Accepted the Admin role" })
      .execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const rows = await raw.selectFrom("user").select(["email", "emailVerified"]).orderBy("email").execute();
    expect(rows).toEqual([
      { email: "cli-made@example.com", emailVerified: 0 },
      { email: "customer@example.com", emailVerified: 0 },
      { email: "invited@example.com", emailVerified: 1 },
    ]);
    expect(await raw.selectFrom("sign_in_attempts").selectAll().execute()).toEqual([]);
    await db.destroy();
  });
});
