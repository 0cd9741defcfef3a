import type { DbOrTrx } from "../db/db.server.ts";
import { altOf, type ImageFacts } from "./alt-text.ts";
import { isMediaPath, parseMediaPath } from "./media-url.ts";

/**
 * What public pages need to know about the library files they show, beyond what the URL says:
 * the alt text (or "" when decorative) and the focal point. One query for a whole page. Pages are
 * rendered again when either changes (the library bumps the public version).
 */
export async function imageFactsFor(db: DbOrTrx, values: Iterable<string>): Promise<Map<string, ImageFacts>> {
  const byHash = new Map<string, string[]>();
  for (const value of values) {
    if (!isMediaPath(value)) continue;
    const hash = parseMediaPath(value)!.hash;
    byHash.set(hash, [...(byHash.get(hash) ?? []), value]);
  }
  const facts = new Map<string, ImageFacts>();
  if (byHash.size === 0) return facts;
  const rows = await db.selectFrom("media_files").select(["hash", "alt_text", "decorative", "focal_x", "focal_y"]).where("hash", "in", [...byHash.keys()]).execute();
  for (const row of rows) {
    const fact = { alt: altOf({ altText: row.alt_text, decorative: row.decorative === 1 }), focal: { x: row.focal_x, y: row.focal_y } };
    for (const url of byHash.get(row.hash) ?? []) facts.set(url, fact);
  }
  return facts;
}
