import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db.server.ts";
import { migrations } from "./index.ts";

/**
 * Migration 050 on a site that already has grants: those whose address has an account keep
 * working (they did until now); one granted to an address nobody registered becomes pending.
 */
const dir = mkdtempSync(join(tmpdir(), "rankwell-m050-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("050_proven_grants", () => {
  it("keeps grants of existing accounts, makes grants without an account pending", async () => {
    const { db } = openDatabase({ kind: "sqlite", file: join(dir, "old.db") });
    const raw = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("020_payments_rest")).error).toBeUndefined();
    // better-auth's table, as an earlier start created it.
    await db.schema.createTable("user").addColumn("id", "text", (c) => c.primaryKey()).addColumn("email", "text").execute();
    await raw.insertInto("user").values({ id: "u1", email: "owner@example.com" }).execute();
    const at = "2026-01-02T03:04:05.000Z";
    for (const email of ["owner@example.com", "nobody@example.com"]) {
      await raw.insertInto("user_roles").values({ id: email.slice(0, 5).padEnd(24, "0"), user_email: email, user_role: "Admin", created_at: at, updated_at: at }).execute();
    }

    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const rows = await raw.selectFrom("user_roles").select(["user_email", "proven_at", "invite_token_hash"]).orderBy("user_email").execute();
    expect(rows).toEqual([
      { user_email: "nobody@example.com", proven_at: null, invite_token_hash: null },
      { user_email: "owner@example.com", proven_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/), invite_token_hash: null },
    ]);
    await db.destroy();
  });
});
