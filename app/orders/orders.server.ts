import type { Selectable, SelectQueryBuilder } from "kysely";
import { hasRole } from "../auth/roles.ts";
import type { SignedInUser, Viewer } from "../auth/viewer.server.ts";
import { getRecord, listRecords } from "../content/content.server.ts";
import { type Db, isUniqueViolation, nowIso } from "../db/db.server.ts";
import { isId, newId } from "../db/ids.server.ts";
import type { PageInfo } from "../db/paging.ts";
import type { Database, OrdersTable } from "../db/tables.ts";
import { AppError, notFound, parseInput } from "../errors.ts";
import type { DbOrTrx } from "../db/db.server.ts";
import type { Services } from "../services.server.ts";
import { listAdmins } from "../users/roles.server.ts";
import { type AuditActor, recordAudit } from "../audit/audit.server.ts";
import { describeChanges } from "../audit/summary.ts";
import { shortDate } from "../shared/dates.ts";
import { amountToCents, centsToAmount, formatUsd } from "../shared/money.ts";
import { isCancelled, isPaid, isRefunded, ORDER_STATUS_MOVES, type OrderStatus, PAID_STAGES, type PaymentStatus, paymentStatusOf, type Stage, STAGE_NAMES, stageLabel, stagesWaitingOn, UNPAID_STAGES } from "../shared/order-stages.ts";
import { moveOrder, recordStage, type Trx } from "./stages.server.ts";
import { answersFrom, briefArrives, earlyBrief, startBrief } from "./brief/brief.server.ts";
import { IDEMPOTENCY_MISMATCH, newOrderSchema, orderFormSchema, orderStatusSchema } from "./schema.ts";
import { newestFirstPage } from "../db/paging.server.ts";
import { nextOrderNumber } from "./order-number.server.ts";
import { orderNumberText } from "./order-number.ts";

export type OrderRow = Selectable<OrdersTable>;

/** An order as pages and the API see it: `_id` and the spec's field names. */
export interface OrderRecord {
  _id: string;
  /** The short number people see and quote (#1001); `_id` stays the reference in URLs. */
  number: number;
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
  /** Where the order is in its life (app/shared/order-stages.ts), and how that reads. */
  stage: Stage;
  stageLabel: string;
  /** When the work is due (the brief's arrival plus the plan's delivery time), once the brief is in. */
  dueAt: string | null;
  /** ISO-8601 UTC; pages show it MM/DD/YYYY. */
  orderDate: string;
}

export function toOrderRecord(row: OrderRow): OrderRecord {
  return {
    _id: row.id,
    number: row.number,
    planId: row.plan_id,
    packageName: row.package_name,
    packagePrice: centsToAmount(row.price_cents),
    customerEmail: row.customer_email,
    customerName: row.customer_name,
    customerAddress: row.customer_address,
    customerCountry: row.customer_country,
    paymentStatus: row.payment_status,
    orderStatus: row.order_status,
    stage: row.stage,
    stageLabel: stageLabel(row),
    dueAt: row.due_at,
    orderDate: row.created_at,
  };
}

/** The plan an order is for, with its price in cents; 404 when there is no such plan. */
export async function findPlan(db: Db, ref: { planId?: string; packageName?: string }) {
  let plan: { _id: string; packageName: string; packagePrice: string; deliveryDays?: string } | undefined;
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
  const days = Number(plan.deliveryDays);
  return { id: plan._id, packageName: plan.packageName, priceCents, deliveryDays: Number.isInteger(days) && days > 0 ? days : null };
}

/** A placed order, and whether it was placed before (a retry with the same idempotency key). */
export interface PlacedOrder {
  order: OrderRecord;
  replayed: boolean;
}

