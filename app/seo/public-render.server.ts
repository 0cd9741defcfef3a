/**
 * Renders a public page as an anonymous visitor would get it (no cookies, at the site's own
 * address), through the same renderer the page cache uses (server/render-anonymous.ts). The SEO
 * report reads the pages this way, so what it checks is what visitors and crawlers receive.
 */
export type RenderPublicPage = (path: string) => Promise<Response>;

declare module "../services.server.ts" {
  interface Services {
    /** A public page rendered for an anonymous visitor (server/render-anonymous.ts). */
    renderPublicPage: RenderPublicPage;
  }
}
