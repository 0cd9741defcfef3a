/**
 * The page path of a request path. Client-side navigations fetch `/path.data` (or `/_.data` for a
 * path ending in a slash); strip that suffix as React Router does.
 */
export function withoutDataSuffix(pathname: string): string {
  if (pathname.endsWith("/_.data")) return pathname.slice(0, -"_.data".length) || "/";
  if (pathname.endsWith(".data")) return pathname.slice(0, -".data".length) || "/";
  return pathname || "/";
}

/** The page a request is for: its path without the data suffix, its query without `_routes`. */
export function pagePath(url: URL): { pathname: string; search: string } {
  const params = new URLSearchParams(url.search);
  params.delete("_routes");
  const search = params.toString();
  return { pathname: withoutDataSuffix(url.pathname), search: search ? `?${search}` : "" };
}
