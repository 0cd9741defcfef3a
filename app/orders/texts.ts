/**
 * What the customer pages say about a payment, in the style of decision 0023 (the spec's "Pay Now",
 * "You Have Paid", "You Have Cancelled"; the API has no such texts to keep).
 */
export const PAYMENT_TEXTS = {
  payNow: "Pay now",
  received: "Payment received.",
  cancelled: "This order is cancelled.",
  refunded: "This payment was refunded.",
  /** Where Pay now would be, while no payment account is set up (it would only fail). */
  notOpen: "Online payment is not open yet",
  notOpenLong: "Online payment is not open yet. Your orders are kept: Pay now appears here once it opens, or contact us to arrange payment.",
} as const;

/** The admin's order status screen, after a save (the API keeps the spec's "OrderStatus is Updated"). */
export const ORDER_STATUS_SAVED = "Order status updated.";
