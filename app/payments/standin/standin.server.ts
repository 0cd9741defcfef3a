import express, { type Request, type Response, type Router } from "express";
import type { Services } from "../../services.server.ts";
import { checkoutPage, endedPage, homePage } from "./pages.server.tsx";
import { databaseStore, standinPayPal } from "./rest.server.ts";
import { cancelCheckout, getCheckout, openCheckout, payCheckout, validateIpn } from "./standard.server.ts";

export { standinWebhookJob } from "./rest.server.ts";

/**
 * The local PayPal at /paypal-standin (PAYPAL_MODE=standin only), for development and tests: no
 * money moves. This module is the stand-in's entry: the app loads it with import() only in
 * standin mode (payments.server.ts `loadStandin`), so sandbox and live never load its code, and
 * nothing else imports it (the lint forbids it). The server mounts this router behind
 * loopbackOnly, after the security headers and the same-origin check on posts.
 *
 * - /v1, /v2: PayPal's REST subset (rest.server.ts over simulator.ts), state in the database.
 * - /checkoutnow?token=…: the buyer's approval page for a REST order, Pay and Cancel.
 * - /cgi-bin/webscr: Payments Standard's one address, the `_xclick` form and `_notify-validate`.
 * - /checkout/:token: the hosted checkout a `_xclick` form opens (standard.server.ts), Pay and Cancel.
 * - /: what the stand-in is.
 */
export function standinRouter(services: Pick<Services, "db" | "jobs" | "config" | "log">): Router {
  const { config, log } = services;
  const router = express.Router();
  const paypal = standinPayPal(services);
  const raw = express.text({ type: () => true, limit: "64kb" });
  const form = express.urlencoded({ extended: false, limit: "64kb" });

  router.use(["/v1", "/v2"], raw, async (req, res) => {
    const answer = await paypal.handle({
      method: req.method,
      path: req.originalUrl.replace(/^\/paypal-standin/, "").split("?")[0]!,
      header: (name) => req.get(name),
      body: typeof req.body === "string" ? req.body : "",
    });
    res.status(answer.status).json(answer.body);
  });

  router.get("/", (_req, res) => html(res, 200, homePage(config.appUrl)));

  router.get("/checkoutnow", async (req, res) => {
    const token = tokenOf(req);
    const record = /^[A-Z0-9]{1,36}$/.test(token) ? await databaseStore(services.db).get(token) : undefined;
    if (!record) return html(res, 404, endedPage());
    const unit = record.order.purchase_units?.[0];
    const open = record.status === "PAYER_ACTION_REQUIRED" || record.status === "CREATED";
    html(
      res,
      200,
      checkoutPage({
        item: unit?.description ?? "",
        amount: unit?.amount?.value ?? "",
        currency: unit?.amount?.currency_code ?? "",
        payee: unit?.payee?.email_address ?? "",
        note: open ? undefined : "This order is already approved; Pay returns you to the shop.",
      }),
    );
  });

  // Pay approves the order and returns the buyer to the shop (which captures); Cancel returns to the cancel address.
  router.post("/checkoutnow", form, async (req, res) => {
    const intent = intentOf(req);
    if (!intent) return text(res, 400, "The form could not be read.");
    const token = tokenOf(req);
    const to = intent === "pay" ? await paypal.approve(token) : await paypal.cancel(token);
    if (!to) return html(res, 404, endedPage());
    res.redirect(303, to);
  });

  router.get("/cgi-bin/webscr", (_req, res) => text(res, 200, "PayPal stand-in: post a cmd=_xclick form or a cmd=_notify-validate notification here."));

  // PayPal's one address for both the Buy Now form (answered with the hosted checkout) and IPN
  // verification (answered VERIFIED or INVALID for the body exactly as received).
  router.post("/cgi-bin/webscr", raw, (req, res) => {
    const body = typeof req.body === "string" ? req.body : "";
    const fields = new URLSearchParams(body);
    const cmd = fields.get("cmd");
    if (cmd === "_notify-validate") return text(res, 200, validateIpn(body));
    if (cmd !== "_xclick") return text(res, 400, `PayPal stand-in: unsupported cmd "${cmd ?? ""}"`);
    const opened = openCheckout(fields, config.appUrl);
    if ("error" in opened) return text(res, 400, `PayPal stand-in: this payment request cannot be processed. ${opened.error}`);
    res.redirect(303, `/paypal-standin/checkout/${opened.token}`);
  });

  router.get("/checkout/:token", (req, res) => {
    const checkout = getCheckout(req.params.token);
    if (!checkout) return html(res, 404, endedPage());
    html(res, 200, checkoutPage({ item: checkout.itemName, amount: checkout.amount, currency: checkout.currency, payee: checkout.business }));
  });

  // Pay sends the IPN and returns to the shop; Cancel returns to the shop's cancel address.
  router.post("/checkout/:token", form, async (req, res) => {
    const intent = intentOf(req);
    if (!intent) return text(res, 400, "The form could not be read.");
    const to = intent === "pay" ? await payCheckout(req.params.token, log) : cancelCheckout(req.params.token);
    if (!to) return html(res, 404, endedPage());
    res.redirect(303, to);
  });

  return router;
}

const tokenOf = (req: Request) => (typeof req.query.token === "string" ? req.query.token : "");

/** "pay", or "cancel" for any other choice; undefined when the body was not a form. */
function intentOf(req: Request): "pay" | "cancel" | undefined {
  const body = req.body as Record<string, unknown> | undefined;
  if (!body || typeof body !== "object") return undefined;
  return body.intent === "pay" ? "pay" : "cancel";
}

const html = (res: Response, status: number, page: string) => void res.status(status).type("html").send(page);
const text = (res: Response, status: number, body: string) => void res.status(status).type("text/plain; charset=utf-8").send(body);
