import { loadPageSections } from "../content/public/pages.server.ts";
import type { Db } from "../db/db.server.ts";
import { homeFallback, pricingFallback, type SeoFallback, serviceFallback } from "./site-seo.ts";

/** The spec's pages' fallbacks from their published content, by path: what the search-result preview shows for empty fields. */
export async function siteSeoFallbacks(db: Db): Promise<Record<string, SeoFallback>> {
  const s = await loadPageSections(db, ["banner", "pricingPlans", "serviceText", "serviceItems", "about"]);
  return {
    "/": homeFallback(s.banner[0]),
    "/pricing/": pricingFallback(s.pricingPlans),
    "/service/": serviceFallback(s.serviceText[0]?.serviceHeading, s.serviceItems.map((i) => i.serviceTitle), s.about[0]?.aboutImgOne),
  };
}
