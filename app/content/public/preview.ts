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
} as const;

const previewPaths: readonly string[] = Object.values(PREVIEW_PATHS);

/** True for a preview address (with or without a trailing slash or React Router's `.data` suffix). */
export function isPreviewPath(pathname: string): boolean {
  const path = withoutDataSuffix(pathname);
  return previewPaths.includes(path.length > 1 ? path.replace(/\/+$/, "") : path);
}

/**
 * What the preview response carries besides `Cache-Control: private, no-store`, which every
 * signed-in answer gets from `server/session-dependent.ts` (set twice it would be sent twice):
 * never indexed.
 */
export const PREVIEW_HEADERS = { "X-Robots-Tag": "noindex" } as const;
