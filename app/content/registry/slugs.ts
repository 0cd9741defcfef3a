/**
 * Where created pages and articles live, and which addresses they may not take: one place for the
 * rule, read by the field check (registry/field-rules.ts) that both the admin forms and the API
 * go through. A page is at `/{slug}/` (one or more segments), an article at `/blog/{slug}/`.
 */

/** Lowercase words of a-z, 0-9 and single hyphens, one or more joined by "/". */
const SEGMENT = "[a-z0-9]+(?:-[a-z0-9]+)*";
const PAGE_SLUG = new RegExp(`^${SEGMENT}(?:/${SEGMENT})*$`);
const ARTICLE_SLUG = new RegExp(`^${SEGMENT}$`);
/** A record id (24 hex digits, db/ids.server.ts): the about editor answers at `/:id`. */
const RECORD_ID = /^[0-9a-f]{24}$/;

/**
 * First path segments a route of the app or of the specification owns (pages, admin screens,
 * the spec's API paths as its original site served them), lowercased. app/content/registry/slugs.test.ts
 * checks that every row of the page table and every API call is covered, so a new route cannot be
 * shadowed by a page someone created earlier.
 */
export const RESERVED_SEGMENTS: ReadonlySet<string> = new Set(
  [
    // What the server itself mounts, and the blog
    "api", "_page", "blog", "sitemap.xml", "robots.txt", "media", "assets", "images", "healthz", "metrics", "favicon", "static", "build", "wp-admin", "well-known",
    // The page table and the spec's paths
    "about", "about-us", "account", "actions", "add-about", "add-about-footer", "add-action", "add-address-footer", "add-banner", "add-contact",
    "add-copyright", "add-counter", "add-email", "add-experience", "add-faq", "add-faq-item", "add-feature-item", "add-feature-text",
    "add-footer-about", "add-footer-address", "add-footer-copyright", "add-footer-social", "add-item", "add-logo", "add-message",
    "add-paypal-email", "add-pricing", "add-service", "add-service-item", "add-social-footer", "add-step", "add-subscriber", "add-team-item",
    "add-team-text", "add-testimonial", "add-testimonial-text", "add-user", "add-video", "add-video-item", "add-worksec", "admin", "admin-user",
    "all-messages", "all-subscriber", "banner", "contact", "contact-us", "contacts", "copyrights", "counters", "dashboard", "edit-about",
    "edit-about-footer", "edit-address-footer", "edit-banner", "edit-call", "edit-contact-page", "edit-copyright", "edit-counter",
    "edit-experience", "edit-faq", "edit-feature-items", "edit-item", "edit-logo", "edit-service", "edit-services-features",
    "edit-social-footer", "edit-step", "edit-team-items", "edit-team-text", "edit-testimonial", "edit-video", "edit-work", "experiences", "faq",
    "faq-edit", "faq-item", "faq-items", "faqtext-edit", "featureitems", "featurestext", "featurestext-edit", "footer-about", "footer-address",
    "footer-social", "invitation", "item", "items", "login", "logo", "logout", "main-service-edit", "me", "message", "messages", "my-order", "new-order",
    "order", "order-cancelled", "order-now", "order-status", "orders", "package-edit", "pages", "articles", "pay-now", "paypal", "paypal-email",
    "pending-order", "pricing", "pricings", "received-payment", "register", "reorder", "reset", "service", "service-edit", "service-item",
    "service-items", "servicetext-edit", "setting", "sign-out-everywhere", "signed-in", "step-item", "step-section", "steps", "subscribe",
    "subscribers", "team-text-edit", "teamitems", "teamstext", "testimonial", "testimonials", "testimonialtext", "testimonialtext-edit", "thanks",
    "total-orders", "unsubscribe", "upadete-users", "update-about", "update-actions", "update-banner", "update-calltoaction", "update-counters",
    "update-experiences", "update-featureitems", "update-teamitems", "update-videos", "update-worksec", "users", "verify-email", "video", "videos",
    "videos-items", "videotext-edit", "view", "worksec",
    // Issue 23: the search appearance, redirects and 404 monitor calls
    "search-appearance", "add-search-appearance", "redirects", "not-found-hits",
  ],
);

/** Article slugs the blog's own addresses use (`/blog/tag/…`, `/blog/feed.xml`, `/blog/page/…`). */
const RESERVED_ARTICLE_SLUGS: ReadonlySet<string> = new Set(["tag", "feed", "page"]);

/** True for a well-formed page slug (no query is made for anything else). */
export const isPageSlug = (value: string) => PAGE_SLUG.test(value);

/** Why a slug cannot be used, naming the field; undefined when it can. */
export function slugProblem(label: string, slugOf: "page" | "article", value: string): string | undefined {
  if (slugOf === "article") {
    if (!ARTICLE_SLUG.test(value)) return `${label} may use only lowercase letters, digits and single hyphens (no / and no spaces), e.g. how-we-rank`;
    if (RESERVED_ARTICLE_SLUGS.has(value)) return `${label} “${value}” is used by the blog itself (/blog/${value}/…); choose another`;
    return undefined;
  }
  if (!PAGE_SLUG.test(value)) return `${label} may use only lowercase letters, digits and single hyphens, with / between parts (no spaces, no / at either end), e.g. local-seo/dentists`;
  const first = value.split("/")[0]!;
  if (RESERVED_SEGMENTS.has(first)) return `${label} “${value}” is taken by a page of the site itself (/${first}); choose another address`;
  if (value.split("/").some((segment) => RECORD_ID.test(segment))) return `${label} cannot contain a 24-character record id; choose a readable address`;
  return undefined;
}

/** The public path of a page or an article, with the trailing slash of the canonical form. */
export const pagePath = (slug: string) => `/${slug}/`;
export const articlePath = (slug: string) => `/blog/${slug}/`;
export const tagPath = (tag: string) => `/blog/tag/${encodeURIComponent(tag)}/`;

/** Tags as written ("Local SEO, case study") to their addresses' form ("local-seo", "case-study"), once each. */
export function tagList(value: string): string[] {
  const tags = value
    .split(",")
    .map((tag) => tagSlug(tag))
    .filter(Boolean);
  return [...new Set(tags)];
}

/** One tag's address form: lowercase, spaces to hyphens. */
export const tagSlug = (tag: string) =>
  tag
    .trim()
    .toLowerCase()
    .replace(/\s+/g, "-")
    .replace(/-+/g, "-");

/** Letters, digits, spaces and hyphens between commas. */
export const isTagList = (value: string) => value.split(",").every((tag) => /^[\p{L}\p{N} -]*$/u.test(tag.trim()));

/**
 * Where a one-segment page is rendered inside the app. The spec's about editor owns `/:id`, which
 * React Router ranks above the catch-all for every one-segment path, so the server hands such a
 * path (one that is no record id and no route's) to this internal address instead, marked by
 * SINGLE_SEGMENT_MARK (server/app.ts). Nothing else answers there.
 */
export const SINGLE_SEGMENT_PREFIX = "/_page";
export const SINGLE_SEGMENT_MARK = "x-rankwell-page";

/** The internal address of a one-segment path that only a created page can answer, else undefined. */
export function singleSegmentPagePath(pathname: string): string | undefined {
  const match = new RegExp(`^/(${SEGMENT})(/?)$`).exec(pathname);
  if (!match || RESERVED_SEGMENTS.has(match[1]!) || RECORD_ID.test(match[1]!)) return undefined;
  return `${SINGLE_SEGMENT_PREFIX}/${match[1]}${match[2]}`;
}
