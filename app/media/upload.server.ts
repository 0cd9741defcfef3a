import { AppError } from "../errors.ts";
import { type Description, parseDescription } from "./alt-text.ts";
import { isMultipart, readMultipart } from "../multipart.server.ts";

/**
 * Reads one uploaded file from a multipart/form-data body (field `file`) as it streams in, and
 * stops reading at the size limit: a body that says it is too large is refused before a byte is
 * read, one that turns out too large when the limit is passed. Either way the answer is 413 and
 * the connection is closed (server/app.ts), so the rest of the body is never read.
 */

export interface Upload {
  fileName: string;
  bytes: Buffer;
}

/**
 * The text fields that come with an upload: `alt` and `decorative` (decision 0039), and
 * `requireAlt` from the admin forms, which must say one or the other (an API client may leave
 * both out). Checked before the image is: a refusal stores nothing.
 */
export function uploadDescription(fields: Record<string, string>): Description {
  return parseDescription(fields, { requireAlt: Boolean(fields.requireAlt), focal: false });
}

/** Room for the multipart boundaries and headers around the file. */
export const ENVELOPE_BYTES = 16 * 1024;

export const FILE_FIELD = "file";

export const tooLarge = (maxBytes: number) => {
  const message = `The file is larger than ${formatMegabytes(maxBytes)}. Make it smaller and upload it again (a photo 2000 pixels wide is plenty for a web page).`;
  return new AppError(413, message, { file: message });
};

export const formatMegabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

const unreadable = (message: string) => new AppError(400, message, { file: message });

/** True for a body that may carry a file (the library page's action tells an upload from a delete by it). */
export { isMultipart };

export async function readUpload(
  body: ReadableStream<Uint8Array> | null,
  headers: { contentType?: string | null; contentLength?: string | null },
  maxBytes: number,
): Promise<Upload & { fields: Record<string, string> }> {
  if (!isMultipart(headers.contentType)) throw unreadable(`Send the image as multipart/form-data, in a field named "${FILE_FIELD}".`);
  const { files, fields } = await readMultipart(body, headers, { maxFileBytes: maxBytes, maxFiles: 1, tooLarge: tooLarge(maxBytes), fileFields: (field) => field === FILE_FIELD });
  const file = files[0];
  if (!file) throw unreadable("Choose an image file to upload.");
  return { fileName: file.fileName || "image", bytes: file.bytes, fields };
}
