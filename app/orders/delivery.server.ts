import { z } from "zod";
import { type AuditActor, recordAudit } from "../audit/audit.server.ts";
import type { AuditAction } from "../audit/actions.ts";
import { type Db, nowIso } from "../db/db.server.ts";
import { newId } from "../db/ids.server.ts";
import { AppError, parseInput } from "../errors.ts";
import type { UploadedFile } from "../multipart.server.ts";
import type { Services } from "../services.server.ts";
import { isPayable, type Stage, STAGES, type Transition } from "../shared/order-stages.ts";
import type { OrderAccess } from "./access.server.ts";
import { postMessage } from "./conversation.server.ts";
import { fileView, type FileView, type OrderFileStore } from "./files/order-files.server.ts";
import { mailSide, orderName } from "./portal-mail.server.ts";
import type { Side } from "./sides.ts";
import { moveOrder, type Trx } from "./stages.server.ts";

/**
 * The steps of the work after the brief: the agency starts, delivers (a summary and its files),
 * the customer approves or asks for changes, the agency starts on them and delivers again. Each
 * step is one move of the order (stages.server.ts), its audit entry and its mail to the other
 * side, in one transaction. A step the order's stage does not allow is a 409 that says why.
 */

type PortalServices = Pick<Services, "db" | "mailer" | "config"> & { orderFiles: OrderFileStore };

export const deliverySchema = z.object({
  summary: z.string({ error: "Summary is required" }).trim().min(1, "Summary is required").max(5000, "Summary must be at most 5000 characters").describe("Summary"),
});

export const changesSchema = z.object({
  comment: z.string({ error: "Say what should change" }).trim().min(1, "Say what should change").max(5000, "Comment must be at most 5000 characters").describe("What should change"),
});

/** Why a step cannot be taken now, in words for the person who tried. */
function refusal(move: Transition, stage: Stage): AppError {
  const now = STAGES[stage].label.toLowerCase();
  const message: Record<string, string> = {
    start: `The work can start once the brief is received; this order is ${now}.`,
    deliver: isPayable({ stage }) ? "An unpaid order cannot be delivered." : `This order is ${now}, so it cannot be delivered.`,
    approve: `Only delivered work can be approved; this order is ${now}.`,
    requestChanges: `Changes can be asked for once the work is delivered; this order is ${now}.`,
  };
  return new AppError(409, message[move] ?? `This order is ${now}.`);
}

/** Who may take each step. */
const STEP_SIDE: Partial<Record<Transition, Side>> = { start: "agency", deliver: "agency", approve: "customer", requestChanges: "customer" };

async function step(
  services: PortalServices,
  access: OrderAccess,
  actor: AuditActor,
  move: Transition,
  audit: { action: AuditAction; summary: string },
  mail: { subject: string; lines: string[] },
  more?: (trx: Trx) => Promise<void>,
  note?: string,
): Promise<void> {
  if (STEP_SIDE[move] !== access.side) throw new AppError(403, access.side === "customer" ? "Only the agency can do this." : "Only the customer can do this.");
  const { order } = access;
  await services.db.transaction().execute(async (trx) => {
    const moved = await moveOrder(trx, order.id, move, actor.email, { note });
    if (!moved.moved) throw moved.stage === "gone" ? new AppError(404, "Order not found") : refusal(move, moved.stage);
    await more?.(trx);
    await recordAudit(trx, { actor, action: audit.action, target: `Order ${order.id} (${order.customer_email}, ${order.package_name})`, summary: audit.summary });
    await mailSide(services, trx, order, access.side === "customer" ? "agency" : "customer", mail);
  });
}

/** The agency starts the work (after the brief, or on the changes asked for). */
export const startWork = (services: PortalServices, access: OrderAccess, actor: AuditActor) =>
  step(services, access, actor, "start", { action: "order.start", summary: "Work started" }, {
    subject: `We started on your ${orderName(access.order)}`,
    lines: [`Hello ${access.order.customer_name},`, "", "We have started the work on your order. We will let you know when it is ready for you to review."],
  });

/** The agency delivers: a summary and at least one file, shown to the customer, who is mailed. */
export async function deliver(services: PortalServices, access: OrderAccess, actor: AuditActor, input: unknown, uploads: UploadedFile[]): Promise<void> {
  const { summary } = parseInput(deliverySchema, input);
  if (uploads.length === 0) throw new AppError(400, "Attach the delivered work: at least one file.", { files: "Attach at least one file" });
  const id = newId();
  await step(
    services,
    access,
    actor,
    "deliver",
    { action: "order.deliver", summary: `Delivered ${uploads.length} file${uploads.length === 1 ? "" : "s"}` },
    {
      subject: `Your ${orderName(access.order)} is ready to review`,
      lines: [`Hello ${access.order.customer_name},`, "", "We have delivered the work on your order:", "", summary, "", "Please review it, then approve it or tell us what should change."],
    },
    async (trx) => {
      await trx.insertInto("order_deliveries").values({ id, order_id: access.order.id, summary, delivered_by: actor.email, created_at: nowIso() }).execute();
      await services.orderFiles.add(trx, access.order.id, uploads, { deliveryId: id }, actor.email);
    },
  );
}

/** The customer approves the delivered work. */
export const approve = (services: PortalServices, access: OrderAccess, actor: AuditActor) =>
  step(services, access, actor, "approve", { action: "order.approve", summary: "Approved the delivery" }, {
    subject: `Approved: ${orderName(access.order)}`,
    lines: [`${access.order.customer_name} <${access.order.customer_email}> approved the delivered work.`],
  });

/** The customer asks for changes; the comment also joins the conversation. */
export async function requestChanges(services: PortalServices, access: OrderAccess, actor: AuditActor, input: unknown): Promise<void> {
  const { comment } = parseInput(changesSchema, input);
  await step(
    services,
    access,
    actor,
    "requestChanges",
    { action: "order.changes", summary: comment.length > 80 ? `${comment.slice(0, 79)}…` : comment },
    { subject: `Changes requested: ${orderName(access.order)}`, lines: [`${access.order.customer_name} <${access.order.customer_email}> asks for changes:`, "", comment] },
    async (trx) => {
      // In the thread too, where the agency answers it; mailed once, by the step.
      await postMessage(services, access, actor, { body: `Changes requested: ${comment}` }, [], trx);
    },
    comment,
  );
}

export interface DeliveryView {
  id: string;
  summary: string;
  deliveredBy: string;
  createdAt: string;
  files: FileView[];
}

export async function deliveriesOf(db: Db, orderId: string): Promise<DeliveryView[]> {
  const [deliveries, files] = await Promise.all([
    db.selectFrom("order_deliveries").selectAll().where("order_id", "=", orderId).orderBy("created_at").orderBy("id").execute(),
    db.selectFrom("order_files").selectAll().where("order_id", "=", orderId).where("delivery_id", "is not", null).orderBy("created_at").execute(),
  ]);
  return deliveries.map((d) => ({ id: d.id, summary: d.summary, deliveredBy: d.delivered_by, createdAt: d.created_at, files: files.filter((f) => f.delivery_id === d.id).map(fileView) }));
}
