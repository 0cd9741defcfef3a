import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "../config.server.ts";
import { getSingleton } from "../content/content.server.ts";
import { editUrl, sections } from "../content/registry/sections.ts";
import type { Db } from "../db/db.server.ts";

/** Where PayPal posts: IPNs (Payments Standard) and webhooks (REST). */
export const IPN_PATH = "/api/paypal/ipn";
export const WEBHOOK_PATH = "/api/paypal/webhook";

/** The email of the account that receives payments (the admin's payment account), if set. */
export async function paymentAccountEmail(db: Db): Promise<string | undefined> {
  const account = await getSingleton(db, "paymentAccount");
  const email = account?.paypalEmail?.trim();
  return email ? email : undefined;
}

/** Whether online payment can work: a payment account is set (Pay now is offered only then). */
export const onlinePaymentOpen = async (db: Db): Promise<boolean> => (await paymentAccountEmail(db)) !== undefined;

/**
 * Where an admin sets the payment account: its edit screen once it exists, else the page that
 * creates it; `isSet` only once it holds an email (no email, no online payment).
 */
export async function paymentAccountLink(db: Db): Promise<{ path: string; isSet: boolean }> {
  const account = await getSingleton(db, "paymentAccount");
  const def = sections.paymentAccount;
  return account ? { path: editUrl(def, account._id), isSet: Boolean(account.paypalEmail?.trim()) } : { path: def.adminPath, isSet: false };
}

/**
 * The per-order key in the cancel address we give PayPal (as WooCommerce signs its cancel link):
 * only a visit that carries it cancels at once; any other visit asks the owner to confirm with a
 * POST, so no other site can cancel an order by sending its customer to a link.
 */
export function cancelKey(config: Pick<Config, "authSecret">, orderId: string): string {
  return createHmac("sha256", config.authSecret).update(`cancel-order:${orderId}`).digest("base64url").slice(0, 32);
}

export function validCancelKey(config: Pick<Config, "authSecret">, orderId: string, key: string | null): boolean {
  if (!key) return false;
  const good = Buffer.from(cancelKey(config, orderId));
  const given = Buffer.from(key);
  return good.length === given.length && timingSafeEqual(good, given);
}

/** The addresses PayPal sends the buyer back to. PayPal adds its own `token` (and `PayerID`). */
export function returnUrls(config: Pick<Config, "appUrl" | "authSecret">, orderId: string) {
  return {
    returnUrl: `${config.appUrl}/received-payment/${orderId}`,
    cancelUrl: `${config.appUrl}/order-cancelled/${orderId}?key=${cancelKey(config, orderId)}`,
  };
}
