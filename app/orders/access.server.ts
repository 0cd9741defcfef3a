import { hasRole } from "../auth/roles.ts";
import type { Viewer } from "../auth/viewer.server.ts";
import type { Db } from "../db/db.server.ts";
import { AppError, notFound } from "../errors.ts";
import { getOrderRow, type OrderRow } from "./orders.server.ts";
import type { Side } from "./sides.ts";

/**
 * Who may see and act on an order, in one place: its customer (the customer's side of the
 * conversation, the brief, approval) and the agency's Admins (the agency's side: start, deliver).
 * Everyone else, an Editor and another customer included, gets the same 404 as for an id that
 * does not exist, so ids reveal nothing. Every page, API call and file of an order asks here.
 */

export interface OrderAccess {
  order: OrderRow;
  side: Side;
  /** The email the viewer acts as (for the history, the mails and the audit log). */
  by: string;
}

/**
 * The order `id` as `viewer` may use it. `as` picks a side where the viewer could take either
 * (an Admin who also placed the order): the customer's pages ask for "customer", the admin's for
 * "agency"; without it the owner is the customer.
 */
export async function orderAccess(db: Db, viewer: Viewer, id: string, as?: Side): Promise<OrderAccess> {
  const order = await getOrderRow(db, id);
  const user = viewer.user;
  if (!order || !user) throw notFound("Order");
  const owner = order.user_id === user.id;
  const admin = hasRole(viewer, "Admin");
  if (owner && as !== "agency") return { order, side: "customer", by: user.email };
  if (admin && as !== "customer") return { order, side: "agency", by: user.email };
  // One of the order's two sides asking for the other side's step: say so; anyone else learns nothing.
  if (owner || admin) throw new AppError(403, owner ? "Only the agency can do this." : "Only the order's customer can do this.");
  throw notFound("Order");
}
