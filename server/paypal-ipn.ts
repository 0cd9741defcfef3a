import express, { type Router } from "express";
import { apiAccess } from "~/auth/access.ts";
import { handlePaymentNotification } from "~/payments/payments.server.ts";
import type { Services } from "~/services.server.ts";

/**
 * POST /api/paypal/ipn: PayPal's Instant Payment Notifications. Mounted before the JSON API
 * because verification must post the body back exactly as received, so it is read raw here
 * (the API router parses bodies). PayPal wants an empty 200 at once; the notification is then
 * verified and applied (payments/payments.server.ts), and its outcome logged.
 */
export function paypalIpnRoute(services: Services): Router {
  if (apiAccess["POST /paypal/ipn"] !== "public") throw new Error("POST /paypal/ipn must be listed as public in the access table");
  if (services.config.paypal.mode === "standin" && services.config.env === "production") {
    services.log.info(
      `PAYPAL_MODE=standin: payments go to the local PayPal stand-in (${services.config.paypal.baseUrl}) and no money moves. Set PAYPAL_MODE=live to take real payments.`,
    );
  }
  const router = express.Router();
  router.post("/", express.raw({ type: () => true, limit: "64kb" }), (req, res) => {
    const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
    res.status(200).end();
    handlePaymentNotification(services, raw).catch((error) => services.log.error("payment notification failed", error));
  });
  return router;
}
