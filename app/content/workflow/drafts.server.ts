import { recordAudit } from "../../audit/audit.server.ts";
import { type Actor, assertRole, CONTENT_ROLE } from "../../auth/roles.ts";
import { type Db, isUniqueViolation, nowIso, type Trx } from "../../db/db.server.ts";
import { isId, newId } from "../../db/ids.server.ts";
import { AppError, notFound, parseInput } from "../../errors.ts";
import { type JobHandlerDef, type JobQueue, PermanentJobError } from "../../jobs/queue.server.ts";
import type { Logger } from "../../logger.server.ts";
import { contentAudit } from "./content-audit.ts";
import { holdImages } from "./images.server.ts";
import { diffValues, type FieldChange, sameValues } from "./diff.ts";
import { schedulePublishSchema } from "./schedule.ts";
import { parseValues, putLive } from "./revisions.server.ts";
import { assertNoSingleton } from "./singleton.server.ts";
import { assertWriter } from "./sensitive.server.ts";
import { findSection, type SectionDef, type SectionKey, sectionDef, type Values } from "../registry/sections.ts";
import { writableSections } from "./trash.server.ts";
import { parseSection, parseStored } from "../registry/validate.server.ts";
import { assertUniqueFields } from "./unique.server.ts";
import { type OrderDraft, orderDraftsOf, publishOrderIn } from "./order-drafts.server.ts";
import { applyOrder } from "./order.ts";
import { entryTitle } from "../registry/entry-title.ts";

/**
 * Drafts: what the admin screens save. A record has at most one draft (`content_drafts`); the
 * public site reads only `content_items`, so nothing here changes what visitors see until a
 * publish, which goes through `putLive` (revision, `publicContentChanged`). A draft of a record
 * never published yet has the id the record will get. Each editor action is one function taking
 * the actor (save, publish, discard, schedule, cancel a schedule) and records its audit entry in
 * its own transaction.
 */

export const PUBLISH_JOB = "content.publish-scheduled";

export interface Draft {
  recordId: string;
  section: SectionKey;
  values: Values;
  /** Scheduled publish time (ISO UTC), if any. */
  publishAt: string | null;
  scheduledBy: string | null;
  updatedAt: string;
  updatedBy: string;
}

type DraftRow = { record_id: string; section: string; data: string; publish_at: string | null; scheduled_by: string | null; updated_at: string; updated_by: string };

const draftColumns = ["record_id", "section", "data", "publish_at", "scheduled_by", "updated_at", "updated_by"] as const;

const toDraft = (row: DraftRow): Draft => ({
  recordId: row.record_id,
  section: row.section as SectionKey,
  values: parseValues(row.data) ?? {},
  publishAt: row.publish_at,
  scheduledBy: row.scheduled_by,
  updatedAt: row.updated_at,
  updatedBy: row.updated_by,
});

/** The published values of a record of a section, as stored (undefined when not published). */
const liveRow = (trx: Trx | Db, key: SectionKey, id: string) =>
  trx.selectFrom("content_items").select("data").where("id", "=", id).where("section", "=", key).executeTakeFirst();

/** A new draft row. */
const draftRow = (def: SectionDef, recordId: string, data: string, by: string, now: string) => ({
  record_id: recordId,
  section: def.key,
  singleton_key: def.kind === "singleton" ? def.key : null,
  data,
  publish_at: null,
  scheduled_by: null,
  created_at: now,
  updated_at: now,
  updated_by: by,
});

function draftsSection(viewer: Actor, key: SectionKey): { def: SectionDef; by: string } {
  const def = sectionDef(key);
  const by = assertRole(viewer, def.write);
  if (!def.drafts) throw new AppError(400, `${def.label} is saved at once; it has no drafts`);
  return { def, by };
}

// ---------------------------------------------------------------- reading

/** A record as its edit screen needs it: the published version, the draft, or both; undefined when neither exists. */
export async function getEditable(db: Db, key: SectionKey, id: string): Promise<{ published?: Values; draft?: Draft } | undefined> {
  if (!isId(id)) return undefined;
  const [live, draft] = await Promise.all([
    liveRow(db, key, id),
    db.selectFrom("content_drafts").select(draftColumns).where("record_id", "=", id).where("section", "=", key).executeTakeFirst(),
  ]);
  if (!live && !draft) return undefined;
  return { published: parseValues(live?.data ?? null) ?? undefined, draft: draft && toDraft(draft) };
}

