import { type Kysely, SqliteAdapter, sql } from "kysely";

/**
 * One published page or article per address, one search-appearance entry per spec page (issue 23,
 * docs/decisions/0030): the content workflow checks these before each write
 * (content/workflow/unique.server.ts); these indexes make the rule hold when two publishes race
 * past that check, as migration 080 does for plan names. The sections are new with this release,
 * so no stored record can break them.
 */
const INDEXES = [
  { name: "content_items_page_slug_unique", section: "pages", field: "slug" },
  { name: "content_items_article_slug_unique", section: "articles", field: "slug" },
  { name: "content_items_search_page_unique", section: "searchAppearance", field: "page" },
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  for (const { name, section, field } of INDEXES) {
    const value = sqlite ? sql`json_extract(data, ${sql.lit(`$.${field}`)})` : sql`((data::jsonb) ->> ${sql.lit(field)})`;
    await sql`create unique index ${sql.ref(name)} on content_items (${value}) where section = ${sql.lit(section)}`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { name } of INDEXES) await db.schema.dropIndex(name).execute();
}
