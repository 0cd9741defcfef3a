import { AppError } from "../errors.ts";
import { NO_PERMISSION, SIGN_IN_FIRST } from "../shared/messages.ts";

/**
 * The roles, weakest first. A role may do everything the roles before it may, so a lesser role
 * (an Editor, say) is one more entry at the front of this list, and Admin keeps every right.
 * A role is granted to an email in the user_roles table (`npm run admin`, the admin users screen).
 */
export const ROLES = ["Admin"] as const;
export type Role = (typeof ROLES)[number];

export const isRole = (value: string): value is Role => (ROLES as readonly string[]).includes(value);

/** Whoever holds roles: the viewer on the server, the root data's viewer in the browser. */
export interface RoleHolder {
  roles: readonly Role[];
}

/** True when the holder has `role` or a stronger one. */
export function hasRole(holder: RoleHolder, role: Role): boolean {
  const needed = ROLES.indexOf(role);
  return holder.roles.some((held) => ROLES.indexOf(held) >= needed);
}

/** Whoever acts, as a service needs them: the roles they hold and who they are, if signed in. */
export type Actor = RoleHolder & { user: { email: string } | null };

/**
 * For services (content writes, …): the signed-in user's email when they hold `role`, otherwise a
 * 401 (not signed in) or 403 (signed in without the role), whichever page or API called.
 */
export function assertRole(viewer: Actor, role: Role): string {
  if (!viewer.user) throw new AppError(401, SIGN_IN_FIRST);
  if (!hasRole(viewer, role)) throw new AppError(403, NO_PERMISSION);
  return viewer.user.email;
}
