import { describe, expect, it } from "vitest";
import { orderProgressLabel, PAYMENT_STATUS_LABELS } from "./statuses.ts";

describe("order status wording", () => {
  it("a stored Pending order reads after its payment, so a paid order never reads Pending", () => {
    expect(orderProgressLabel({ paymentStatus: "UnPaid", orderStatus: "Pending" })).toBe("Waiting for payment");
    expect(orderProgressLabel({ paymentStatus: "Paid", orderStatus: "Pending" })).toBe("In progress");
    expect(orderProgressLabel({ paymentStatus: "Cancelled", orderStatus: "Pending" })).toBe("Cancelled");
    expect(orderProgressLabel({ paymentStatus: "Refunded", orderStatus: "Pending" })).toBe("Refunded");
    expect(orderProgressLabel({ paymentStatus: "Paid", orderStatus: "Delivered" })).toBe("Delivered");
  });

  it("pages say Unpaid, not the stored UnPaid", () => {
    expect(PAYMENT_STATUS_LABELS.UnPaid).toBe("Unpaid");
  });
});
