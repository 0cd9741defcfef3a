import { matchRoutes } from "react-router";
import { PAGES } from "~/pages.ts";
import { isId } from "~/db/ids.server.ts";

/**
 * Paths the app itself answers, which no redirect may take over and the 404 monitor does not
 * count (docs/decisions/0031): the areas served outside the page table (/api, /admin, assets,
 * media, health, metrics, the PayPal stand-in), every page with a fixed path (/login, /pricing)
 * and every page that needs a signed-in person or a role (/orders/:id). Public pages with a
 * parameter (an article's /blog/:slug, a page's path) stay open: that is where content lives,
 * moves and disappears. The about editor's lone `/:id` counts only for a record id, as it
 * answers 404 to everyone else.
 */
const RESERVED = /^\/(api|admin|assets|media|healthz|metrics|paypal-standin|__manifest)(\/|$)/;

const routes = PAGES.filter((page) => page.path !== "*").map((page) => ({ path: page.path, page }));

export function isAppPath(path: string): boolean {
  if (path === "/" || RESERVED.test(path)) return true;
  const leaf = matchRoutes(routes, path)?.at(-1);
  if (!leaf) return false;
  const { page } = leaf.route;
  if (page.access.endsWith("-or-404") && /^\/:[^/]+$/.test(page.path)) return isId(path.slice(1));
  return !page.path.includes(":") || page.access !== "public";
}
