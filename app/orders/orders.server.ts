import type { Selectable } from "kysely";
import { hasRole } from "../auth/roles.ts";
import type { SignedInUser, Viewer } from "../auth/viewer.server.ts";
import { getRecord, listRecords } from "../content/content.server.ts";
import { type Db, isUniqueViolation, nowIso } from "../db/db.server.ts";
import { isId, newId } from "../db/ids.server.ts";
import type { PageInfo } from "../db/paging.ts";
import type { OrdersTable } from "../db/tables.ts";
import { AppError, notFound, parseInput } from "../errors.ts";
import type { DbOrTrx } from "../db/db.server.ts";
import type { Services } from "../services.server.ts";
import { listAdmins } from "../users/roles.server.ts";
import { type AuditActor, recordAudit } from "../audit/audit.server.ts";
import { describeChanges } from "../audit/summary.ts";
import { shortDate } from "../shared/dates.ts";
import { amountToCents, centsToAmount, formatUsd } from "../shared/money.ts";
import type { OrderStatus, PaymentStatus } from "./statuses.ts";
import { IDEMPOTENCY_MISMATCH, newOrderSchema, orderFormSchema, orderStatusSchema } from "./schema.ts";
import { newestFirstPage } from "../db/paging.server.ts";

export type OrderRow = Selectable<OrdersTable>;

/** An order as pages and the API see it: `_id` and the spec's field names. */
export interface OrderRecord {
  _id: string;
  planId: string;
  packageName: string;
  /** The price the server took from the plan when the order was placed, e.g. "149.99". */
  packagePrice: string;
  customerEmail: string;
  customerName: string;
  customerAddress: string;
  customerCountry: string;
  paymentStatus: PaymentStatus;
  orderStatus: OrderStatus;
  /** ISO-8601 UTC; pages show it MM/DD/YYYY. */
  orderDate: string;
}

export function toOrderRecord(row: OrderRow): OrderRecord {
  return {
    _id: row.id,
    planId: row.plan_id,
    packageName: row.package_name,
    packagePrice: centsToAmount(row.price_cents),
    customerEmail: row.customer_email,
    customerName: row.customer_name,
    customerAddress: row.customer_address,
    customerCountry: row.customer_country,
    paymentStatus: row.payment_status,
    orderStatus: row.order_status,
    orderDate: row.created_at,
  };
}

/** The plan an order is for, with its price in cents; 404 when there is no such plan. */
export async function findPlan(db: Db, ref: { planId?: string; packageName?: string }) {
  let plan: { _id: string; packageName: string; packagePrice: string } | undefined;
  if (ref.planId) {
    plan = isId(ref.planId) ? await getRecord(db, "pricingPlans", ref.planId) : undefined;
  } else if (ref.packageName) {
    // Plans are few (three on the site); the first one with this name, in the admin's order.
    plan = (await listRecords(db, "pricingPlans")).find((p) => p.packageName.toLowerCase() === ref.packageName!.toLowerCase());
  } else {
    throw new AppError(400, "Please choose a plan: send planId or packageName", { planId: "Choose a plan" });
  }
  if (!plan) throw notFound("Plan");
  const priceCents = amountToCents(plan.packagePrice);
  if (priceCents === null || priceCents <= 0) {
    throw new AppError(409, "This plan cannot be ordered right now because its price is not set. Please contact us.");
  }
  return { id: plan._id, packageName: plan.packageName, priceCents };
}

/** A placed order, and whether it was placed before (a retry with the same idempotency key). */
export interface PlacedOrder {
  order: OrderRecord;
  replayed: boolean;
}

/**
 * Places an order for `user`. The customer chooses only the plan and their name, address and
 * country; the price comes from the stored plan, the email from the account, and the statuses
 * and date from here. Admins are told of the new order by mail.
 *
 * With an `idempotencyKey` (the form's token, the API's Idempotency-Key) the order is placed at
 * most once per customer and key: a retried submit, or two racing at once, gets the first order
 * back (`replayed`); the unique index decides the race on both databases. The same key with other
 * details is refused with 422 (as the IETF Idempotency-Key draft says).
 */
