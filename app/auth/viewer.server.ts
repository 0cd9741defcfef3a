import { createContext } from "react-router";
import { noteUserId } from "../logger.server.ts";
import type { Services } from "../services.server.ts";
import type { RoleWait } from "./confirmation.ts";
import { isRole, type Role } from "./roles.ts";
import { hasSessionCookie } from "./session-cookie.ts";
import { touchSession } from "./sessions.server.ts";

export interface SignedInUser {
  id: string;
  email: string;
  name: string;
  /** The owner proved the address (the verification link, an accepted invitation, a completed reset). */
  emailVerified: boolean;
  /** This request's session (the account page marks it "this device"). */
  sessionId: string;
}

/** The person making the request, as the server knows them, with the roles they hold. */
export interface Viewer {
  user: SignedInUser | null;
  /** The roles that apply now (see loadViewer). */
  roles: Role[];
  /** A role granted to them that does not apply yet, and what it waits for. */
  roleWait: RoleWait | null;
  /** When this session last proved it is its owner (auth/confirmation.ts). */
  confirmedAt: Date | null;
  /** The client address as the app derives it (TRUST_PROXY): the audit log records it. */
  ip: string;
}

export const ANONYMOUS: Viewer = { user: null, roles: [], roleWait: null, confirmedAt: null, ip: "unknown" };

export const viewerContext = createContext<Viewer>(ANONYMOUS);

const asDate = (value: unknown) => (value ? new Date(value as string | Date) : null);

/**
 * Reads the session cookie and the role table. A role applies only when all of these hold
 * (docs/decisions/0017, 0027): a user_roles record with the signed-in email and a role of ROLES,
 * whose address its owner has proven (an invitation link followed, or a grant from the command
 * line to a verified account); the account's address is verified; the account has a second factor
 * (an authenticator app or a passkey); and this session proved it (signed in with it, or
 * confirmed it since). Until then `roleWait` says what is missing, and pages and the API send the
 * person there instead of in.
 */
export async function loadViewer(services: Services, headers: Headers, ip: string): Promise<Viewer> {
  // No session cookie, nobody signed in: answered without loading better-auth.
  if (!hasSessionCookie(headers.get("cookie"))) return { ...ANONYMOUS, ip };
  const session = await services.auth.api.getSession({ headers });
  if (!session) return { ...ANONYMOUS, ip };
  const email = session.user.email.toLowerCase();
  noteUserId(session.user.id);
  const user: SignedInUser = { id: session.user.id, email, name: session.user.name, emailVerified: Boolean(session.user.emailVerified), sessionId: session.session.id };
  const confirmedAt = asDate(session.session.confirmedAt);
  await touchSession(services.db, session.session);
  const row = await services.db
    .selectFrom("user_roles")
    .select("user_role")
    .where("user_email", "=", email)
    .where("proven_at", "is not", null)
    .executeTakeFirst();
  if (!row || !isRole(row.user_role)) return { user, roles: [], roleWait: null, confirmedAt, ip };
  const role = row.user_role;
  const missing = !user.emailVerified
    ? "verified-address"
    : !(session.user.twoFactorEnabled || (await hasPasskey(services, user.id)))
      ? "second-factor-setup"
      : !session.session.secondFactorAt
        ? "second-factor"
        : null;
  return missing ? { user, roles: [], roleWait: { role, missing }, confirmedAt, ip } : { user, roles: [role], roleWait: null, confirmedAt, ip };
}

async function hasPasskey(services: Services, userId: string): Promise<boolean> {
  return Boolean(await services.db.selectFrom("passkey").select("id").where("userId", "=", userId).executeTakeFirst());
}
