import type { DbOrTrx } from "../../db/db.server.ts";
import { AppError } from "../../errors.ts";
import { editUrl, type SectionDef } from "../registry/sections.ts";

/**
 * A singleton section takes one record: a published one, or a draft of the first one, is enough
 * to refuse another (409, saying where to edit the one there is). Checked before an API create, a
 * first draft and a first publish; the unique `singleton_key` is the backstop when two race.
 */
export async function assertNoSingleton(db: DbOrTrx, def: SectionDef): Promise<void> {
  const existing = await db
    .selectFrom("content_items")
    .select("id")
    .where("section", "=", def.key)
    .orderBy("position")
    .orderBy("created_at")
    .orderBy("id")
    .limit(1)
    .executeTakeFirst();
  if (existing) throw new AppError(409, `${def.label} already exists; there is only one. Edit it at ${editUrl(def, existing.id)} (id ${existing.id}).`);
  const draft = await db.selectFrom("content_drafts").select("record_id").where("singleton_key", "=", def.key).executeTakeFirst();
  if (draft) throw new AppError(409, `${def.label} already has an unpublished draft. Publish or discard it at ${editUrl(def, draft.record_id)} (id ${draft.record_id}).`);
}
