/**
 * The spec's public pages that have search-appearance settings of their own (the registry's
 * `searchAppearance` list, one entry per page): the choice an editor makes, and its path. Pages
 * and articles carry the SEO fields on their own entries instead.
 */
export const SEO_SITE_PAGES = [
  { label: "Landing page", path: "/" },
  { label: "Pricing", path: "/pricing/" },
  { label: "Service", path: "/service/" },
] as const;

export type SeoSitePage = (typeof SEO_SITE_PAGES)[number];

export const SEO_SITE_PAGE_LABELS = SEO_SITE_PAGES.map((p) => p.label);

/** The path of the page a search-appearance entry is for ("Pricing" -> "/pricing/"). */
export const seoSitePath = (label: string | undefined): string | undefined => SEO_SITE_PAGES.find((p) => p.label === label)?.path;
