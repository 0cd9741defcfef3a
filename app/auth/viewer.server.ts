import { createContext } from "react-router";
import type { Services } from "../services.server.ts";
import { isRole, type Role } from "./roles.ts";

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
}

/** The person making the request, as the server knows them, with the roles they hold. */
export interface Viewer {
  user: SignedInUser | null;
  roles: Role[];
}

export const ANONYMOUS: Viewer = { user: null, roles: [] };

export const viewerContext = createContext<Viewer>(ANONYMOUS);

/**
 * Reads the session cookie and the role table: a user_roles record with the signed-in email and
 * a role of ROLES (the spec's model), checked here on the server.
 */
export async function loadViewer(services: Services, headers: Headers): Promise<Viewer> {
  const session = await services.auth.api.getSession({ headers });
  if (!session) return ANONYMOUS;
  const email = session.user.email.toLowerCase();
  const row = await services.db
    .selectFrom("user_roles")
    .select("user_role")
    .where("user_email", "=", email)
    .executeTakeFirst();
  return {
    user: { id: session.user.id, email, name: session.user.name },
    roles: row && isRole(row.user_role) ? [row.user_role] : [],
  };
}