/** The drafts of some sections, by record id, in the order they were drafted (content.server.ts `loadSectionsWithDrafts`). */
export async function draftsOf(db: Db, keys: readonly SectionKey[]): Promise<Map<string, Draft>> {
  const rows = await db.selectFrom("content_drafts").select(draftColumns).where("section", "in", keys as readonly string[]).orderBy("created_at").orderBy("record_id").execute();
  return new Map(rows.map((row) => [row.record_id, toDraft(row)]));
}

export interface UnpublishedChange extends Draft {
  /** The live version; null for a record not published yet. */
  published: Values | null;
  changes: FieldChange[];
}

/** Every draft this person may publish, most recently saved first, with what it would change. */
export async function listUnpublished(db: Db, actor: Actor): Promise<UnpublishedChange[]> {
  const allowed = writableSections(actor);
  const rows = await db.selectFrom("content_drafts").select(draftColumns).where("section", "in", allowed).orderBy("updated_at", "desc").orderBy("record_id").execute();
  if (rows.length === 0) return [];
  const live = await db
    .selectFrom("content_items")
    .select(["id", "data"])
    .where(
      "id",
      "in",
      rows.map((r) => r.record_id),
    )
    .execute();
  const publishedById = new Map(live.map((r) => [r.id, parseValues(r.data)]));
  return rows.map((row) => {
    const draft = toDraft(row);
    const published = publishedById.get(row.record_id) ?? null;
    return { ...draft, published, changes: diffValues(sectionDef(draft.section), published, draft.values) };
  });
}

/** How many drafts (records' and lists' orders) there are in the sections this person may change (the admin dashboard's count). */
export async function unpublishedCount(db: Db, actor: Actor): Promise<number> {
  const count = (table: "content_drafts" | "content_order_drafts") =>
    db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number | string>().as("n"))
      .where("section", "in", writableSections(actor))
      .executeTakeFirstOrThrow();
  const [records, orders] = await Promise.all([count("content_drafts"), count("content_order_drafts")]);
  return Number(records.n) + Number(orders.n);
}

/** The drafted orders of lists this person may change, with the titles in their new order (the drafts page). */
export async function listOrderDrafts(db: Db, actor: Actor): Promise<(OrderDraft & { titles: string[] })[]> {
  const drafts = [...(await orderDraftsOf(db, writableSections(actor))).values()];
  return Promise.all(
    drafts.map(async (draft) => {
      const rows = await db.selectFrom("content_items").select(["id", "data"]).where("section", "=", draft.section).orderBy("position").orderBy("created_at").orderBy("id").execute();
      const byId = new Map(rows.map((row) => [row.id, parseValues(row.data) ?? {}]));
      const def = sectionDef(draft.section);
      return { ...draft, titles: applyOrder([...byId.keys()], draft.ids).map((id) => entryTitle(def, byId.get(id)!)) };
    }),
  );
}

// ---------------------------------------------------------------- editor actions

/**
 * Saves a draft of a record (`id`), or of a new one (`id` undefined; a singleton only while its
 * section has none). Values that equal the published version leave no draft behind.
 */
