import type { Db } from "../db/db.server.ts";
import { nowIso } from "../db/db.server.ts";
import { newId } from "../db/ids.server.ts";
import type { PageInfo } from "../db/paging.ts";
import { AppError, parseInput } from "../errors.ts";
import { hashLinkToken as hashToken, looksLikeLinkToken as looksLikeToken, newLinkToken } from "../security/link-tokens.server.ts";
import { enforceRateLimit } from "../security/rate-limit.server.ts";
import type { Services } from "../services.server.ts";
import { HONEYPOT_REJECTED, honeypotFilled, subscribeSchema } from "./schema.ts";
import { newestFirstPage } from "../db/paging.server.ts";

export interface SubscriberRecord {
  _id: string;
  subemail: string;
  createdAt: string;
}

export const SUBSCRIBE_RATE_LIMITED = "Too many subscribe requests from your connection in the last minute. Please wait a minute and try again.";

export const unsubscribeUrl = (appUrl: string, token: string) => `${appUrl}/unsubscribe/${token}`;

/**
 * POST /api/add-subscriber and the footer form. The same email twice is one subscriber (a unique
 * index and `on conflict do nothing`), and the caller sees the same success either way, so the
 * form cannot be used to find out who is subscribed. Only a new subscriber is mailed, with a
 * personal unsubscribe link; only the link's hash is stored.
 */
export async function addSubscriber(
  services: Pick<Services, "db" | "rateLimiter" | "mailer" | "config" | "log">,
  clientIp: string,
  input: unknown,
): Promise<{ subemail: string }> {
  if (honeypotFilled(input)) throw new AppError(400, HONEYPOT_REJECTED);
  const { subemail } = parseInput(subscribeSchema, input);
  await enforceRateLimit(services.rateLimiter, "subscribe", clientIp, SUBSCRIBE_RATE_LIMITED);

  const token = newLinkToken();
  // A new subscriber and their welcome mail are stored together; the answer is the same either way.
  await services.db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto("subscribers")
      .values({ id: newId(), subemail, unsubscribe_token_hash: hashToken(token), created_at: nowIso() })
      .onConflict((oc) => oc.column("subemail").doNothing())
      .returning("id")
      .executeTakeFirst();
    if (!inserted) return;
    await services.mailer.send(
      {
        to: subemail,
        subject: "You are subscribed to Rankwell updates",
        text: [
          `Thank you for subscribing to Rankwell updates with ${subemail}.`,
          "",
          "If you did not ask for this, or no longer want our updates, unsubscribe with this link (no sign-in needed):",
          unsubscribeUrl(services.config.appUrl, token),
          "",
        ].join("\n"),
        content: {
          title: "You are subscribed",
          paragraphs: [
            `Thank you for subscribing to Rankwell updates with ${subemail}.`,
            "If you did not ask for this, or no longer want our updates, unsubscribe with this link (no sign-in needed):",
          ],
          button: { label: "Unsubscribe", url: unsubscribeUrl(services.config.appUrl, token) },
        },
      },
      trx,
    );
  });
  return { subemail };
}

/** One page of subscribers, newest first; counted and cut in SQL. */
export async function listSubscribers(db: Db, page: number, pageSize: number): Promise<{ items: SubscriberRecord[] } & PageInfo> {
  const query = db.selectFrom("subscribers").select(["id", "subemail", "created_at"]);
  const { rows, ...info } = await newestFirstPage(query, page, pageSize);
  return { items: rows.map((r) => ({ _id: r.id, subemail: r.subemail, createdAt: r.created_at })), ...info };
}

/**
 * Every subscriber, newest first, a batch at a time (keyset paging on created_at, id), for the
 * CSV download: memory stays flat however long the list grows.
 */
export async function* allSubscribers(db: Db, batchSize = 500): AsyncGenerator<SubscriberRecord[]> {
  let after: { created_at: string; id: string } | undefined;
  for (;;) {
    const cursor = after;
    const rows = await db
      .selectFrom("subscribers")
      .select(["id", "subemail", "created_at"])
      .$if(cursor !== undefined, (q) =>
        q.where((eb) =>
          eb.or([eb("created_at", "<", cursor!.created_at), eb.and([eb("created_at", "=", cursor!.created_at), eb("id", "<", cursor!.id)])]),
        ),
      )
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(batchSize)
      .execute();
    if (rows.length === 0) return;
    yield rows.map((r) => ({ _id: r.id, subemail: r.subemail, createdAt: r.created_at }));
    if (rows.length < batchSize) return;
    after = rows.at(-1)!;
  }
}

/** The subscriber an unsubscribe link belongs to, if the link is still good. */
export async function subscriberForToken(db: Db, token: string): Promise<{ subemail: string } | undefined> {
  if (!looksLikeToken(token)) return undefined;
  return db.selectFrom("subscribers").select("subemail").where("unsubscribe_token_hash", "=", hashToken(token)).executeTakeFirst();
}

/** Removes the subscriber whose link this is (the row is deleted, not flagged). */
export async function unsubscribe(db: Db, token: string): Promise<string | undefined> {
  if (!looksLikeToken(token)) return undefined;
  const row = await db
    .deleteFrom("subscribers")
    .where("unsubscribe_token_hash", "=", hashToken(token))
    .returning("subemail")
    .executeTakeFirst();
  return row?.subemail;
}
