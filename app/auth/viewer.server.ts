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
  /** The client address as the app derives it (TRUST_PROXY): the audit log records it. */
  ip: string;
}

export const ANONYMOUS: Viewer = { user: null, roles: [], ip: "unknown" };

export const viewerContext = createContext<Viewer>(ANONYMOUS);

/**
 * Reads the session cookie and the role table: a user_roles record with the signed-in email, a
 * role of ROLES, and an address its owner has proven (an invitation link followed, or a grant
 * from the command line to an existing account). A pending grant gives nothing yet.
 */
export async function loadViewer(services: Services, headers: Headers, ip: string): Promise<Viewer> {
  const session = await services.auth.api.getSession({ headers });
  if (!session) return { ...ANONYMOUS, ip };
  const email = session.user.email.toLowerCase();
  const row = await services.db
    .selectFrom("user_roles")
    .select("user_role")
    .where("user_email", "=", email)
    .where("proven_at", "is not", null)
    .executeTakeFirst();
  return {
    user: { id: session.user.id, email, name: session.user.name },
    roles: row && isRole(row.user_role) ? [row.user_role] : [],
    ip,
  };
}