/**
 * Places an order for `user`. The customer chooses only the plan and their name, address and
 * country; the price comes from the stored plan, the email from the account, and the statuses
 * and date from here. The customer gets a confirmation and Admins a note, queued by mail in the
 * order's transaction.
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
  // Brief answers given on the order form: checked like a saved part of the brief, before anything is stored.
  const given = answersFrom((input ?? {}) as Record<string, unknown>);
  const early = Object.keys(given).length ? await earlyBrief(services.db, plan.id, given) : undefined;
  const now = nowIso();
  const row: Omit<OrderRow, "number"> = {
    id: newId(),
    user_id: user.id,
    customer_email: user.email.toLowerCase(),
    customer_name: fields.customerName,
    customer_address: fields.customerAddress,
    customer_country: fields.customerCountry,
    plan_id: plan.id,
    package_name: plan.packageName,
    price_cents: plan.priceCents,
    stage: "ordered",
    payment_status: paymentStatusOf("ordered"),
    order_status: "Pending",
    created_at: now,
    updated_at: now,
    paid_at: null,
    paypal_order_id: null,
    paypal_request_id: null,
    refunded_at: null,
    idempotency_key: idempotencyKey ?? null,
    delivery_days: plan.deliveryDays,
    due_at: null,
    refunded_cents: 0,
  };
  if (idempotencyKey) {
    const earlier = await orderByKey(services.db, user.id, idempotencyKey);
    if (earlier) return replay(earlier, row);
  }
  let placed: OrderRow;
  try {
    // The order, its confirmation and the admins' notes are stored together: an acknowledged order always has them.
    placed = await services.db.transaction().execute(async (trx) => {
      const stored = { ...row, number: await nextOrderNumber(trx) };
      await trx.insertInto("orders").values(stored).execute();
      await recordStage(trx, { orderId: row.id, from: null, to: row.stage, by: row.customer_email, at: now });
      await startBrief(trx, row.id, plan.id, now, early);
      await tellCustomer(services, trx, stored);
      await tellAdmins(services, trx, stored);
      return stored;
    });
  } catch (error) {
    // Another submit with this key committed first: it is the order.
    const earlier = idempotencyKey && isUniqueViolation(error) ? await orderByKey(services.db, user.id, idempotencyKey) : undefined;
    if (earlier) return replay(earlier, row);
    throw error;
  }
  return { order: toOrderRecord(placed), replayed: false };
}

const orderByKey = (db: Db, userId: string, key: string) =>
  db.selectFrom("orders").selectAll().where("user_id", "=", userId).where("idempotency_key", "=", key).executeTakeFirst();

function replay(earlier: OrderRow, wanted: Omit<OrderRow, "number">): PlacedOrder {
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
        content: {
          title: "New order",
          paragraphs: [`${row.customer_name} <${row.customer_email}> ordered the ${row.package_name} plan on ${shortDate(row.created_at)}.`],
          table: [
            ["Order", orderNumberText(row.number)],
            ["Amount", `${formatUsd(row.price_cents)} (not paid yet)`],
            ["Country", row.customer_country],
            ["Order id", row.id],
          ],
          button: { label: "The order", url: `${services.config.appUrl}/admin/orders/${row.id}` },
          after: [`All orders: ${services.config.appUrl}/total-orders`],
        },
      },
      trx,
    );
  }
}

/** The customer's confirmation that the order is placed, and what comes next (paying). */
async function tellCustomer(services: Pick<Services, "mailer" | "config">, trx: DbOrTrx, row: OrderRow): Promise<void> {
  await services.mailer.send(
    {
      to: row.customer_email,
      subject: `Order placed: your ${row.package_name} plan`,
      content: {
        title: "Thank you for your order",
        paragraphs: [
          `Hello ${row.customer_name},`,
          `We have your order of the ${row.package_name} plan, placed on ${shortDate(row.created_at)}. It is waiting for payment: pay with PayPal from the order's page, and tell us about your site in the brief.`,
        ],
        table: [
          ["Order", `${orderNumberText(row.number)} (${row.id})`],
          ["Plan", row.package_name],
          ["Amount", `${formatUsd(row.price_cents)} (USD, not paid yet)`],
        ],
        button: { label: "Open your order", url: `${services.config.appUrl}/orders/${row.id}` },
      },
    },
    trx,
  );
}

