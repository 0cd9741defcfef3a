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

/**
 * The one place error summaries are built: a 400 whose sentence names each wrong field by the
 * label people see on the form ("Please check these fields: Heading, Button link"), never by its
 * internal name. A field without a known label is named by its own message, which is written
 * for people too. `fields` keeps the internal names: that is how forms place each message.
 */
export function invalidFields(fields: Record<string, string>, labels: Record<string, string> = {}): AppError {
  const names = Object.keys(fields).map((name) => labels[name] ?? fields[name]!.replace(/[.\s]+$/, ""));
  return new AppError(400, `Please check ${names.length === 1 ? "the field" : "these fields"}: ${names.join(", ")}.`, fields);
}

/** The visible labels of an object schema's fields: the text each gave to `.describe()`. */
export function schemaLabels(schema: z.ZodType): Record<string, string> {
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  if (!shape || typeof shape !== "object") return {};
  return Object.fromEntries(Object.entries(shape).flatMap(([name, field]) => (field.description ? [[name, field.description]] : [])));
}

/** Parses input with a schema, or throws a 400 AppError naming each wrong field by its label. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw invalidFields(fieldErrors(result.error), schemaLabels(schema));
}