export async function createOrder(
  services: Pick<Services, "db" | "mailer" | "log" | "config">,
  user: SignedInUser,
  planRef: { planId?: string; packageName?: string },
  input: unknown,
  idempotencyKey?: string,
): Promise<PlacedOrder> {
  const fields = parseInput(orderFormSchema, input);
  const plan = await findPlan(services.db, planRef);
  const now = nowIso();
  const row: OrderRow = {
    id: newId(),
    user_id: user.id,
    customer_email: user.email.toLowerCase(),
    customer_name: fields.customerName,
    customer_address: fields.customerAddress,
    customer_country: fields.customerCountry,
    plan_id: plan.id,
    package_name: plan.packageName,
    price_cents: plan.priceCents,
    payment_status: "UnPaid",
    order_status: "Pending",
    created_at: now,
    updated_at: now,
    paid_at: null,
    paypal_order_id: null,
    paypal_request_id: null,
    refunded_at: null,
    idempotency_key: idempotencyKey ?? null,
  };
  if (idempotencyKey) {
    const earlier = await orderByKey(services.db, user.id, idempotencyKey);
    if (earlier) return replay(earlier, row);
  }
  try {
    // The order and the admins' notes are stored together: an acknowledged order always has them.
    await services.db.transaction().execute(async (trx) => {
      await trx.insertInto("orders").values(row).execute();
      await tellAdmins(services, trx, row);
    });
  } catch (error) {
    // Another submit with this key committed first: it is the order.
    const earlier = idempotencyKey && isUniqueViolation(error) ? await orderByKey(services.db, user.id, idempotencyKey) : undefined;
    if (earlier) return replay(earlier, row);
    throw error;
  }
  return { order: toOrderRecord(row), replayed: false };
}

const orderByKey = (db: Db, userId: string, key: string) =>
  db.selectFrom("orders").selectAll().where("user_id", "=", userId).where("idempotency_key", "=", key).executeTakeFirst();

function replay(earlier: OrderRow, wanted: OrderRow): PlacedOrder {
  const same = (["plan_id", "customer_name", "customer_address", "customer_country"] as const).every((k) => earlier[k] === wanted[k]);
  if (!same) throw new AppError(422, IDEMPOTENCY_MISMATCH);
  return { order: toOrderRecord(earlier), replayed: true };
}

/** POST /api/new-order: the same as the order page, with the plan named in the body. */
export async function createOrderFromApi(services: Pick<Services, "db" | "mailer" | "log" | "config">, user: SignedInUser, body: unknown, idempotencyKey?: string) {
  const { planId, packageName } = parseInput(newOrderSchema, body);
  return createOrder(services, user, { planId: planId || undefined, packageName: packageName || undefined }, body, idempotencyKey);
}

async function tellAdmins(services: Pick<Services, "mailer" | "config">, trx: DbOrTrx, row: OrderRow): Promise<void> {
  const admins = await listAdmins(trx);
  for (const to of admins) {
    await services.mailer.send(
      {
        to,
        subject: `New order: ${row.package_name} (${formatUsd(row.price_cents)})`,
        text: [
          `${row.customer_name} <${row.customer_email}> ordered the ${row.package_name} plan on ${shortDate(row.created_at)}.`,
          "",
          `Amount: ${formatUsd(row.price_cents)} (not paid yet)`,
          `Country: ${row.customer_country}`,
          `Order id: ${row.id}`,
          "",
          `All orders: ${services.config.appUrl}/total-orders`,
        ].join("\n"),
      },
      trx,
    );
  }
}

/** Who sees which orders: a customer their own (by account id, in SQL), an admin all. */
export interface OrderFilter {
  userId?: string;
  paymentStatuses?: readonly PaymentStatus[];
}

