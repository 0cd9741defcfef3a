import { matchRoutes } from "react-router";
import { apiAccess, pageAccess, serviceAccess } from "~/access.ts";
import { withoutDataSuffix } from "~/shared/page-path.ts";

/**
 * The route a request was for, as a pattern from the access tables (`/orders/:id`, `/api/order/:id`),
 * never the raw path: log lines group by it, and metrics use it as a label, so the number of
 * label values is bounded by the tables, whatever paths clients make up. Whole areas served
 * without a table row get one name each (`/assets/*`); anything else is `unmatched`.
 */
const AREAS: [RegExp, string][] = [
  [/^\/assets\//, "/assets/*"],
  [/^\/media\//, "/media/*"],
  [/^\/images\//, "/images/*"],
  [/^\/api\/auth\//, "/api/auth/*"],
  [/^\/paypal-standin(\/|$)/, "/paypal-standin/*"],
];

const pages = Object.keys(pageAccess).map((path) => ({ path }));
const apiByMethod = new Map<string, { path: string }[]>();
for (const key of Object.keys(apiAccess)) {
  const [method, path] = key.split(" ") as [string, string];
  apiByMethod.set(method, [...(apiByMethod.get(method) ?? []), { path }]);
}
const services = new Set(Object.keys(serviceAccess).map((key) => key.split(" ")[1]));

const leafPath = (routes: { path: string }[], pathname: string) => (matchRoutes(routes, pathname)?.at(-1)?.route as { path: string } | undefined)?.path;

/**
 * Patterns already worked out, by method and path: React Router's matchRoutes ranks every route
 * on each call (a large share of a cached page's cost), while a site's paths repeat. Bounded, so
 * made-up paths cannot grow it without end; the oldest entry goes first.
 */
const remembered = new Map<string, string>();
const REMEMBER = 5000;

export function routePattern(method: string, url: string): string {
  const pathname = url.split("?")[0] || "/";
  const key = `${method} ${pathname}`;
  let pattern = remembered.get(key);
  if (pattern === undefined) {
    pattern = patternOf(method, pathname);
    if (remembered.size >= REMEMBER) remembered.delete(remembered.keys().next().value!);
    remembered.set(key, pattern);
  }
  return pattern;
}

function patternOf(method: string, pathname: string): string {
  if (services.has(pathname)) return pathname;
  for (const [test, name] of AREAS) if (test.test(pathname)) return name;
  if (pathname === "/api" || pathname.startsWith("/api/")) {
    const found = leafPath(apiByMethod.get(method === "HEAD" ? "GET" : method) ?? [], pathname.slice(4) || "/");
    return found ? `/api${found}` : "/api/unmatched";
  }
  const page = withoutDataSuffix(pathname);
  const found = leafPath(pages, page);
  if (!found) return "unmatched";
  return page === pathname ? found : `${found}.data`;
}
