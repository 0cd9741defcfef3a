import { data, redirect } from "react-router";
import type { RouteContext } from "../services.server.ts";
import { NO_PERMISSION, PAGE_NOT_FOUND } from "../shared/messages.ts";
import { pagePath } from "../shared/page-path.ts";
import { type Access, requiredRole } from "./roles.ts";
import { roleWaitPath } from "./confirmation.ts";
import { hasRole, type Role } from "./roles.ts";
import { type SignedInUser, type Viewer, viewerContext } from "./viewer.server.ts";

const SITE = "http://rankwell.invalid";

/**
 * Only same-site paths are followed after sign-in; anything else goes to `fallback`. A target
 * with control characters or whitespace is refused outright (browsers drop a tab or newline,
 * turning `/\t/evil.example` into `//evil.example`, and a newline cannot go in a header); the
 * rest is resolved as a URL and kept only when it stays on our origin, as the path it resolves to.
 */
export function safeRedirect(to: FormDataEntryValue | string | null | undefined, fallback = "/dashboard"): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  if (typeof to !== "string" || !to.startsWith("/") || /[\u0000-\u0020\u007f-\u00a0\u2028\u2029\\]/.test(to)) return fallback;
  let url: URL;
  try {
    url = new URL(to, SITE);
  } catch {
    return fallback;
  }
  // A path that resolves to `//host` (`/.//evil.example`, `/%2e%2e//evil.example`) is another
  // site's address to a browser, whatever origin it resolved to here.
  if (url.origin !== SITE || url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}

export function loginRedirect(request: Request): Response {
  const { pathname, search } = pagePath(new URL(request.url));
  const back = `${pathname}${search}`;
  return redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
}

export type Refusal = { kind: "login" } | { kind: "wait" } | { kind: "error"; status: 403 | 404; message: string };

/**
 * What an access level says to this viewer: nothing (allowed), log in first, go and do what
 * their role waits for (verify the address, set up or confirm a second factor), or an error page
 * (403 with the spec's message; 404 for an `…-or-404` level such as the about editor's).
 */
export function pageRefusal(access: Access, viewer: Viewer): Refusal | null {
  if (access === "public") return null;
  const role = requiredRole(access);
  if (access.endsWith("-or-404")) return role && hasRole(viewer, role) ? null : { kind: "error", status: 404, message: PAGE_NOT_FOUND };
  if (!viewer.user) return { kind: "login" };
  if (role && !hasRole(viewer, role)) return viewer.roleWait && hasRole({ roles: [viewer.roleWait.role] }, role) ? { kind: "wait" } : { kind: "error", status: 403, message: NO_PERMISSION };
  return null;
}

/**
 * Applies an access level to a page request: anonymous visitors go to /login (and come back),
 * signed-in people without the role get a 403 with the spec's message. `extra` goes into the
 * error's data (the root middleware adds what the error page needs to draw the site's frame).
 */
export function enforcePageAccess(access: Access, viewer: Viewer, request: Request, extra: Record<string, unknown> = {}): void {
  const refusal = pageRefusal(access, viewer);
  if (!refusal) return;
  if (refusal.kind === "login") throw loginRedirect(request);
  if (refusal.kind === "wait") {
    const { pathname, search } = pagePath(new URL(request.url));
    throw redirect(roleWaitPath(viewer.roleWait!, `${pathname}${search}`));
  }
  throw data({ message: refusal.message, ...extra }, { status: refusal.status });
}

/**
 * For loaders and actions: the signed-in user. The root middleware has already applied the page's
 * access level from the page table (app/pages.ts), so a page never states its role again. Should a
 * request reach a loader without a user all the same, it is sent to /login, not failed.
 */
export function signedInUser(context: RouteContext): SignedInUser {
  const { user } = context.get(viewerContext);
  if (!user) throw redirect("/login");
  return user;
}

/**
 * For a check inside a page that its access level does not cover (the preview's drafts, shown
 * only to editors by the pages that also render publicly): the user, or /login, or a 403.
 */
export function requireRole(context: RouteContext, request: Request, role: Role): SignedInUser {
  const viewer = context.get(viewerContext);
  enforcePageAccess(role, viewer, request);
  return viewer.user!;
}
