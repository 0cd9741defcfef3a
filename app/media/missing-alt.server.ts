import type { Db } from "../db/db.server.ts";
import type { SeoFinding } from "../seo/report-check.ts";

/**
 * Issue 23 contract (images): published images that have neither alt text nor a "decorative"
 * mark, as SEO report findings. The media library's alt-text work implements it.
 */
export async function findImagesWithoutAlt(_db: Db): Promise<SeoFinding[]> {
  return [];
}
