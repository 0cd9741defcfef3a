import { describe, expect, it } from "vitest";
import { approveUrl, createOrderRequest, judgeOrder, readWebhookEvent, webhookHeaders } from "./rules.ts";
import type { PayPalOrder } from "./types.ts";

const ORDER = "0123456789abcdef01234567";
const expected = { orderId: ORDER, amountCents: 14999, payeeEmail: "Sales@Rankwell.test" };

function paypalOrder(change: (o: PayPalOrder) => void = () => {}): PayPalOrder {
  const order: PayPalOrder = {
    id: "PPORDER1",
    status: "COMPLETED",
    payer: { email_address: "buyer@example.net" },
    purchase_units: [
      {
        custom_id: ORDER,
        amount: { currency_code: "USD", value: "149.99" },
        payee: { email_address: "sales@rankwell.test" },
        payments: { captures: [{ id: "CAP1", status: "COMPLETED", amount: { currency_code: "USD", value: "149.99" }, custom_id: ORDER }] },
      },
    ],
  };
  change(order);
  return order;
}
const unit = (o: PayPalOrder) => o.purchase_units![0]!;
const capture = (o: PayPalOrder) => unit(o).payments!.captures![0]!;

describe("the create request", () => {
  it("carries our order id, the amount in USD, the package, the payee and the return addresses", () => {
    const body = createOrderRequest({ id: ORDER, packageName: "Premium", amountCents: 14999 }, "sales@rankwell.test", {
      returnUrl: "https://site.test/r",
      cancelUrl: "https://site.test/c",
    });
    expect(body).toEqual({
      intent: "CAPTURE",
      purchase_units: [
        {
          reference_id: ORDER,
          description: "Premium",
          custom_id: ORDER,
          invoice_id: ORDER,
          amount: { currency_code: "USD", value: "149.99" },
          payee: { email_address: "sales@rankwell.test" },
        },
      ],
      payment_source: {
        paypal: { experience_context: { return_url: "https://site.test/r", cancel_url: "https://site.test/c", user_action: "PAY_NOW", shipping_preference: "NO_SHIPPING" } },
      },
    });
  });

  it("the buyer is sent to payer-action, or approve when that is all there is", () => {
    expect(approveUrl({ links: [{ href: "a", rel: "self" }, { href: "b", rel: "approve" }, { href: "c", rel: "payer-action" }] })).toBe("c");
    expect(approveUrl({ links: [{ href: "b", rel: "approve" }] })).toBe("b");
    expect(approveUrl({ links: [{ href: "a", rel: "self" }] })).toBeUndefined();
  });
});

