import { z } from "zod";

/**
 * The kinds of field a content section can have. Every value is stored as text (the spec's
 * model); the kind decides the validation, the admin input and how the public page uses it.
 */
export type FieldKind = "text" | "longText" | "url" | "image" | "number" | "email" | "choice";

export interface FieldDef {
  kind: FieldKind;
  /** The visible label in the admin form. */
  label: string;
  /** Longest accepted value, in characters. */
  max: number;
  /** Optional fields may be left empty (only pricing points beyond the first). */
  optional?: boolean;
  /** For `choice`. */
  options?: readonly string[];
  /** For `number`: inclusive bounds. */
  min?: number;
  upper?: number;
  hint?: string;
}

type Extra = Partial<Pick<FieldDef, "optional" | "hint" | "max">>;

export const text = (label: string, extra: Extra = {}): FieldDef => ({ kind: "text", label, max: 200, ...extra });
export const longText = (label: string, extra: Extra = {}): FieldDef => ({ kind: "longText", label, max: 5000, ...extra });
export const url = (label: string, extra: Extra = {}): FieldDef => ({
  kind: "url",
  label,
  max: 2048,
  hint: "A full https:// address or a path on this site such as /contact",
  ...extra,
});
export const image = (label: string, extra: Extra = {}): FieldDef => ({
  kind: "image",
  label,
  max: 2048,
  hint: "Image address: https://… or a path on this site such as /images/logo.svg",
  ...extra,
});
export const email = (label: string, extra: Extra = {}): FieldDef => ({ kind: "email", label, max: 254, ...extra });
export const number = (label: string, bounds: { min?: number; upper?: number } = {}, extra: Extra = {}): FieldDef => ({
  kind: "number",
  label,
  max: 12,
  min: bounds.min ?? 0,
  upper: bounds.upper,
  ...extra,
});
export const choice = (label: string, options: readonly string[], extra: Extra = {}): FieldDef => ({
  kind: "choice",
  label,
  max: 50,
  options,
  ...extra,
});

/**
 * A link an admin may enter: http(s) with a host, or a path on this site. Rejects
 * `javascript:`, `data:`, protocol-relative `//host` and anything else a browser might run.
 */
export function isSafeLink(value: string): boolean {
  if (/^\/(?![/\\])/.test(value)) return true;
  if (value.startsWith("#")) return /^#[\w-]*$/.test(value);
  try {
    const parsed = new URL(value);
    return (parsed.protocol === "https:" || parsed.protocol === "http:") && parsed.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * The zod rule for one field; messages name what is wrong in plain words. An optional field may
 * also be left out of a JSON body altogether; it is then stored as "".
 */
export function fieldSchema(def: FieldDef): z.ZodType<string> {
  const rule = fieldRule(def);
  return def.optional ? rule.default("") : rule;
}

function fieldRule(def: FieldDef) {
  const required = `${def.label} is required`;
  let base = z
    .string({ error: required })
    .trim()
    .max(def.max, `${def.label} must be at most ${def.max} characters`);
  if (!def.optional) base = base.min(1, required);
  const rule = (check: (v: string) => boolean, message: string) => base.refine((v) => v === "" || check(v), message);
  switch (def.kind) {
    case "url":
    case "image":
      return rule(isSafeLink, `${def.label} must be an http(s) address or a path on this site`);
    case "email":
      return rule((v) => z.email().safeParse(v).success, `${def.label} must be a valid email address`);
    case "number":
      return rule((v) => {
        if (!/^\d+(\.\d{1,2})?$/.test(v)) return false;
        const n = Number(v);
        return n >= (def.min ?? 0) && (def.upper === undefined || n <= def.upper);
      }, `${def.label} must be a number${def.upper !== undefined ? ` from ${def.min ?? 0} to ${def.upper}` : ""}`);
    case "choice":
      return rule((v) => (def.options ?? []).includes(v), `${def.label} must be one of ${(def.options ?? []).join(", ")}`);
    default:
      return base;
  }
}
