import { type Access, pageAccess } from "../access.ts";
import { isRole } from "../auth/roles.ts";
import { absoluteUrl } from "./seo.ts";

/** robots.txt and sitemap.xml, built from the access table and the list of public pages. */

/**
 * Path prefixes crawlers should stay out of: every page that needs a sign-in (customer) or an
 * admin, from the access table, cut before its first parameter, plus the JSON API. A prefix
 * already covered by a shorter one is left out. (The single-segment `/:id` about editor cannot
 * be written as a prefix; it answers 404 to everyone but admins.)
 */
export function disallowedPrefixes(table: Record<string, Access> = pageAccess): string[] {
  const prefixes = Object.entries(table)
    .filter(([, access]) => access === "user" || isRole(access))
    .map(([path]) => path.split(/:|\*/)[0]!)
    .filter((p) => p.length > 1);
  prefixes.push("/api/");
  const unique = [...new Set(prefixes)].sort((a, b) => a.length - b.length || a.localeCompare(b));
  return unique.filter((p, i) => !unique.slice(0, i).some((shorter) => p.startsWith(shorter))).sort();
}

export function robotsTxt(siteUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...disallowedPrefixes().map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${siteUrl}/sitemap.xml`,
    "",
  ].join("\n");
}

const xmlEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** What the sitemap needs of a public document (site/public-documents.server.ts). */
export type SitemapEntry = { path: string; updatedAt?: string; noindex: boolean; priority: string };

/**
 * The public documents, without those marked noindex; each one's `lastmod` is the day of its own
 * last published change, or `fallbackLastmod` (the last content change) for the spec's pages.
 */
export function sitemapXml(siteUrl: string, documents: readonly SitemapEntry[], fallbackLastmod?: string): string {
  const urls = documents
    .filter((doc) => !doc.noindex)
    .map((doc) => {
      const lastmod = doc.updatedAt?.slice(0, 10) ?? fallbackLastmod;
      return `  <url>\n    <loc>${xmlEscape(absoluteUrl(siteUrl, doc.path))}</loc>\n${lastmod ? `    <lastmod>${lastmod}</lastmod>\n` : ""}    <priority>${doc.priority}</priority>\n  </url>`;
    });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}
