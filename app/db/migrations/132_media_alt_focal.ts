import type { Kysely } from "kysely";

/**
 * Alt text and focal point on library images (docs/decisions/0039-image-alt-text-and-focal-point.md).
 * - alt_text: what the image shows, for people who cannot see it; NULL while nobody has said
 *   (files from before, API uploads without it): the SEO report lists those that pages use.
 * - decorative: 1 when the image adds nothing to the text beside it (drawn with alt="").
 * - focal_x, focal_y: the point a crop keeps in view, in percent of the width and height
 *   (50, 50: the centre, as before).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("media_files").addColumn("alt_text", "text").execute();
  await db.schema.alterTable("media_files").addColumn("decorative", "integer", (c) => c.notNull().defaultTo(0)).execute();
  await db.schema.alterTable("media_files").addColumn("focal_x", "integer", (c) => c.notNull().defaultTo(50)).execute();
  await db.schema.alterTable("media_files").addColumn("focal_y", "integer", (c) => c.notNull().defaultTo(50)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of ["focal_y", "focal_x", "decorative", "alt_text"]) await db.schema.alterTable("media_files").dropColumn(column).execute();
}
