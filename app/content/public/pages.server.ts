import type { Db } from "../../db/db.server.ts";
import { loadSections, loadSectionsWithDrafts, type PreviewVersion } from "../content.server.ts";
import { imageFactsFor } from "../../media/image-facts.server.ts";
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
 * the server, so the page's browser code never needs the markdown library, and library images'
 * alt text and focal point (`_images`, one more query).
 */
export async function loadPageSections<K extends SectionKey>(db: Db, keys: readonly K[], options: PreviewOptions = {}): Promise<{ [S in K]: PageRecord<S>[] }> {
  const drafted = options.preview ? await loadSectionsWithDrafts(db, keys, options.version) : undefined;
  const published = drafted ? undefined : await loadSections(db, keys);
  const records = (key: K): SectionRecord<K>[] => drafted?.[key].map((entry) => entry.record) ?? published![key];
  // Library images' alt text and focal point, for every image field of the page, in one query.
  const imageFields = (key: K) => Object.entries(sectionDef(key).fields).filter(([, field]) => field.kind === "image").map(([name]) => name);
  const facts = await imageFactsFor(db, keys.flatMap((key) => records(key).flatMap((record) => imageFields(key).map((name) => (record as Record<string, string>)[name] ?? ""))));
  const withImages = (key: K, record: SectionRecord<K>): PageRecord<K> => {
    const images = Object.fromEntries(imageFields(key).flatMap((name) => {
      const fact = facts.get((record as Record<string, string>)[name] ?? "");
      return fact ? [[name, fact]] : [];
    }));
    return { ...withFormatted(sectionDef(key).fields, record), ...(Object.keys(images).length ? { _images: images } : {}) };
  };
  return Object.fromEntries(keys.map((key) => [key, records(key).map((record) => withImages(key, record))])) as { [S in K]: PageRecord<S>[] };
}
