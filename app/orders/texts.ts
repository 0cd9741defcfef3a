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
