import type { SectionDef } from "./sections.ts";

/**
 * How sections and fields are named to people: by the labels of the registry, never by the
 * internal names (`accodingTitle`) that the stored data and the API use.
 */

/** The labels the admin form shows for a section's fields, by field name. */
export const fieldLabels = (def: SectionDef): Record<string, string> => Object.fromEntries(Object.entries(def.fields).map(([name, field]) => [name, field.label]));

/** A list's label in the singular, for "Add …" ("Service items" -> "Service item"). */
export const singular = (label: string) => label.replace(/s$/, "");

/**
 * The fields a refusal names (`AppError.fields`, by internal name), as a list people can read:
 * "Question, Answer". A name without a label is given by its own message, written for people too.
 */
export const namedFields = (def: SectionDef, fields: Record<string, string>): string => {
  const labels = fieldLabels(def);
  return Object.keys(fields)
    .map((name) => labels[name] ?? fields[name]!.replace(/[.\s]+$/, ""))
    .join(", ");
};
