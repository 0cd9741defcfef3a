import { z } from "zod";
import { type AuditActor, recordAudit } from "../audit/audit.server.ts";
import { type Db, nowIso } from "../db/db.server.ts";
import { newId } from "../db/ids.server.ts";
import { AppError, parseInput } from "../errors.ts";
import type { DbOrTrx } from "../db/db.server.ts";
import type { UploadedFile } from "../multipart.server.ts";
import type { Services } from "../services.server.ts";
import type { OrderAccess } from "./access.server.ts";
import { fileView, type FileView, type OrderFileStore } from "./files/order-files.server.ts";
import { mailSide, orderName } from "./portal-mail.server.ts";
import { otherSide, type Side } from "./sides.ts";

/**
 * An order's conversation between its customer and the agency: messages with attachments, each
 * mailed to the other side (through the outbox, in the message's transaction) with a link to the
 * order. A message is unread until someone of the other side opens the order's page.
 */

export const MESSAGE_MAX = 5000;

export const messageSchema = z.object({
  body: z.string({ error: "Write your message" }).trim().max(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX} characters`).default("").describe("Message"),
});

export interface MessageView {
  id: string;
  side: Side;
  author: string;
  body: string;
  createdAt: string;
  /** When the other side first saw it; null while unread. */
  readAt: string | null;
  files: FileView[];
}

export async function messagesOf(db: Db, orderId: string): Promise<MessageView[]> {
  const [messages, files] = await Promise.all([
    db.selectFrom("order_messages").selectAll().where("order_id", "=", orderId).orderBy("created_at").orderBy("id").execute(),
    db.selectFrom("order_files").selectAll().where("order_id", "=", orderId).where("message_id", "is not", null).orderBy("created_at").execute(),
  ]);
  return messages.map((m) => ({
    id: m.id,
    side: m.side,
    author: m.author_email,
    body: m.body,
    createdAt: m.created_at,
    readAt: m.read_at,
    files: files.filter((f) => f.message_id === m.id).map(fileView),
  }));
}

/**
 * Stores a message (text, files or both) from `access`'s side and mails the other side. Its files
 * are checked from their bytes and stored in the same transaction: all of it, or nothing.
 */
export async function postMessage(
  services: Pick<Services, "db" | "mailer" | "config"> & { orderFiles: OrderFileStore },
  access: OrderAccess,
  actor: AuditActor,
  input: unknown,
  uploads: UploadedFile[] = [],
  /** Part of another step (a request for changes): written in its transaction; that step is audited and mailed. */
  within?: DbOrTrx,
): Promise<MessageView> {
  const { body } = parseInput(messageSchema, input);
  if (!body && uploads.length === 0) throw new AppError(400, "Write a message or attach a file.", { body: "Write a message or attach a file" });
  const { order, side } = access;
  const id = newId();
  const at = nowIso();
  const write = async (trx: DbOrTrx) => {
    await trx.insertInto("order_messages").values({ id, order_id: order.id, side, author_email: actor.email, body, created_at: at, read_at: null }).execute();
    const files = await services.orderFiles.add(trx, order.id, uploads, { messageId: id }, actor.email);
    if (within) return files;
    await recordAudit(trx, { actor, action: "order.message", target: `Order ${order.id} (${order.customer_email}, ${order.package_name})`, summary: summarise(body, files.length) });
    const from = side === "customer" ? `${order.customer_name} <${order.customer_email}>` : "Rankwell";
    await mailSide(services, trx, order, otherSide(side), {
      subject: side === "customer" ? `New message from ${order.customer_name}: ${orderName(order)}` : `New message about your ${orderName(order)}`,
      lines: [`${from} wrote:`, "", body || "(no text)", ...(files.length ? ["", `Attached: ${files.map((f) => f.name).join(", ")}`] : [])],
    });
    return files;
  };
  const files = within ? await write(within) : await services.db.transaction().execute(write);
  return { id, side, author: actor.email, body, createdAt: at, readAt: null, files: files.map(fileView) };
}

const summarise = (body: string, files: number) => `${body.length > 80 ? `${body.slice(0, 79)}…` : body || "(no text)"}${files ? ` (${files} file${files === 1 ? "" : "s"})` : ""}`;

/** `side` has seen the order's page: the other side's messages are read from now on. */
export async function markRead(db: Db, orderId: string, side: Side): Promise<void> {
  await db.updateTable("order_messages").set({ read_at: nowIso() }).where("order_id", "=", orderId).where("side", "=", otherSide(side)).where("read_at", "is", null).execute();
}

/** Messages from the agency that customer `userId` has not read yet, across their orders, and the order of the newest. */
export async function unreadForCustomer(db: Db, userId: string): Promise<{ count: number; newestOrderId: string | null }> {
  const rows = await db
    .selectFrom("order_messages")
    .innerJoin("orders", "orders.id", "order_messages.order_id")
    .select(["order_messages.order_id", "order_messages.created_at"])
    .where("orders.user_id", "=", userId)
    .where("order_messages.side", "=", "agency")
    .where("order_messages.read_at", "is", null)
    .orderBy("order_messages.created_at", "desc")
    .execute();
  return { count: rows.length, newestOrderId: rows[0]?.order_id ?? null };
}

/** Messages from customers that no Admin has read yet, across all orders. */
export async function unreadForAgency(db: Db): Promise<number> {
  const row = await db
    .selectFrom("order_messages")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("side", "=", "customer")
    .where("read_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
