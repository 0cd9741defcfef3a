import { recordAudit } from "../../audit/audit.server.ts";
import { type Actor, assertRole } from "../../auth/roles.ts";
import { type Db, type DbOrTrx, nowIso, type Trx } from "../../db/db.server.ts";
import { AppError, notFound } from "../../errors.ts";
import { type SectionKey, sectionDef } from "../registry/sections.ts";
import { contentAudit } from "./content-audit.ts";
import { applyOrder, moveOne, sameOrder } from "./order.ts";
import { publicContentChanged } from "./public-change.server.ts";

/**
 * Reordering is a draft like every other change of the admin screens (decision 0034): Move up and
 * Move down save the list's new order in `content_order_drafts` (one per section); the admin list
 * and the preview show it; publishing it (Publish order, or Publish all with the other drafts)
 * writes the positions of the published records in one transaction. The JSON API's
 * `PUT /reorder/…` stays live at once, as the spec's clients expect.
 */

export interface OrderDraft {
  section: SectionKey;
  ids: string[];
  updatedAt: string;
  updatedBy: string;
}

/** The published ids of a list, in their published order. */
const liveIds = async (trx: DbOrTrx, key: SectionKey) =>
  (await trx.selectFrom("content_items").select("id").where("section", "=", key).orderBy("position").orderBy("created_at").orderBy("id").execute()).map((r) => r.id);

/** The drafted orders of some sections, by section. */
export async function orderDraftsOf(db: DbOrTrx, keys: readonly SectionKey[]): Promise<Map<SectionKey, OrderDraft>> {
  if (keys.length === 0) return new Map();
  const rows = await db.selectFrom("content_order_drafts").selectAll().where("section", "in", keys as readonly string[]).execute();
  return new Map(rows.map((row) => [row.section as SectionKey, { section: row.section as SectionKey, ids: JSON.parse(row.ids) as string[], updatedAt: row.updated_at, updatedBy: row.updated_by }]));
}

function listSection(actor: Actor, key: SectionKey) {
  const def = sectionDef(key);
  const by = assertRole(actor, def.write);
  if (def.kind !== "list") throw new AppError(400, `${def.label} has a single record and no order`);
  return { def, by };
}

/**
 * Moves one published record a place up or down in the list's drafted order (the published order
 * when there is no draft yet). An order back to the published one leaves no draft.
 */
export async function moveInDraft(db: Db, actor: Actor, key: SectionKey, id: string, direction: "up" | "down"): Promise<{ drafted: boolean }> {
  const { def, by } = listSection(actor, key);
  return db.transaction().execute(async (trx) => {
    const live = await liveIds(trx, key);
    if (!live.includes(id)) throw notFound(def.label);
    const current = applyOrder(live, (await orderDraftsOf(trx, [key])).get(key)?.ids ?? []);
    const next = moveOne(current, id, direction);
    if (sameOrder(next, live)) {
      await trx.deleteFrom("content_order_drafts").where("section", "=", key).execute();
      return { drafted: false };
    }
    const now = nowIso();
    const ids = JSON.stringify(next);
    await trx
      .insertInto("content_order_drafts")
      .values({ section: key, ids, created_at: now, updated_at: now, updated_by: by })
      .onConflict((oc) => oc.column("section").doUpdateSet({ ids, updated_at: now, updated_by: by }))
      .execute();
    await recordAudit(trx, contentAudit.reorderDraft(actor, def, next.length));
    return { drafted: true };
  });
}

/**
 * Publishes a section's drafted order inside the caller's transaction (taken with one DELETE …
 * RETURNING, so two publishers apply it once). Returns whether there was one.
 */
export async function publishOrderIn(trx: Trx, actor: Actor, key: SectionKey): Promise<boolean> {
  const taken = await trx.deleteFrom("content_order_drafts").where("section", "=", key).returning("ids").executeTakeFirst();
  if (!taken) return false;
  const live = await liveIds(trx, key);
  const order = applyOrder(live, JSON.parse(taken.ids) as string[]);
  if (sameOrder(order, live)) return true;
  for (const [index, id] of order.entries()) await trx.updateTable("content_items").set({ position: index + 1 }).where("id", "=", id).execute();
  await publicContentChanged(trx, { section: key });
  await recordAudit(trx, contentAudit.reorder(actor, sectionDef(key), order.length));
  return true;
}

/** Publishes a list's drafted order (the list page's "Publish the order"). */
export async function publishOrder(db: Db, actor: Actor, key: SectionKey): Promise<void> {
  const { def } = listSection(actor, key);
  const done = await db.transaction().execute((trx) => publishOrderIn(trx, actor, key));
  if (!done) throw notFound(`New order of ${def.label}`);
}

/** Drops a list's drafted order: the published order stays. */
export async function discardOrder(db: Db, actor: Actor, key: SectionKey): Promise<void> {
  const { def } = listSection(actor, key);
  await db.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom("content_order_drafts").where("section", "=", key).returning("ids").executeTakeFirst();
    if (!removed) throw notFound(`New order of ${def.label}`);
    await recordAudit(trx, contentAudit.discardOrder(actor, def));
  });
}
