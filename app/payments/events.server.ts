import { type Db, type DbOrTrx, nowIso } from "../db/db.server.ts";
import { newId } from "../db/ids.server.ts";
import type { PageInfo } from "../db/paging.ts";
import { newestFirstPage } from "../db/paging.server.ts";
import { type JobHandlerDef, type JobQueue, PermanentJobError, retryJob } from "../jobs/queue.server.ts";
import type { Logger } from "../logger.server.ts";
import { PayPalUnavailable } from "./paypal-rest/client.server.ts";
import type { EventRow } from "./events-table.tsx";
import type { Outcome, PaymentEvent, PaymentProvider, ProviderName } from "./provider.ts";

/**
 * Nothing received is lost. Every IPN and webhook is written to payment_events, with a job to
 * process it, in one transaction, before PayPal gets its 200 (no row, no 200: PayPal sends it
 * again). The job verifies the message with PayPal and applies it; while PayPal cannot be reached
 * it is retried with backoff, also after a restart and on whichever process is up. What still
 * fails after the last try is flagged for a person. Returns, captures and reconciliation record
 * their outcomes here too, so the admin's Payments screen is one list of everything.
 */

export const PROCESS_EVENT_JOB = "payments.process-event";
/** Tries before an event is flagged: with the queue's backoff (5 s doubling, at most an hour), about 4 hours. */
export const PROCESS_EVENT_ATTEMPTS = 12;

export interface IncomingMessage {
  provider: ProviderName;
  source: "ipn" | "webhook";
  eventType: string;
  /** Unique while it counts; null when the message has nothing to dedupe on. */
  dedupeKey: string | null;
  /** Exactly as received (an IPN's bytes as latin1, so they go back unchanged). */
  raw: string;
  headers?: Record<string, string>;
  orderId?: string | null;
  reference?: string | null;
  amountCents?: number | null;
  currency?: string | null;
}

const clip = (value: string | null | undefined, max = 64) => (value ? value.slice(0, max) : null);

/**
 * Stores a notification and its processing job together. "duplicate" when the same one (same
 * dedupe key) is already stored: PayPal may still get its 200, because the first is being handled.
 */
export async function storeIncoming(deps: { db: Db; jobs: Pick<JobQueue, "enqueue" | "wake"> }, message: IncomingMessage): Promise<"stored" | "duplicate"> {
  const id = newId();
  const stored = await deps.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto("payment_events")
      .values({
        id,
        provider: message.provider,
        source: message.source,
        event_type: message.eventType.slice(0, 100),
        dedupe_key: message.dedupeKey?.slice(0, 200) ?? null,
        order_id: clip(message.orderId),
        reference: clip(message.reference),
        amount_cents: message.amountCents ?? null,
        currency: clip(message.currency, 8),
        raw: message.raw,
        headers: message.headers ? JSON.stringify(message.headers) : null,
        status: "received",
        outcome: null,
        attention: 0,
        reason: "",
        received_at: nowIso(),
        processed_at: null,
      })
      .onConflict((oc) => oc.column("dedupe_key").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!row) return false;
    await deps.jobs.enqueue(trx, PROCESS_EVENT_JOB, { eventId: id }, { dedupeKey: `${PROCESS_EVENT_JOB}:${id}`, maxAttempts: PROCESS_EVENT_ATTEMPTS });
    return true;
  });
  if (stored) deps.jobs.wake();
  return stored ? "stored" : "duplicate";
}

/** Writes what became of an event (and forgets the raw message, which holds the payer's details). */
async function finish(db: Db, event: PaymentEvent, outcome: Outcome, status: "done" | "failed" = "done"): Promise<void> {
  await db
    .updateTable("payment_events")
    .set({
      status,
      outcome: outcome.outcome,
      reason: outcome.reason.slice(0, 1000),
      attention: outcome.attention ? 1 : 0,
      order_id: clip(outcome.orderId ?? event.order_id),
      reference: clip(outcome.reference ?? event.reference),
      amount_cents: outcome.amountCents ?? event.amount_cents,
      currency: clip(outcome.currency ?? event.currency, 8),
      // A forged message must not keep the genuine one out.
      dedupe_key: outcome.forged ? null : event.dedupe_key,
      raw: status === "failed" ? event.raw : null,
      processed_at: nowIso(),
    })
    .where("id", "=", event.id)
    .where("status", "=", "received")
    .execute();
}

