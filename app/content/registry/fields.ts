/**
 * The kinds of field a content section can have. Every value is stored as text (the spec's
 * model); the kind decides the validation, the admin input and how the public page uses it.
 */
export type FieldKind = "text" | "longText" | "formatted" | "url" | "image" | "number" | "email" | "choice" | "slug" | "tags" | "date" | "blocks" | "articleBody";

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
  /** For `slug`: whose address it is (a page at `/{slug}/`, an article at `/blog/{slug}/`); decides the reserved slugs. */
  slugOf?: "page" | "article";
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

/**
 * The address of a page or an article: lowercase segments of a-z, 0-9 and "-", separated by "/"
 * (articles: one segment). Addresses a route of the app owns are refused (registry/slugs.ts).
 */
export const slug = (label: string, slugOf: "page" | "article"): FieldDef => ({
  kind: "slug",
  label,
  max: 200,
  slugOf,
  hint:
    slugOf === "page"
      ? "The page's address after the site name: lowercase letters, digits and hyphens, with / between parts, e.g. local-seo/dentists"
      : "The article's address after /blog/: lowercase letters, digits and hyphens, e.g. how-we-rank",
});
/** Tags, comma-separated ("local seo, case study"); each gets a page listing its articles. */
export const tags = (label: string, extra: Extra = {}): FieldDef => ({
  kind: "tags",
  label,
  max: 300,
  hint: "Comma-separated, e.g. local seo, case study. Letters, digits, spaces and hyphens.",
  ...extra,
});
/** A calendar day, YYYY-MM-DD. */
export const date = (label: string, extra: Extra = {}): FieldDef => ({ kind: "date", label, max: 10, hint: "A day, YYYY-MM-DD", ...extra });
/**
 * The blocks of a created page, in order, one name a line: the landing page's blocks
 * (registry/page-blocks.ts) and "text" for the page's own body.
 */
export const blocks = (label: string, extra: Extra = {}): FieldDef => ({ kind: "blocks", label, max: 1000, ...extra });
/** An article's body: the formatted subset plus ## and ### headings and images of the media library. */
export const articleBody = (label: string, extra: Extra = {}): FieldDef => ({
  kind: "articleBody",
  label,
  max: 100_000,
  hint: "A blank line starts a new paragraph. ## and ### start headings; **bold**, *italic*, [link text](https://…), - lists, and ![alt text](/media/…) for an image of the media library.",
  ...extra,
});
