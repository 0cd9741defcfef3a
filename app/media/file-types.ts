import type { MediaExt } from "./media-url.ts";

/**
 * What a file is, read from its first bytes (its name and the browser's type are not trusted):
 * the five types the library takes, and a few common others, so a refusal can say what was sent.
 */

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b);

/** ISO-BMFF (HEIF family): an `ftyp` box whose major or compatible brands name the format. */
function ftypBrands(bytes: Uint8Array): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== "ftyp") return [];
  const size = Math.min(new DataView(bytes.buffer, bytes.byteOffset).getUint32(0), bytes.length, 256);
  const brands = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= size; at += 4) brands.push(ascii(bytes, at, at + 4));
  return brands;
}

/** An SVG document: after an optional BOM, XML declaration, comments and doctype, an <svg> root. */
function isSvg(bytes: Uint8Array): boolean {
  let text = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, 4096)).replace(/^\uFEFF/, "");
  const prolog = /^\s*(<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>)/i;
  for (let m = prolog.exec(text); m; m = prolog.exec(text)) text = text.slice(m[0].length);
  return /^\s*<svg[\s>]/.test(text);
}

/** The library's type of these bytes, or undefined. */
export function sniffImageType(bytes: Uint8Array): MediaExt | undefined {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpg";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  const brands = ftypBrands(bytes);
  if (brands.includes("avif") || brands.includes("avis")) return "avif";
  if (isSvg(bytes)) return "svg";
  return undefined;
}

/** A few things people upload by mistake, by their signatures: for the refusal's wording. */
export function describeOtherType(bytes: Uint8Array): string | undefined {
  if (ascii(bytes, 0, 4) === "GIF8") return "a GIF image";
  if (ascii(bytes, 0, 5) === "%PDF-") return "a PDF document";
  if (startsWith(bytes, [0x1f, 0x8b])) return "gzip-compressed data (a compressed SVG?)";
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return "a ZIP archive or an Office document";
  if (ascii(bytes, 0, 2) === "BM") return "a BMP image";
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return "a TIFF image";
  if (ftypBrands(bytes).some((b) => ["heic", "heix", "mif1", "msf1"].includes(b))) return "a HEIC image (save it as JPEG first)";
  if (/^\s*<(!doctype html|html)/i.test(ascii(bytes, 0, Math.min(bytes.length, 64)))) return "an HTML page";
  return undefined;
}
