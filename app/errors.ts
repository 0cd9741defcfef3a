import type { z } from "zod";

/**
 * A failure the person or client can act on: a status, a sentence, and optionally the message
 * for each wrong field. Services throw it; pages show it next to the fields, the API answers
 * `{ error, fields? }` with the status. A 429 or 503 may say when to try again (`Retry-After`).
 */
export class AppError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 429 | 503,
    message: string,
    readonly fields?: Record<string, string>,
    readonly options: { retryAfterSeconds?: number } = {},
  ) {
    super(message);
  }
}

export const notFound = (what = "Record") => new AppError(404, `${what} not found`);

/** The first message for each field of a failed zod parse. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = issue.path.join(".") || "form";
    fields[name] ??= issue.message;
  }
  return fields;
}

/** Parses input with a schema, or throws a 400 AppError naming each wrong field. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  const names = Object.keys(fields);
  throw new AppError(400, `Please check ${names.length === 1 ? "the field" : "these fields"}: ${names.join(", ")}`, fields);
}