export const filterFor = (viewer: Viewer): OrderFilter => (hasRole(viewer, "Admin") ? {} : { userId: viewer.user?.id ?? "-" });

/** One page of orders, newest first, counted and cut in SQL. */
export async function listOrders(db: Db, filter: OrderFilter, page: number, pageSize: number): Promise<{ items: OrderRecord[] } & PageInfo> {
  const query = db
    .selectFrom("orders")
    .selectAll()
    .$if(filter.userId !== undefined, (qb) => qb.where("user_id", "=", filter.userId!))
    .$if(filter.paymentStatuses !== undefined, (qb) => qb.where("payment_status", "in", filter.paymentStatuses!));
  const { rows, ...info } = await newestFirstPage(query, page, pageSize);
  return { items: rows.map(toOrderRecord), ...info };
}

/**
 * Sum of the prices of Paid orders, in cents: a customer's Total Spent (summed over their own
 * orders, on their index), or the site's Total Sales (the running total, one row).
 */
export async function paidTotalCents(db: Db, filter: Pick<OrderFilter, "userId"> = {}): Promise<number> {
  if (filter.userId === undefined) {
    const row = await db.selectFrom("sales_totals").select("paid_cents").where("id", "=", "all").executeTakeFirst();
    return Number(row?.paid_cents ?? 0);
  }
  const { cents } = await db
    .selectFrom("orders")
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>("price_cents"), eb.lit(0)).as("cents"))
    .where("payment_status", "=", "Paid")
    .$if(filter.userId !== undefined, (qb) => qb.where("user_id", "=", filter.userId!))
    .executeTakeFirstOrThrow();
  return Number(cents);
}

export type MarkPaidResult = { marked: true } | { marked: false; status: PaymentStatus | "gone" };

/**
 * One move of an order's payment status: a conditional update (only from `from`) that adjusts
 * Total Sales in the same statement's transaction. Run inside the caller's transaction (`trx`),
 * beside the payment or refund record, so both or neither are written. An order that was not in
 * `from` is left as it is and its current status answered ("gone" when there is no such order).
 */
async function moveStatus(
  trx: Db,
  order: Pick<OrderRow, "id" | "price_cents">,
  move: { from: PaymentStatus; to: PaymentStatus; stamp: "paid_at" | "refunded_at"; sales: "+" | "-" },
  at: string,
): Promise<MarkPaidResult> {
  const updated = await trx
    .updateTable("orders")
    .set({ payment_status: move.to, [move.stamp]: at, updated_at: at })
    .where("id", "=", order.id)
    .where("payment_status", "=", move.from)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) {
    const current = await trx.selectFrom("orders").select("payment_status").where("id", "=", order.id).executeTakeFirst();
    return { marked: false, status: current?.payment_status ?? "gone" };
  }
  await trx
    .updateTable("sales_totals")
    .set((eb) => ({ paid_cents: eb("paid_cents", move.sales, order.price_cents), paid_count: eb("paid_count", move.sales, 1) }))
    .where("id", "=", "all")
    .execute();
  return { marked: true };
}

/** The one way an order becomes Paid: UnPaid -> Paid, and into Total Sales. */
export const markOrderPaid = (trx: Db, order: Pick<OrderRow, "id" | "price_cents">, paidAt = nowIso()) =>
  moveStatus(trx, order, { from: "UnPaid", to: "Paid", stamp: "paid_at", sales: "+" }, paidAt);

/**
 * A fully refunded order: Paid -> Refunded, and out of Total Sales (a customer's Total Spent
 * counts Paid orders only, so it leaves that too).
 */
export const markOrderRefunded = (trx: Db, order: Pick<OrderRow, "id" | "price_cents">, refundedAt = nowIso()) =>
  moveStatus(trx, order, { from: "Paid", to: "Refunded", stamp: "refunded_at", sales: "-" }, refundedAt);

