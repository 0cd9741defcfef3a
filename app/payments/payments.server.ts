import type { JobHandlerDef } from "../jobs/queue.server.ts";
import { getOrderRow, type OrderRow, unsettledPayPalOrders } from "../orders/orders.server.ts";
import type { Services } from "../services.server.ts";
import { processEventJob, recordOutcome, storeIncoming } from "./events.server.ts";
import { paypalOrdersProvider } from "./paypal-rest/checkout.server.ts";
import { readWebhookEvent } from "./paypal-rest/rules.ts";
import { paypalStandardProvider } from "./paypal-standard/checkout.server.ts";
import { paypalStandardClient } from "./paypal-standard/client.server.ts";
import type { Outcome, PaymentProvider, ProviderName } from "./provider.ts";

export { IPN_PATH, onlinePaymentOpen, paymentAccountEmail, paymentAccountLink, WEBHOOK_PATH } from "./account.server.ts";

type Deps = Pick<Services, "db" | "config" | "mailer" | "jobs">;

/** Both ways of taking payment: notifications of either are processed whichever is in use. */
export function paymentProviders(services: Deps): Record<ProviderName, PaymentProvider> {
  return { "paypal-orders": paypalOrdersProvider(services), "paypal-standard": paypalStandardProvider(services) };
}

/** The way of taking payment that PAYPAL_CHECKOUT names. */
export function activeProvider(services: Deps): PaymentProvider {
  return services.config.paypal.checkout === "standard" ? paypalStandardProvider(services) : paypalOrdersProvider(services);
}

/** POST /api/paypal/ipn: stored as received (bytes as latin1), deduplicated on (txn_id, payment_status). */
export async function receiveIpn(services: Pick<Services, "db" | "jobs" | "config">, raw: Buffer) {
  const notice = paypalStandardClient({ baseUrl: services.config.paypal.baseUrl }).readNotification(raw);
  return storeIncoming(services, {
    provider: "paypal-standard",
    source: "ipn",
    eventType: `IPN ${notice.status || "(no status)"}`,
    dedupeKey: notice.txnId ? `ipn:${notice.txnId}:${notice.status}` : null,
    raw: raw.toString("latin1"),
    orderId: notice.orderId,
    reference: notice.txnId,
    amountCents: notice.amountCents,
    currency: notice.currency,
  });
}

/** POST /api/paypal/webhook: stored as received with its paypal-* headers; deduplicated on the event id. */
export async function receiveWebhook(services: Pick<Services, "db" | "jobs">, raw: string, headers: Record<string, string>) {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return "unreadable" as const;
  }
  const facts = readWebhookEvent(body);
  if (!facts) return "unreadable" as const;
  return storeIncoming(services, {
    provider: "paypal-orders",
    source: "webhook",
    eventType: facts.eventType,
    dedupeKey: `webhook:${facts.eventId}`,
    raw,
    headers,
    orderId: facts.orderId,
    reference: facts.refundId ?? facts.captureId ?? facts.paypalOrderId,
    amountCents: facts.amountCents,
    currency: facts.currency,
  });
}

/**
 * The return page asks PayPal what happened (REST: captures an approved order) and records the
 * outcome when something happened. Never marks Paid for reaching the page: only PayPal's capture does.
 */
export async function confirmReturn(services: Deps, order: OrderRow, params: URLSearchParams): Promise<{ order: OrderRow; outcome: Outcome | null }> {
  const provider = activeProvider(services);
  let outcome: Outcome | null;
  try {
    outcome = await provider.confirmReturn(order, params);
  } catch (error) {
    // PayPal unreachable: webhooks and reconciliation finish the job; the page says "processing".
    outcome = { orderId: order.id, outcome: "processing", reason: `could not confirm with PayPal yet: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (outcome && outcome.outcome !== "waiting") await recordOutcome(services.db, provider.name, "return", outcome);
  return { order: (await getOrderRow(services.db, order.id)) ?? order, outcome };
}

export const RECONCILE_JOB = "payments.reconcile";
/**
 * How far back reconciliation looks. PayPal reverses an approval that is not captured within
 * hours, and a capture it made sends webhooks for days; a week covers both with room to spare.
 */
const RECONCILE_DAYS = 7;
const RECONCILE_BATCH = 200;

/**
 * Asks PayPal about every UnPaid order that has a PayPal order (the last 7 days, newest first), captures
 * approved ones and records completed ones: a capture whose answer was lost, or a buyer who closed
 * the tab, ends Paid without anyone acting. One job per interval across all processes
 * (jobs.every); a run stops early rather than overlap the next one.
 */
export async function reconcilePayments(services: Deps & Pick<Services, "log">, budgetMs: number): Promise<{ checked: number; settled: number }> {
  const provider = paypalOrdersProvider(services);
  const since = new Date(Date.now() - RECONCILE_DAYS * 86_400_000).toISOString();
  const started = Date.now();
  const orders = await unsettledPayPalOrders(services.db, since, RECONCILE_BATCH);
  let settled = 0;
  let checked = 0;
  for (const order of orders) {
    if (Date.now() - started > budgetMs) break;
    checked += 1;
    try {
      const outcome = await provider.reconcile(order);
      if (outcome && !["waiting", "voided"].includes(outcome.outcome)) {
        await recordOutcome(services.db, provider.name, "reconcile", outcome);
        settled += 1;
      }
    } catch (error) {
      services.log.error(`payments: could not reconcile order ${order.id} (next run tries again)`, error);
    }
  }
  return { checked, settled };
}

/**
 * The local PayPal stand-in (PAYPAL_MODE=standin only: its REST API, pages and webhook job). A
 * module of its own, loaded here and nowhere else, so sandbox and live never load its code.
 */
export const loadStandin = () => import("./standin/standin.server.ts");

/** Every job the payments feature runs; the composition root registers them and the schedule. */
export async function paymentJobs(services: Deps & Pick<Services, "log">): Promise<JobHandlerDef<never>[]> {
  const seconds = services.config.paypal.reconcileSeconds;
  const jobs: JobHandlerDef<never>[] = [
    processEventJob({ db: services.db, log: services.log, providers: paymentProviders(services) }) as JobHandlerDef<never>,
    {
      kind: RECONCILE_JOB,
      maxAttempts: 1,
      async run() {
        const { checked, settled } = await reconcilePayments(services, Math.max(5, seconds / 2) * 1000);
        if (settled) services.log.info(`payments: reconciliation checked ${checked} order(s), ${settled} changed`);
      },
    } as JobHandlerDef<never>,
  ];
  if (services.config.paypal.mode === "standin") jobs.push((await loadStandin()).standinWebhookJob(services.config) as JobHandlerDef<never>);
  return jobs;
}
