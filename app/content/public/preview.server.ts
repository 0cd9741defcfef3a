import { requireRole } from "../../auth/permissions.server.ts";
import { CONTENT_ROLE } from "../../auth/roles.ts";
import type { RouteContext } from "../../services.server.ts";
import { isPreviewPath } from "./preview.ts";

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
