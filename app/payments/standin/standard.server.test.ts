import { describe, expect, it } from "vitest";
import { getCheckout, ipnFor, openCheckout, validateIpn } from "./standard.server.ts";

describe("the PayPal stand-in", () => {
  const app = "http://localhost:3000";
  const form = (extra: Record<string, string> = {}) =>
    new URLSearchParams({
      cmd: "_xclick",
      business: "sales@example.com",
      item_name: "Premium",
      amount: "149.99",
      currency_code: "USD",
      custom: "order1",
      return: `${app}/received-payment/order1`,
      cancel_return: `${app}/order-cancelled/order1`,
      notify_url: `${app}/api/paypal/ipn`,
      ...extra,
    });

  it("opens a checkout for a well-formed form on this site only", () => {
    const opened = openCheckout(form(), app);
    expect("token" in opened && getCheckout(opened.token)).toMatchObject({ amount: "149.99", business: "sales@example.com" });
    expect(openCheckout(form({ amount: "abc" }), app)).toHaveProperty("error");
    expect(openCheckout(form({ notify_url: "http://169.254.169.254/latest" }), app)).toHaveProperty("error");
    expect(openCheckout(form({ return: "https://evil.example/" }), app)).toHaveProperty("error");
    expect(openCheckout(form({ business: "" }), app)).toMatchObject({ error: "Missing business" });
  });

  it("builds the IPN PayPal would send, and vouches only for IPNs it sent", () => {
    const opened = openCheckout(form(), app) as { token: string };
    const ipn = ipnFor(getCheckout(opened.token)!, "TXN1");
    expect(Object.fromEntries(ipn)).toMatchObject({
      txn_id: "TXN1",
      payment_status: "Completed",
      receiver_email: "sales@example.com",
      mc_gross: "149.99",
      mc_currency: "USD",
      custom: "order1",
    });
    // Not sent (only payCheckout sends and remembers): INVALID, as PayPal answers for a forgery.
    expect(validateIpn(`cmd=_notify-validate&${ipn}`)).toBe("INVALID");
    expect(validateIpn(ipn.toString())).toBe("INVALID");
  });
});
