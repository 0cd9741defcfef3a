import { randomBytes } from "node:crypto";
import { amountToCents } from "../../shared/money.ts";

/**
 * A local stand-in for PayPal's hosted checkout and IPN, for development and tests (PAYPAL_MODE
 * standin). It speaks PayPal's wire protocol: the `_xclick` form post opens a checkout page;
 * Pay sends an IPN server-to-server to `notify_url` and returns the browser to `return`; Cancel
 * returns it to `cancel_return`; `_notify-validate` answers VERIFIED only for an IPN it sent.
 * No money moves. State is kept in memory (a checkout lives for an hour), bounded in size.
 *
 * It only ever talks to this site: `notify_url`, `return` and `cancel_return` must be on APP_URL,
 * so the stand-in cannot be used to make the server post to, or redirect to, anywhere else.
 */

export interface StandinCheckout {
  token: string;
  business: string;
  itemName: string;
  itemNumber: string;
  amount: string;
  currency: string;
  custom: string;
  invoice: string;
  returnUrl: string;
  cancelUrl: string;
  notifyUrl: string;
  createdAt: number;
}

const TTL_MS = 60 * 60 * 1000;
const MAX_ENTRIES = 2000;
const checkouts = new Map<string, StandinCheckout>();
const sentIpns = new Map<string, number>();

const VALIDATE_PREFIX = "cmd=_notify-validate&";

function prune<V>(map: Map<string, V>, createdAt: (v: V) => number) {
  const cutoff = Date.now() - TTL_MS;
  for (const [key, value] of map) if (createdAt(value) < cutoff) map.delete(key);
  while (map.size >= MAX_ENTRIES) map.delete(map.keys().next().value!);
}

const onSite = (url: string, appUrl: string) => {
  try {
    return new URL(url).origin === new URL(appUrl).origin;
  } catch {
    return false;
  }
};

const randomCode = (length: number) => {
  const alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789";
  return Array.from(randomBytes(length), (b) => alphabet[b % alphabet.length]).join("");
};

/** `cmd=_xclick`: checks the form like PayPal would and opens a checkout; an error text otherwise. */
export function openCheckout(form: URLSearchParams, appUrl: string): { token: string } | { error: string } {
  const get = (name: string) => form.get(name)?.trim() ?? "";
  const amount = get("amount");
  const missing = ["business", "item_name", "amount", "return", "cancel_return", "notify_url"].filter((n) => !get(n));
  if (missing.length) return { error: `Missing ${missing.join(", ")}` };
  if (amountToCents(amount) === null) return { error: `The amount "${amount}" is not a valid amount` };
  for (const name of ["return", "cancel_return", "notify_url"]) {
    if (!onSite(get(name), appUrl)) return { error: `${name} must be an address on ${appUrl}` };
  }
  prune(checkouts, (c) => c.createdAt);
  const token = `EC-${randomCode(17)}`;
  checkouts.set(token, {
    token,
    business: get("business"),
    itemName: get("item_name"),
    itemNumber: get("item_number"),
    amount,
    currency: get("currency_code") || "USD",
    custom: get("custom"),
    invoice: get("invoice"),
    returnUrl: get("return"),
    cancelUrl: get("cancel_return"),
    notifyUrl: get("notify_url"),
    createdAt: Date.now(),
  });
  return { token };
}

export const getCheckout = (token: string) => checkouts.get(token);

/** The IPN PayPal would send for a completed payment of this checkout. */
export function ipnFor(checkout: StandinCheckout, txnId = randomCode(17)): URLSearchParams {
  return new URLSearchParams([
    ["mc_gross", checkout.amount],
    ["invoice", checkout.invoice],
    ["protection_eligibility", "Ineligible"],
    ["payer_id", "STANDINBUYER01"],
    ["payment_date", new Date().toUTCString()],
    ["payment_status", "Completed"],
    ["charset", "UTF-8"],
    ["first_name", "Test"],
    ["last_name", "Buyer"],
    ["mc_fee", "0.00"],
    ["notify_version", "3.9"],
    ["custom", checkout.custom],
    ["payer_status", "verified"],
    ["business", checkout.business],
    ["quantity", "1"],
    ["verify_sign", randomCode(40)],
    ["payer_email", "buyer@paypal-standin.test"],
    ["txn_id", txnId],
    ["payment_type", "instant"],
    ["receiver_email", checkout.business],
    ["receiver_id", "STANDINSELLER1"],
    ["txn_type", "web_accept"],
    ["item_name", checkout.itemName],
    ["mc_currency", checkout.currency],
    ["item_number", checkout.itemNumber],
    ["residence_country", "US"],
    ["test_ipn", "1"],
    ["ipn_track_id", randomCode(13).toLowerCase()],
  ]);
}

/**
 * Pay: sends the IPN to `notify_url` (remembered, so `_notify-validate` can vouch for it) and
 * gives the address to return the browser to. The checkout is used up.
 */
export async function payCheckout(token: string, log: { error(message: string, error?: unknown): void }): Promise<string | undefined> {
  const checkout = checkouts.get(token);
  if (!checkout) return undefined;
  checkouts.delete(token);
  const body = ipnFor(checkout).toString();
  prune(sentIpns, (t) => t);
  sentIpns.set(body, Date.now());
  try {
    const response = await fetch(checkout.notifyUrl, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": "PayPal IPN ( https://www.paypal.com/ipn ) stand-in" },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) log.error(`PayPal stand-in: notify_url answered HTTP ${response.status}`);
  } catch (error) {
    log.error("PayPal stand-in: could not deliver the IPN", error);
  }
  return checkout.returnUrl;
}

/** Cancel: the address to return the browser to. */
export function cancelCheckout(token: string): string | undefined {
  const checkout = checkouts.get(token);
  if (!checkout) return undefined;
  checkouts.delete(token);
  return checkout.cancelUrl;
}

/** `cmd=_notify-validate`: VERIFIED only for the exact body of an IPN this stand-in sent. */
export function validateIpn(rawBody: string): "VERIFIED" | "INVALID" {
  if (!rawBody.startsWith(VALIDATE_PREFIX)) return "INVALID";
  return sentIpns.has(rawBody.slice(VALIDATE_PREFIX.length)) ? "VERIFIED" : "INVALID";
}
