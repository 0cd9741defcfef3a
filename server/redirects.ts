import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import { locationFor, pathKey } from "~/seo/redirect-rules.ts";
import type { NotFoundHits } from "~/seo/not-found-hits.server.ts";
import type { RedirectTable } from "~/seo/redirect-table.server.ts";
import { pagePath, withoutDataSuffix } from "~/shared/page-path.ts";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`;

const GONE_PAGE = page("This page is gone", '<p>The page you asked for has been removed and is not coming back.</p><p><a href="/">Go to the home page</a></p>');

/**
 * Answers a redirected path before any page work (docs/decisions/0031): GET and HEAD of a path
 * with a rule get its 301 or 302 (the request's query kept on the target) or 410 Gone, from the
 * in-memory table. Used by the fast path (before cached pages) and as Express middleware.
 * React Router's data requests (`/x.data`) get the redirect in the form its client reads.
 */
export function redirectAnswerer(table: RedirectTable, securityHeaders: [string, string][], onAnswer?: (status: number) => void) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "/";
    const q = url.indexOf("?");
    const pathname = q === -1 ? url : url.slice(0, q);
    if (pathname.endsWith(".data")) return answerDataRequest(req, res, url);
    const rule = await table.find(pathname);
    if (!rule) return false;
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    let body: string;
    if (rule.status === 410 || rule.to === null) {
      res.statusCode = 410;
      res.setHeader("Cache-Control", "public, max-age=300");
      body = GONE_PAGE;
    } else {
      let location = locationFor(rule.to, q === -1 ? "" : url.slice(q));
      try {
        res.setHeader("Location", location);
      } catch {
        // A query a header cannot carry: the target alone.
        location = rule.to;
        res.setHeader("Location", location);
      }
      res.statusCode = rule.status;
      // A permanent redirect may be kept a while; an editor's change still reaches browsers within minutes.
      res.setHeader("Cache-Control", rule.status === 301 ? "public, max-age=300" : "no-cache");
      body = page("Moved", `<p>This page has moved to <a href="${escapeHtml(location)}">${escapeHtml(location)}</a>.</p>`);
    }
    res.setHeader("Content-Length", Buffer.byteLength(body));
    res.end(req.method === "HEAD" ? undefined : body);
    onAnswer?.(res.statusCode);
    return true;
  };

  /**
   * A client-side navigation (React Router's `/x.data`) to a redirected path: answered the way
   * React Router's client reads a redirect from a proxy (204 and X-Remix-Redirect), with a full
   * document load, so the browser then asks for the page itself (a 410 answers it as above).
   */
  async function answerDataRequest(req: IncomingMessage, res: ServerResponse, url: string): Promise<boolean> {
    const page = pagePath(new URL(url, "http://x"));
    const rule = await table.find(page.pathname);
    if (!rule) return false;
    const gone = rule.status === 410 || rule.to === null;
    let location = gone ? `${page.pathname}${page.search}` : locationFor(rule.to!, page.search);
    try {
      res.setHeader("X-Remix-Redirect", location);
    } catch {
      location = gone ? page.pathname : rule.to!;
      res.setHeader("X-Remix-Redirect", location);
    }
    for (const [name, value] of securityHeaders) res.setHeader(name, value);
    res.setHeader("X-Remix-Status", String(gone ? 302 : rule.status));
    res.setHeader("X-Remix-Reload-Document", "true");
    res.setHeader("Cache-Control", "no-store");
    res.statusCode = 204;
    res.end();
    onAnswer?.(gone ? 410 : rule.status);
    return true;
  }
}

export function redirectMiddleware(answer: ReturnType<typeof redirectAnswerer>): RequestHandler {
  return (req, res, next) => {
    answer(req, res).then((answered) => answered || next(), next);
  };
}

/**
 * Counts every GET answered 404 for the 404 monitor, after the answer (docs/decisions/0031):
 * the page path (no query, no `.data`), and the referrer. Not counted: /api calls (programs, not
 * visitors following links) and paths the app owns (`isAppPath`: an unknown order id is not a
 * missing page an editor could redirect).
 */
export function notFoundMonitor(hits: NotFoundHits, isAppPath: (path: string) => boolean): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET") {
      const url = req.originalUrl;
      res.once("finish", () => {
        if (res.statusCode !== 404) return;
        try {
          const pathname = withoutDataSuffix(url.split("?")[0] || "/");
          if (pathname.startsWith("/api/")) return;
          const key = pathKey(pathname);
          if (isAppPath(key)) return;
          hits.record(key, req.get("referer"));
        } catch {
          // Counting never breaks an answer.
        }
      });
    }
    next();
  };
}
