import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Transporter } from "nodemailer";
import type { Config } from "../config.server.ts";
import type { Db, DbOrTrx } from "../db/db.server.ts";
import { newId } from "../db/ids.server.ts";
import { type JobHandlerDef, type JobQueue, PermanentJobError } from "../jobs/queue.server.ts";
import type { Logger } from "../logger.server.ts";
import { contentFromText, type MailBrand, type MailContent, mailHtml, mailText } from "./template.ts";

/**
 * A mail. Queued (the `mail` job's payload): the plain text and the content its HTML part is
 * rendered from. Delivered: the plain text and the HTML, nothing else.
 */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  /** Absent in mail queued before HTML mail: its HTML is made from the text. */
  content?: MailContent;
  /** Rendered at delivery (template.ts); never stored in the queue. */
  html?: string;
}

/**
 * What a sender hands over: the content (template.ts), and the plain text when its words do not
 * follow the template's shape (they stay exactly as they were); without it the text is mailText.
 */
export type OutgoingMail = { to: string; subject: string } & ({ content: MailContent; text?: string } | { content?: undefined; text: string });

/** The payload stored for a mail: its text settled now, the HTML rendered at delivery with the brand of that moment. */
export const toQueued = (mail: OutgoingMail): Mail => ({
  to: mail.to,
  subject: mail.subject,
  text: mail.text ?? mailText(mail.content!),
  ...(mail.content ? { content: mail.content } : {}),
});

export interface Mailer {
  /**
   * Queues a mail: a `mail` job written through `db`. Pass the transaction that writes the mail's
   * cause (an order, a payment), so both are stored or neither; it is delivered after commit, with
   * retries, and never makes the request wait for the mail server.
   */
  send(mail: OutgoingMail, db?: DbOrTrx): Promise<void>;
}

export const MAIL_JOB = "mail";

/**
 * Timeouts for the SMTP conversation (SMTP_TIMEOUT_SECONDS, default 10): a mail server that never
 * greets costs seconds, not minutes, and only the delivery job waits for it, never a request.
 */
const smtpTimeouts = (seconds: number) => ({
  connectionTimeout: seconds * 1000,
  greetingTimeout: seconds * 1000,
  socketTimeout: seconds * 3000,
  dnsTimeout: seconds * 1000,
});

/**
 * Queues a mail through `trx` without the job queue at hand (a content write that only has its
 * transaction): the same `mail` job `Mailer.send` writes; a worker picks it up on its next poll.
 */
export async function queueMail(trx: DbOrTrx, mail: OutgoingMail): Promise<void> {
  const now = new Date().toISOString();
  await trx
    .insertInto("jobs")
    .values({
      id: newId(),
      kind: MAIL_JOB,
      payload: JSON.stringify(toQueued(mail)),
      dedupe_key: null,
      status: "pending",
      attempts: 0,
      max_attempts: MAIL_ATTEMPTS,
      run_at: now,
      locked_by: null,
      locked_until: null,
      last_error: null,
      created_at: now,
      updated_at: now,
      finished_at: null,
    })
    .execute();
}

const MAIL_ATTEMPTS = 12;

export function createMailer(db: Db, jobs: JobQueue): Mailer {
  return {
    async send(mail, target = db) {
      await jobs.enqueue(target, MAIL_JOB, toQueued(mail));
    },
  };
}

/**
 * Delivers queued mail: through SMTP when SMTP_URL is set, otherwise into the outbox folder as
 * JSON (and the log), so a developer offline can still follow a password-reset link. An SMTP
 * answer in the 5xx range (mailbox unknown, refused) will not change on retry: the job fails
 * at once and shows on the admin's Mail screen. The HTML part is rendered here, with the site's
 * name and logo as they are now (`brand`, read from the content), not in the sender's transaction.
 */
export function mailDeliveryJob(config: Config, log: Logger, brand: () => Promise<MailBrand>): JobHandlerDef<Mail> {
  const deliver = config.smtpUrl ? smtpDelivery(config.smtpUrl, config.mailFrom, config.smtpTimeoutSeconds) : folderDelivery(config.outboxDir, config.mailFrom);
  return {
    kind: MAIL_JOB,
    maxAttempts: MAIL_ATTEMPTS,
    async run(mail) {
      const content = mail.content ?? contentFromText(mail.subject, mail.text);
      // Text and HTML only: SMTP sends them as multipart/alternative, the folder keeps both.
      await deliver({ to: mail.to, subject: mail.subject, text: mail.text, html: mailHtml(content, await brand(), mail.subject) });
      log.info(`mail to ${mail.to} "${mail.subject}" delivered`);
    },
  };
}

function smtpDelivery(smtpUrl: string, from: string, timeoutSeconds: number) {
  // nodemailer (about 20 MB with its TLS and DNS parts) loads with the first mail, not at start.
  let transport: Promise<Transporter> | undefined;
  const open = () =>
    (transport ??= import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({ url: smtpUrl, ...smtpTimeouts(timeoutSeconds) } as Parameters<typeof nodemailer.createTransport>[0]),
    ));
  return async (mail: Mail) => {
    try {
      await (await open()).sendMail({ from, ...mail });
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      if (code !== undefined && code >= 500 && code < 600) throw new PermanentJobError(`the mail server refused it: ${(error as Error).message}`);
      throw error;
    }
  };
}

function folderDelivery(outboxDir: string, from: string) {
  return async (mail: Mail) => {
    mkdirSync(outboxDir, { recursive: true });
    const file = join(outboxDir, `${Date.now()}-${newId()}.json`);
    writeFileSync(file, JSON.stringify({ from, ...mail, date: new Date().toISOString() }, null, 2));
  };
}
