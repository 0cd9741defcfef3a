import type Sharp from "sharp";
import { AppError } from "../errors.ts";
import { describeOtherType, sniffImageType } from "./file-types.ts";
import { MEDIA_TYPES, type MediaExt } from "./media-url.ts";

/**
 * sharp (libvips) is loaded with the first image, not at start: it costs a process about 25 MB
 * that most never need (media is uploaded rarely; visitors get stored variants).
 */
let sharpModule: Promise<typeof Sharp> | undefined;
const loadSharp = () => (sharpModule ??= import("sharp").then((m) => m.default));

/**
 * Turns uploaded bytes into a library image, or refuses them with a message for the `file` field:
 * the type comes from the bytes; a raster must decode whole and stay under the pixel limit; an SVG
 * is sanitised. Photos lose their EXIF/XMP data (camera, GPS position) and are turned upright, so
 * what the site publishes tells no more than the picture.
 */

/**
 * Larger images cost seconds of CPU and a few hundred MB of memory to decode and resize (a 14 KB
 * PNG can say it is 49 megapixels); no web page needs one. 25 megapixels still takes a 24 MP
 * camera's photo (6000 × 4000).
 */
export const MAX_PIXELS = 25_000_000;
/** Beyond this an SVG's stated size is nonsense (and not a size the page can reserve). */
const MAX_SIDE = 20_000;
export const ACCEPTED = "PNG, JPEG, WebP, AVIF or SVG";

export interface InspectedImage {
  ext: MediaExt;
  contentType: string;
  /** What is stored: the upload itself, or its sanitised / cleaned copy. */
  bytes: Buffer;
  width: number;
  height: number;
  /** Active content taken out of an SVG. */
  removed: string[];
}

const refuse = (message: string) => new AppError(400, message, { file: message });

export async function inspectImage(input: Buffer, fileName: string): Promise<InspectedImage> {
  const ext = sniffImageType(input);
  if (!ext) {
    const what = describeOtherType(input);
    throw refuse(`${fileName} is not a ${ACCEPTED} image${what ? `: its content is ${what}` : ""}.`);
  }
  return ext === "svg" ? inspectSvg(input, fileName) : inspectRaster(input, fileName, ext);
}

async function inspectSvg(input: Buffer, fileName: string): Promise<InspectedImage> {
  // Loaded on the first SVG, not at start: jsdom under DOMPurify costs a process about 50 MB and
  // half a second or more of CPU (npm run footprint, README).
  const { sanitiseSvg } = await import("./svg-sanitise.server.ts");
  const clean = sanitiseSvg(input.toString("utf8"));
  const bytes = clean && Buffer.from(clean.svg, "utf8");
  const sharp = await loadSharp();
  const meta = bytes && (await sharp(bytes).metadata().catch(() => undefined));
  if (!clean || !bytes || !meta?.width || !meta.height) throw refuse(`${fileName} is not a valid SVG image.`);
  if (meta.width > MAX_SIDE || meta.height > MAX_SIDE) throw refuse(`${fileName} says it is ${meta.width} × ${meta.height} pixels; at most ${MAX_SIDE} a side.`);
  return { ext: "svg", contentType: MEDIA_TYPES.svg, bytes, width: meta.width, height: meta.height, removed: clean.removed };
}

const SHARP_FORMAT: Record<Exclude<MediaExt, "svg">, string> = { png: "png", jpg: "jpeg", webp: "webp", avif: "heif" };

async function inspectRaster(input: Buffer, fileName: string, ext: Exclude<MediaExt, "svg">): Promise<InspectedImage> {
  const damaged = () => refuse(`${fileName} could not be read as a ${ext.toUpperCase()} image; it may be damaged.`);
  const sharp = await loadSharp();
  const meta = await sharp(input).metadata().catch(() => undefined);
  if (!meta?.width || !meta.height || meta.format !== SHARP_FORMAT[ext]) throw damaged();
  if (meta.width * meta.height > MAX_PIXELS) {
    throw refuse(`${fileName} is ${meta.width} × ${meta.height} pixels; at most ${MAX_PIXELS / 1_000_000} megapixels. Make it smaller first.`);
  }
  // Decodes every pixel (shrunk on load where the format allows): a truncated file fails here, not on a visitor's screen.
  await sharp(input, { failOn: "truncated", limitInputPixels: MAX_PIXELS })
    .resize(16)
    .raw()
    .toBuffer()
    .catch(() => {
      throw damaged();
    });
  const turned = (meta.orientation ?? 1) >= 5;
  const size = { width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height };
  const needsCleaning = Boolean(meta.exif || meta.xmp || meta.iptc) || (meta.orientation ?? 1) !== 1;
  const bytes = needsCleaning ? await cleaned(input, ext) : input;
  return { ext, contentType: MEDIA_TYPES[ext], bytes, ...size, removed: [] };
}

/** Upright, without EXIF/XMP/IPTC, colour profile kept; lossless formats stay lossless. */
async function cleaned(input: Buffer, ext: Exclude<MediaExt, "svg">): Promise<Buffer> {
  const sharp = await loadSharp();
  const image = sharp(input, { limitInputPixels: MAX_PIXELS }).rotate().keepIccProfile();
  switch (ext) {
    case "png":
      return image.png().toBuffer();
    case "jpg":
      return image.jpeg({ quality: 92, mozjpeg: true }).toBuffer();
    case "webp":
      return image.webp({ quality: 92 }).toBuffer();
    case "avif":
      return image.avif({ quality: 80 }).toBuffer();
  }
}

/**
 * A resized copy for `srcset`: WebP, `width` wide, upright and without metadata. Encoder effort 2
 * of 6 halves the time of the default 4 (`npm run bench`) for files a few percent larger.
 */
export async function resizedCopy(original: Buffer, width: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(original, { limitInputPixels: MAX_PIXELS, animated: true }).rotate().resize({ width, withoutEnlargement: true }).webp({ quality: 80, effort: 2 }).toBuffer();
}

/**
 * A cropped copy: `region` of the original (focal-crop.ts) cut out, then scaled to `width` ×
 * `height`, WebP. Originals are stored upright (see `cleaned`), so the region's coordinates are
 * those of the pixels as stored.
 */
export async function croppedCopy(original: Buffer, region: { left: number; top: number; width: number; height: number }, width: number, height: number): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(original, { limitInputPixels: MAX_PIXELS }).extract(region).resize({ width, height, fit: "fill" }).webp({ quality: 80, effort: 2 }).toBuffer();
}
