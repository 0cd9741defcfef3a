import type { Db } from "../../db/db.server.ts";
import { loadSections, loadSectionsWithDrafts, type PreviewVersion } from "../content.server.ts";
import { withFormatted } from "../registry/formatted.server.ts";
import { type PageRecord, type SectionKey, type SectionRecord, sectionDef } from "../registry/sections.ts";

/** A preview (drafts applied), maybe with an earlier version of one record in place of it. */
export interface PreviewOptions {
  preview?: boolean;
  version?: PreviewVersion;
}

/**
 * Sections as a public page renders them: the published records in one query (or, for an
 * editor's preview, with every draft applied), formatted fields rendered to sanitised HTML here on
 * the server, so the page's browser code never needs the markdown library.
 */
export async function loadPageSections<K extends SectionKey>(db: Db, keys: readonly K[], options: PreviewOptions = {}): Promise<{ [S in K]: PageRecord<S>[] }> {
  const drafted = options.preview ? await loadSectionsWithDrafts(db, keys, options.version) : undefined;
  const published = drafted ? undefined : await loadSections(db, keys);
  const records = (key: K): SectionRecord<K>[] => drafted?.[key].map((entry) => entry.record) ?? published![key];
  return Object.fromEntries(keys.map((key) => [key, records(key).map((record) => withFormatted(sectionDef(key).fields, record))])) as { [S in K]: PageRecord<S>[] };
}
