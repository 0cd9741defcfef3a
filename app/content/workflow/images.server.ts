import { PostgresAdapter } from "kysely";
import type { Db, DbOrTrx } from "../../db/db.server.ts";
import { invalidFields } from "../../errors.ts";
import { isMediaPath, parseMediaPath } from "../../media/media-url.ts";
import { entryTitle } from "../registry/entry-title.ts";
import type { ImageUser } from "../../media/image-users.ts";
import { provideImageUsage } from "../../media/missing-alt.server.ts";
import { editUrl, findSection, type SectionDef, type Values } from "../registry/sections.ts";

/**
 * Content and the media library: what an image field may hold, and which records use a file.
 * An image field holds a full http(s) address (not checked: another site's business) or the path
 * of a library file, which must exist. Any other site path is refused, so a page never shows a
 * broken image for a mistyped or deleted path.
 */

/** The image fields of a record about to be saved. */
export const imageValues = (def: SectionDef, values: Values) =>
  Object.entries(def.fields)
    .filter(([name, field]) => field.kind === "image" && values[name])
    .map(([name, field]) => ({ name, label: field.label, value: values[name]! }));

const notInLibrary = (label: string, value: string) =>
  `${label}: ${value} is not an image in the media library. Upload it or choose it from the library, or give a full https:// address.`;

/**
 * Checks the record's library paths inside the transaction that saves it, and holds their files
 * (PostgreSQL: FOR SHARE) until it commits, so a delete cannot slip in between. Throws a 400
 * naming each wrong field.
 */
export async function holdImages(trx: DbOrTrx, def: SectionDef, values: Values): Promise<void> {
  const sitePaths = imageValues(def, values).filter((v) => v.value.startsWith("/"));
  if (sitePaths.length === 0) return;
  const hashes = [...new Set(sitePaths.map((v) => parseMediaPath(v.value)?.hash).filter((h): h is string => Boolean(h)))];
  const found = new Set<string>();
  if (hashes.length > 0) {
    let query = trx.selectFrom("media_files").select(["hash", "width", "height", "slug", "content_type"]).where("hash", "in", hashes);
    if (trx.getExecutor().adapter instanceof PostgresAdapter) query = query.forShare();
    for (const row of await query.execute()) found.add(row.hash);
  }
  const fields: Record<string, string> = {};
  for (const { name, label, value } of sitePaths) {
    const ref = parseMediaPath(value);
    if (!isMediaPath(value) || !ref || !found.has(ref.hash)) fields[name] = notInLibrary(label, value);
  }
  if (Object.keys(fields).length) throw invalidFields(fields, Object.fromEntries(sitePaths.map(({ name, label }) => [name, label])));
}

type ContentRow = { id: string; section: string; data: string };

/** The uses of library files in `rows`, by file hash. */
function usesIn(rows: ContentRow[], onlyHash?: string): Map<string, ImageUser[]> {
  const uses = new Map<string, ImageUser[]>();
  for (const row of rows) {
    const def = findSection(row.section);
    if (!def) continue;
    const record = JSON.parse(row.data) as Values;
    for (const [name, field] of Object.entries(def.fields)) {
      // Image fields hold a file's path; any other field that mentions it (a link to it) uses it too.
      const hashes = [...(record[name] ?? "").matchAll(/\/media\/([0-9a-f]{32})-/g)].map((m) => m[1]!);
      for (const hash of new Set(hashes)) {
        if (onlyHash && hash !== onlyHash) continue;
        const user = { section: def.label, entry: def.kind === "list" ? entryTitle(def, record) : undefined, field: field.label, editUrl: editUrl(def, row.id) };
        uses.set(hash, [...(uses.get(hash) ?? []), user]);
      }
    }
  }
  return uses;
}

/**
 * Published records and drafts whose data mentions `pattern` (a draft is meant to go live, so its
 * images are in use too). Revisions and the trash are history: restoring one whose file is gone
 * is refused by `holdImages`, naming the field.
 */
async function rowsMentioning(db: Db, pattern: string): Promise<ContentRow[]> {
  const live = db.selectFrom("content_items").select(["id", "section", "data"]).where("data", "like", pattern);
  const drafts = db.selectFrom("content_drafts").select(["record_id as id", "section", "data"]).where("data", "like", pattern);
  return live.unionAll(drafts).execute();
}

/** Where the library file with this hash is used (the delete check; run inside its transaction). */
export async function findImageUsers(db: Db, hash: string): Promise<ImageUser[]> {
  return usesIn(await rowsMentioning(db, `%/media/${hash}-%`), hash).get(hash) ?? [];
}

/** The uses of library files by published records only, by hash (the SEO report's images without alt text). */
export async function publishedImageUsage(db: Db): Promise<Map<string, ImageUser[]>> {
  return usesIn(await db.selectFrom("content_items").select(["id", "section", "data"]).where("data", "like", "%/media/%").execute());
}
// The library cannot import content (folders import one way): content hands it this lookup as
// soon as this module is loaded, which the services always do (server/services.ts).
provideImageUsage(publishedImageUsage);

/** Every library file's uses, by hash (the library screen's "Used by"). */
export async function imageUsage(db: Db): Promise<Map<string, ImageUser[]>> {
  return usesIn(await rowsMentioning(db, "%/media/%"));
}
