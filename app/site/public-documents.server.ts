import { listRecords } from "../content/content.server.ts";
import { publishedArticles, publishedPages } from "../content/public/documents.server.ts";
import { editUrl, sectionDef } from "../content/registry/sections.ts";
import { SEO_SITE_PAGES, seoSitePath } from "../content/registry/seo-site-pages.ts";
import { articlePath, pagePath } from "../content/registry/slugs.ts";
import type { Db } from "../db/db.server.ts";

/**
 * Every public document of the site (issue 23): the spec's pages and, once published, each page
 * and article. The sitemap, the SEO report and the search-appearance screens read this one list.
 */
export interface PublicDocument {
  /** Its canonical path, e.g. "/pricing/" or "/blog/my-article/". */
  path: string;
  kind: "site" | "page" | "article";
  /** What the admin calls it. */
  label: string;
  /** The admin screen where its content (and its SEO fields) are edited. */
  editUrl: string;
  /** ISO time of its last published change, for the sitemap's lastmod. */
  updatedAt?: string;
  /** Its noindex field is "Yes": left out of the sitemap. */
  noindex: boolean;
  priority: string;
  /** Where its SEO fields are edited when that is not `editUrl` (the spec's pages: their search-appearance entry). */
  seoEditUrl?: string;
}

/** The spec's public pages; pages and articles are added by their registry entries' module. */
const SITE_DOCUMENTS: readonly PublicDocument[] = [
  { path: "/", kind: "site", label: "Landing page", editUrl: "/setting", noindex: false, priority: "1.0" },
  { path: "/pricing/", kind: "site", label: "Pricing", editUrl: "/add-pricing", noindex: false, priority: "0.9" },
  { path: "/service/", kind: "site", label: "Service", editUrl: "/edit-service", noindex: false, priority: "0.8" },
  { path: "/contact", kind: "site", label: "Contact", editUrl: "/add-contact", noindex: false, priority: "0.6" },
];

/** The spec's pages, the blog, then every published page and article (the newest articles first). */
export async function listPublicDocuments(db: Db): Promise<PublicDocument[]> {
  const [site, pages, articles] = await Promise.all([siteDocuments(db), publishedPages(db), publishedArticles(db)]);
  return [
    ...site,
    { path: "/blog/", kind: "site", label: "Blog", editUrl: "/admin/articles", updatedAt: articles.map((a) => a._updatedAt).sort().at(-1), noindex: false, priority: "0.7" },
    ...pages.map((page) => contentDocument("page", "pages", page, pagePath(page.slug), "0.7")),
    ...articles.map((article) => contentDocument("article", "articles", article, articlePath(article.slug), "0.6")),
  ];
}

/** A published page or article as a document: its address, its edit screen, its date and noindex. */
function contentDocument(kind: "page" | "article", section: "pages" | "articles", record: { _id: string; title: string; _updatedAt: string; noindex?: string }, path: string, priority: string): PublicDocument {
  return { path, kind, label: record.title, editUrl: editUrl(sectionDef(section), record._id), updatedAt: record._updatedAt, noindex: record.noindex === "Yes", priority };
}

/** The spec's pages, each with the noindex and the edit screen of its search-appearance entry (published). */
async function siteDocuments(db: Db): Promise<PublicDocument[]> {
  const entries = await listRecords(db, "searchAppearance");
  const def = sectionDef("searchAppearance");
  return SITE_DOCUMENTS.map((doc) => {
    if (!SEO_SITE_PAGES.some((p) => p.path === doc.path)) return { ...doc };
    const entry = entries.find((e) => seoSitePath(e.page) === doc.path);
    // No entry yet: the list, where the editor adds one for this page.
    return entry ? { ...doc, noindex: entry.noindex === "Yes", seoEditUrl: editUrl(def, entry._id) } : { ...doc, seoEditUrl: def.adminPath };
  });
}
