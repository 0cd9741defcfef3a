import { randomBytes } from "node:crypto";
import type { RequestHandler } from "express";

/**
 * Security headers on every response. Scripts run only with this response's nonce (React
 * Router's inline hydration data included); forms may post only to us and to PayPal's checkout.
 */
export function securityHeaders(options: { dev: boolean; formTargets: string[]; hsts?: boolean }): RequestHandler {
  return (_req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.nonce = nonce;
    const csp = [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
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
    res.setHeader("Content-Security-Policy", csp);
    res.setHeader("X-Content-Type-Options", "nosniff");
    // Only on an https site: browsers then refuse plain http to this host for a year (its own
    // host only: other subdomains may not serve https).
    if (options.hsts) res.setHeader("Strict-Transport-Security", "max-age=31536000");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    next();
  };
}
