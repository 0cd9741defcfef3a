/**
 * What an order file is, read from its bytes (its name and the browser's type are not trusted):
 * the seven kinds a customer and the agency exchange. An Office file is a ZIP whose entries say
 * which application wrote it; a CSV is text (UTF-8, no control characters) with a .csv name, since
 * text has no signature of its own.
 */

export const ORDER_FILE_KINDS = {
  pdf: { contentType: "application/pdf", ext: "pdf", label: "PDF" },
  png: { contentType: "image/png", ext: "png", label: "PNG" },
  jpeg: { contentType: "image/jpeg", ext: "jpg", label: "JPEG" },
  webp: { contentType: "image/webp", ext: "webp", label: "WebP" },
  csv: { contentType: "text/csv; charset=utf-8", ext: "csv", label: "CSV" },
  xlsx: { contentType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", ext: "xlsx", label: "Excel (XLSX)" },
  docx: { contentType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", ext: "docx", label: "Word (DOCX)" },
} as const;

export type OrderFileKind = keyof typeof ORDER_FILE_KINDS;

/** "PDF, PNG, JPEG, WebP, CSV, Excel (XLSX) or Word (DOCX)": for hints and refusals. */
export const ACCEPTED_KINDS = (() => {
  const labels = Object.values(ORDER_FILE_KINDS).map((k) => k.label);
  return `${labels.slice(0, -1).join(", ")} or ${labels.at(-1)}`;
})();

/** The `accept` attribute of a file input: a hint to the browser; the server decides. */
export const ACCEPT_ATTRIBUTE = Object.values(ORDER_FILE_KINDS)
  .map((k) => `.${k.ext}`)
  .concat(".jpeg")
  .join(",");

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));
const startsWith = (bytes: Uint8Array, signature: number[]) => signature.every((b, i) => bytes[i] === b);

/** The entry names of a ZIP archive, from its central directory (undefined: not a readable ZIP). */
export function zipEntryNames(bytes: Uint8Array): string[] | undefined {
  if (!startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // The end-of-central-directory record is in the last 22 + 65,535 bytes (its comment is at most that long).
  const earliest = Math.max(0, bytes.length - 22 - 0xffff);
  let end = -1;
  for (let at = bytes.length - 22; at >= earliest; at -= 1) {
    if (view.getUint32(at, true) === 0x06054b50) {
      end = at;
      break;
    }
  }
  if (end < 0) return undefined;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names: string[] = [];
  for (let i = 0; i < count; i += 1) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return undefined;
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    names.push(new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)));
    at += 46 + nameLength + extraLength + commentLength;
  }
  return names;
}

/** UTF-8 text without control characters other than tab, line feed and carriage return. */
function isPlainText(bytes: Uint8Array): boolean {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  return !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(text);
}

/** The kind of an order file, from its bytes (and, for text, its name); undefined when it is none of them. */
export function sniffOrderFile(bytes: Uint8Array, fileName: string): OrderFileKind | undefined {
  if (ascii(bytes, 0, 5) === "%PDF-") return "pdf";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  const entries = zipEntryNames(bytes);
  if (entries) {
    if (!entries.includes("[Content_Types].xml")) return undefined;
    if (entries.some((name) => name.startsWith("xl/"))) return "xlsx";
    if (entries.some((name) => name.startsWith("word/"))) return "docx";
    return undefined;
  }
  // Markup is not a table, whatever its name says.
  if (/\.csv$/i.test(fileName) && bytes.length > 0 && isPlainText(bytes) && !/^\s*</.test(ascii(bytes, 0, 64))) return "csv";
  return undefined;
}

/** What a refused file looks like, for the message ("a ZIP archive"), when its bytes say. */
export function describeRefused(bytes: Uint8Array): string | undefined {
  if (startsWith(bytes, [0x4d, 0x5a])) return "a Windows program";
  if (startsWith(bytes, [0x7f, 0x45, 0x4c, 0x46])) return "a program";
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) return "a ZIP archive";
  if (ascii(bytes, 0, 4) === "GIF8") return "a GIF image";
  if (/^\s*<(!doctype html|html|svg|\?xml)/i.test(ascii(bytes, 0, 64))) return "an HTML, SVG or XML document";
  if (bytes.length && isPlainText(bytes.subarray(0, 4096))) return "a text file without the .csv ending";
  return undefined;
}

/** A file name safe to store and send back: no path, no control characters, the kind's extension. */
export function cleanFileName(name: string, kind: OrderFileKind): string {
  const base = name
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex -- control characters never belong in a file name
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, "")
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    .trim()
    .slice(0, 120);
  return `${base || "file"}.${ORDER_FILE_KINDS[kind].ext}`;
}
