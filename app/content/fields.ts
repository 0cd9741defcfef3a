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
  hint: "An image of the media library (choose or upload one), or a full https:// address",
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
