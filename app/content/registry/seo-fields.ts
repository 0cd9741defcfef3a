import { choice, type FieldDef, image, longText, text, url } from "./fields.ts";

/**
 * The search-appearance fields every public document carries (issue 23): the landing page,
 * /pricing/ and /service/ (through their own settings), and each page and article (as fields of
 * their registry entries). All optional: an empty field falls back to the content (seoOf).
 */
export const seoFields = {
  metaTitle: text("Meta title", { optional: true, max: 120, hint: "Shown as the link in search results; about 60 characters. Empty: the page's title." }),
  metaDescription: longText("Meta description", { optional: true, max: 320, hint: "The text under the link in search results; 70 to 160 characters. Empty: taken from the content." }),
  canonicalUrl: url("Canonical URL", { optional: true, hint: "Only when another address is the original of this page; empty: this page's own address." }),
  socialImage: image("Social image", { optional: true, hint: "Shown when the page is shared; empty: the page's main image." }),
  noindex: choice("Hide from search engines", ["Yes"], { optional: true, hint: "“Yes” asks search engines not to list this page (noindex) and leaves it out of the sitemap." }),
} as const satisfies Record<string, FieldDef>;

export type SeoFieldName = keyof typeof seoFields;
export const SEO_FIELD_NAMES = Object.keys(seoFields) as SeoFieldName[];

/** What a page puts in its head: the editor's fields where filled, the content's otherwise. */
export interface ResolvedSeo {
  title: string;
  description: string;
  canonical?: string;
  image?: string;
  noindex: boolean;
}

export function seoOf(values: Partial<Record<SeoFieldName, string>>, fallback: { title: string; description: string; image?: string }): ResolvedSeo {
  const filled = (name: SeoFieldName) => values[name]?.trim() || undefined;
  return {
    title: filled("metaTitle") ?? fallback.title,
    description: filled("metaDescription") ?? fallback.description,
    canonical: filled("canonicalUrl"),
    image: filled("socialImage") ?? fallback.image,
    noindex: filled("noindex") === "Yes",
  };
}
