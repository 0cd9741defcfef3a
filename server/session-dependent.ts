import type { RequestHandler } from "express";

/**
 * Marks every answer from here on (pages, their `.data`, /api) as depending on who is asking:
 * no browser or proxy stores it, and a cache that does must key it by the cookie. Handlers that
 * know better (a public file, the page cache before this) set their own Cache-Control.
 */
export function sessionDependent(): RequestHandler {
  return (_req, res, next) => {
    res.setHeader("Cache-Control", "private, no-store");
    res.setHeader("Vary", "Cookie");
    next();
  };
}
