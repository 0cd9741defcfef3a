import type { Db } from "../../db/db.server.ts";
import { loadSections } from "../content.server.ts";
import { loadSectionsWithDrafts } from "../workflow/drafts.server.ts";
import { withFormatted } from "./formatted.server.ts";
import { type PageRecord, type SectionKey, sectionDef } from "../registry/sections.ts";

/**
 * Sections as a public page renders them: the published records in one query (or, for an
 * editor's preview, with every draft applied), formatted fields rendered to sanitised HTML here on
 * the server, so the page's browser code never needs the markdown library.
 */
export async function loadPageSections<K extends SectionKey>(db: Db, keys: readonly K[], options: { preview?: boolean } = {}): Promise<{ [S in K]: PageRecord<S>[] }> {
  const loaded = options.preview ? await loadSectionsWithDrafts(db, keys) : await loadSections(db, keys);
  for (const key of keys) {
    const { fields } = sectionDef(key);
    (loaded[key] as PageRecord<K>[]) = (loaded[key] as PageRecord<K>[]).map((record) => withFormatted(fields, record));
  }
  return loaded as { [S in K]: PageRecord<S>[] };
}
