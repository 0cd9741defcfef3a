import { type Kysely, sql } from "kysely";

/**
 * Redirects and the 404 monitor (issue 23, items 6 and 7; docs/decisions/0031):
 * - redirects: one rule per source path (a normalised site path, unique), answering 301 or 302
 *   to a site path or an http(s) address, or 410 Gone (no target);
 * - not_found_hits: each missing path visitors asked for (no query), how often, when first and
 *   last, the last referrer, and whether it is an obvious scanner's probe; at most 10,000 rows;
 * - a row `redirects` in public_version: the version every process's in-memory table polls.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("redirects")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("from_path", "text", (c) => c.notNull().unique())
    .addColumn("to_target", "text")
    .addColumn("status", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text", (c) => c.notNull())
    .addCheckConstraint("redirects_status_check", sql`status in (301, 302, 410)`)
    // 410 Gone has no target; a redirect has one.
    .addCheckConstraint("redirects_target_check", sql`(status = 410 and to_target is null) or (status <> 410 and to_target is not null)`)
    .execute();
  // Chains are collapsed on write: the rules that point at a path are looked up by their target.
  await db.schema.createIndex("redirects_target_idx").on("redirects").column("to_target").execute();

  await db.schema
    .createTable("not_found_hits")
    .addColumn("path", "text", (c) => c.primaryKey())
    .addColumn("scanner", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("count", "integer", (c) => c.notNull())
    .addColumn("referrer", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("first_seen", "text", (c) => c.notNull())
    .addColumn("last_seen", "text", (c) => c.notNull())
    .execute();
  // The screen lists each kind by count; the bound drops the oldest by last seen.
  await db.schema.createIndex("not_found_hits_count_idx").on("not_found_hits").columns(["scanner", "count", "path"]).execute();
  await db.schema.createIndex("not_found_hits_seen_idx").on("not_found_hits").columns(["scanner", "last_seen"]).execute();

  await db.insertInto("public_version" as never).values({ id: "redirects", version: 1 } as never).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.deleteFrom("public_version" as never).where("id" as never, "=", "redirects" as never).execute();
  await db.schema.dropTable("not_found_hits").execute();
  await db.schema.dropTable("redirects").execute();
}
