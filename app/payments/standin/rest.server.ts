import { createHmac, timingSafeEqual } from "node:crypto";
import type { Config } from "../../config.server.ts";
import { type Db, isUniqueViolation } from "../../db/db.server.ts";
import type { PaypalStandinOrdersTable } from "../../db/tables.ts";
import { type JobHandlerDef, type JobQueue, PermanentJobError } from "../../jobs/queue.server.ts";
import { createSimulator, type SimOrderRecord, type SimStore, webhookRequestHeaders } from "./simulator.ts";
import type { WebhookEvent } from "../paypal-rest/types.ts";

/**
 * The local PayPal stand-in's REST API (PAYPAL_MODE=standin): the protocol simulator served from
 * the `paypal_standin_orders` table, so every server process on one database is the same PayPal.
 * Tokens and webhook signatures are HMACs under a key derived from AUTH_SECRET, so they need no
 * storage and every process accepts what any other issued. The webhooks PayPal would send go to
 * this site's own /api/paypal/webhook through the job queue, retried like PayPal retries them.
 */

export const STANDIN_WEBHOOK_JOB = "paypal-standin.webhook";
const TOKEN_SECONDS = 32_400;

type StandinConfig = Pick<Config, "appUrl" | "authSecret" | "paypal">;

const key = (config: StandinConfig, purpose: string) => createHmac("sha256", config.authSecret).update(`paypal-standin:${purpose}`).digest("hex");

export const standinPaths = (appUrl: string) => ({
  api: `${appUrl}/paypal-standin`,
  approvePage: (id: string) => `${appUrl}/paypal-standin/checkoutnow?token=${encodeURIComponent(id)}`,
  webhookTarget: `${appUrl}/api/paypal/webhook`,
});

function toRecord(row: PaypalStandinOrdersTable): SimOrderRecord {
  return {
    id: row.id,
    status: row.status as SimOrderRecord["status"],
    createRequestId: row.create_request_id,
    captureRequestId: row.capture_request_id,
    returnUrl: row.return_url,
    cancelUrl: row.cancel_url,
    order: JSON.parse(row.data),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toRow(record: SimOrderRecord): PaypalStandinOrdersTable {
  return {
    id: record.id,
    capture_id: record.order.purchase_units?.[0]?.payments?.captures?.[0]?.id ?? null,
    create_request_id: record.createRequestId,
    capture_request_id: record.captureRequestId,
    status: record.status,
    return_url: record.returnUrl,
    cancel_url: record.cancelUrl,
    data: JSON.stringify(record.order),
    created_at: record.createdAt,
    updated_at: record.updatedAt,
  };
}

/** Conditional writes keep it right when two processes act on one order at once. */
export function databaseStore(db: Db): SimStore {
  const byId = async (id: string) => {
    const row = await db.selectFrom("paypal_standin_orders").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? toRecord(row) : undefined;
  };
  return {
    get: byId,
    async findByCreateRequestId(requestId) {
      const row = await db.selectFrom("paypal_standin_orders").selectAll().where("create_request_id", "=", requestId).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },
    async findByCaptureId(captureId) {
      const row = await db.selectFrom("paypal_standin_orders").selectAll().where("capture_id", "=", captureId).executeTakeFirst();
      return row ? toRecord(row) : undefined;
    },
    async insert(record) {
      try {
        await db.insertInto("paypal_standin_orders").values(toRow(record)).execute();
        return record;
      } catch (error) {
        if (!isUniqueViolation(error) || !record.createRequestId) throw error;
        return (await this.findByCreateRequestId(record.createRequestId))!;
      }
    },
    async update(record, from, since) {
      const { id: _id, created_at: _created, ...changes } = toRow(record);
      const result = await db
        .updateTable("paypal_standin_orders")
        .set(changes)
        .where("id", "=", record.id)
        .where("status", "in", from)
        .$if(since !== undefined, (q) => q.where("updated_at", "=", since!))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}

/** Stateless bearer tokens: `A21STANDIN.<expiry>.<hmac>`, valid in every process until they expire. */
function hmacTokens(config: StandinConfig, now: () => number) {
  const secret = key(config, "tokens");
  const sign = (expires: number) => createHmac("sha256", secret).update(String(expires)).digest("base64url");
  return {
    async issue(id: string, clientSecret: string) {
      if (id !== config.paypal.clientId || clientSecret !== config.paypal.clientSecret) return null;
      const expires = Math.floor(now() / 1000) + TOKEN_SECONDS;
      return { token: `A21STANDIN.${expires}.${sign(expires)}`, expiresIn: TOKEN_SECONDS };
    },
    async valid(token: string) {
      const [prefix, expires = "", sig = ""] = token.split(".");
      if (prefix !== "A21STANDIN" || !/^\d{1,12}$/.test(expires) || Number(expires) * 1000 <= now()) return false;
      const good = Buffer.from(sign(Number(expires)));
      const given = Buffer.from(sig);
      return good.length === given.length && timingSafeEqual(good, given);
    },
  };
}

/** The stand-in PayPal for this process. */
export function standinPayPal(deps: { db: Db; jobs: Pick<JobQueue, "enqueue">; config: StandinConfig; now?: () => number }) {
  const { config } = deps;
  const paths = standinPaths(config.appUrl);
  const origin = new URL(config.appUrl).origin;
  return createSimulator({
    store: databaseStore(deps.db),
    tokens: hmacTokens(config, deps.now ?? Date.now),
    webhookSecret: key(config, "webhooks"),
    webhookId: config.paypal.webhookId,
    apiBase: paths.api,
    approvePageUrl: paths.approvePage,
    // It only ever sends buyers back to this site: no open redirect through the stand-in.
    allowReturnUrl: (url) => {
      try {
        return new URL(url).origin === origin;
      } catch {
        return false;
      }
    },
    onEvent: async (event) => {
      await deps.jobs.enqueue(deps.db, STANDIN_WEBHOOK_JOB, { event }, { dedupeKey: `${STANDIN_WEBHOOK_JOB}:${event.id}` });
    },
  });
}

/**
 * Delivers one webhook to this site, signed as the stand-in signs; retried with the queue's
 * backoff while the site does not answer 2xx (PayPal retries for days; the stand-in 8 times).
 */
export function standinWebhookJob(config: StandinConfig): JobHandlerDef<{ event: WebhookEvent }> {
  return {
    kind: STANDIN_WEBHOOK_JOB,
    maxAttempts: 8,
    async run({ event }) {
      const paths = standinPaths(config.appUrl);
      const body = JSON.stringify(event);
      const response = await fetch(paths.webhookTarget, {
        method: "POST",
        headers: { ...webhookRequestHeaders(key(config, "webhooks"), config.paypal.webhookId, body, paths.api), "User-Agent": "PayPal/AUHD-214.0-58843374 (stand-in)" },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      await response.text();
      if (response.status >= 400 && response.status < 500 && response.status !== 429) throw new PermanentJobError(`the site answered ${response.status}`);
      if (!response.ok) throw new Error(`the site answered ${response.status}`);
    },
  };
}