/** Who sees which orders: a customer their own (by account id, in SQL), an admin all. */
export interface OrderFilter {
  userId?: string;
  stages?: readonly Stage[];
  /** Only orders due before this time (ISO) that the agency still works on: overdue. */
  dueBefore?: string;
}

/** The filter of an admin list view: waiting on us, waiting on the customer, overdue; or one stage. */
export function adminFilter(view: { waiting?: string | null; stage?: string | null }, now = nowIso()): OrderFilter {
  if (view.waiting === "us") return { stages: stagesWaitingOn("agency") };
  if (view.waiting === "customer") return { stages: stagesWaitingOn("customer") };
  if (view.waiting === "overdue") return { stages: stagesWaitingOn("agency"), dueBefore: now };
  if (view.stage && (STAGE_NAMES as string[]).includes(view.stage)) return { stages: [view.stage as Stage] };
  return {};
}

/** How many orders a filter finds (the admin dashboard's counts). */
export async function countOrders(db: Db, filter: OrderFilter): Promise<number> {
  const row = await filtered(db.selectFrom("orders"), filter)
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

function filtered<QB extends SelectQueryBuilder<Database, "orders", object>>(query: QB, filter: OrderFilter): QB {
  return query
    .$if(filter.userId !== undefined, (qb) => qb.where("user_id", "=", filter.userId!))
    .$if(filter.stages !== undefined, (qb) => qb.where("stage", "in", filter.stages!.length ? filter.stages! : ["-" as Stage]))
    .$if(filter.dueBefore !== undefined, (qb) => qb.where("due_at", "<", filter.dueBefore!)) as QB;
}

export const filterFor = (viewer: Viewer): OrderFilter => (hasRole(viewer, "Admin") ? {} : { userId: viewer.user?.id ?? "-" });

/** One page of orders, newest first, counted and cut in SQL. */
export async function listOrders(db: Db, filter: OrderFilter, page: number, pageSize: number): Promise<{ items: OrderRecord[] } & PageInfo> {
  const query = filtered(db.selectFrom("orders").selectAll(), filter);
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
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>(eb("price_cents", "-", eb.ref("refunded_cents"))), eb.lit(0)).as("cents"))
    .where("stage", "in", PAID_STAGES)
    .$if(filter.userId !== undefined, (qb) => qb.where("user_id", "=", filter.userId!))
    .executeTakeFirstOrThrow();
  return Number(cents);
}

/** Whether a payment's move happened; if not, the stage the order is in ("gone": no such order). */
export type MarkPaidResult = { marked: true } | { marked: false; stage: Stage | "gone" };

const asMarked = (result: Awaited<ReturnType<typeof moveOrder>>): MarkPaidResult => (result.moved ? { marked: true } : { marked: false, stage: result.stage });

/**
 * The one way an order becomes Paid (a verified capture or notification), and into Total Sales:
 * run inside the caller's transaction, beside the payment record, so both or neither are written.
 */
export async function markOrderPaid(services: Pick<Services, "mailer" | "config">, trx: Trx, order: Pick<OrderRow, "id" | "customer_email">, paidAt = nowIso()): Promise<MarkPaidResult> {
  const paid = await moveOrder(trx, order.id, "pay", "PayPal", { at: paidAt });
  // A brief the customer sent before paying reaches the agency with the money.
  if (paid.moved) await briefArrives(services, trx, order.id, { email: order.customer_email, ip: null }, paidAt);
  return asMarked(paid);
}

/**
 * A fully refunded order: Refunded, and out of Total Sales (a customer's Total Spent counts paid
 * orders only, so it leaves that too).
 */
