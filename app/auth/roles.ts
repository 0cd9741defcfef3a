import { AppError } from "../errors.ts";
import { NO_PERMISSION, SIGN_IN_FIRST } from "../shared/messages.ts";

/**
 * The roles, weakest first. A role may do everything the roles before it may: an Editor works on
 * the site's content (sections, template items, media, drafts and preview); an Admin does that and
 * everything else (orders, payments, inbox, people, the payment account). A role is granted to an
 * email in the user_roles table (`npm run admin`, the admin users screen).
 */
export const ROLES = ["Editor", "Admin"] as const;
export type Role = (typeof ROLES)[number];

/** The weakest role: whoever holds any role may open the admin area (its dashboard and frame). */
export const ANY_ROLE: Role = ROLES[0];

/** The role that edits the site's content: what every content section needs unless it says otherwise. */
export const CONTENT_ROLE: Role = "Editor";

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/** Whoever holds roles: the viewer on the server, the root data's viewer in the browser. */
export interface RoleHolder {
  roles: readonly Role[];
}

/** The strongest of some roles (a page that shows several sections needs each one's role). */
export const strongestRole = (roles: readonly Role[]): Role => roles.reduce((a, b) => (ROLES.indexOf(b) > ROLES.indexOf(a) ? b : a));

/**
 * Who may use a page or an API call. A level is `public`, `user` (signed in) or a role of ROLES
 * (that role or a stronger one). `<Role>-or-404` is for a single-segment path such as the about
 * editor's `/:id`: anyone without the role gets the ordinary 404 page, so unknown paths stay plain
 * 404s. Ownership of a record (an order) is checked inside the service, on top of this.
 */
export type Access = "public" | "user" | Role | `${Role}-or-404`;

/** The role an access level needs, if any. */
export function requiredRole(access: Access): Role | undefined {
  const role = access.replace(/-or-404$/, "");
  return isRole(role) ? role : undefined;
}

/** True when the holder has `role` or a stronger one. */
export function hasRole(holder: RoleHolder, role: Role): boolean {
  const needed = ROLES.indexOf(role);
  return holder.roles.some((held) => ROLES.indexOf(held) >= needed);
}

/** Whoever acts, as a service needs them: the roles they hold, who they are (if signed in) and their address (for the audit log). */
export type Actor = RoleHolder & { user: { email: string } | null; ip: string; confirmedAt?: Date | null };

/**
 * For services (content writes, …): the signed-in user's email when they hold `role`, otherwise a
 * 401 (not signed in) or 403 (signed in without the role), whichever page or API called.
 */
export function assertRole(viewer: Actor, role: Role): string {
  if (!viewer.user) throw new AppError(401, SIGN_IN_FIRST);
  if (!hasRole(viewer, role)) throw new AppError(403, NO_PERMISSION);
  return viewer.user.email;
}
