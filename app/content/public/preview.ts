import { withoutDataSuffix } from "../../shared/page-path.ts";

/**
 * The preview of unpublished content: the public pages as they will look once every draft is
 * published, at their own addresses under /admin (so no cache or crawler mistakes them for the
 * public pages), for people who may edit content only, never cached, never indexed.
 */
export const PREVIEW_PATHS = {
  home: "/admin/preview",
  pricing: "/admin/preview/pricing",
  service: "/admin/preview/service",
  /** One created page or article with its draft (issue 23), by record id. */
  page: "/admin/preview/pages/:id",
  article: "/admin/preview/articles/:id",
} as const;

const previewPaths: readonly string[] = Object.values(PREVIEW_PATHS);
const RECORD_PREVIEW = /^\/admin\/preview\/(pages|articles)\/[A-Za-z0-9_-]+$/;

/** True for a preview address (with or without a trailing slash or React Router's `.data` suffix). */
export function isPreviewPath(pathname: string): boolean {
  const path = withoutDataSuffix(pathname);
  const bare = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return previewPaths.includes(bare) || RECORD_PREVIEW.test(bare);
}

/** The preview of one page or article (its section's key, "pages" or "articles"), opened from its edit form. */
export const recordPreviewUrl = (section: "pages" | "articles", id: string, editPath: string) =>
  `/admin/preview/${section}/${encodeURIComponent(id)}?${PREVIEW_FROM}=${encodeURIComponent(editPath)}`;

/**
 * What the preview response carries besides `Cache-Control: private, no-store`, which every
 * signed-in answer gets from `server/session-dependent.ts` (set twice it would be sent twice):
 * never indexed.
 */
export const PREVIEW_HEADERS = { "X-Robots-Tag": "noindex" } as const;

/** The query parameter naming the edit form a preview was opened from ("Back to editing", Publish). */
export const PREVIEW_FROM = "edit";

/** The preview opened from an edit form at `editPath`. */
export const previewUrl = (editPath: string) => `${PREVIEW_PATHS.home}?${PREVIEW_FROM}=${encodeURIComponent(editPath)}`;

/** The edit form a preview names, if it is a plain path on this site (anything else is ignored). */
export function previewFrom(search: URLSearchParams): string | undefined {
  const from = search.get(PREVIEW_FROM);
  return from && /^\/[A-Za-z0-9/_-]*$/.test(from) && !from.startsWith("//") ? from : undefined;
}

/** The query parameter of a preview of an earlier version (a revision's id), from the history. */
export const PREVIEW_VERSION = "version";

/** The preview of the version a revision left, leading back to the record's history. */
export const versionPreviewUrl = (revisionId: string, recordId: string) =>
  `${PREVIEW_PATHS.home}?${PREVIEW_VERSION}=${encodeURIComponent(revisionId)}&history=${encodeURIComponent(recordId)}`;