/** The job that verifies and applies one stored notification. Idempotent: a done event is skipped. */
export function processEventJob(deps: { db: Db; log: Logger; providers: Record<ProviderName, PaymentProvider> }): JobHandlerDef<{ eventId: string }> {
  return {
    kind: PROCESS_EVENT_JOB,
    maxAttempts: PROCESS_EVENT_ATTEMPTS,
    async run({ eventId }, { attempt }) {
      const event = await deps.db.selectFrom("payment_events").selectAll().where("id", "=", eventId).executeTakeFirst();
      if (!event || event.status !== "received") return;
      const provider = deps.providers[event.provider as ProviderName];
      if (!provider) throw new PermanentJobError(`no payment provider ${event.provider}`);
      let outcome: Outcome;
      try {
        outcome = await provider.processEvent(event);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (attempt >= PROCESS_EVENT_ATTEMPTS || !(error instanceof PayPalUnavailable)) {
          const why = error instanceof PayPalUnavailable ? `verification or processing still failing after ${attempt} tries` : "processing failed";
          await finish(deps.db, event, { outcome: "failed", attention: true, reason: `${why}: ${message}` }, "failed");
          throw new PermanentJobError(message);
        }
        await deps.db.updateTable("payment_events").set({ reason: `try ${attempt} failed, will try again: ${message}`.slice(0, 1000) }).where("id", "=", event.id).execute();
        throw error;
      }
      await finish(deps.db, event, outcome);
      const line = `payment ${event.source} ${event.event_type} ${event.id} for order ${outcome.orderId ?? event.order_id ?? "(none)"}: ${outcome.outcome}, ${outcome.reason}`;
      if (outcome.attention) deps.log.error(`${line} (needs attention)`);
      else deps.log.info(line);
    },
  };
}

/** Records an outcome we reached ourselves (return, capture, reconciliation, checkout). */
export async function recordOutcome(db: DbOrTrx, provider: ProviderName, source: "return" | "reconcile" | "checkout" | "refund", outcome: Outcome): Promise<void> {
  const now = nowIso();
  await db
    .insertInto("payment_events")
    .values({
      id: newId(),
      provider,
      source,
      event_type: source === "return" ? "RETURN" : source === "reconcile" ? "RECONCILE" : source === "refund" ? "REFUND" : "CHECKOUT",
      dedupe_key: null,
      order_id: clip(outcome.orderId),
      reference: clip(outcome.reference),
      amount_cents: outcome.amountCents ?? null,
      currency: clip(outcome.currency, 8),
      raw: null,
      headers: null,
      status: "done",
      outcome: outcome.outcome,
      attention: outcome.attention ? 1 : 0,
      reason: outcome.reason.slice(0, 1000),
      received_at: now,
      processed_at: now,
    })
    .execute();
}

const toItem = (row: PaymentEvent & { order_number?: number | null }): EventRow => ({
  id: row.id,
  receivedAt: row.received_at,
  source: row.source,
  type: row.event_type,
  orderId: row.order_id,
  orderNumber: row.order_number ?? null,
  reference: row.reference,
  amountCents: row.amount_cents,
  currency: row.currency,
  status: row.status,
  outcome: row.outcome ?? (row.status === "received" ? "processing" : ""),
  attention: row.attention === 1,
  reason: row.reason,
});

/** The admin's list: newest first, everything or only what needs attention. */
export async function listEvents(db: Db, filter: { attention?: boolean }, page: number, pageSize: number): Promise<{ items: EventRow[] } & PageInfo> {
  const query = db
    .selectFrom("payment_events")
    .selectAll()
    // The order's number (#1001), as people know it; a subquery, so the page's ORDER BY id stays unambiguous.
    .select((eb) => eb.selectFrom("orders").select("orders.number").whereRef("orders.id", "=", "payment_events.order_id").as("order_number"))
    .$if(filter.attention === true, (qb) => qb.where("attention", "=", 1));
  const { rows, ...info } = await newestFirstPage(query, page, pageSize, "received_at");
  return { items: rows.map(toItem), ...info };
}

export async function attentionCount(db: Db): Promise<number> {
  const { count } = await db.selectFrom("payment_events").select((eb) => eb.fn.countAll<number>().as("count")).where("attention", "=", 1).executeTakeFirstOrThrow();
  return Number(count);
}

/** One order's payment history, oldest first. */
export async function orderHistory(db: Db, orderId: string): Promise<EventRow[]> {
  const rows = await db.selectFrom("payment_events").selectAll().where("order_id", "=", orderId).orderBy("received_at").orderBy("id").limit(200).execute();
  return rows.map(toItem);
}

/**
 * An admin's "Try again" for an event whose processing gave up (PayPal unreachable for hours, or
 * an error): it goes back to waiting and its job runs again at once, with a fresh count of tries.
 */
export async function retryEvent(deps: { db: Db; jobs: Pick<JobQueue, "wake"> }, id: string): Promise<boolean> {
  const job = await deps.db.selectFrom("jobs").select("id").where("dedupe_key", "=", `${PROCESS_EVENT_JOB}:${id}`).executeTakeFirst();
  if (!job) return false;
  const reopened = await deps.db
    .updateTable("payment_events")
    .set({ status: "received", outcome: null, attention: 0, reason: "tried again by an admin", processed_at: null })
    .where("id", "=", id)
    .where("status", "=", "failed")
    .executeTakeFirst();
  if (Number(reopened.numUpdatedRows) !== 1) return false;
  await retryJob(deps.db, job.id);
  deps.jobs.wake();
  return true;
}
