import { type AuditActor, recordAudit } from "../audit/audit.server.ts";
import { describeChanges, describeValues, quoted } from "../audit/summary.ts";
import type { Db } from "../db/db.server.ts";
import { nowIso } from "../db/db.server.ts";
import { isId, newId } from "../db/ids.server.ts";
import type { PageInfo } from "../db/paging.ts";
import { notFound, parseInput } from "../errors.ts";
import { type ITEM_FORMATS, type ITEM_PRICES, itemSchema } from "./schema.ts";
import { newestFirstPage } from "../db/paging.server.ts";

export interface ItemRecord {
  _id: string;
  format: (typeof ITEM_FORMATS)[number];
  canvaLink: string;
  imageLink: string;
  category: string;
  freeOrPaid: (typeof ITEM_PRICES)[number];
  createdAt: string;
}

type Row = { id: string; format: string; canva_link: string; image_link: string; category: string; free_or_paid: string; created_at: string };

const toRecord = (row: Row): ItemRecord => ({
  _id: row.id,
  format: row.format as ItemRecord["format"],
  canvaLink: row.canva_link,
  imageLink: row.image_link,
  category: row.category,
  freeOrPaid: row.free_or_paid as ItemRecord["freeOrPaid"],
  createdAt: row.created_at,
});

const ITEM_LABELS = { format: "Format", category: "Category", freeOrPaid: "Free or paid", canvaLink: "Canva link", imageLink: "Image link" };

/** POST /add-item and the /add-item form; stored with its audit entry. */
export async function addItem(db: Db, input: unknown, actor: AuditActor): Promise<ItemRecord> {
  const v = parseInput(itemSchema, input);
  const row: Row = {
    id: newId(),
    format: v.format,
    canva_link: v.canvaLink,
    image_link: v.imageLink,
    category: v.category,
    free_or_paid: v.freeOrPaid,
    created_at: nowIso(),
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto("template_items")
      .values({ ...row, created_by: actor.email })
      .execute();
    await recordAudit(trx, { actor, action: "item.create", target: `Template item ${quoted(v.category)} (${row.id})`, summary: describeValues(v, ITEM_LABELS) });
  });
  return toRecord(row);
}

const COLUMNS = ["id", "format", "canva_link", "image_link", "category", "free_or_paid", "created_at"] as const;

/** An item's values in the form's terms, for the audit summary of a change. */
const valuesOf = (r: ItemRecord) => ({ format: r.format, canvaLink: r.canvaLink, imageLink: r.imageLink, category: r.category, freeOrPaid: r.freeOrPaid });

export async function getItem(db: Db, id: string): Promise<ItemRecord> {
  if (!isId(id)) throw notFound("Item");
  const row = await db.selectFrom("template_items").select(COLUMNS).where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound("Item");
  return toRecord(row);
}

/** PUT /api/item/{id} and the /edit-item/{id} form: every field replaced, with its audit entry. */
export async function updateItem(db: Db, id: string, input: unknown, actor: AuditActor): Promise<ItemRecord> {
  const v = parseInput(itemSchema, input);
  const before = await getItem(db, id);
  await db.transaction().execute(async (trx) => {
    const changed = await trx
      .updateTable("template_items")
      .set({ format: v.format, canva_link: v.canvaLink, image_link: v.imageLink, category: v.category, free_or_paid: v.freeOrPaid })
      .where("id", "=", id)
      .executeTakeFirst();
    if (Number(changed.numUpdatedRows) !== 1) throw notFound("Item");
    await recordAudit(trx, { actor, action: "item.update", target: `Template item ${quoted(v.category)} (${id})`, summary: describeChanges(valuesOf(before), v, ITEM_LABELS) });
  });
  return { ...before, ...v };
}

/** DELETE /api/item/{id} and the confirmed Delete on /edit-item/{id}: gone for good, audited with what it was. */
export async function deleteItem(db: Db, id: string, actor: AuditActor): Promise<void> {
  const before = await getItem(db, id);
  await db.transaction().execute(async (trx) => {
    const gone = await trx.deleteFrom("template_items").where("id", "=", id).executeTakeFirst();
    if (Number(gone.numDeletedRows) !== 1) throw notFound("Item");
    await recordAudit(trx, { actor, action: "item.delete", target: `Template item ${quoted(before.category)} (${id})`, summary: describeValues(valuesOf(before), ITEM_LABELS) });
  });
}

/** Template items a page, on the screen and in GET /api/items (the spec gives no size). */
export const ITEMS_PAGE_SIZE = 10;

export async function listItems(db: Db, page: number, pageSize: number): Promise<{ items: ItemRecord[] } & PageInfo> {
  const query = db.selectFrom("template_items").select(COLUMNS);
  const { rows, ...info } = await newestFirstPage(query, page, pageSize);
  return { items: rows.map(toRecord), ...info };
}
