/** The statuses an order moves through, shared by the server and the browser. */

export const PAYMENT_STATUSES = ["UnPaid", "Paid", "Cancelled", "Refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const ORDER_STATUSES = ["Pending", "Delivered"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** How a payment status reads on the pages (the API keeps the stored value, "UnPaid"). */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = { UnPaid: "Unpaid", Paid: "Paid", Cancelled: "Cancelled", Refunded: "Refunded" };

/**
 * What the customer pages say about a payment, in the style of decision 0023 (the spec's "Pay Now",
 * "You Have Paid", "You Have Cancelled"; the API has no such texts to keep).
 */
export const PAYMENT_TEXTS = {
  payNow: "Pay now",
  received: "Payment received.",
  cancelled: "This order is cancelled.",
  refunded: "This payment was refunded.",
} as const;

/** The admin's order status screen, after a save (the API keeps the spec's "OrderStatus is Updated"). */
export const ORDER_STATUS_SAVED = "Order status updated.";

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
