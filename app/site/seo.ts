import type { MetaDescriptor } from "react-router";
import type { PageRecord, SectionRecord } from "../content/registry/sections.ts";
import { type Plan, pickPlans, plainPrice, truncate } from "./display.ts";

/** Search visibility of the public pages: meta tags and JSON-LD, built from the page's content. */

export const SITE_NAME = "Rankwell";
/** Social networks do not show SVG previews; this PNG stands in when the content image is an SVG. */
export const FALLBACK_SHARE_IMAGE = "/images/og-image.png";

/** The public pages listed in the sitemap (the spec's routes, trailing slashes included). */
export const PUBLIC_PAGES = [
  { path: "/", priority: "1.0" },
  { path: "/pricing/", priority: "0.9" },
  { path: "/service/", priority: "0.8" },
  { path: "/contact", priority: "0.6" },
] as const;

/** An absolute URL on this site; absolute http(s) URLs pass through. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//.test(pathOrUrl)) return pathOrUrl;
  return `${siteUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

export interface PageSeo {
  siteUrl: string;
  /** Path of the canonical URL, e.g. "/pricing/". */
  path: string;
  title: string;
  description: string;
  /** The page's main content image; the logo or the fallback otherwise. */
  image?: string;
  imageAlt?: string;
  type?: "website" | "article";
  /** The editor's canonical URL (a path or an address) when another page is the original; else `path`. */
  canonical?: string;
  /** Asks search engines not to list the page (`<meta name="robots" content="noindex">`). */
  noindex?: boolean;
}

/** title, description, canonical and Open Graph (plus the Twitter card) for one page. */
export function pageMeta(seo: PageSeo): MetaDescriptor[] {
  const url = absoluteUrl(seo.siteUrl, seo.canonical || seo.path);
  const description = truncate(seo.description, 160);
  const image = absoluteUrl(seo.siteUrl, !seo.image || /\.svg(\?|$)/i.test(seo.image) ? FALLBACK_SHARE_IMAGE : seo.image);
  return [
    { title: seo.title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:title", content: seo.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: seo.imageAlt ?? seo.title },
    { property: "og:locale", content: "en_US" },
    { name: "twitter:card", content: "summary_large_image" },
    ...(seo.noindex ? [{ name: "robots", content: "noindex" }] : []),
  ];
}

/**
 * The meta tags of a page that has an editor's preview: the page's own, or for the preview a
 * title that says so and `noindex` (no canonical or sharing tags: it is not a public page).
 */
export function previewMeta(preview: boolean | undefined, seo: PageSeo): MetaDescriptor[] {
  if (!preview) return pageMeta(seo);
  return [{ title: `Preview: ${seo.title}` }, { name: "robots", content: "noindex" }];
}

/** The root route's data as a meta function sees it (the site URL lives there). */
export function siteUrlFrom(matches: readonly ({ id: string; loaderData?: unknown } | undefined)[]): string {
  const root = matches.find((m) => m?.id === "root")?.loaderData as { siteUrl?: string } | undefined;
  return root?.siteUrl ?? "";
}

type JsonLd = Record<string, unknown>;

export interface OrganizationInput {
  siteUrl: string;
  logo?: string;
  description?: string;
  address?: SectionRecord<"footerAddress">;
  social?: SectionRecord<"footerSocial">;
}

export function organizationLd({ siteUrl, logo, description, address, social }: OrganizationInput): JsonLd {
  const sameAs = social ? [social.youlink, social.fblink, social.inslink].filter((l) => /^https?:\/\//.test(l)) : [];
  return {
    "@type": "Organization",
    "@id": `${siteUrl}/#organization`,
    name: SITE_NAME,
    url: `${siteUrl}/`,
    ...(logo ? { logo: absoluteUrl(siteUrl, logo) } : {}),
    ...(description ? { description } : {}),
    ...(address?.emailAddress ? { email: address.emailAddress } : {}),
    ...(address?.phoneNumber ? { telephone: address.phoneNumber } : {}),
    ...(address?.location ? { address: { "@type": "PostalAddress", streetAddress: address.location } } : {}),
    ...(sameAs.length ? { sameAs } : {}),
  };
}

/** One Product per plan (Basic, Premium, Standard), each with its Offer in USD. */
export function offersLd(siteUrl: string, plans: Plan[], points: (plan: Plan) => string[]): JsonLd[] {
  return pickPlans(plans).map((plan) => ({
    "@type": "Product",
    name: `${SITE_NAME} ${plan.packageName} SEO package`,
    description: points(plan).join("; "),
    brand: { "@type": "Brand", name: SITE_NAME },
    offers: {
      "@type": "Offer",
      price: plainPrice(plan.packagePrice),
      priceCurrency: "USD",
      availability: "https://schema.org/InStock",
      url: `${siteUrl}/pricing/`,
      seller: { "@id": `${siteUrl}/#organization` },
    },
  }));
}

export function faqLd(items: PageRecord<"faqItems">[]): JsonLd | undefined {
  if (!items.length) return undefined;
  return {
    "@type": "FAQPage",
    mainEntity: items.map((item) => ({
      "@type": "Question",
      name: item.accodingTitle,
      acceptedAnswer: { "@type": "Answer", text: item._text?.accodingText ?? item.accodingText },
    })),
  };
}

/** A JSON-LD document of several nodes. */
export const graphLd = (nodes: (JsonLd | undefined)[]): JsonLd => ({ "@context": "https://schema.org", "@graph": nodes.filter(Boolean) });

/**
 * JSON for an inline <script>: `<` (and `>`, `&`, U+2028/9) escaped as \u sequences, so content
 * such as `</script>` can never end the script element. JSON.parse reads it back unchanged.
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** A trail of links from the home page to a document, as BreadcrumbList. */
export function breadcrumbLd(siteUrl: string, trail: { name: string; path: string }[]): JsonLd {
  return {
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, i) => ({ "@type": "ListItem", position: i + 1, name: crumb.name, item: absoluteUrl(siteUrl, crumb.path) })),
  };
}

export interface ArticleLdInput {
  siteUrl: string;
  path: string;
  title: string;
  description: string;
  image?: string;
  author: string;
  datePublished: string;
  dateModified: string;
  tags: string[];
}

/** An article as schema.org Article, published by the organization. */
export function articleLd(article: ArticleLdInput): JsonLd {
  const url = absoluteUrl(article.siteUrl, article.path);
  return {
    "@type": "Article",
    "@id": `${url}#article`,
    headline: truncate(article.title, 110),
    description: article.description,
    url,
    mainEntityOfPage: url,
    ...(article.image ? { image: absoluteUrl(article.siteUrl, article.image) } : {}),
    author: { "@type": "Person", name: article.author },
    publisher: { "@id": `${article.siteUrl}/#organization` },
    datePublished: article.datePublished,
    dateModified: article.dateModified,
    ...(article.tags.length ? { keywords: article.tags.join(", ") } : {}),
  };
}
