/** The two sides of an order's work: its customer, and the agency (its Admins). */
export type Side = "customer" | "agency";

/** Where each side reads an order. */
export const orderPagePath = (orderId: string, side: Side) => (side === "agency" ? `/admin/orders/${orderId}` : `/orders/${orderId}`);

/** The other side of `side`. */
export const otherSide = (side: Side): Side => (side === "customer" ? "agency" : "customer");
