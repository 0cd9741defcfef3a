import { data, redirect } from "react-router";
import { type Access, pagePath } from "./access.ts";
import { type SignedInUser, type Viewer, viewerContext } from "./viewer.server.ts";

export const NO_PERMISSION = "You don't have any permission";

type ContextLike = { get(ctx: typeof viewerContext): Viewer };

/** Only same-site paths are followed after sign-in; anything else returns to the dashboard. */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.startsWith("//") || to.startsWith("/\\")) return fallback;
  return to;
}

export function loginRedirect(request: Request): Response {
  const { pathname, search } = pagePath(new URL(request.url));
  const back = `${pathname}${search}`;
  return redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
}

/**
 * Applies an access level to a page request: anonymous visitors go to /login (and come back),
 * signed-in people without the role get a 403 with the spec's message.
 */
export function enforcePageAccess(access: Access, viewer: Viewer, request: Request): void {
  if (access === "public") return;
  if (access === "admin-or-404") {
    if (!viewer.isAdmin) throw data({ message: "Page not found" }, { status: 404 });
    return;
  }
  if (!viewer.user) throw loginRedirect(request);
  if (access === "admin" && !viewer.isAdmin) throw data({ message: NO_PERMISSION }, { status: 403 });
}

/** For loaders and actions of signed-in pages: the user, or a redirect to /login. */
export function requireUser(context: ContextLike, request: Request): SignedInUser {
  const viewer = context.get(viewerContext);
  enforcePageAccess("user", viewer, request);
  return viewer.user!;
}

/** For loaders and actions of admin pages: the admin, or /login, or a 403. */
export function requireAdmin(context: ContextLike, request: Request): SignedInUser {
  const viewer = context.get(viewerContext);
  enforcePageAccess("admin", viewer, request);
  return viewer.user!;
}
