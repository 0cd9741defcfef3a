import { z } from "zod";
import { ROLES } from "../auth/roles.ts";
import { emailAddress } from "../shared/validation.ts";

/**
 * Admin users are rows of user_roles: an email and a role. A role of ROLES opens the screens that
 * role may use; "Customer" is a listed person without a role (how an admin is demoted without
 * deleting the row). New users default to Admin, as in the spec.
 */
export const USER_ROLES = [...ROLES, "Customer"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** What the pages say for the spec's "User Is Added", "User Is Update", "User Is Removed" (docs/decisions/0023-wording.md). */
export const USER_TEXTS = { added: "User added.", updated: "User updated.", removed: "User removed." } as const;
/** How long an invitation link works. */
export const INVITATION_DAYS = 7;

export const INVITATION_GONE = "This invitation link does not work any more: it was used, replaced by a newer one, withdrawn, or it expired. Ask an admin to send a new one.";

export const LAST_ADMIN = "This is the last admin who can sign in. Add another admin first, and let them accept their invitation: the site must always have at least one.";

const userEmail = emailAddress().describe("Email");

const userRole = z.enum(USER_ROLES, { error: `Role must be one of ${USER_ROLES.join(", ")}` });

/** POST /add-user: the role may be left out (it defaults to Admin). */
export const addUserSchema = z.object({ userEmail, userRole: userRole.default("Admin").describe("Role") });

/**
 * The /add-user page's form: the role is the person's choice, with none preselected (issue 21: a
 * default of Admin made every careless invite an Admin). The API keeps the spec's default.
 */
export const inviteFormSchema = z.object({ userEmail, userRole: z.enum(USER_ROLES, { error: "Choose a role" }).describe("Role") });

/** PUT /upadete-users/{id}: a left-out role keeps the current one. */
export const updateUserSchema = z.object({ userEmail, userRole: userRole.optional().describe("Role") });
