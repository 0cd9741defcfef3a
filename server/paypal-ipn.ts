import express, { type Router } from "express";
import { apiAccess } from "~/access.ts";
import { receiveIpn, receiveWebhook } from "~/payments/payments.server.ts";
import type { Services } from "~/services.server.ts";

/**
 * PayPal's server-to-server notifications: POST /api/paypal/ipn (Payments Standard) and
 * POST /api/paypal/webhook (REST). Mounted before the JSON API because both must be read raw: an
 * IPN is posted back byte for byte, a webhook's JSON goes back to verify-webhook-signature as
 * received. Each is stored, with its processing job, before PayPal gets its 200; if it cannot be
 * stored PayPal gets a 500 and sends it again. Verifying and applying happen after, in the job.
 *
 * Each sender address may post PAYPAL_NOTIFY_PER_MINUTE of them: past that it gets 429 and
 * nothing is stored or verified, so a flood of forged posts cannot fill the table or make us call
 * PayPal for each. PayPal itself sends from its own addresses and retries after a 429.
 */
export function paypalNotificationRoutes(services: Services, clientIpOf: (req: express.Request) => string): Router {
  for (const key of ["POST /paypal/ipn", "POST /paypal/webhook"] as const) {
    if (apiAccess[key] !== "public") throw new Error(`${key} must be listed as public in the access table`);
  }
  if (services.config.paypal.mode === "standin" && services.config.env === "production") {
    services.log.info(
      `PAYPAL_MODE=standin: payments go to the local PayPal stand-in (${services.config.paypal.apiUrl}) and no money moves. Set PAYPAL_MODE=live to take real payments.`,
    );
  }
  const router = express.Router();
  const raw = express.raw({ type: () => true, limit: "64kb" });
  const fail = (what: string, res: express.Response, error: unknown) => {
    services.log.error(`could not store a PayPal ${what}; PayPal will send it again`, error);
    res.status(500).end();
  };
  const throttle: express.RequestHandler = async (req, res, next) => {
    if (req.method !== "POST") return next();
    try {
      const { allowed, retryAfterSeconds } = await services.rateLimiter.attempt("paypal-notify", clientIpOf(req), { max: services.config.paypalNotifyPerMinute });
      if (allowed) return next();
      res.setHeader("Retry-After", String(retryAfterSeconds));
      res.status(429).json({ error: "Too many notifications from this address; send it again later." });
    } catch (error) {
      fail("notification", res, error);
    }
  };
  router.use(throttle);

  router.post("/ipn", raw, async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    try {
      await receiveIpn(services, body);
    } catch (error) {
      return fail("IPN", res, error);
    }
    res.status(200).end();
  });

  router.post("/webhook", raw, async (req, res) => {
    const body = Buffer.isBuffer(req.body) ? req.body.toString("utf8") : "";
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (name.startsWith("paypal-") && typeof value === "string") headers[name] = value.slice(0, 2000);
    }
    try {
      const stored = await receiveWebhook(services, body, headers);
      if (stored === "unreadable") {
        res.status(400).json({ error: "Not a PayPal webhook event" });
        return;
      }
    } catch (error) {
      return fail("webhook", res, error);
    }
    res.status(200).end();
  });
  return router;
}
