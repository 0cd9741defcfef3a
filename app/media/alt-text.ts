import { z } from "zod";
import { fieldErrors, invalidFields, schemaLabels } from "../errors.ts";

/**
 * Alt text on library images (docs/decisions/0039-image-alt-text-and-focal-point.md), one rule for
 * the library's forms, the image pickers and the API. A file has alt text, or is marked
 * decorative (drawn with alt=""), or neither: "missing", which the SEO report lists when a
 * published page uses it. The admin forms require one of the two; an API upload may leave both out.
 */

export const ALT_MAX = 250;
export const ALT_LABEL = "Alt text";
export const DECORATIVE_LABEL = "Decorative (adds nothing the text does not say: shown with empty alt text)";
export const ALT_HINT = "What the image shows, for people who cannot see it, e.g. “Our team at the 2025 SEO summit”.";
export const ALT_REQUIRED = "Describe the image, or mark it decorative.";
export const ALT_CONFLICT = "A decorative image has no alt text: clear the alt text or untick Decorative.";
export const FOCAL_X_LABEL = "Focal point, horizontal %";
export const FOCAL_Y_LABEL = "Focal point, vertical %";

/** What a file says about itself on a page. `alt` undefined: missing (nobody has said). */
export interface ImageFacts {
  /** The text to draw: "" when decorative, undefined when missing. */
  alt?: string;
  /** The point a crop keeps in view, percent. */
  focal: { x: number; y: number };
}

const checked = z.preprocess((v) => v === true || v === "on" || v === "true" || v === "1", z.boolean());
const percent = (label: string) =>
  z.preprocess(
    (v) => (v === "" || v === undefined || v === null ? undefined : Number(v)),
    z.number({ error: `${label}: give a number from 0 to 100.` }).int(`${label}: give a whole number from 0 to 100.`).min(0, `${label}: at least 0.`).max(100, `${label}: at most 100.`).optional(),
  ).describe(label);

const altField = z
  .string()
  .optional()
  .transform((v) => v?.replace(/\s+/g, " ").trim() ?? "")
  .pipe(z.string().max(ALT_MAX, `${ALT_LABEL}: at most ${ALT_MAX} characters.`))
  .describe(ALT_LABEL);

const base = z.object({ alt: altField, decorative: checked.optional().default(false).describe("Decorative") });

const notBoth = (v: { alt: string; decorative: boolean }, ctx: z.RefinementCtx) => {
  if (v.decorative && v.alt) ctx.addIssue({ code: "custom", path: ["alt"], message: ALT_CONFLICT });
};

/** The admin forms (library upload, picker upload, item view): alt text or decorative, not both, not neither. */
export const requiredAltSchema = base.superRefine((v, ctx) => {
  notBoth(v, ctx);
  if (!v.decorative && !v.alt) ctx.addIssue({ code: "custom", path: ["alt"], message: ALT_REQUIRED });
});

/** The API upload: both may be left out (the file's alt text is then missing). */
export const optionalAltSchema = base.superRefine(notBoth);

/** The item view's focal point fields. */
export const focalSchema = z.object({ focalX: percent(FOCAL_X_LABEL), focalY: percent(FOCAL_Y_LABEL) });

/** The stored columns as the page draws them. */
export const altOf = (file: { altText: string | null; decorative: boolean }): string | undefined => (file.decorative ? "" : (file.altText ?? undefined));

/** "Decorative", the alt text in quotes, or "No alt text". */
export function describeAlt(file: { altText: string | null; decorative: boolean }): string {
  if (file.decorative) return "Decorative (empty alt text)";
  return file.altText ? `“${file.altText}”` : "No alt text";
}

/** What an editor says about a file: its alt text (or that it is decorative) and its focal point. */
export interface Description {
  alt?: string;
  decorative?: boolean;
  focal?: { x: number; y: number };
}

/**
 * A description from a form or a JSON body, or a 400 naming every wrong field by its label.
 * `requireAlt`: the admin forms, which must say alt text or decorative. Alt text is changed only
 * when `alt` or `decorative` is sent, the focal point only when both its numbers are.
 */
export function parseDescription(input: Record<string, unknown>, { requireAlt, focal = true }: { requireAlt: boolean; focal?: boolean }): Description {
  const described: Description = {};
  const fields: Record<string, string> = {};
  if (requireAlt || "alt" in input || "decorative" in input) {
    const alt = (requireAlt ? requiredAltSchema : optionalAltSchema).safeParse(input);
    if (alt.success) Object.assign(described, alt.data);
    else Object.assign(fields, fieldErrors(alt.error));
  }
  if (focal) {
    const point = focalSchema.safeParse(input);
    if (!point.success) Object.assign(fields, fieldErrors(point.error));
    else if (point.data.focalX !== undefined && point.data.focalY !== undefined) described.focal = { x: point.data.focalX, y: point.data.focalY };
    else if (point.data.focalX !== undefined || point.data.focalY !== undefined) fields[point.data.focalX === undefined ? "focalX" : "focalY"] = "Give both numbers of the focal point.";
  }
  if (Object.keys(fields).length) throw invalidFields(fields, { ...schemaLabels(base), ...schemaLabels(focalSchema) });
  return described;
}
