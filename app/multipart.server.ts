import busboy from "busboy";
import { AppError } from "./errors.ts";

/**
 * Reads a multipart/form-data body (fields and files) as it streams in, and stops reading at the
 * limits: a body that says it is too large is refused before a byte is read, one that turns out
 * too large when a limit is passed. Either way the answer is 413 and the connection is closed
 * (server/app.ts), so the rest of the body is never read. Used by the media library's upload and
 * by the forms that carry an order's files.
 */

export interface UploadedFile {
  field: string;
  fileName: string;
  bytes: Buffer;
}

export interface MultipartLimits {
  /** Largest single file. */
  maxFileBytes: number;
  /** How many files at most (more are a 400). */
  maxFiles: number;
  /** The refusal of a file over maxFileBytes (worded for what the form takes). */
  tooLarge: AppError;
  /** Only these fields may carry files (others are skipped unread). */
  fileFields?: (field: string) => boolean;
}

/** Room for the multipart boundaries, headers and text fields around the files. */
export const ENVELOPE_BYTES = 64 * 1024;

/** True for a body that may carry files. */
export const isMultipart = (contentType: string | null | undefined) => /^multipart\/form-data\s*;/i.test(contentType ?? "");

const unreadable = (message: string, field = "file") => new AppError(400, message, { [field]: message });

export async function readMultipart(
  body: ReadableStream<Uint8Array> | null,
  headers: { contentType?: string | null; contentLength?: string | null },
  limits: MultipartLimits,
): Promise<{ fields: Record<string, string>; files: UploadedFile[] }> {
  const contentType = headers.contentType ?? "";
  if (!isMultipart(contentType)) throw unreadable("Send the form as multipart/form-data.");
  const maxBody = limits.maxFileBytes * limits.maxFiles + ENVELOPE_BYTES;
  if (Number(headers.contentLength ?? "0") > maxBody) throw limits.tooLarge;
  if (!body) throw unreadable("The form was empty.");

  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { "content-type": contentType }, limits: { fileSize: limits.maxFileBytes, files: limits.maxFiles + 1, fields: 100, fieldSize: 100_000, parts: 200 } });
  } catch {
    throw unreadable("The upload could not be read (a multipart body without its boundary).");
  }
  const fields: Record<string, string> = {};
  const files: { field: string; fileName: string; chunks: Buffer[] }[] = [];
  let problem: AppError | undefined;
  const finished = new Promise<void>((resolve) => {
    parser.on("field", (name, value) => {
      fields[name] = value;
    });
    parser.on("file", (field, stream, info) => {
      // A file input left empty still sends a part, with no name and no bytes.
      if ((limits.fileFields && !limits.fileFields(field)) || !info.filename) {
        stream.resume();
        return;
      }
      if (files.length >= limits.maxFiles) {
        problem ??= unreadable(`Send at most ${limits.maxFiles} files at once.`, field);
        stream.resume();
        return;
      }
      const current = { field, fileName: cleanName(info.filename), chunks: [] as Buffer[] };
      files.push(current);
      stream.on("data", (chunk: Buffer) => current.chunks.push(chunk));
      stream.on("limit", () => {
        problem ??= limits.tooLarge;
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
      if (received > maxBody) problem = limits.tooLarge;
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
  return {
    fields,
    files: files.map((f) => ({ field: f.field, fileName: f.fileName, bytes: Buffer.concat(f.chunks) })).filter((f) => f.bytes.length > 0),
  };
}

/** The name as sent, without folders (old browsers send them) or control characters. */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  return base.replace(/[\u0000-\u001f\u007f]/g, "").trim().slice(0, 200);
}