export async function saveDraft(db: Db, actor: Actor, key: SectionKey, id: string | undefined, input: unknown): Promise<{ recordId: string; changed: boolean }> {
  const { def, by } = draftsSection(actor, key);
  const values = parseSection(def, input);
  const data = JSON.stringify(values);
  const now = nowIso();
  if (id === undefined) {
    if (def.kind === "singleton") await assertNoSingleton(db, def);
    const recordId = newId();
    try {
      await db.transaction().execute(async (trx) => {
        await holdImages(trx, def, values);
        await assertUniqueFields(trx, def, recordId, values);
        await trx.insertInto("content_drafts").values(draftRow(def, recordId, data, by, now)).execute();
        await recordAudit(trx, contentAudit.draft(actor, def, recordId, null, values));
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, `${def.label} already has a draft; there is only one`);
      throw error;
    }
    return { recordId, changed: true };
  }
  if (!isId(id)) throw notFound(def.label);
  return db.transaction().execute(async (trx) => {
    const live = await liveRow(trx, key, id);
    const draft = await trx.selectFrom("content_drafts").select("record_id").where("record_id", "=", id).where("section", "=", key).executeTakeFirst();
    if (!live && !draft) throw notFound(def.label);
    if (live && sameValues(def, values, parseValues(live.data))) {
      // Back to what the site shows: nothing left to publish.
      await trx.deleteFrom("content_drafts").where("record_id", "=", id).execute();
      return { recordId: id, changed: false };
    }
    await holdImages(trx, def, values);
    await assertUniqueFields(trx, def, id, values);
    await trx
      .insertInto("content_drafts")
      .values(draftRow(def, id, data, by, now))
      .onConflict((oc) => oc.column("record_id").doUpdateSet({ data, updated_at: now, updated_by: by }))
      .execute();
    await recordAudit(trx, contentAudit.draft(actor, def, id, parseValues(live?.data ?? null), values));
    return { recordId: id, changed: true };
  });
}

/**
 * Publishes a record: the values given (what the form holds), or else its saved draft. Its draft
 * is gone afterwards. A new record (`id` undefined) is created live at the end of its list. Works
 * for sections without drafts too: that is how they save.
 */
export async function publish(db: Db, actor: Actor, key: SectionKey, id: string | undefined, input?: unknown): Promise<{ recordId: string; changed: boolean }> {
  const def = sectionDef(key);
  const by = assertWriter(actor, def);
  const given = input === undefined ? undefined : parseSection(def, input);
  if (id === undefined) {
    if (!given) throw new AppError(400, "Nothing to publish");
    if (def.kind === "singleton") await assertNoSingleton(db, def);
    const recordId = newId();
    await db.transaction().execute(async (trx) => {
      await putLive(trx, def, recordId, given, { by });
      await recordAudit(trx, contentAudit.publish(actor, def, recordId, null, given));
    });
    return { recordId, changed: true };
  }
  if (!isId(id)) throw notFound(def.label);
  return db.transaction().execute(async (trx) => {
    const live = await liveRow(trx, key, id);
    // Taken in one statement: a draft saved a moment later is a new draft, not lost.
    const draft = await trx.deleteFrom("content_drafts").where("record_id", "=", id).where("section", "=", key).returning("data").executeTakeFirst();
    if (!live && !draft) throw notFound(def.label);
    const values = given ?? draftValues(def, draft!.data);
    if (live && sameValues(def, values, parseValues(live.data))) return { recordId: id, changed: false };
    const { before } = await putLive(trx, def, id, values, { by });
    await recordAudit(trx, contentAudit.publish(actor, def, id, before, values));
    return { recordId: id, changed: true };
  });
}

/**
 * Publishes every draft this person may publish, in one transaction: what the preview showed goes
 * live together, or (one draft no longer valid) nothing does.
 */
export async function publishAll(db: Db, actor: Actor): Promise<{ published: number }> {
  const by = assertRole(actor, CONTENT_ROLE);
  return db.transaction().execute(async (trx) => {
    // Oldest first: new list items go live in the order they were drafted.
    const drafts = await trx
      .selectFrom("content_drafts")
      .select(["record_id", "section"])
      .where("section", "in", writableSections(actor))
      .orderBy("created_at")
      .orderBy("record_id")
      .execute();
    let published = 0;
    for (const { record_id: id, section } of drafts) {
      const taken = await trx.deleteFrom("content_drafts").where("record_id", "=", id).returning("data").executeTakeFirst();
      if (!taken) continue;
      const def = sectionDef(section as SectionKey);
      const values = draftValues(def, taken.data);
      const { before } = await putLive(trx, def, id, values, { by });
      await recordAudit(trx, contentAudit.publish(actor, def, id, before, values));
      published += 1;
    }
    // Reorders are drafts too: they go out with the rest, after new items took their places.
    const orders = await trx.selectFrom("content_order_drafts").select("section").where("section", "in", writableSections(actor)).orderBy("created_at").execute();
    for (const { section } of orders) if (await publishOrderIn(trx, actor, section as SectionKey)) published += 1;
    return { published };
  });
}

/** A stored draft's values, checked against today's rules for the section. */
const draftValues = (def: SectionDef, data: string): Values =>
  parseStored(def, parseValues(data), (fields) => `The draft no longer passes the rules for ${def.label} (${fields}); open it, correct it and save it again`);

/** Drops a record's draft. Returns whether the record is still on the site (a never-published one is gone). */
export async function discardDraft(db: Db, actor: Actor, key: SectionKey, id: string): Promise<{ stillLive: boolean }> {
  const { def } = draftsSection(actor, key);
  if (!isId(id)) throw notFound(`Draft of ${def.label}`);
  return db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom("content_drafts").where("record_id", "=", id).where("section", "=", key).returning("data").executeTakeFirst();
    if (!removed) throw notFound(`Draft of ${def.label}`);
    await recordAudit(trx, contentAudit.discard(actor, def, id, removed.data));
    return { stillLive: (await liveRow(trx, key, id)) !== undefined };
  });
}

