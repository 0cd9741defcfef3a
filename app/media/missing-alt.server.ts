import type { Db } from "../db/db.server.ts";
import type { SeoFinding } from "../seo/report-check.ts";
import { describeImageUsers, type ImageUser } from "./image-users.ts";
import { mediaItemUrl } from "./media-url.ts";

/**
 * Issue 23 (images): library images that published content uses and that have neither alt text
 * nor a "decorative" mark, one SEO report finding each, fixed on the file's page in the library.
 *
 * Which records use which file is content's knowledge (its fields, labels and edit screens), and
 * content imports the library, not the other way round (app/folder-cycles.test.ts). So content
 * hands its lookup in (content/workflow/images.server.ts, when it is loaded: the services always
 * load it), as it hands `imageUsers` to the library.
 */

/** Published records' uses of library files, by file hash. */
export type PublishedImageUsage = (db: Db) => Promise<Map<string, ImageUser[]>>;

let publishedUsage: PublishedImageUsage | undefined;

/** Called by content/workflow/images.server.ts with its `publishedImageUsage`. */
export function provideImageUsage(find: PublishedImageUsage): void {
  publishedUsage = find;
}

export async function findImagesWithoutAlt(db: Db): Promise<SeoFinding[]> {
  if (!publishedUsage) throw new Error("findImagesWithoutAlt: no image usage lookup (import ~/content/workflow/images.server.ts, which provides it)");
  const usage = await publishedUsage(db);
  if (usage.size === 0) return [];
  const rows = await db
    .selectFrom("media_files")
    .select(["id", "hash", "name"])
    .where("alt_text", "is", null)
    .where("decorative", "=", 0)
    .where("hash", "in", [...usage.keys()])
    .orderBy("name")
    .execute();
  return rows.map((row) => {
    const where = describeImageUsers(usage.get(row.hash)!);
    return {
      kind: "image-without-alt" as const,
      label: `${row.name}, used by ${where}`,
      detail: `${row.name} has no alt text and is not marked decorative, so people who cannot see it are told nothing. Used by ${where}.`,
      fixUrl: mediaItemUrl(row.id),
    };
  });
}