describe("judging a PayPal order", () => {
  it("a COMPLETED capture of the exact amount, USD, our payee (any case) and our order id is paid", () => {
    expect(judgeOrder(paypalOrder(), expected)).toEqual({ state: "paid", captureId: "CAP1", amountCents: 14999, payerEmail: "buyer@example.net" });
  });

  const mismatches: [string, (o: PayPalOrder) => void, RegExp][] = [
    ["another payee", (o) => (unit(o).payee = { email_address: "thief@example.com" }), /payee thief@example.com/],
    ["no payee stated", (o) => delete unit(o).payee, /payee \(not stated\)/],
    ["a lower captured amount", (o) => (capture(o).amount = { currency_code: "USD", value: "1.49" }), /capture CAP1 is 1.49, not the order's 149.99/],
    ["a higher order amount", (o) => (unit(o).amount = { currency_code: "USD", value: "150.00" }), /amount is 150.00/],
    ["another currency", (o) => (capture(o).amount = { currency_code: "EUR", value: "149.99" }), /EUR, not USD/],
    ["another order's custom_id", (o) => (unit(o).custom_id = "ffffffffffffffffffffffff"), /custom_id ffff/],
    ["a capture for another custom_id", (o) => (capture(o).custom_id = "ffffffffffffffffffffffff"), /capture CAP1 is for custom_id/],
    ["two purchase units", (o) => o.purchase_units!.push(unit(o)), /2 purchase units/],
    ["COMPLETED without a capture", (o) => delete unit(o).payments, /no capture/],
  ];
  for (const [name, change, reason] of mismatches) {
    it(`${name} is a mismatch, never paid`, () => {
      const judged = judgeOrder(paypalOrder(change), expected);
      expect(judged.state).toBe("mismatch");
      expect("reason" in judged && judged.reason).toMatch(reason);
    });
  }

  it("an approved order with the wrong payee is a mismatch, so it is not captured", () => {
    const approved = paypalOrder((o) => {
      o.status = "APPROVED";
      delete unit(o).payments;
      unit(o).payee = { email_address: "someone@else.test" };
    });
    expect(judgeOrder(approved, expected).state).toBe("mismatch");
  });

  it("reads the other states", () => {
    const without = (status: PayPalOrder["status"]) =>
      paypalOrder((o) => {
        o.status = status;
        delete unit(o).payments;
      });
    expect(judgeOrder(without("APPROVED"), expected)).toEqual({ state: "approved" });
    expect(judgeOrder(without("PAYER_ACTION_REQUIRED"), expected)).toEqual({ state: "awaiting-buyer" });
    expect(judgeOrder(without("CREATED"), expected)).toEqual({ state: "awaiting-buyer" });
    expect(judgeOrder(without("VOIDED"), expected)).toEqual({ state: "voided" });
    expect(judgeOrder(paypalOrder((o) => (capture(o).status = "PENDING")), expected).state).toBe("pending");
    expect(judgeOrder(paypalOrder((o) => (capture(o).status = "DECLINED")), expected).state).toBe("denied");
    expect(judgeOrder(paypalOrder((o) => (capture(o).status = "REFUNDED")), expected).state).toBe("refunded");
  });
});

describe("reading webhook events", () => {
  it("a capture event: capture id, PayPal order id, our order id and amount", () => {
    const facts = readWebhookEvent({
      id: "WH-1",
      event_type: "PAYMENT.CAPTURE.COMPLETED",
      resource: { id: "CAP1", status: "COMPLETED", custom_id: ORDER, amount: { currency_code: "USD", value: "149.99" }, supplementary_data: { related_ids: { order_id: "PP1" } } },
    });
    expect(facts).toEqual({
      eventId: "WH-1",
      eventType: "PAYMENT.CAPTURE.COMPLETED",
      handled: true,
      orderId: ORDER,
      paypalOrderId: "PP1",
      captureId: "CAP1",
      refundId: null,
      amountCents: 14999,
      currency: "USD",
    });
  });

  it("a refund event: the refunded capture comes from the refund's `up` link", () => {
    const facts = readWebhookEvent({
      id: "WH-2",
      event_type: "PAYMENT.CAPTURE.REFUNDED",
      resource: {
        id: "REF1",
        custom_id: ORDER,
        amount: { currency_code: "USD", value: "149.99" },
        links: [
          { href: "https://api-m.paypal.com/v2/payments/refunds/REF1", rel: "self" },
          { href: "https://api-m.paypal.com/v2/payments/captures/CAP1", rel: "up" },
        ],
      },
    });
    expect(facts).toMatchObject({ refundId: "REF1", captureId: "CAP1", orderId: ORDER, amountCents: 14999 });
  });

  it("an approval event: the PayPal order and our order id", () => {
    const facts = readWebhookEvent({ id: "WH-3", event_type: "CHECKOUT.ORDER.APPROVED", resource: paypalOrder((o) => (o.status = "APPROVED")) });
    expect(facts).toMatchObject({ paypalOrderId: "PPORDER1", orderId: ORDER, handled: true });
  });

  it("events we do not act on are read but not handled; non-events are null", () => {
    expect(readWebhookEvent({ id: "WH-4", event_type: "BILLING.PLAN.CREATED", resource: {} })?.handled).toBe(false);
    expect(readWebhookEvent({ id: "WH-5", event_type: "PAYMENT.CAPTURE.COMPLETED" })).toBeNull();
    expect(readWebhookEvent("text")).toBeNull();
    expect(readWebhookEvent({ event_type: "X", resource: {} })).toBeNull();
  });

  it("names the first missing paypal-* header", () => {
    const all: Record<string, string> = {
      "paypal-transmission-id": "a",
      "paypal-transmission-time": "b",
      "paypal-transmission-sig": "c",
      "paypal-cert-url": "d",
      "paypal-auth-algo": "e",
    };
    expect(webhookHeaders((n) => all[n])).toEqual({ headers: { transmissionId: "a", transmissionTime: "b", transmissionSig: "c", certUrl: "d", authAlgo: "e" } });
    expect(webhookHeaders((n) => (n === "paypal-cert-url" ? undefined : all[n]))).toEqual({ missing: "paypal-cert-url" });
  });
});