export const markOrderRefunded = async (trx: Trx, order: Pick<OrderRow, "id">, refundedAt = nowIso(), by = "PayPal") =>
  asMarked(await moveOrder(trx, order.id, "refund", by, { at: refundedAt }));

/**
 * Money that went back to the buyer (a refund, whole or part): counted on the order, and out of
 * Total Sales at once while the order is paid (a full refund then moves it out with nothing left).
 * Run in the refund's transaction; answers the order's refunded total and price after it.
 */
export async function recordOrderRefund(trx: Trx, orderId: string, cents: number): Promise<{ refundedCents: number; priceCents: number }> {
  const updated = await trx
    .updateTable("orders")
    .set((eb) => ({ refunded_cents: eb("refunded_cents", "+", cents), updated_at: nowIso() }))
    .where("id", "=", orderId)
    .returning(["stage", "refunded_cents", "price_cents"])
    .executeTakeFirstOrThrow();
  if (isPaid(updated)) {
    await trx.updateTable("sales_totals").set((eb) => ({ paid_cents: eb("paid_cents", "-", cents) })).where("id", "=", "all").execute();
  }
  return { refundedCents: Number(updated.refunded_cents), priceCents: updated.price_cents };
}

/** Recomputes Total Sales from the orders (after a bulk import or a manual data fix). */
export async function recountSales(db: Db): Promise<void> {
  const { cents, count } = await db
    .selectFrom("orders")
    .select((eb) => [eb.fn.coalesce(eb.fn.sum<number>(eb("price_cents", "-", eb.ref("refunded_cents"))), eb.lit(0)).as("cents"), eb.fn.countAll<number>().as("count")])
    .where("stage", "in", PAID_STAGES)
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

/** The name, address and country a new order's form starts with. */
export interface OrderDetails {
  customerName: string;
  customerAddress: string;
  customerCountry: string;
}

/**
 * What a customer's next order form is prefilled with (issue 21): the details of `againId` when it
 * is one of their orders ("Order this plan again"), else of their most recent order; none for a
 * first order. Another customer's id is ignored, so nothing of theirs shows.
 */
export async function repeatDetails(db: Db, userId: string, againId?: string | null): Promise<OrderDetails | null> {
  const query = db.selectFrom("orders").select(["customer_name", "customer_address", "customer_country"]).where("user_id", "=", userId);
  const chosen = againId && isId(againId) ? await query.where("id", "=", againId).executeTakeFirst() : undefined;
  const row = chosen ?? (await query.orderBy("created_at", "desc").orderBy("id", "desc").limit(1).executeTakeFirst());
  return row ? { customerName: row.customer_name, customerAddress: row.customer_address, customerCountry: row.customer_country } : null;
}

/**
 * Cancels the owner's unpaid order. Idempotent: an order already cancelled answers "already". A
 * paid order is never cancelled (409); someone else's order is a 404.
 */
export async function cancelOrder(db: Db, user: SignedInUser, id: string): Promise<{ outcome: "cancelled" | "already"; order: OrderRow }> {
  const order = await ownOrder(db, user, id);
  const moved = await db.transaction().execute((trx) => moveOrder(trx, order.id, "cancel", user.email));
  if (moved.moved) return { outcome: "cancelled", order: await ownOrder(db, user, id) };
  if (moved.stage !== "gone" && isCancelled({ stage: moved.stage })) return { outcome: "already", order };
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

/** Why an order in a stage cannot take an order status, in the admin's words. */
function refusal(order: OrderRow, wanted: OrderStatus): string {
  if (isCancelled(order)) return `A cancelled order cannot be ${wanted === "Delivered" ? "delivered" : "reopened"}.`;
  if (isRefunded(order)) return `A refunded order cannot be ${wanted === "Delivered" ? "delivered" : "reopened"}.`;
  if (!isPaid(order)) return "An unpaid order cannot be delivered.";
  return `This order cannot be set to ${wanted} now.`;
}

/**
 * The admin's order status page and PUT /api/order-status/:id (the spec's two statuses):
 * "Delivered" delivers the order, "Pending" takes a delivery back; stored with its audit entry.
 * Asking for the status the order already has changes nothing.
 */
export async function setOrderStatus(db: Db, actor: AuditActor, id: string, input: unknown): Promise<OrderRecord> {
  const { orderStatus } = parseInput(orderStatusSchema, input);
  const order = await getOrderRow(db, id);
  if (!order) throw notFound("Order");
  if (order.order_status === orderStatus) return toOrderRecord(order);
  await db.transaction().execute(async (trx) => {
    const moved = await moveOrder(trx, id, ORDER_STATUS_MOVES[orderStatus], actor.email);
    if (!moved.moved) {
      const message = refusal({ ...order, stage: moved.stage === "gone" ? order.stage : moved.stage }, orderStatus);
      throw new AppError(409, message, { orderStatus: message.replace(/\.$/, "") });
    }
    const summary = describeChanges({ status: order.order_status }, { status: orderStatus }, { status: "Order status" });
    await recordAudit(trx, { actor, action: "order.status", target: `Order ${id} (${order.customer_email}, ${order.package_name})`, summary });
  });
  return toOrderRecord((await getOrderRow(db, id))!);
}

// PayPal's references on an order. Payments writes them only through these, never the table itself.

/** Before PayPal is asked to create an order: the create call's PayPal-Request-Id (only while unpaid). */
export async function startPayPalCheckout(db: DbOrTrx, orderId: string, requestId: string): Promise<void> {
  await db
    .updateTable("orders")
    .set({ paypal_request_id: requestId, paypal_order_id: null, updated_at: nowIso() })
    .where("id", "=", orderId)
    .where("stage", "in", UNPAID_STAGES)
    .execute();
}

/** The PayPal order that create call made; kept only if no newer create call replaced the request id. */
export async function recordPayPalOrder(db: DbOrTrx, orderId: string, requestId: string, paypalOrderId: string): Promise<void> {
  await db.updateTable("orders").set({ paypal_order_id: paypalOrderId, updated_at: nowIso() }).where("id", "=", orderId).where("paypal_request_id", "=", requestId).execute();
}

export const orderByPayPalOrder = (db: Db, paypalOrderId: string): Promise<OrderRow | undefined> =>
  db.selectFrom("orders").selectAll().where("paypal_order_id", "=", paypalOrderId).executeTakeFirst();

/** Unpaid orders sent to PayPal and changed since `since`, most recent first: what reconciliation asks PayPal about. */
export const unsettledPayPalOrders = (db: Db, since: string, limit: number): Promise<OrderRow[]> =>
  db
    .selectFrom("orders")
    .selectAll()
    .where("stage", "in", UNPAID_STAGES)
    .where("paypal_order_id", "is not", null)
    .where("updated_at", ">=", since)
    .orderBy("updated_at", "desc")
    .limit(limit)
    .execute();

/** Orders by the spec's payment status, payments verified, and PayPal orders not settled yet (GET /metrics). */
export async function paymentFigures(db: Db): Promise<{ ordersByPaymentStatus: Record<string, number>; payments: number; unsettledPayPalOrders: number }> {
  const [byStatus, payments, unsettled] = await Promise.all([
    db.selectFrom("orders").select((eb) => ["payment_status", eb.fn.countAll<number>().as("count")]).groupBy("payment_status").execute(),
    db.selectFrom("payments").select((eb) => eb.fn.countAll<number>().as("count")).executeTakeFirstOrThrow(),
    db
      .selectFrom("orders")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("stage", "in", UNPAID_STAGES)
      .where("paypal_order_id", "is not", null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    ordersByPaymentStatus: Object.fromEntries(byStatus.map((row) => [row.payment_status, Number(row.count)])),
    payments: Number(payments.count),
    unsettledPayPalOrders: Number(unsettled.count),
  };
}
