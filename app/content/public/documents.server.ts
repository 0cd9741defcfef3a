import { sql } from "kysely";
import { type Db, isPostgres } from "../../db/db.server.ts";
import { withFormatted } from "../registry/formatted.server.ts";
import { type PageRecord, sectionDef, type Values } from "../registry/sections.ts";
import { articlePath, pagePath, tagList, tagPath } from "../registry/slugs.ts";
import { getEditable } from "../workflow/drafts.server.ts";

/**
 * Created pages and articles as the public site reads them: published records only (an editor's
 * preview reads one record with its draft). Content is plain text read whole (docs/decisions/
 * 0002); a page is found by its slug in SQL, the blog reads its articles' rows once per request
 * (and the page cache keeps the result until the next publish).
 */

/** A published page or article with its dates: `date` the day shown (publish date, else the first publish), `updatedAt` the last published change. */
export type Dated<K extends "pages" | "articles"> = PageRecord<K> & { _date: string; _updatedAt: string };
export type Article = Dated<"articles"> & { _tags: string[] };

type Row = { id: string; data: string; created_at: string; updated_at: string };

const slugColumn = (db: Db) => (isPostgres(db) ? sql<string>`((data::jsonb) ->> 'slug')` : sql<string>`json_extract(data, '$.slug')`);

function dated<K extends "pages" | "articles">(key: K, row: Row, values?: Values): Dated<K> {
  const def = sectionDef(key);
  const stored = values ?? (JSON.parse(row.data) as Values);
  const record: Values = { _id: row.id };
  for (const name of Object.keys(def.fields)) record[name] = stored[name] ?? "";
  const date = (key === "articles" && record.publishDate) || row.created_at.slice(0, 10);
  return { ...withFormatted(def.fields, record as PageRecord<K>), _date: date, _updatedAt: row.updated_at };
}

const asArticle = (row: Row, values?: Values): Article => {
  const article = dated("articles", row, values);
  return { ...article, _tags: tagList(article.tags) };
};

/** The published page at `/{slug}/`, if any. */
export async function pageBySlug(db: Db, slug: string): Promise<Dated<"pages"> | undefined> {
  const row = await db
    .selectFrom("content_items")
    .select(["id", "data", "created_at", "updated_at"])
    .where("section", "=", "pages")
    .where(slugColumn(db), "=", slug)
    .executeTakeFirst();
  return row && dated("pages", row);
}

/** The published article at `/blog/{slug}/`, if any. */
export async function articleBySlug(db: Db, slug: string): Promise<Article | undefined> {
  const row = await db
    .selectFrom("content_items")
    .select(["id", "data", "created_at", "updated_at"])
    .where("section", "=", "articles")
    .where(slugColumn(db), "=", slug)
    .executeTakeFirst();
  return row && asArticle(row);
}

/** Every published article, newest first by its date (then by first publish). */
export async function publishedArticles(db: Db): Promise<Article[]> {
  const rows = await db.selectFrom("content_items").select(["id", "data", "created_at", "updated_at"]).where("section", "=", "articles").execute();
  return rows
    .map((row) => ({ article: asArticle(row), created: row.created_at }))
    .sort((a, b) => b.article._date.localeCompare(a.article._date) || b.created.localeCompare(a.created) || a.article._id.localeCompare(b.article._id))
    .map(({ article }) => article);
}

/** Every published page (the sitemap, the page cache's list of addresses). */
export async function publishedPages(db: Db): Promise<Dated<"pages">[]> {
  const rows = await db.selectFrom("content_items").select(["id", "data", "created_at", "updated_at"]).where("section", "=", "pages").execute();
  return rows.map((row) => dated("pages", row));
}

/** Articles on /blog/ and each tag's page. */
export const BLOG_PAGE_SIZE = 10;

export interface BlogPage {
  articles: Article[];
  page: number;
  pages: number;
  total: number;
}

/** One page of the blog (1-based), optionally of one tag; a page past the end is empty. */
export async function blogPage(db: Db, page: number, tag?: string): Promise<BlogPage> {
  const all = (await publishedArticles(db)).filter((article) => !tag || article._tags.includes(tag));
  const pages = Math.max(1, Math.ceil(all.length / BLOG_PAGE_SIZE));
  return { articles: all.slice((page - 1) * BLOG_PAGE_SIZE, page * BLOG_PAGE_SIZE), page, pages, total: all.length };
}

/**
 * An editor's preview of one page or article: its draft if it has one, else what is published;
 * undefined when neither exists.
 */
export async function previewRecord<K extends "pages" | "articles">(db: Db, key: K, id: string): Promise<(K extends "articles" ? Article : Dated<"pages">) | undefined> {
  const editable = await getEditable(db, key, id);
  if (!editable) return undefined;
  const values = editable.draft?.values ?? editable.published!;
  const live = await db.selectFrom("content_items").select(["created_at", "updated_at"]).where("id", "=", id).executeTakeFirst();
  const now = new Date().toISOString();
  const row: Row = { id, data: "{}", created_at: live?.created_at ?? now, updated_at: live?.updated_at ?? now };
  return (key === "articles" ? asArticle(row, values) : dated(key, row, values)) as K extends "articles" ? Article : Dated<"pages">;
}

/**
 * The addresses the page cache may keep (server/page-cache.ts): the blog, each published article,
 * each tag's page, the feed and each published page, in their canonical (trailing slash) form.
 * Read once per public version, so a 404 is never rendered twice and the set stays bounded by
 * what is published.
 */
export async function publishedContentPaths(db: Db): Promise<Set<string>> {
  const [pages, articles] = await Promise.all([publishedPages(db), publishedArticles(db)]);
  const tags = new Set(articles.flatMap((article) => article._tags));
  return new Set([
    "/blog/",
    "/blog/feed.xml",
    ...articles.map((article) => articlePath(article.slug)),
    ...[...tags].map((tag) => tagPath(tag)),
    ...pages.map((page) => pagePath(page.slug)),
  ]);
}

