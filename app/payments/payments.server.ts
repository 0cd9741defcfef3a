import { editUrl } from "../content/admin-pages.ts";
import { getSingleton } from "../content/content.server.ts";
import { sections } from "../content/sections.ts";
import type { Config } from "../config.server.ts";
import { type Db, isUniqueViolation, nowIso } from "../db/db.server.ts";
import { newId } from "../db/ids.server.ts";
import { shortDate } from "../shared/dates.ts";
import { centsToAmount, formatUsd } from "../shared/money.ts";
import { getOrderRow, markOrderPaid, type OrderRow } from "../orders/orders.server.ts";
import type { DbOrTrx } from "../jobs/queue.server.ts";
import type { Services } from "../services.server.ts";
import { paypalProvider } from "./paypal.server.ts";
import type { CheckoutForm, PaymentNotice, PaymentProvider } from "./provider.ts";

export const IPN_PATH = "/api/paypal/ipn";

/** The provider the configuration names (PayPal at its live, sandbox or stand-in address). */
export function providerFor(config: Pick<Config, "paypal">): PaymentProvider {
  return paypalProvider({ baseUrl: config.paypal.baseUrl, verifyUrl: config.paypal.verifyUrl });
}

/** The email of the account that receives payments (the admin's payment account), if set. */
export async function paymentAccountEmail(db: Db): Promise<string | undefined> {
  const account = await getSingleton(db, "paymentAccount");
  const email = account?.paypalEmail?.trim();
  return email ? email : undefined;
}

/** Where an admin sets the payment account: its edit screen once it exists, else the page that creates it. */
export async function paymentAccountLink(db: Db): Promise<{ path: string; isSet: boolean }> {
  const account = await getSingleton(db, "paymentAccount");
  const def = sections.paymentAccount;
  return account ? { path: editUrl(def, account._id), isSet: true } : { path: def.adminPath, isSet: false };
}

/** The hosted-checkout form for an UnPaid order; null when no payment account is configured. */
export async function checkoutFor(services: Pick<Services, "db" | "config">, order: OrderRow, provider = providerFor(services.config)): Promise<CheckoutForm | null> {
  const receiverEmail = await paymentAccountEmail(services.db);
  if (!receiverEmail) return null;
  const app = services.config.appUrl;
  return provider.checkoutForm({
    orderId: order.id,
    planId: order.plan_id,
    packageName: order.package_name,
    amountCents: order.price_cents,
    currency: "USD",
    receiverEmail,
    returnUrl: `${app}/received-payment/${order.id}`,
    cancelUrl: `${app}/order-cancelled/${order.id}`,
    notifyUrl: `${app}${IPN_PATH}`,
  });
}

export interface NotificationOutcome {
  outcome: "accepted" | "rejected" | "failed";
  reason: string;
  orderId: string | null;
}

class Rejected extends Error {}

/**
 * Handles one payment notification exactly as received. It marks the order Paid only when the
 * provider verifies it, the payment is Completed, went to our payment account, is the order's
 * exact amount in USD, and its transaction id was never recorded; and then in one transaction:
 * a conditional UPDATE (only an UnPaid order) plus the payment row (unique per transaction).
 * Anything else changes nothing. Every notification is logged with what became of it.
 */
export async function handlePaymentNotification(
  services: Pick<Services, "db" | "config" | "log" | "mailer">,
  raw: Buffer,
  provider = providerFor(services.config),
): Promise<NotificationOutcome> {
  const { db, log } = services;
  let notice: PaymentNotice | undefined;
  let result: NotificationOutcome;
  try {
    notice = provider.readNotification(raw);
    const order = await check(services, provider, raw, notice);
    await recordPayment(services, provider.name, order, notice);
    result = { outcome: "accepted", reason: `order marked Paid (${formatUsd(order.price_cents)})`, orderId: order.id };
  } catch (error) {
    if (error instanceof Rejected) {
      result = { outcome: "rejected", reason: error.message, orderId: notice?.orderId ?? null };
    } else {
      log.error("payment notification could not be handled", error);
      result = { outcome: "failed", reason: `error: ${error instanceof Error ? error.message : String(error)}`, orderId: notice?.orderId ?? null };
    }
  }
  const line = `payment notification ${notice?.txnId ?? "(no txn_id)"} for order ${result.orderId ?? "(none)"}: ${result.outcome}, ${result.reason}`;
  if (result.outcome === "accepted") log.info(line);
  else log.error(line);
  try {
    await db
      .insertInto("payment_notifications")
      .values({
        id: newId(),
        provider: provider.name,
        order_id: result.orderId?.slice(0, 64) ?? null,
        txn_id: notice?.txnId?.slice(0, 64) ?? null,
        outcome: result.outcome,
        reason: result.reason.slice(0, 500),
        received_at: nowIso(),
      })
      .execute();
  } catch (error) {
    log.error("could not log a payment notification", error);
  }
  return result;
}

