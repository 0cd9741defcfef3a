import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Request as ExpressRequest, RequestHandler } from "express";
import { hasSessionCookie } from "~/auth/session-cookie.ts";
import { OPENER_POLICY } from "./security-headers.ts";
import { CACHED_PATHS, harmlessQueryParam } from "~/site/cached-pages.ts";
import type { PublicVersion } from "~/content/public/public-version.server.ts";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What a CDN may do with a cached page: keep it a minute, serve it stale while it asks again. */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
/** Cached pages carry no inline script and no nonce: scripts only from us (they load none). */
export const CACHED_PAGE_SCRIPT_SRC = "'self'";

interface Entry {
  version: number;
  headers: [string, string][];
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

export interface PageCacheOptions {
  version: PublicVersion;
  /**
   * Renders the page for an anonymous visitor (no cookies, no nonce) at `path`, the cache key:
   * never at the request's own URL, whose query (utm_…) would otherwise be stored in the page
   * (a form's action, a hidden field) for every later visitor.
   */
  render(path: string, req: ExpressRequest): Promise<Response>;
  /**
   * The security headers of the cached page at `path` (its CSP without a nonce): exactly these,
   * replacing any that were set for the request before the cache answered.
   */
  securityHeaders(path: string): [string, string][];
  maxEntries?: number;
  /**
   * The addresses of published pages and articles (issue 23) at a public version: cached like the
   * fixed list (site/cached-pages.ts) with no code per page. Asked once per version; a 404 at any
   * other address is never rendered by the cache, so the cache stays bounded by what is published.
   */
  contentPaths?(): Promise<ReadonlySet<string>>;
  /** Told of each page answered from memory (hit) or rendered and stored (miss): the metrics count them. */
  onAnswer?(result: "hit" | "miss"): void;
}

/** The path of a request the cache might answer (an anonymous GET without a query that matters), or undefined. */
function candidatePath(req: IncomingMessage): string | undefined {
  if (req.method !== "GET" && req.method !== "HEAD") return undefined;
  if (hasSessionCookie(req.headers.cookie)) return undefined;
  const url = new URL(req.url ?? "/", "http://x");
  // Content addresses end in "/" (or are the feed); the API, media and assets never reach the list.
  if (!CACHED_PATHS.has(url.pathname) && !(url.pathname.endsWith("/") || url.pathname === "/blog/feed.xml")) return undefined;
  if (url.pathname.startsWith("/api/") || url.pathname.startsWith("/admin/")) return undefined;
  for (const name of url.searchParams.keys()) if (!harmlessQueryParam(name)) return undefined;
  return url.pathname;
}

/**
 * The page cache for anonymous visitors (issue 10): each public page is rendered once per
 * content version and kept with its gzip and brotli bodies and a strong ETag; later requests are
 * answered from memory without rendering or querying (`X-Cache: hit`). A public change moves
 * the version (content/public/public-version.server.ts) and the next request renders afresh.
 * Signed-in visitors, posts, unknown queries and answers other than a plain 200 pass through.
 */
export interface PageCache {
  /** Answers from memory if it can (before Express sees the request); false: not cached now. */
  serveHit(req: IncomingMessage, res: ServerResponse): Promise<boolean>;
  /** In the Express app: renders a cacheable page that is missing or stale, stores and sends it. */
  middleware: RequestHandler;
}

export function pageCache(options: PageCacheOptions): PageCache {
  const maxEntries = options.maxEntries ?? 200;
  const entries = new Map<string, Entry>();
  // The published pages' and articles' addresses, read again when the public version moves.
  let published: { version: number; paths: Promise<ReadonlySet<string>> } | undefined;
  const publishedPaths = (version: number): Promise<ReadonlySet<string>> => {
    if (!options.contentPaths) return Promise.resolve(new Set());
    if (published?.version !== version) {
      // Unreadable now (the database is down): nothing extra is cached, and the next request asks again.
      const paths = options.contentPaths().catch((): ReadonlySet<string> => {
        published = undefined;
        return new Set();
      });
      published = { version, paths };
    }
    return published.paths;
  };
  /** The cache key of a request the cache may answer at `version`, or undefined (it goes to React Router). */
  const cacheKey = async (req: IncomingMessage, version: number): Promise<string | undefined> => {
    const path = candidatePath(req);
    if (!path) return undefined;
    return CACHED_PATHS.has(path) || (await publishedPaths(version)).has(path) ? path : undefined;
  };
  const rendering = new Map<string, Promise<Entry | Response>>();

  async function fill(key: string, req: ExpressRequest, version: number): Promise<Entry | Response> {
    const response = await options.render(key, req);
    const cacheControl = response.headers.get("Cache-Control") ?? "";
    if (response.status !== 200 || response.headers.has("Set-Cookie") || /no-store|private/.test(cacheControl)) return response;
    const identity = Buffer.from(await response.arrayBuffer());
    const [gz, br] = await Promise.all([
      gzipAsync(identity, { level: 9 }),
      brotli(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: identity.length } }),
    ]);
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => {
      if (!["content-length", "content-encoding", "cache-control", "etag", "vary", "content-security-policy"].includes(name)) headers.push([name, value]);
    });
    const entry = { version, headers, identity, gzip: gz, br, etag: `"${createHash("sha256").update(identity).digest("base64url").slice(0, 32)}"` };
    entries.set(key, entry);
    while (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    return entry;
  }

  /** The stored page for `key` if it is of `version`, marked most recently used (the oldest goes first). */
  function current(key: string, version: number): Entry | undefined {
    const entry = entries.get(key);
    if (!entry || entry.version !== version) return undefined;
    entries.delete(key);
    entries.set(key, entry);
    return entry;
  }

  const serveHit = async (req: IncomingMessage, res: ServerResponse) => {
    if (!candidatePath(req)) return false;
    const version = await options.version.current();
    const key = await cacheKey(req, version);
    const entry = key && current(key, version);
    if (!entry) return false;
    options.onAnswer?.("hit");
    send(req, res, entry, "hit", options.securityHeaders(key));
    return true;
  };

  const middleware: RequestHandler = async (req, res, next) => {
    if (!candidatePath(req)) return next();
    try {
      const version = await options.version.current();
      const key = await cacheKey(req, version);
      if (!key) return next();
      const hit = current(key, version);
      if (hit) {
        options.onAnswer?.("hit");
        return send(req, res, hit, "hit", options.securityHeaders(key));
      }
      let pending = rendering.get(key);
      if (!pending) {
        pending = fill(key, req, version).finally(() => rendering.delete(key));
        rendering.set(key, pending);
      }
      const entry = await pending;
      if (entry instanceof Response) return next(); // not cacheable: React Router answers it the usual way
      options.onAnswer?.("miss");
      send(req, res, entry, "miss", options.securityHeaders(key));
    } catch (error) {
      next(error);
    }
  };
  return { serveHit, middleware };
}

function send(req: IncomingMessage, res: ServerResponse, entry: Entry, cache: "hit" | "miss", securityHeaders: [string, string][]) {
  // A miss passed Express's security middleware, which isolates every page it sees.
  res.removeHeader(OPENER_POLICY);
  for (const [name, value] of securityHeaders) res.setHeader(name, value);
  for (const [name, value] of entry.headers) res.setHeader(name, value);
  res.setHeader("Cache-Control", PUBLIC_CACHE_CONTROL);
  res.setHeader("ETag", entry.etag);
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("X-Cache", cache);
  const match = req.headers["if-none-match"];
  if (match && (match.trim() === "*" || match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === entry.etag))) {
    res.statusCode = 304;
    res.end();
    return;
  }
  const accepts = String(req.headers["accept-encoding"] ?? "");
  const [encoding, body] = /\bbr\b/.test(accepts) ? (["br", entry.br] as const) : /\bgzip\b/.test(accepts) ? (["gzip", entry.gzip] as const) : ([undefined, entry.identity] as const);
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.statusCode = 200;
  res.end(req.method === "HEAD" ? undefined : body);
}
