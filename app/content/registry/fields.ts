/**
 * The kinds of field a content section can have. Every value is stored as text (the spec's
 * model); the kind decides the validation, the admin input and how the public page uses it.
 */
export type FieldKind = "text" | "longText" | "formatted" | "url" | "image" | "number" | "email" | "choice";

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
/**
 * Text with a little formatting (paragraphs, bold, italic, links, lists) in a small markdown
 * subset, rendered to HTML on the server (registry/formatted.server.ts); raw HTML, images and links
 * other than http(s), mailto and site paths are refused.
 */
export const formatted = (label: string, extra: Extra = {}): FieldDef => ({
  kind: "formatted",
  label,
  max: 5000,
  hint: "A blank line starts a new paragraph. **bold**, *italic*, [link text](https://…), and lines starting with - make a list.",
  ...extra,
});
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
