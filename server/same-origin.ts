import type { RequestHandler } from "express";

/**
 * Refuses state-changing requests that a browser sends on behalf of another site (CSRF), as a
 * second wall behind the SameSite session cookie. Browsers always send Origin (and
 * Sec-Fetch-Site) on a cross-site POST; API clients that send neither are not browsers carrying
 * someone's cookies, so they pass. `open` lists paths other sites may post to: PayPal's IPN
 * (server to server) and PayPal's return page (which changes nothing).
 */
export function sameOriginWrites(appUrl: string, open: RegExp[]): RequestHandler {
  const ownOrigin = new URL(appUrl).origin;
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    if (open.some((pattern) => pattern.test(req.path))) return next();
    const origin = req.get("origin");
    const site = req.get("sec-fetch-site");
    const crossSite = (origin !== undefined && origin !== ownOrigin) || site === "cross-site";
    if (!crossSite) return next();
    res.status(403).json({ error: "Cross-site request refused: send it from the site itself" });
  };
}
