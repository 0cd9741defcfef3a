/**
 * The pages every anonymous visitor sees alike: served from the page cache (server/page-cache.ts)
 * and rendered without JavaScript (their routes export `handle = STATIC_PAGE`), so their HTML
 * carries no per-request script nonce. Both spellings of a path, since either may answer 200.
 */
export const CACHED_PATHS: ReadonlySet<string> = new Set([
  ...["/", "/pricing", "/pricing/", "/service", "/service/", "/robots.txt", "/sitemap.xml"],
  // Forms a visitor opens before signing in; their posts, and pages showing a post's errors, pass.
  ...["/contact", "/contact-us", "/thanks", "/subscribe", "/login", "/register", "/reset"],
]);

/**
 * The cached pages that take a password. Unlike the other public pages they keep
 * Cross-Origin-Opener-Policy (docs/decisions/0042): a window that opened one loses its handle on
 * it, so it cannot later send that tab to a look-alike form.
 */
export const SIGN_IN_PATHS: ReadonlySet<string> = new Set(["/login", "/register", "/reset"]);

/** Query parameters that do not change a cached page (campaign tags); any other query bypasses the cache. */
export const harmlessQueryParam = (name: string) => name.startsWith("utm_") || name === "gclid" || name === "fbclid";

/** A route handle: the page is sent without React Router's scripts (no hydration, no inline script). */
export const STATIC_PAGE = { staticPage: true } as const;

export const isStaticPage = (handle: unknown) => (handle as { staticPage?: boolean } | undefined)?.staticPage === true;

