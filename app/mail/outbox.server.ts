import type { Db } from "../db/db.server.ts";
import { newestFirstPage } from "../db/paging.server.ts";
import type { PageInfo } from "../db/paging.ts";
import { type JobQueue, retryJob } from "../jobs/queue.server.ts";
import { type Mail, MAIL_JOB } from "./mailer.server.ts";

/**
 * The mail outbox as admins see it (Admin, Mail): mail still waiting to go out and mail that
 * failed for good, read from the `mail` jobs. Only who and what about are shown, never the text:
 * a password-reset mail carries a link that would let whoever reads it into the account.
 */
export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  status: "pending" | "failed";
  queuedAt: string;
  attempts: number;
  maxAttempts: number;
  /** pending: when the next try is due; failed: when it gave up. */
  nextTryAt: string | null;
  failedAt: string | null;
  lastError: string | null;
}

export type OutboxFilter = "pending" | "failed";

export async function listOutbox(db: Db, status: OutboxFilter, page: number, pageSize: number): Promise<{ items: OutboxMail[] } & PageInfo> {
  const query = db.selectFrom("jobs").selectAll().where("kind", "=", MAIL_JOB).where("status", "=", status);
  const { rows, ...info } = await newestFirstPage(query, page, pageSize);
  return {
    ...info,
    items: rows.map((row) => {
      const mail = JSON.parse(row.payload) as Partial<Mail>;
      return {
        id: row.id,
        to: mail.to ?? "",
        subject: mail.subject ?? "",
        status: row.status as OutboxFilter,
        queuedAt: row.created_at,
        attempts: row.attempts,
        maxAttempts: row.max_attempts,
        nextTryAt: row.status === "pending" ? row.run_at : null,
        failedAt: row.status === "failed" ? row.finished_at : null,
        lastError: row.last_error,
      };
    }),
  };
}

/** How many mails wait and how many failed (the screen's filters, the dashboard). */
export async function outboxCounts(db: Db): Promise<Record<OutboxFilter, number>> {
  const rows = await db
    .selectFrom("jobs")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .where("kind", "=", MAIL_JOB)
    .where("status", "in", ["pending", "failed"])
    .groupBy("status")
    .execute();
  const count = (status: OutboxFilter) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { pending: count("pending"), failed: count("failed") };
}

/**
 * Resend: a failed mail (or one waiting for its next try) goes back in line now, with a fresh
 * count of attempts. False when it is not a mail that can be resent (delivered, or being sent).
 */
export async function resendMail(deps: { db: Db; jobs: JobQueue }, id: string): Promise<boolean> {
  const job = await deps.db.selectFrom("jobs").select("kind").where("id", "=", id).executeTakeFirst();
  if (job?.kind !== MAIL_JOB) return false;
  const resent = await retryJob(deps.db, id);
  if (resent) deps.jobs.wake();
  return resent;
}
