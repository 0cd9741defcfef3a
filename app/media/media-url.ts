/**
 * The media library's public URLs, one rule for the server that serves them, the forms that pick
 * them and the pages that draw them. A file's URL carries what a page needs to draw it without a
 * lookup (Sanity's asset ids do the same): `/media/<hash>-<width>x<height>-<name>.<ext>`, where
 * `hash` is the start of the SHA-256 of its bytes, so a URL never changes meaning and is cached
 * for good. Resized copies add the width they were made for: `…-<name>.w640.webp`.
 */

export const MEDIA_TYPES = { png: "image/png", jpg: "image/jpeg", webp: "image/webp", avif: "image/avif", svg: "image/svg+xml" } as const;
export type MediaExt = keyof typeof MEDIA_TYPES;

/** The file input's `accept`: what the library takes (the server checks the bytes anyway). */
export const ACCEPT = Object.values(MEDIA_TYPES).join(",");

/** The hint under every file input. */
export const acceptedHint = (maxBytes: number) =>
  `PNG, JPEG, WebP, AVIF or SVG, up to ${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB. Scripts are removed from SVGs; photos lose their camera and location data.`;

/** The widths resized copies are made at (only those narrower than the original; none for SVG). */
export const VARIANT_WIDTHS = [160, 320, 640, 960, 1280, 1920] as const;
/** The library's and the pickers' thumbnails use the smallest. */
export const THUMBNAIL_WIDTH = VARIANT_WIDTHS[0];

export interface MediaRef {
  hash: string;
  width: number;
  height: number;
  slug: string;
  ext: MediaExt;
}

const PATTERN = /^\/media\/([0-9a-f]{32})-([1-9]\d{0,4})x([1-9]\d{0,4})-([a-z0-9]+(?:-[a-z0-9]+)*)(?:\.w([1-9]\d{1,3}))?\.(png|jpg|webp|avif|svg)$/;

/** A library path, or undefined for anything else (another site path, a full URL, a typo). */
export function parseMediaPath(path: string): (MediaRef & { variant?: number }) | undefined {
  const m = PATTERN.exec(path);
  if (!m) return undefined;
  const variant = m[5] ? Number(m[5]) : undefined;
  if (variant !== undefined && m[6] !== "webp") return undefined;
  return { hash: m[1]!, width: Number(m[2]), height: Number(m[3]), slug: m[4]!, ext: m[6] as MediaExt, variant };
}

/** True for the path of a library original (what an image field may hold). */
export function isMediaPath(value: string): boolean {
  const ref = parseMediaPath(value);
  return ref !== undefined && ref.variant === undefined;
}

const base = (ref: MediaRef) => `/media/${ref.hash}-${ref.width}x${ref.height}-${ref.slug}`;

export const mediaPath = (ref: MediaRef) => `${base(ref)}.${ref.ext}`;

export const variantPath = (ref: MediaRef, width: number) => `${base(ref)}.w${width}.webp`;

/** The widths this file has resized copies at: raster images only, each narrower than the original. */
export const variantWidths = (ref: Pick<MediaRef, "ext" | "width">): number[] => (ref.ext === "svg" ? [] : VARIANT_WIDTHS.filter((w) => w < ref.width));

/** `srcset` for a library original: its resized copies and itself; undefined when it has none. */
export function srcSet(ref: MediaRef): string | undefined {
  const widths = variantWidths(ref);
  if (widths.length === 0) return undefined;
  return [...widths.map((w) => `${variantPath(ref, w)} ${w}w`), `${mediaPath(ref)} ${ref.width}w`].join(", ");
}

/** A small picture of an image field's value: the thumbnail copy of a library file, else the value itself. */
export function thumbnailSrc(value: string): string {
  const ref = parseMediaPath(value);
  if (!ref || ref.variant !== undefined) return value;
  return variantWidths(ref).includes(THUMBNAIL_WIDTH) ? variantPath(ref, THUMBNAIL_WIDTH) : value;
}

/** A file name as a URL word: "Team photo (2).JPG" -> "team-photo-2". */
export function slugOf(fileName: string): string {
  const stem = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, "");
  const slug = stem
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || "image";
}
