import express, { type Router } from "express";
import { standinPayPal } from "~/payments/paypal-rest/standin.server.ts";
import type { Services } from "~/services.server.ts";

/**
 * The PayPal stand-in's REST API (PAYPAL_MODE=standin only): /paypal-standin/v1/oauth2/token,
 * /v2/checkout/orders (create, get, capture) and /v1/notifications/verify-webhook-signature,
 * answered as PayPal answers them. Its state is in the database. The buyer's approval page is a
 * page of the site (routes/paypal-standin/checkoutnow.tsx).
 */
export function paypalStandinApi(services: Services): Router {
  const router = express.Router();
  const paypal = standinPayPal(services);
  router.use(["/v1", "/v2"], express.text({ type: () => true, limit: "64kb" }), async (req, res, next) => {
    try {
      const answer = await paypal.handle({
        method: req.method,
        path: req.originalUrl.replace(/^\/paypal-standin/, "").split("?")[0]!,
        header: (name) => req.get(name),
        body: typeof req.body === "string" ? req.body : "",
      });
      res.status(answer.status).json(answer.body);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
