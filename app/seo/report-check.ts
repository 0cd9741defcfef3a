/**
 * Issue 23 contract (the SEO report): one problem found on the public site, with the admin
 * screen where an editor fixes it. Each check module returns these; the report lists them.
 */
export type SeoFindingKind =
  | "missing-title"
  | "duplicate-title"
  | "missing-description"
  | "duplicate-description"
  | "image-without-alt"
  | "h1-count"
  | "short-article"
  | "broken-link"
  | "noindex";

export interface SeoFinding {
  kind: SeoFindingKind;
  /** The public path it concerns, when it concerns one page. */
  path?: string;
  /** What it concerns, as the editor knows it (a page's label, an image's file name). */
  label: string;
  /** One sentence saying what is wrong. */
  detail: string;
  /** The admin screen where it is fixed. */
  fixUrl: string;
}
