import busboy from "busboy";
import { AppError } from "../errors.ts";

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
export const isMultipart = (contentType: string | null | undefined) => /^multipart\/form-data\s*;/i.test(contentType ?? "");

export async function readUpload(
  body: ReadableStream<Uint8Array> | null,
  headers: { contentType?: string | null; contentLength?: string | null },
  maxBytes: number,
): Promise<Upload> {
  const contentType = headers.contentType ?? "";
  if (!isMultipart(contentType)) throw unreadable(`Send the image as multipart/form-data, in a field named "${FILE_FIELD}".`);
  const declared = Number(headers.contentLength ?? "0");
  if (declared > maxBytes + ENVELOPE_BYTES) throw tooLarge(maxBytes);
  if (!body) throw unreadable("Choose an image file to upload.");

  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { "content-type": contentType }, limits: { fileSize: maxBytes, files: 1, fields: 20, fieldSize: 10_000, parts: 25 } });
  } catch {
    throw unreadable("The upload could not be read (a multipart body without its boundary).");
  }
  let file: { fileName: string; chunks: Buffer[] } | undefined;
  let problem: AppError | undefined;
  const finished = new Promise<void>((resolve) => {
    parser.on("file", (field, stream, info) => {
      if (field !== FILE_FIELD || file) {
        stream.resume();
        return;
      }
      const current = { fileName: cleanName(info.filename), chunks: [] as Buffer[] };
      file = current;
      stream.on("data", (chunk: Buffer) => current.chunks.push(chunk));
      stream.on("limit", () => {
        problem ??= tooLarge(maxBytes);
      });
    });
    parser.on("error", () => {
      problem ??= unreadable("The upload could not be read; please try again.");
      resolve();
    });
    parser.on("close", () => resolve());
  });

  const reader = body.getReader();
  let received = 0;
  try {
    while (!problem) {
      const { value, done } = await reader.read();
      if (done) break;
      received += value.byteLength;
      if (received > maxBytes + ENVELOPE_BYTES) problem = tooLarge(maxBytes);
      else if (!parser.write(value)) await new Promise((resolve) => parser.once("drain", resolve));
    }
  } finally {
    // Not cancel(): that would tear down the connection before the answer is sent. The body is
    // left unread and the connection closed after the answer.
    reader.releaseLock();
  }
  if (problem) throw problem;
  parser.end();
  await finished;
  if (problem) throw problem;
  const bytes = file ? Buffer.concat(file.chunks) : Buffer.alloc(0);
  if (!file || bytes.length === 0) throw unreadable("Choose an image file to upload.");
  return { fileName: file.fileName, bytes };
}

/** The name as the library shows it: no folders (old browsers send them), no control characters. */
function cleanName(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 200);
  return clean || "image";
}
