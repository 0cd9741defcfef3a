import { amountToCents, centsToAmount } from "../../shared/money.ts";
import type { CheckoutForm } from "../provider.ts";

export interface CheckoutRequest {
  orderId: string;
  planId: string;
  packageName: string;
  amountCents: number;
  currency: "USD";
  /** The account that receives the money (the payment account's email). */
  receiverEmail: string;
  /** Where PayPal sends the browser after paying, after cancelling, and its notifications. */
  returnUrl: string;
  cancelUrl: string;
  notifyUrl: string;
}

/** An IPN in the terms the rules need. */
export interface PaymentNotice {
  /** Our order id, as we handed it to PayPal (custom, or invoice). */
  orderId: string | null;
  /** PayPal's transaction id; with payment_status it identifies the notification. */
  txnId: string | null;
  /** For Refunded, Reversed and Canceled_Reversal: the payment they are about. */
  parentTxnId: string | null;
  /** True only for a completed payment (money received). */
  completed: boolean;
  /** PayPal's payment_status word. */
  status: string;
  receiverEmail: string | null;
  /** The amount without its sign (refunds come negative); null when missing or not a plain amount. */
  amountCents: number | null;
  currency: string | null;
  payerEmail: string | null;
}

export type Verification = { verified: true } | { verified: false; reason: string; retryable?: boolean };

export interface PayPalOptions {
  /** https://www.paypal.com, https://www.sandbox.paypal.com, or the local stand-in. */
  baseUrl: string;
  /** Where IPNs are posted back for verification; PayPal uses ipnpb.(sandbox.)paypal.com. */
  verifyUrl?: string;
  /** Injected in tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  /** Waits between verification attempts (tests pass a no-op). */
  sleep?: (ms: number) => Promise<void>;
}

const VALIDATE_PREFIX = Buffer.from("cmd=_notify-validate&");
// A quick second try; longer outages are retried by the job queue with its backoff.
const RETRY_DELAYS_MS = [1000];

/**
 * PayPal Payments Standard: the `_xclick` Buy Now form and IPN. Only the base URL differs
 * between live, sandbox and the local stand-in; the wire protocol is the same.
 */
export function paypalStandardClient(options: PayPalOptions) {
  const webscr = `${options.baseUrl.replace(/\/+$/, "")}/cgi-bin/webscr`;
  const verifyUrl = options.verifyUrl ?? webscr;
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((done) => setTimeout(done, ms)));

  return {
    name: "paypal",

    checkoutForm(request: CheckoutRequest): CheckoutForm {
      return {
        action: webscr,
        fields: [
          ["cmd", "_xclick"],
          ["business", request.receiverEmail],
          ["item_name", request.packageName],
          ["item_number", request.planId],
          ["amount", centsToAmount(request.amountCents)],
          ["currency_code", request.currency],
          ["no_shipping", "1"],
          ["charset", "utf-8"],
          // Our order id travels in both: `custom` comes back in the IPN; `invoice` also lets the
          // PayPal account refuse a second payment of the same order.
          ["custom", request.orderId],
          ["invoice", request.orderId],
          ["return", request.returnUrl],
          ["cancel_return", request.cancelUrl],
          ["notify_url", request.notifyUrl],
        ],
      };
    },

    readNotification(raw: Buffer): PaymentNotice {
      const fields = new URLSearchParams(raw.toString("utf8"));
      const get = (name: string) => {
        const value = fields.get(name)?.trim();
        return value ? value : null;
      };
      const gross = get("mc_gross")?.replace(/^-/, "") ?? null;
      const status = get("payment_status") ?? "";
      return {
        orderId: get("custom") ?? get("invoice"),
        txnId: get("txn_id"),
        parentTxnId: get("parent_txn_id"),
        completed: status === "Completed",
        status,
        receiverEmail: get("receiver_email"),
        amountCents: gross === null ? null : amountToCents(gross),
        currency: get("mc_currency"),
        payerEmail: get("payer_email"),
      };
    },

    /**
     * Posts the notification back exactly as received, with `cmd=_notify-validate` in front;
     * PayPal answers VERIFIED or INVALID. Network failures and 5xx answers are tried again once.
     */
    async verifyNotification(raw: Buffer): Promise<Verification> {
      let last = "";
      for (let attempt = 0; attempt <= RETRY_DELAYS_MS.length; attempt++) {
        if (attempt > 0) await sleep(RETRY_DELAYS_MS[attempt - 1]!);
        try {
          const response = await doFetch(verifyUrl, {
            method: "POST",
            headers: { "Content-Type": "application/x-www-form-urlencoded", "User-Agent": "Rankwell-IPN-Verifier/1.0" },
            body: Buffer.concat([VALIDATE_PREFIX, raw]),
            signal: AbortSignal.timeout(15_000),
          });
          const text = (await response.text()).trim();
          if (response.status >= 500) {
            last = `PayPal answered HTTP ${response.status}`;
            continue;
          }
          if (response.ok && text === "VERIFIED") return { verified: true };
          return { verified: false, reason: `PayPal did not verify the notification (HTTP ${response.status}: ${text.slice(0, 40) || "empty"})` };
        } catch (error) {
          last = `could not reach PayPal to verify: ${error instanceof Error ? error.message : String(error)}`;
        }
      }
      return { verified: false, reason: last, retryable: true };
    },
  };
}
