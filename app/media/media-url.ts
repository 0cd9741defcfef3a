/**
 * The media library's public URLs, one rule for the server that serves them, the forms that pick
 * them and the pages that draw them. A file's URL carries what a page needs to draw it without a
 * lookup (Sanity's asset ids do the same): `/media/<hash>-<width>x<height>-<name>.<ext>`, where
 * `hash` is the start of the SHA-256 of its bytes, so a URL never changes meaning and is cached
 * for good. Resized copies add the width they were made for: `…-<name>.w640.webp`; cropped copies
 * their shape, width and the focal point they were cut around: `…-<name>.square320-f30-60.webp`,
 * so moving the focal point gives new addresses (decision 0039).
 */
import { focalRegion } from "./focal-crop.ts";

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

/**
 * Cropped copies: fixed shapes at fixed widths, cut around the file's focal point. `square` for
 * round or square portraits (the team block), `social` for link previews (1200 × 630, og:image).
 */
export const CROPS = {
  square: { ratio: 1, widths: [160, 320, 640] },
  social: { ratio: 1200 / 630, widths: [1200] },
} as const satisfies Record<string, { ratio: number; widths: readonly number[] }>;
export type CropShape = keyof typeof CROPS;

export interface CropRef {
  shape: CropShape;
  width: number;
  /** The focal point it was cut around, percent. */
  x: number;
  y: number;
}

const PATTERN =
  /^\/media\/([0-9a-f]{32})-([1-9]\d{0,4})x([1-9]\d{0,4})-([a-z0-9]+(?:-[a-z0-9]+)*)(?:\.w([1-9]\d{1,3})|\.(square|social)([1-9]\d{1,3})-f(\d{1,3})-(\d{1,3}))?\.(png|jpg|webp|avif|svg)$/;

/** A library path, or undefined for anything else (another site path, a full URL, a typo). */
export function parseMediaPath(path: string): (MediaRef & { variant?: number; crop?: CropRef }) | undefined {
  const m = PATTERN.exec(path);
  if (!m) return undefined;
  const variant = m[5] ? Number(m[5]) : undefined;
  const crop = m[6] ? { shape: m[6] as CropShape, width: Number(m[7]), x: Number(m[8]), y: Number(m[9]) } : undefined;
  if ((variant !== undefined || crop) && m[10] !== "webp") return undefined;
  if (crop && (crop.x > 100 || crop.y > 100)) return undefined;
  return { hash: m[1]!, width: Number(m[2]), height: Number(m[3]), slug: m[4]!, ext: m[10] as MediaExt, variant, crop };
}

/** True for the path of a library original (what an image field may hold). */
export function isMediaPath(value: string): boolean {
  const ref = parseMediaPath(value);
  return ref !== undefined && ref.variant === undefined && ref.crop === undefined;
}

const base = (ref: MediaRef) => `/media/${ref.hash}-${ref.width}x${ref.height}-${ref.slug}`;

export const mediaPath = (ref: MediaRef) => `${base(ref)}.${ref.ext}`;

export const variantPath = (ref: MediaRef, width: number) => `${base(ref)}.w${width}.webp`;

/** The widths this file has resized copies at: raster images only, each narrower than the original. */
export const variantWidths = (ref: Pick<MediaRef, "ext" | "width">): number[] => (ref.ext === "svg" ? [] : VARIANT_WIDTHS.filter((w) => w < ref.width));

export const cropPath = (ref: MediaRef, crop: CropRef) => `${base(ref)}.${crop.shape}${crop.width}-f${crop.x}-${crop.y}.webp`;

/** The widths this file has `shape` crops at: raster only, each at most as wide as the region cut out. */
export function cropWidths(ref: Pick<MediaRef, "ext" | "width" | "height">, shape: CropShape): number[] {
  if (ref.ext === "svg") return [];
  const region = focalRegion(ref.width, ref.height, CROPS[shape].ratio, { x: 50, y: 50 });
  return CROPS[shape].widths.filter((w) => w <= region.width);
}

/**
 * A cropped copy for a box `box` pixels wide (the smallest width that fills it, else the largest
 * made), with `srcset` over every width; undefined when the file has none (an SVG, a small image).
 */
export function cropped(ref: MediaRef, shape: CropShape, focal: { x: number; y: number }, box: number): { src: string; srcSet: string; width: number; height: number } | undefined {
  const widths = cropWidths(ref, shape);
  if (widths.length === 0) return undefined;
  const width = widths.find((w) => w >= box) ?? widths.at(-1)!;
  const at = (w: number) => cropPath(ref, { shape, width: w, x: focal.x, y: focal.y });
  return { src: at(width), srcSet: widths.map((w) => `${at(w)} ${w}w`).join(", "), width, height: Math.round(width / CROPS[shape].ratio) };
}

/** `srcset` for a library original: its resized copies and itself; undefined when it has none. */
export function srcSet(ref: MediaRef): string | undefined {
  const widths = variantWidths(ref);
  if (widths.length === 0) return undefined;
  return [...widths.map((w) => `${variantPath(ref, w)} ${w}w`), `${mediaPath(ref)} ${ref.width}w`].join(", ");
}

/** A small picture of an image field's value: the thumbnail copy of a library file, else the value itself. */
export function thumbnailSrc(value: string): string {
  const ref = parseMediaPath(value);
  if (!ref || ref.variant !== undefined || ref.crop) return value;
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

/** The library screen of one file, where its alt text and focal point are set. */
export const mediaItemUrl = (id: string) => `/admin/media/${encodeURIComponent(id)}`;
