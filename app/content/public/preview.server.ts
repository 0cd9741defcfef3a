import { requireRole } from "../../auth/permissions.server.ts";
import { viewerContext } from "../../auth/viewer.server.ts";
import { orPageError } from "../../forms.server.ts";
import { requestContext } from "../../services.server.ts";
import type { PreviewVersion } from "../content.server.ts";
import { versionForPreview } from "../workflow/history.server.ts";
import { CONTENT_ROLE } from "../../auth/roles.ts";
import type { RouteContext } from "../../services.server.ts";
import { isPreviewPath, PREVIEW_VERSION } from "./preview.ts";

/**
 * For the loaders of the pages that have a preview (landing page, /pricing/, /service/): true when
 * this request is for the preview. The access table already keeps everyone but editors out of
 * the preview paths; this checks again, so the loader alone never shows drafts to anyone else.
 */
export function previewRequested(context: RouteContext, request: Request): boolean {
  if (!isPreviewPath(new URL(request.url).pathname)) return false;
  requireRole(context, request, CONTENT_ROLE);
  return true;
}

/**
 * The earlier version a preview shows (history's "Preview this version": `?version=<revision id>`),
 * for someone who may change its section; undefined without one. A version that is not there is a 404.
 */
export async function previewVersion(context: RouteContext, request: Request): Promise<PreviewVersion | undefined> {
  const id = new URL(request.url).searchParams.get(PREVIEW_VERSION);
  if (!id || !isPreviewPath(new URL(request.url).pathname)) return undefined;
  const { services } = context.get(requestContext);
  return versionForPreview(services.db, context.get(viewerContext), id);
}

/** What a page loader passes to `loadPageSections`: whether this is a preview, and of which version. */
export async function previewOptions(context: RouteContext, request: Request): Promise<{ preview: boolean; version?: PreviewVersion }> {
  const preview = previewRequested(context, request);
  return preview ? { preview, version: await orPageError(previewVersion(context, request)) } : { preview };
}
