import type { PageRecord, SectionRecord } from "../content/registry/sections.ts";
import { seoOf, type SeoFieldName } from "../content/registry/seo-fields.ts";
import { seoSitePath } from "../content/registry/seo-site-pages.ts";
import { formatPrice } from "../shared/money.ts";
import { type Plan, pickPlans } from "./display.ts";
import { type PageSeo, previewMeta, SITE_NAME } from "./seo.ts";

/**
 * What the spec's pages put in their head when the editor's search-appearance fields are empty:
 * each page's title and description from its content. The pages' meta functions and the admin's
 * search-result preview (which shows these fallbacks) both read them here.
 */
export interface SeoFallback {
  title: string;
  description: string;
  image?: string;
  imageAlt?: string;
}

export function homeFallback(banner: PageRecord<"banner"> | undefined): SeoFallback {
  return {
    title: banner ? `${SITE_NAME} | ${banner.bannerHeading}` : `${SITE_NAME} | SEO services in three simple packages`,
    description: banner?._text?.bannerDetails || `${SITE_NAME} grows your search traffic with Basic, Premium and Standard SEO packages.`,
    image: banner?.imageOne,
    imageAlt: banner?.bannerHeading,
  };
}

export function pricingFallback(plans: Plan[]): SeoFallback {
  const picked = pickPlans(plans);
  const list = picked.map((p) => `${p.packageName} ${formatPrice(p.packagePrice)}`).join(", ");
  return {
    title: `SEO packages and prices | ${SITE_NAME}`,
    description: picked.length
      ? `${SITE_NAME} SEO packages: ${list}. Compare what each plan includes and order online, paid securely in US dollars.`
      : `${SITE_NAME} SEO packages Basic, Premium and Standard: compare what each plan includes and order online.`,
  };
}

export function serviceFallback(heading: string | undefined, titles: string[], image: string | undefined): SeoFallback {
  return {
    title: `Our SEO services | ${SITE_NAME}`,
    description: titles.length
      ? `${heading ? `${heading}: ` : ""}${titles.join(", ")}. See what ${SITE_NAME} does and how well we do it.`
      : `What ${SITE_NAME} does to grow your search traffic, and how well we do it.`,
    image,
  };
}

type Appearance = Pick<SectionRecord<"searchAppearance">, "page"> & Partial<Record<SeoFieldName, string>>;

/** The search-appearance entry of the spec page at `path`, if an editor made one. */
export const appearanceFor = (entries: readonly Appearance[] | undefined, path: string) => entries?.find((entry) => seoSitePath(entry.page) === path);

/**
 * A spec page's meta tags: the editor's search-appearance fields where filled (seoOf), the
 * content's fallback otherwise; noindex and a canonical override included. A preview keeps its own.
 */
export function sitePageMeta(preview: boolean | undefined, base: Omit<PageSeo, "title" | "description"> & SeoFallback, entries: readonly Appearance[] | undefined) {
  const seo = seoOf(appearanceFor(entries, base.path) ?? {}, base);
  return previewMeta(preview, { ...base, title: seo.title, description: seo.description, image: seo.image, canonical: seo.canonical, noindex: seo.noindex });
}
