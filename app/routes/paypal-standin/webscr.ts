import { redirect } from "react-router";
import { openCheckout, validateIpn } from "~/payments/paypal-standin.server.ts";
import { requireStandin } from "~/payments/standin-access.server.ts";
import type { Route } from "./+types/webscr";

/**
 * The stand-in's /cgi-bin/webscr, PayPal's one address for both the Buy Now form
 * (`cmd=_xclick`, answered with the hosted checkout page) and IPN verification
 * (`cmd=_notify-validate`, answered VERIFIED or INVALID as plain text).
 */
const text = (body: string, status = 200) => new Response(body, { status, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export function loader({ context }: Route.LoaderArgs) {
  requireStandin(context);
  return text("PayPal stand-in: post a cmd=_xclick form or a cmd=_notify-validate notification here.");
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = requireStandin(context);
  const raw = await request.text();
  const form = new URLSearchParams(raw);
  const cmd = form.get("cmd");
  if (cmd === "_notify-validate") return text(validateIpn(raw));
  if (cmd === "_xclick") {
    const opened = openCheckout(form, services.config.appUrl);
    if ("error" in opened) return text(`PayPal stand-in: this payment request cannot be processed. ${opened.error}`, 400);
    return redirect(`/paypal-standin/checkout/${opened.token}`, 303);
  }
  return text(`PayPal stand-in: unsupported cmd "${cmd ?? ""}"`, 400);
}
