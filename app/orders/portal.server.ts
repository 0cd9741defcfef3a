import type { Db } from "../db/db.server.ts";
import { nowIso } from "../db/db.server.ts";
import { isBriefOpen, isOverdue, type Stage, STAGES } from "../shared/order-stages.ts";
import type { OrderAccess } from "./access.server.ts";
import { type Brief, briefOf } from "./brief/brief.server.ts";
import { markRead, messagesOf, type MessageView, unreadForAgency } from "./conversation.server.ts";
import { deliveriesOf, type DeliveryView } from "./delivery.server.ts";
import { fileView, type FileView, filesOfOrder } from "./files/order-files.server.ts";
import { nextStep, type NextStep } from "./next-step.ts";
import { adminFilter, countOrders, type OrderRecord, toOrderRecord } from "./orders.server.ts";
import type { Side } from "./sides.ts";
import { stageHistory } from "./stages.server.ts";

/**
 * An order as its page shows it to either side, and as the API answers it: the order, its
 * payment, the brief, the timeline of its stages, the conversation, the deliveries and every
 * file, and the next step for whoever looks. Opening it reads the other side's messages.
 */

export interface TimelineEntry {
  at: string;
  stage: Stage;
  label: string;
  by: string;
  note: string | null;
}

export interface PaymentView {
  txnId: string;
  amountCents: number;
  currency: string;
  at: string;
}

export interface OrderPage {
  side: Side;
  order: OrderRecord;
  paidAt: string | null;
  payments: PaymentView[];
  brief: Brief & { open: boolean; files: Record<string, FileView> };
  timeline: TimelineEntry[];
  messages: MessageView[];
  deliveries: DeliveryView[];
  files: FileView[];
  next: NextStep;
  overdue: boolean;
  /** The other side's messages this side had not read before this visit. */
  unread: number;
}

/** The stage moves of an order, oldest first, in words (the API's `stageHistory`). */
export async function timelineOf(db: Db, orderId: string): Promise<TimelineEntry[]> {
  return (await stageHistory(db, orderId)).map((step) => ({ at: step.created_at, stage: step.to_stage, label: STAGES[step.to_stage].label, by: step.actor, note: step.note }));
}

/** `payOnline`: whether a payment account is set up (the customer's next step is Pay now only then). */
export async function orderPage(db: Db, access: OrderAccess, options: { markRead?: boolean; payOnline?: boolean } = {}): Promise<OrderPage> {
  const { order, side } = access;
  const [brief, timeline, messages, deliveries, files, payments] = await Promise.all([
    briefOf(db, order),
    timelineOf(db, order.id),
    messagesOf(db, order.id),
    deliveriesOf(db, order.id),
    filesOfOrder(db, order.id),
    db.selectFrom("payments").select(["txn_id", "amount_cents", "currency", "created_at"]).where("order_id", "=", order.id).orderBy("created_at").execute(),
  ]);
  const unread = messages.filter((m) => m.side !== side && m.readAt === null).length;
  if (options.markRead !== false && unread) await markRead(db, order.id, side);
  const byId = new Map(files.map((f) => [f.id, f]));
  const briefFiles = Object.fromEntries(
    brief.questions.flatMap((q) => {
      const id = brief.answers[q.key];
      const file = typeof id === "string" ? byId.get(id) : undefined;
      return file ? [[q.key, fileView(file)]] : [];
    }),
  );
  return {
    side,
    order: toOrderRecord(order),
    paidAt: order.paid_at,
    payments: payments.map((p) => ({ txnId: p.txn_id, amountCents: p.amount_cents, currency: p.currency, at: p.created_at })),
    brief: { ...brief, open: isBriefOpen(order), files: briefFiles },
    timeline,
    messages,
    deliveries,
    files: files.map(fileView),
    next: nextStep(order.stage, side, options.payOnline),
    overdue: side === "agency" && isOverdue({ stage: order.stage, dueAt: order.due_at }, nowIso()),
    unread,
  };
}

/** The admin dashboard's counts of the orders' work; each is a view of the admin order list. */
export async function orderWork(db: Db) {
  const [waitingOnUs, waitingOnCustomer, overdue, unreadOrderMessages] = await Promise.all([
    countOrders(db, adminFilter({ waiting: "us" })),
    countOrders(db, adminFilter({ waiting: "customer" })),
    countOrders(db, adminFilter({ waiting: "overdue" })),
    unreadForAgency(db),
  ]);
  return { waitingOnUs, waitingOnCustomer, overdue, unreadOrderMessages };
}
