import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../db.server.ts";
import { migrations } from "./index.ts";

/** Migration 080 on a site that already has two plans named Basic: the second goes to the trash, nothing is lost. */
const dir = mkdtempSync(join(tmpdir(), "rankwell-m080-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("080_unique_plan_names", () => {
  it("moves later duplicates to the trash with their draft, then refuses another plan of the same name", async () => {
    const { db } = openDatabase({ kind: "sqlite", file: join(dir, "old.db") });
    const raw = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
    expect((await migrator.migrateTo("070_media")).error).toBeUndefined();
    const at = "2026-01-02T03:04:05.000Z";
    const plan = (id: string, position: number, packageName: string) => ({
      id: id.padEnd(24, "0"),
      section: "pricingPlans",
      singleton_key: null,
      position,
      data: JSON.stringify({ packageName, packagePrice: "49" }),
      created_at: at,
      updated_at: at,
      updated_by: "a@example.com",
    });
    await raw.insertInto("content_items").values([plan("b1", 1, "Basic"), plan("p1", 2, "Premium"), plan("b2", 3, "Basic")]).execute();
    await raw.insertInto("content_drafts").values({ record_id: "b2".padEnd(24, "0"), section: "pricingPlans", singleton_key: null, data: "{}", publish_at: null, scheduled_by: null, created_at: at, updated_at: at, updated_by: "a@example.com" }).execute();

    expect((await migrator.migrateToLatest()).error).toBeUndefined();

    const live = await raw.selectFrom("content_items").select("id").where("section", "=", "pricingPlans").orderBy("position").execute();
    expect(live.map((r) => r.id)).toEqual(["b1".padEnd(24, "0"), "p1".padEnd(24, "0")]);
    const trashed = await raw.selectFrom("content_trash").selectAll().execute();
    expect(trashed).toEqual([expect.objectContaining({ record_id: "b2".padEnd(24, "0"), draft: "{}", deleted_by: "migration 080" })]);
    expect(await raw.selectFrom("content_drafts").selectAll().execute()).toEqual([]);
    const revision = await raw.selectFrom("content_revisions").selectAll().where("record_id", "=", "b2".padEnd(24, "0")).executeTakeFirstOrThrow();
    expect(revision).toMatchObject({ action: "deleted", note: "Another plan is named Basic: package names are unique now" });
    await expect(raw.insertInto("content_items").values(plan("b3", 4, "Basic")).execute()).rejects.toThrow(/UNIQUE/);
    // Other sections are not touched by the index.
    await raw.insertInto("content_items").values({ ...plan("f1", 1, "Basic"), section: "faqItems" }).execute();
    await db.destroy();
  });
});
