import { type AuditActor, recordAudit } from "../audit/audit.server.ts";
import { type Db, type DbOrTrx, nowIso } from "../db/db.server.ts";
import type { Services } from "../services.server.ts";
import { listAdmins } from "../users/roles.server.ts";
import { isId, newId } from "../db/ids.server.ts";
import type { PageInfo } from "../db/paging.ts";
import { AppError, notFound, parseInput } from "../errors.ts";
import { enforceRateLimit, type RateLimiter } from "../security/rate-limit.server.ts";
import { contactSchema, HONEYPOT_REJECTED, honeypotFilled, type MessageStatus, markReadSchema } from "./schema.ts";
import { newestFirstPage } from "../db/paging.server.ts";

/** A contact message as pages and the API show it (the spec's field names). */
export interface MessageRecord {
  _id: string;
  name: string;
  email: string;
  number: string;
  subject: string;
  message: string;
  messageStatus: MessageStatus;
  createdAt: string;
  readAt: string | null;
}

export const CONTACT_RATE_LIMITED = "You have sent several messages in the last minute. Please wait a minute and try again.";

const columns = ["id", "name", "email", "number", "subject", "message", "message_status", "created_at", "read_at"] as const;

type Row = { id: string; name: string; email: string; number: string; subject: string; message: string; message_status: string; created_at: string; read_at: string | null };

const toRecord = (row: Row): MessageRecord => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  number: row.number,
  subject: row.subject,
  message: row.message,
  messageStatus: row.message_status as MessageStatus,
  createdAt: row.created_at,
  readAt: row.read_at,
});

/**
 * Stores a message from the contact form or POST /api/add-message, and queues a note to every
 * admin in the same transaction (the outbox path orders use): the message and its notes are
 * stored together or not at all. The status is always UnRead (anything the client sends as
 * messageStatus is ignored). A filled honeypot or too many messages from one address in a
 * minute are refused, and nothing is stored.
 */
export async function sendMessage(
  deps: Pick<Services, "db" | "mailer" | "config"> & { rateLimiter: RateLimiter },
  clientIp: string,
  input: unknown,
): Promise<MessageRecord> {
  if (honeypotFilled(input)) throw new AppError(400, HONEYPOT_REJECTED);
  const values = parseInput(contactSchema, input);
  await enforceRateLimit(deps.rateLimiter, "contact", clientIp, CONTACT_RATE_LIMITED);
  const row: Row = { id: newId(), ...values, message_status: "UnRead", created_at: nowIso(), read_at: null };
  await deps.db.transaction().execute(async (trx) => {
    await trx.insertInto("messages").values(row).execute();
    await tellAdmins(deps, trx, row);
  });
  return toRecord(row);
}

/** The note each admin gets about a new message; the message itself is read in the admin area. */
async function tellAdmins(deps: Pick<Services, "mailer" | "config">, trx: DbOrTrx, row: Row): Promise<void> {
  for (const to of await listAdmins(trx)) {
    await deps.mailer.send(
      {
        to,
        subject: `New message: ${row.subject}`.slice(0, 200),
        content: {
          title: "New message",
          paragraphs: [`${row.name} <${row.email}> sent a message through the contact form.`],
          table: [["Subject", row.subject]],
          button: { label: "Read it", url: `${deps.config.appUrl}/view/${row.id}` },
        },
      },
      trx,
    );
  }
}

/** Unread messages, for the dashboard. */
export async function unreadCount(db: Db): Promise<number> {
  const row = await db.selectFrom("messages").select((eb) => eb.fn.countAll<number>().as("n")).where("message_status", "=", "UnRead").executeTakeFirstOrThrow();
  return Number(row.n);
}

/** One page of the messages with a status (or all), newest first; counted and cut in SQL. */
export async function listMessages(db: Db, status: MessageStatus | undefined, page: number, pageSize: number): Promise<{ items: MessageRecord[] } & PageInfo> {
  const query = db
    .selectFrom("messages")
    .select(columns)
    .$if(status !== undefined, (q) => q.where("message_status", "=", status!));
  const { rows, ...info } = await newestFirstPage(query, page, pageSize);
  return { items: rows.map(toRecord), ...info };
}

export async function getMessage(db: Db, id: string): Promise<MessageRecord> {
  if (!isId(id)) throw notFound("Message");
  const row = await db.selectFrom("messages").select(columns).where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound("Message");
  return toRecord(row);
}

/** Mark as unread (the admin's message screen): back in the unread list and count. Audited. */
export async function markUnread(db: Db, actor: AuditActor, id: string): Promise<MessageRecord> {
  if (!isId(id)) throw notFound("Message");
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("messages").select(["message_status", "email", "subject"]).where("id", "=", id).executeTakeFirst();
    if (!row) throw notFound("Message");
    if (row.message_status === "UnRead") return;
    await trx.updateTable("messages").set({ message_status: "UnRead", read_at: null, read_by: null }).where("id", "=", id).execute();
    await recordAudit(trx, { actor, action: "message.unread", target: messageTarget(id, row), summary: "Status: “Read” → “UnRead”" });
  });
  return getMessage(db, id);
}

/** Deletes a message for good (the admin confirms first). Audited, with who sent it and about what. */
export async function deleteMessage(db: Db, actor: AuditActor, id: string): Promise<void> {
  if (!isId(id)) throw notFound("Message");
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("messages").select(["email", "subject"]).where("id", "=", id).executeTakeFirst();
    if (!row) throw notFound("Message");
    await trx.deleteFrom("messages").where("id", "=", id).execute();
    await recordAudit(trx, { actor, action: "message.delete", target: messageTarget(id, row), summary: `Deleted the message “${row.subject}”` });
  });
}

const messageTarget = (id: string, row: { email: string; subject: string }) => `Message ${id} (${row.email})`;

/**
 * PUT /message/{id} and the Mark Read button: the only change allowed is to Read. Marking a
 * message that is already Read changes nothing and answers the same (a repeatable PUT).
 */
export async function markMessage(db: Db, id: string, input: unknown, by: string): Promise<MessageRecord> {
  parseInput(markReadSchema, input);
  if (!isId(id)) throw notFound("Message");
  await db
    .updateTable("messages")
    .set({ message_status: "Read", read_at: nowIso(), read_by: by })
    .where("id", "=", id)
    .where("message_status", "=", "UnRead")
    .execute();
  return getMessage(db, id);
}
