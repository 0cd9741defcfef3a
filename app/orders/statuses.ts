/** The statuses an order moves through, shared by the server and the browser. */

export const PAYMENT_STATUSES = ["UnPaid", "Paid", "Cancelled", "Refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const ORDER_STATUSES = ["Pending", "Delivered"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How a payment status reads on the pages (the API keeps the stored value, "UnPaid"). */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = { UnPaid: "Unpaid", Paid: "Paid", Cancelled: "Cancelled", Refunded: "Refunded" };

/**
 * Where an order stands, as its customer reads it. The stored order status stays "Pending" from
 * ordering until delivery whatever the payment does, so on its own "Pending" beside "Paid" reads
 * as if the payment were pending: the payment decides the wording until the order is delivered.
 */
export function orderProgressLabel(order: { paymentStatus: PaymentStatus; orderStatus: string }): string {
  if (order.orderStatus === "Delivered") return "Delivered";
  switch (order.paymentStatus) {
    case "UnPaid":
      return "Waiting for payment";
    case "Paid":
      return "In progress";
    case "Cancelled":
      return "Cancelled";
    case "Refunded":
      return "Refunded";
  }
}
