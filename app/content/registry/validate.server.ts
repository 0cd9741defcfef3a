import { z } from "zod";
import { AppError, fieldErrors, invalidFields } from "../../errors.ts";
import { fieldSchema } from "./field-rules.ts";
import { articleBodyProblem, formattedProblem } from "./formatted.server.ts";
import { fieldLabels, namedFields } from "./labels.ts";
import type { SectionDef, Values } from "./sections.ts";

const schemas = new Map<string, z.ZodType<Values>>();

/** The zod schema of a section, derived from its fields (unknown keys such as `_id` are dropped). */
export function sectionSchema(def: SectionDef): z.ZodType<Values> {
  let schema = schemas.get(def.key);
  if (!schema) {
    schema = z.object(Object.fromEntries(Object.entries(def.fields).map(([name, field]) => [name, fieldSchema(field)]))) as unknown as z.ZodType<Values>;
    schemas.set(def.key, schema);
  }
  return schema;
}

/**
 * A section's values from untrusted input, or a 400 naming each wrong field. Formatted fields are
 * also checked here, on the server only, so the markdown parser never reaches the browser.
 */
export function parseSection(def: SectionDef, input: unknown): Values {
  const result = sectionSchema(def).safeParse(input);
  const fields = result.success ? {} : fieldErrors(result.error);
  const given = (result.success ? result.data : (input ?? {})) as Record<string, unknown>;
  for (const [name, field] of Object.entries(def.fields)) {
    const value = given[name];
    if ((field.kind !== "formatted" && field.kind !== "articleBody") || fields[name] || typeof value !== "string") continue;
    const problem = field.kind === "articleBody" ? articleBodyProblem(field.label, value) : formattedProblem(field.label, value);
    if (problem) fields[name] = problem;
  }
  if (Object.keys(fields).length || !result.success) throw invalidFields(fields, fieldLabels(def));
  return result.data;
}

/**
 * Stored values (a draft, an earlier version) checked against today's rules for the section. When
 * they no longer pass: a 409 whose sentence `refusal` writes around the failing fields' labels.
 */
export function parseStored(def: SectionDef, stored: Values | null, refusal: (fields: string) => string): Values {
  try {
    return parseSection(def, stored);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new AppError(409, refusal(namedFields(def, error.fields ?? {})));
  }
}
