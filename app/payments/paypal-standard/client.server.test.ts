import { describe, expect, it } from "vitest";
import { paypalStandardClient } from "./client.server.ts";

const noSleep = async () => {};

describe("PayPal IPN verification", () => {
  it("posts the raw body back after cmd=_notify-validate and accepts only VERIFIED", async () => {
    const seen: string[] = [];
    const provider = paypalStandardClient({
      baseUrl: "https://paypal.test/",
      sleep: noSleep,
      fetch: async (url, init) => {
        seen.push(`${url} ${Buffer.from(init!.body as Uint8Array).toString("latin1")}`);
        return new Response("VERIFIED");
      },
    });
    const raw = Buffer.from("txn_id=A1&first_name=Zo%c3%ab&memo=a%20b");
    expect(await provider.verifyNotification(raw)).toEqual({ verified: true });
    expect(seen).toEqual(["https://paypal.test/cgi-bin/webscr cmd=_notify-validate&txn_id=A1&first_name=Zo%c3%ab&memo=a%20b"]);
  });

  it("treats INVALID as final and network failures or 5xx as retryable, after one more try", async () => {
    const invalid = paypalStandardClient({ baseUrl: "https://paypal.test", sleep: noSleep, fetch: async () => new Response("INVALID") });
    expect(await invalid.verifyNotification(Buffer.from("x=1"))).toMatchObject({ verified: false, reason: expect.stringContaining("INVALID") });

    let calls = 0;
    const flaky = paypalStandardClient({
      baseUrl: "https://paypal.test",
      sleep: noSleep,
      fetch: async () => {
        calls++;
        if (calls === 1) throw new Error("ECONNRESET");
        return new Response("VERIFIED");
      },
    });
    expect(await flaky.verifyNotification(Buffer.from("x=1"))).toEqual({ verified: true });
    expect(calls).toBe(2);

    let busyCalls = 0;
    const busy = paypalStandardClient({
      baseUrl: "https://paypal.test",
      sleep: noSleep,
      fetch: async () => (busyCalls++, new Response("busy", { status: 503 })),
    });
    expect(await busy.verifyNotification(Buffer.from("x=1"))).toMatchObject({ verified: false, retryable: true, reason: "PayPal answered HTTP 503" });
    expect(busyCalls).toBe(2);

    const down = paypalStandardClient({
      baseUrl: "https://paypal.test",
      sleep: noSleep,
      fetch: async () => {
        throw new Error("ENOTFOUND");
      },
    });
    expect(await down.verifyNotification(Buffer.from("x=1"))).toMatchObject({ verified: false, retryable: true });
  });

  it("reads the fields the rules need", () => {
    const provider = paypalStandardClient({ baseUrl: "https://paypal.test" });
    const notice = provider.readNotification(
      Buffer.from("mc_gross=149.99&payment_status=Completed&receiver_email=a%40b.test&mc_currency=USD&txn_id=T1&invoice=abc"),
    );
    expect(notice).toMatchObject({ orderId: "abc", txnId: "T1", completed: true, receiverEmail: "a@b.test", amountCents: 14999, currency: "USD" });
    expect(provider.readNotification(Buffer.from("mc_gross=1e3&payment_status=Pending")).amountCents).toBeNull();
    // A refund: negative amount, and the payment it refunds.
    expect(provider.readNotification(Buffer.from("mc_gross=-149.99&payment_status=Refunded&txn_id=R1&parent_txn_id=T1"))).toMatchObject({
      txnId: "R1",
      parentTxnId: "T1",
      amountCents: 14999,
      completed: false,
      status: "Refunded",
    });
  });
});
