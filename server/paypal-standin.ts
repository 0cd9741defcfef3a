import type { RequestHandler } from "express";
import { loadStandin } from "~/payments/payments.server.ts";
import type { Services } from "~/services.server.ts";

/**
 * The PayPal stand-in at /paypal-standin (app/payments/standin/: its REST API and its pages),
 * mounted only with PAYPAL_MODE=standin. Its code is loaded here with import(), never imported,
 * so a server in sandbox or live mode has none of it: every stand-in URL is the site's 404 there.
 */
export function paypalStandin(services: Services): RequestHandler {
  const router = loadStandin().then((standin) => standin.standinRouter(services));
  // Not left unhandled: a failed load is reported by the first request it fails.
  router.catch(() => {});
  return (req, res, next) => void router.then((handle) => handle(req, res, next), next);
}
