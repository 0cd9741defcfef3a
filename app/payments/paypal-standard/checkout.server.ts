import { centsToAmount } from "../../shared/money.ts";
import { getOrderRow } from "../../orders/orders.server.ts";
import type { Services } from "../../services.server.ts";
import { IPN_PATH, paymentAccountEmail, returnUrls } from "../account.server.ts";
import { PayPalUnavailable } from "../paypal-rest/client.server.ts";
import type { Outcome, PaymentEvent, PaymentProvider } from "../provider.ts";
import { recordCapture, recordRefund } from "../record.server.ts";
import { type PaymentNotice, paypalStandardClient } from "./client.server.ts";

/**
 * PayPal Payments Standard (PAYPAL_CHECKOUT=standard): the `_xclick` form post and IPN, for
 * merchants still on it until PayPal retires it. An IPN is stored when it arrives
 * (events.server.ts) and processed here: posted back to PayPal byte for byte (VERIFIED or not),
 * then Completed marks the order Paid when receiver, amount, USD and order id match; Refunded,
 * Reversed and Canceled_Reversal are recorded against the payment they name.
 */
export function paypalStandardProvider(services: Pick<Services, "db" | "config" | "mailer" | "jobs">): PaymentProvider {
  const { config, db } = services;
  const wire = paypalStandardClient({ baseUrl: config.paypal.baseUrl, verifyUrl: config.paypal.verifyUrl });

  async function processIpn(raw: Buffer): Promise<Outcome> {
    const notice = wire.readNotification(raw);
    const about = { orderId: notice.orderId?.slice(0, 64) ?? null, reference: notice.txnId?.slice(0, 64) ?? null, amountCents: notice.amountCents, currency: notice.currency };
    if (!notice.txnId) return { ...about, outcome: "rejected", reason: "not a payment notification (no transaction id)" };
    // Refunds and reversals name the payment in parent_txn_id and may carry no order id.
    const refundKind = ({ Refunded: "refund", Reversed: "reversal", Canceled_Reversal: "reversal-cancelled" } as const)[notice.status as "Refunded"];
    if (!refundKind && !notice.orderId) return { ...about, outcome: "rejected", reason: "not a payment notification for an order (no order id)" };
    const verification = await wire.verifyNotification(raw);
    if (!verification.verified) {
      if (verification.retryable) throw new PayPalUnavailable(verification.reason);
      return { ...about, outcome: "rejected", forged: true, reason: verification.reason };
    }
    if (refundKind) {
      if (!notice.parentTxnId || notice.amountCents === null) return { ...about, outcome: "rejected", attention: true, reason: `a ${notice.status} notification without parent_txn_id or amount` };
      return { ...(await recordRefund(services, { txnId: notice.parentTxnId, refundId: notice.txnId, kind: refundKind, amountCents: notice.amountCents })), currency: notice.currency };
    }
    if (!notice.completed) {
      const outcome = notice.status === "Pending" ? "pending" : ["Denied", "Failed", "Voided", "Expired"].includes(notice.status) ? "denied" : "ignored";
      return { ...about, outcome, reason: `payment_status is ${notice.status || "missing"}, not Completed` };
    }
    return completed(notice, about);
  }

  async function completed(notice: PaymentNotice, about: Partial<Outcome>): Promise<Outcome> {
    const mismatch = (reason: string): Outcome => ({ ...about, outcome: "mismatch", attention: true, reason });
    const order = await getOrderRow(db, notice.orderId!);
    if (!order) return { ...about, orderId: null, outcome: "rejected", attention: true, reason: `no order with id ${notice.orderId}: this completed payment needs a refund` };
    const account = await paymentAccountEmail(db);
    if (!account) return mismatch("no payment account is configured");
    if (notice.receiverEmail?.toLowerCase() !== account.toLowerCase()) return mismatch(`receiver ${notice.receiverEmail ?? "missing"} is not our payment account ${account}`);
    if (notice.currency !== "USD") return mismatch(`currency ${notice.currency ?? "missing"} is not USD`);
    if (notice.amountCents !== order.price_cents) {
      return mismatch(`amount ${notice.amountCents === null ? "missing or malformed" : centsToAmount(notice.amountCents)} is not the order's ${centsToAmount(order.price_cents)}`);
    }
    return recordCapture(services, order, { txnId: notice.txnId!, amountCents: notice.amountCents, currency: "USD", receiverEmail: account, payerEmail: notice.payerEmail, method: "PayPal (Payments Standard)" });
  }

  return {
    name: "paypal-standard",

    async startCheckout(order) {
      const receiverEmail = await paymentAccountEmail(db);
      if (!receiverEmail) return { kind: "unavailable", reason: "no payment account has been set up yet" };
      const form = wire.checkoutForm({
        orderId: order.id,
        planId: order.plan_id,
        packageName: order.package_name,
        amountCents: order.price_cents,
        currency: "USD",
        receiverEmail,
        ...returnUrls(config, order.id),
        notifyUrl: `${config.appUrl}${IPN_PATH}`,
      });
      return { kind: "form", form };
    },

    // Payments Standard tells us only through IPN: the return page shows what IPN did.
    confirmReturn: async () => null,
    reconcile: async () => null,

    async processEvent(event: PaymentEvent) {
      return processIpn(Buffer.from(event.raw ?? "", "latin1"));
    },
  };
}
