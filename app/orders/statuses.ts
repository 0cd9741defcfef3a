/** The statuses an order moves through, shared by the server and the browser. */

export const PAYMENT_STATUSES = ["UnPaid", "Paid", "Cancelled", "Refunded"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const ORDER_STATUSES = ["Pending", "Delivered"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
