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
}

/** The spec's public pages; pages and articles are added by their registry entries' module. */
const SITE_DOCUMENTS: readonly PublicDocument[] = [
  { path: "/", kind: "site", label: "Landing page", editUrl: "/setting", noindex: false, priority: "1.0" },
  { path: "/pricing/", kind: "site", label: "Pricing", editUrl: "/add-pricing", noindex: false, priority: "0.9" },
  { path: "/service/", kind: "site", label: "Service", editUrl: "/edit-service", noindex: false, priority: "0.8" },
  { path: "/contact", kind: "site", label: "Contact", editUrl: "/add-contact", noindex: false, priority: "0.6" },
];

export async function listPublicDocuments(_db: Db): Promise<PublicDocument[]> {
  return [...SITE_DOCUMENTS];
}
