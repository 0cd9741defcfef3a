import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

/** The header that gives a page a browsing context group (and, on Android, a process) of its own. */
export const OPENER_POLICY = "Cross-Origin-Opener-Policy";

export interface SecurityOptions {
  dev: boolean;
  formTargets: string[];
  /** The site is served over https: browsers should refuse plain http to it. */
  hsts?: boolean;
}

/**
 * The security headers, for one response. `scriptSrc` is the CSP's script rule: a nonce for pages
 * that hydrate, `'self'` for answers with no inline script (cached pages, assets, /healthz).
 * `isolate: false` leaves out Cross-Origin-Opener-Policy, for the public content pages only
 * (docs/decisions/0042): everything else keeps the browser from giving another window a handle on it.
 */
export function securityHeaderList(options: SecurityOptions, scriptSrc: string, { isolate = true } = {}): [string, string][] {
  const csp = [
    "default-src 'self'",
    `script-src ${scriptSrc}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' https: data:",
    "font-src 'self' data:",
    `connect-src 'self'${options.dev ? " ws: wss:" : ""}`,
    "frame-src https://www.youtube.com https://www.youtube-nocookie.com",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
    `form-action 'self' ${options.formTargets.join(" ")}`.trim(),
  ].join("; ");
  return [
    ["Content-Security-Policy", csp],
    ["X-Content-Type-Options", "nosniff"],
    // Its own host only: other subdomains may not serve https.
    ...(options.hsts ? [["Strict-Transport-Security", "max-age=31536000"] as [string, string]] : []),
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    ["X-Frame-Options", "DENY"],
    ...(isolate ? [[OPENER_POLICY, "same-origin"] as [string, string]] : []),
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=()"],
  ];
}

/**
 * Security headers on every response. Scripts run only with this response's nonce (React
 * Router's inline hydration data included); forms may post only to us and to PayPal's checkout.
 */
export function securityHeaders(options: SecurityOptions): RequestHandler {
  return (_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    for (const [name, value] of securityHeaderList(options, `'self' 'nonce-${nonce}' 'strict-dynamic'`)) res.setHeader(name, value);
    next();
  };
}