async function check(services: Pick<Services, "db">, provider: PaymentProvider, raw: Buffer, notice: PaymentNotice): Promise<OrderRow> {
  if (!notice.orderId || !notice.txnId) throw new Rejected("not a payment notification for an order (no order id or no transaction id)");
  const verification = await provider.verifyNotification(raw);
  if (!verification.verified) {
    if (verification.retryable) throw new Error(verification.reason);
    throw new Rejected(verification.reason);
  }
  if (!notice.completed) throw new Rejected(`payment_status is ${notice.status || "missing"}, not Completed`);
  const order = await getOrderRow(services.db, notice.orderId);
  if (!order) throw new Rejected(`no order with id ${notice.orderId}`);
  const account = await paymentAccountEmail(services.db);
  if (!account) throw new Rejected("no payment account is configured");
  if (notice.receiverEmail?.toLowerCase() !== account.toLowerCase()) {
    throw new Rejected(`receiver ${notice.receiverEmail ?? "missing"} is not our payment account ${account}`);
  }
  if (notice.currency !== "USD") throw new Rejected(`currency ${notice.currency ?? "missing"} is not USD`);
  if (notice.amountCents !== order.price_cents) {
    throw new Rejected(`amount ${notice.amountCents === null ? "missing or malformed" : centsToAmount(notice.amountCents)} is not the order's ${centsToAmount(order.price_cents)}`);
  }
  const seen = await services.db
    .selectFrom("payments")
    .select("order_id")
    .where("provider", "=", provider.name)
    .where("txn_id", "=", notice.txnId)
    .executeTakeFirst();
  if (seen) throw new Rejected(`transaction ${notice.txnId} was already recorded (order ${seen.order_id})`);
  return order;
}

/** The Paid status, the payment, Total Sales and the customer's receipt: stored together or not at all. */
async function recordPayment(
  services: Pick<Services, "db" | "config" | "mailer">,
  providerName: string,
  order: OrderRow,
  notice: PaymentNotice,
): Promise<void> {
  const now = nowIso();
  try {
    await services.db.transaction().execute(async (trx) => {
      const paid = await markOrderPaid(trx, order, now);
      if (!paid.marked) {
        throw new Rejected(
          paid.status === "Cancelled"
            ? `order is Cancelled; this completed payment (transaction ${notice.txnId}) needs a refund or a manual decision`
            : `order is ${paid.status}, not UnPaid`,
        );
      }
      await trx
        .insertInto("payments")
        .values({
          id: newId(),
          order_id: order.id,
          provider: providerName,
          txn_id: notice.txnId!,
          amount_cents: notice.amountCents!,
          currency: notice.currency!,
          receiver_email: notice.receiverEmail!.toLowerCase(),
          payer_email: notice.payerEmail,
          created_at: now,
        })
        .execute();
      await queueReceipt(services, trx, order, notice);
    });
  } catch (error) {
    // The same transaction arriving twice at the same moment: the unique index lets one through.
    if (isUniqueViolation(error)) throw new Rejected(`transaction ${notice.txnId} was already recorded`);
    throw error;
  }
}

async function queueReceipt(services: Pick<Services, "config" | "mailer">, trx: DbOrTrx, order: OrderRow, notice: PaymentNotice): Promise<void> {
  await services.mailer.send(
    {
      to: order.customer_email,
      subject: `Receipt: your ${order.package_name} plan is paid`,
      text: [
        `Hello ${order.customer_name},`,
        "",
        `Thank you: we have received your payment of ${formatUsd(order.price_cents)} for the ${order.package_name} plan you ordered on ${shortDate(order.created_at)}.`,
        "",
        `Order: ${order.id}`,
        `PayPal transaction: ${notice.txnId}`,
        `Amount: ${formatUsd(order.price_cents)} (USD)`,
        "",
        `Your orders: ${services.config.appUrl}/my-order`,
      ].join("\n"),
    },
    trx,
  );
}
