import { type Kysely, SqliteAdapter, sql } from "kysely";
import { randomBytes } from "node:crypto";

/**
 * One pricing plan per package name (docs/decisions/0023-wording.md): the public pages show one
 * card per name, so a second "Basic" plan was stored, announced as added and then never shown.
 * Existing duplicates are kept, not lost: every plan but the first of its name (the one the site
 * showed: lowest position, then oldest) moves to the trash with its draft, where an editor can
 * read it or restore it after renaming the other, and its history says why. Then a unique index
 * on the package name of published plans makes the rule hold even for writes that race.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const typed = db as unknown as Kysely<{
    content_items: { id: string; section: string; position: number; data: string; created_at: string };
    content_drafts: { record_id: string; data: string };
    content_trash: { record_id: string; section: string; position: number; data: string; draft: string | null; deleted_at: string; deleted_by: string };
    content_revisions: { id: string; record_id: string; section: string; action: string; note: string | null; before: string | null; after: string | null; created_at: string; created_by: string };
  }>;
  const plans = await typed
    .selectFrom("content_items")
    .select(["id", "position", "data"])
    .where("section", "=", "pricingPlans")
    .orderBy("position")
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  const seen = new Set<string>();
  const now = new Date().toISOString();
  const by = "migration 080";
  for (const plan of plans) {
    const name = String((JSON.parse(plan.data) as Record<string, unknown>).packageName ?? "");
    if (!seen.has(name)) {
      seen.add(name);
      continue;
    }
    const draft = await typed.selectFrom("content_drafts").select("data").where("record_id", "=", plan.id).executeTakeFirst();
    await typed.deleteFrom("content_trash").where("record_id", "=", plan.id).execute();
    await typed
      .insertInto("content_trash")
      .values({ record_id: plan.id, section: "pricingPlans", position: plan.position, data: plan.data, draft: draft?.data ?? null, deleted_at: now, deleted_by: by })
      .execute();
    await typed.deleteFrom("content_drafts").where("record_id", "=", plan.id).execute();
    await typed.deleteFrom("content_items").where("id", "=", plan.id).execute();
    await typed
      .insertInto("content_revisions")
      .values({
        id: randomBytes(12).toString("hex"),
        record_id: plan.id,
        section: "pricingPlans",
        action: "deleted",
        note: `Another plan is named ${name}: package names are unique now`,
        before: plan.data,
        after: null,
        created_at: now,
        created_by: by,
      })
      .execute();
  }
  const packageName = sqlite ? sql`json_extract(data, '$.packageName')` : sql`((data::jsonb) ->> 'packageName')`;
  await sql`create unique index content_items_plan_name_unique on content_items (${packageName}) where section = 'pricingPlans'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("content_items_plan_name_unique").execute();
}
