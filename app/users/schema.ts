import { z } from "zod";

/**
 * Admin users are rows of user_roles: an email and a role. "Admin" opens the admin screens;
 * "Customer" is a listed person without admin rights (how an admin is demoted without deleting
 * the row). New users default to Admin, as in the spec.
 */
export const USER_ROLES = ["Admin", "Customer"] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const USER_ADDED = "User Is Added";
export const USER_UPDATED = "User Is Update";
export const USER_REMOVED = "User Is Removed";
export const LAST_ADMIN = "This is the last admin. Add another admin first: the site must always have at least one.";

const userEmail = z
  .string({ error: "Email is Required" })
  .trim()
  .toLowerCase()
  .min(1, "Email is Required")
  .max(254, "Provide a Valid Email")
  .pipe(z.email("Provide a Valid Email"));

const userRole = z.enum(USER_ROLES, { error: `userRole must be one of ${USER_ROLES.join(", ")}` });

/** POST /add-user: the role may be left out (it defaults to Admin). */
export const addUserSchema = z.object({ userEmail, userRole: userRole.default("Admin") });

/** PUT /upadete-users/{id}: a left-out role keeps the current one. */
export const updateUserSchema = z.object({ userEmail, userRole: userRole.optional() });