/**
 * Schedules a record's draft to be published at a time (the job queue runs it then, on whichever
 * process is up, whether or not anyone visits). Saving the draft again keeps the schedule; a new
 * time replaces the old one.
 */
export async function scheduleDraft(db: Db, jobs: JobQueue, actor: Actor, key: SectionKey, id: string, input: unknown, now = new Date()): Promise<{ publishAt: string }> {
  const { def, by } = draftsSection(actor, key);
  const publishAt = parseInput(schedulePublishSchema(now), input).toISOString();
  if (!isId(id)) throw notFound(`Draft of ${def.label}`);
  await db.transaction().execute(async (trx) => {
    const draft = await trx
      .updateTable("content_drafts")
      .set({ publish_at: publishAt, scheduled_by: by })
      .where("record_id", "=", id)
      .where("section", "=", key)
      .returning("data")
      .executeTakeFirst();
    if (!draft) throw new AppError(404, `There is no draft of this ${def.label.toLowerCase()} to schedule; save a draft first`);
    await recordAudit(trx, contentAudit.schedule(actor, def, id, draft.data, publishAt));
    await jobs.enqueue(trx, PUBLISH_JOB, { section: key, recordId: id, publishAt } satisfies ScheduledPublish, { runAt: new Date(publishAt) });
  });
  return { publishAt };
}

/** Keeps the draft but drops its publish time. */
export async function cancelSchedule(db: Db, actor: Actor, key: SectionKey, id: string): Promise<void> {
  const { def } = draftsSection(actor, key);
  if (!isId(id)) throw notFound(`Draft of ${def.label}`);
  await db.transaction().execute(async (trx) => {
    const draft = await trx
      .updateTable("content_drafts")
      .set({ publish_at: null, scheduled_by: null })
      .where("record_id", "=", id)
      .where("section", "=", key)
      .where("publish_at", "is not", null)
      .returning("data")
      .executeTakeFirst();
    if (!draft) throw notFound(`Scheduled publish of ${def.label}`);
    await recordAudit(trx, contentAudit.schedule(actor, def, id, draft.data, null));
  });
}

// ---------------------------------------------------------------- scheduled publishing

interface ScheduledPublish {
  section: string;
  recordId: string;
  publishAt: string;
}

/**
 * Publishes a scheduled draft. It takes the draft only if it is still scheduled for this job's
 * time, in one conditional delete: a draft rescheduled, cancelled, published or discarded since is
 * left alone, and two processes running the job at once publish it once.
 */
export function scheduledPublishJob(db: Db, log: Pick<Logger, "info">): JobHandlerDef<ScheduledPublish> {
  return {
    kind: PUBLISH_JOB,
    maxAttempts: 5,
    async run({ section, recordId, publishAt }) {
      const def = findSection(section);
      if (!def) throw new PermanentJobError(`unknown section ${section}`);
      const published = await db.transaction().execute(async (trx: Trx) => {
        const draft = await trx
          .deleteFrom("content_drafts")
          .where("record_id", "=", recordId)
          .where("publish_at", "=", publishAt)
          .returning(["data", "scheduled_by", "updated_by"])
          .executeTakeFirst();
        if (!draft) return false;
        const by = draft.scheduled_by ?? draft.updated_by;
        try {
          const values = draftValues(def, draft.data);
          const { before } = await putLive(trx, def, recordId, values, { by, note: "Published on schedule" });
          // The person who scheduled it, from no address: the server acted for them.
          await recordAudit(trx, contentAudit.publish({ email: by, ip: null }, def, recordId, before, values, "Published on schedule. "));
        } catch (error) {
          // Refused for good (no longer valid, a second singleton): the draft stays, the job fails visibly.
          if (error instanceof AppError) throw new PermanentJobError(error.message);
          throw error;
        }
        return true;
      });
      if (published) log.info(`content: published the scheduled draft of ${def.label} ${recordId}`);
    },
  };
}