/** Recomputes Total Sales from the orders (after a bulk import or a manual data fix). */
export async function recountSales(db: Db): Promise<void> {
  const { cents, count } = await db
    .selectFrom("orders")
    .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>("price_cents"), eb.lit(0)).as("cents"), eb.fn.countAll<number>().as("count")])
    .where("payment_status", "=", "Paid")
    .executeTakeFirstOrThrow();
  await db.updateTable("sales_totals").set({ paid_cents: Number(cents), paid_count: Number(count) }).where("id", "=", "all").execute();
}

export async function getOrderRow(db: Db, id: string): Promise<OrderRow | undefined> {
  if (!isId(id)) return undefined;
  return db.selectFrom("orders").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The order if `viewer` may see it (owner or admin); otherwise 404, so ids reveal nothing. */
export async function orderForViewer(db: Db, viewer: Viewer, id: string): Promise<OrderRow> {
  const row = await getOrderRow(db, id);
  if (!row || !viewer.user || (!hasRole(viewer, "Admin") && row.user_id !== viewer.user.id)) throw notFound("Order");
  return row;
}

/** The order only if `user` placed it (paying and cancelling are for the owner alone). */
export async function ownOrder(db: Db, user: SignedInUser, id: string): Promise<OrderRow> {
  const row = await getOrderRow(db, id);
  if (!row || row.user_id !== user.id) throw notFound("Order");
  return row;
}

/**
 * Sets the owner's UnPaid order to Cancelled, in one conditional update. Idempotent: an order
 * already Cancelled answers "already". A Paid order is never cancelled (409); someone else's
 * order is a 404.
 */
export async function cancelOrder(db: Db, user: SignedInUser, id: string): Promise<{ outcome: "cancelled" | "already"; order: OrderRow }> {
  if (isId(id)) {
    const result = await db
      .updateTable("orders")
      .set({ payment_status: "Cancelled", updated_at: nowIso() })
      .where("id", "=", id)
      .where("user_id", "=", user.id)
      .where("payment_status", "=", "UnPaid")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) return { outcome: "cancelled", order: await ownOrder(db, user, id) };
  }
  const order = await ownOrder(db, user, id);
  if (order.payment_status === "Cancelled") return { outcome: "already", order };
  throw new AppError(409, "This order is paid, so it cannot be cancelled.");
}

/** PUT /api/order-cancelled/:id: the owner only; an admin who is not the owner gets 403. */
export async function cancelOrderFromApi(db: Db, viewer: Viewer, id: string): Promise<OrderRecord> {
  const row = await orderForViewer(db, viewer, id);
  if (row.user_id !== viewer.user!.id) throw new AppError(403, "Only the customer who placed this order can cancel it.");
  const { outcome, order } = await cancelOrder(db, viewer.user!, id);
  if (outcome === "already") throw new AppError(409, "This order is already cancelled.");
  return toOrderRecord(order);
}

/** The admin's order status page and PUT /api/order-status/:id; stored with its audit entry. */
export async function setOrderStatus(db: Db, actor: AuditActor, id: string, input: unknown): Promise<OrderRecord> {
  const { orderStatus } = parseInput(orderStatusSchema, input);
  const order = await getOrderRow(db, id);
  if (!order) throw notFound("Order");
  if (orderStatus === "Delivered" && order.payment_status === "Cancelled") {
    throw new AppError(409, "A cancelled order cannot be delivered.", { orderStatus: "A cancelled order cannot be delivered" });
  }
  await db.transaction().execute(async (trx) => {
    await trx.updateTable("orders").set({ order_status: orderStatus, updated_at: nowIso() }).where("id", "=", id).execute();
    const summary = describeChanges({ status: order.order_status }, { status: orderStatus }, { status: "Order status" });
    await recordAudit(trx, { actor, action: "order.status", target: `Order ${id} (${order.customer_email}, ${order.package_name})`, summary });
  });
  return toOrderRecord({ ...order, order_status: orderStatus });
}
