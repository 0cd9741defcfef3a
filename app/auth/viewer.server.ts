import { createContext } from "react-router";
import type { Services } from "../services.server.ts";

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
}

/** The person making the request, as the server knows them. */
export interface Viewer {
  user: SignedInUser | null;
  isAdmin: boolean;
}

export const ANONYMOUS: Viewer = { user: null, isAdmin: false };

export const viewerContext = createContext<Viewer>(ANONYMOUS);

/**
 * Reads the session cookie and the role table. Admin means: a user_roles record with the
 * signed-in email and role Admin (the spec's model), checked here on the server.
 */
export async function loadViewer(services: Services, headers: Headers): Promise<Viewer> {
  const session = await services.auth.api.getSession({ headers });
  if (!session) return ANONYMOUS;
  const email = session.user.email.toLowerCase();
  const role = await services.db
    .selectFrom("user_roles")
    .select("user_role")
    .where("user_email", "=", email)
    .executeTakeFirst();
  return {
    user: { id: session.user.id, email, name: session.user.name },
    isAdmin: role?.user_role === "Admin",
  };
}
