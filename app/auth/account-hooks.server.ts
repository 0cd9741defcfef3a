import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import type { AuditActor } from "../audit/audit.server.ts";
import { recordAudit } from "../audit/audit.server.ts";
import type { Db } from "../db/db.server.ts";
import { isRole } from "./roles.ts";
import { COMMON_PASSWORD, isCommonPassword } from "./common-passwords.server.ts";
import { CONFIRM_FIRST, isRecentlyConfirmed } from "./confirmation.ts";
import { auditIfRoleHolder } from "./sessions.server.ts";

/**
 * What better-auth's own calls must also respect here, as hooks (so the pages' `auth.api.*`
 * calls and /api/auth/* meet the same rules):
 * - a new password is not a common one (register, change, reset);
 * - changing a password ends every other session;
 * - a passkey is added or removed only within 10 minutes of confirming it is you;
 * - a session is stamped when its owner confirms it is them (password, authenticator code,
 *   recovery code, passkey), and a session that proved a second factor says so
 *   (`secondFactorAt`, `confirmedAt`: docs/decisions/0027);
 * - second-factor changes, confirmations and sign-ins of role holders go in the audit log.
 */

type HookCtx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];
type SessionOf = NonNullable<Awaited<ReturnType<typeof getSessionFromCtx>>>;
type NewSession = { id: string; userId: string; ipAddress?: string | null } & Record<string, unknown>;
type EndpointCtx = { path?: string; context: object } | null | undefined;

const NEW_PASSWORD_FIELD: Record<string, string> = { "/sign-up/email": "password", "/change-password": "newPassword", "/reset-password": "newPassword" };
const NEEDS_CONFIRMATION = new Set(["/passkey/generate-register-options", "/passkey/delete-passkey"]);
/** Calls that prove a second factor: at sign-in they start a session, on a signed-in session they confirm it. */
const SECOND_FACTOR_CALLS = new Set(["/two-factor/verify-totp", "/two-factor/verify-backup-code", "/passkey/verify-authentication"]);
/** Calls whose answer we need the caller's session from before the call for. */
const REMEMBER_SESSION = new Set([...SECOND_FACTOR_CALLS, "/passkey/delete-passkey"]);
const HOW: Record<string, string> = {
  "/sign-in/email": "password",
  "/two-factor/verify-totp": "password and authenticator code",
  "/two-factor/verify-backup-code": "password and a recovery code",
  "/passkey/verify-authentication": "a passkey",
};

/** The session a call was made with, remembered by the before hook for the after hook and the session hooks. */
const sessionBefore = new WeakMap<object, SessionOf | null>();

const ipOf = (ctx: HookCtx, clientIpHeader: string) => ctx.headers?.get(clientIpHeader) ?? ctx.request?.headers.get(clientIpHeader) ?? null;

/** Marks a session as confirmed now (and as having proved a second factor). */
export async function stampSession(db: Db, sessionId: string, secondFactor: boolean): Promise<void> {
  const now = new Date().toISOString();
  await db
    .updateTable("session")
    .set(secondFactor ? { confirmedAt: now, secondFactorAt: now } : { confirmedAt: now })
    .where("id", "=", sessionId)
    .execute();
}

export function accountHooks(db: Db, clientIpHeader: string) {
  const actorOf = (ctx: HookCtx, email: string): AuditActor => ({ email, ip: ipOf(ctx, clientIpHeader) });
  return {
    before: createAuthMiddleware(async (ctx) => {
      const field = NEW_PASSWORD_FIELD[ctx.path];
      const password = field ? ctx.body?.[field] : undefined;
      if (typeof password === "string" && (await isCommonPassword(password))) {
        throw new APIError("BAD_REQUEST", { code: "PASSWORD_TOO_COMMON", message: COMMON_PASSWORD });
      }
      // Changing the password ends every other session (ASVS 7.4.3), whoever calls.
      if (ctx.path === "/change-password" && ctx.body) ctx.body.revokeOtherSessions = true;
      // No "trust this device": every sign-in asks for the second factor (docs/decisions/0027).
      if ((ctx.path === "/two-factor/verify-totp" || ctx.path === "/two-factor/verify-backup-code") && ctx.body) ctx.body.trustDevice = false;
      if (NEEDS_CONFIRMATION.has(ctx.path)) {
        const session = await getSessionFromCtx(ctx).catch(() => null);
        if (session && !isRecentlyConfirmed(session.session.confirmedAt ? new Date(session.session.confirmedAt as string | Date) : null)) {
          throw new APIError("FORBIDDEN", { code: "CONFIRM_FIRST", message: CONFIRM_FIRST });
        }
      }
      if (REMEMBER_SESSION.has(ctx.path)) sessionBefore.set(ctx.context, await getSessionFromCtx(ctx).catch(() => null));
    }),
    after: createAuthMiddleware(async (ctx) => {
      if (isAPIError(ctx.context.returned)) return;
      const previous = sessionBefore.get(ctx.context);
      const session = ctx.context.session ?? previous;
      const email = session?.user.email;
      switch (ctx.path) {
        case "/verify-password":
          if (!session || !email) return;
          await stampSession(db, session.session.id, false);
          await auditIfRoleHolder(db, email, { actor: actorOf(ctx, email), action: "reauth", summary: "Confirmed with the password" });
          return;
        case "/two-factor/verify-totp":
        case "/two-factor/verify-backup-code": {
          // At sign-in there is no session yet (the session hooks record the sign-in).
          if (!previous) return;
          const how = ctx.path === "/two-factor/verify-totp" ? "an authenticator code" : "a recovery code";
          await stampSession(db, previous.session.id, true);
          const enrolled = !previous.user.twoFactorEnabled && ctx.path === "/two-factor/verify-totp";
          await auditIfRoleHolder(db, previous.user.email, {
            actor: actorOf(ctx, previous.user.email),
            ...(enrolled ? { action: "two-factor.enable", summary: "Set up an authenticator app (and recovery codes)" } : { action: "reauth", summary: `Confirmed with ${how}` }),
          });
          return;
        }
        case "/change-password":
          if (email) await auditIfRoleHolder(db, email, { actor: actorOf(ctx, email), action: "password.change", summary: "Changed the password; every other session ended" });
          return;
        case "/two-factor/disable":
          if (email) await auditIfRoleHolder(db, email, { actor: actorOf(ctx, email), action: "two-factor.disable", summary: "Removed the authenticator app and its recovery codes" });
          return;
        case "/two-factor/generate-backup-codes":
          if (email) await auditIfRoleHolder(db, email, { actor: actorOf(ctx, email), action: "recovery-codes.new", summary: "Made new recovery codes; the old ones no longer work" });
          return;
        case "/passkey/verify-registration":
          if (email) await auditIfRoleHolder(db, email, { actor: actorOf(ctx, email), action: "passkey.add", summary: `Added a passkey${ctx.body?.name ? ` (${String(ctx.body.name).slice(0, 60)})` : ""}` });
          return;
        case "/passkey/delete-passkey":
          if (email) await auditIfRoleHolder(db, email, { actor: actorOf(ctx, email), action: "passkey.remove", summary: "Removed a passkey" });
          return;
        // better-auth's own session calls (the account page uses auth/sessions.server.ts, which records these itself).
        case "/revoke-session":
          if (email) await auditIfRoleHolder(db, email, { actor: actorOf(ctx, email), action: "session.revoke", summary: "Ended a session" });
          return;
        case "/revoke-other-sessions":
        case "/revoke-sessions":
          if (email) await auditIfRoleHolder(db, email, { actor: actorOf(ctx, email), action: "sessions.revoke-others", summary: ctx.path === "/revoke-sessions" ? "Ended every session" : "Signed out everywhere else" });
          return;
      }
    }),
  };
}

/**
 * better-auth's session hooks. `before` stamps a new session with how it was made: a sign-in with
 * a password is confirmed now; one with a second factor (or a passkey) has proved it too; the
 * session a password change makes keeps the second factor of the one it replaces. Sessions that
 * better-auth re-creates for other reasons (setting up two factors) carry the old one's stamps.
 */
export function sessionHooks(db: Db) {
  return {
    before: async (session: NewSession, ctx: EndpointCtx) => {
      const path = ctx?.path ?? "";
      const now = new Date();
      if (SECOND_FACTOR_CALLS.has(path)) return { data: { ...session, secondFactorAt: now, confirmedAt: now } };
      if (path === "/sign-in/email" || path === "/sign-up/email") return { data: { ...session, secondFactorAt: null, confirmedAt: now } };
      if (path === "/change-password") {
        const replaced = (ctx?.context as { session?: { session?: Record<string, unknown> } | null }).session?.session;
        return { data: { ...session, secondFactorAt: replaced?.secondFactorAt ?? null, confirmedAt: now } };
      }
      return undefined;
    },
    /**
     * A sign-in by someone holding a role goes in the audit log; a passkey used on a signed-in
     * browser is a confirmation instead (its old session ends). If the entry cannot be written,
     * the session is deleted again and the sign-in fails: no admin session exists without its
     * entry, and none is recorded that failed.
     */
    after: async (session: NewSession, ctx: EndpointCtx) => {
      const path = ctx?.path ?? "";
      if (!HOW[path]) return;
      const previous = ctx ? sessionBefore.get(ctx.context) : undefined;
      const ip = session.ipAddress || null;
      try {
        if (previous && previous.user.id === session.userId) {
          if (path !== "/passkey/verify-authentication") return; // setting up or confirming on a signed-in session
          await db.deleteFrom("session").where("id", "=", previous.session.id).execute();
          await auditIfRoleHolder(db, previous.user.email, { actor: { email: previous.user.email, ip }, action: "reauth", summary: "Confirmed with a passkey" });
          return;
        }
        const holder = await db
          .selectFrom("user_roles")
          .innerJoin("user", "user.email", "user_roles.user_email")
          .select(["user_roles.user_email", "user_roles.user_role", "user.twoFactorEnabled"])
          .where("user.id", "=", session.userId)
          .where("user_roles.proven_at", "is not", null)
          .executeTakeFirst();
        if (!holder || !isRole(holder.user_role)) return;
        // A password that a second factor must follow: the sign-in is recorded when that comes.
        if (path === "/sign-in/email" && holder.twoFactorEnabled) return;
        await recordAudit(db, { actor: { email: holder.user_email, ip }, action: "sign-in", target: holder.user_email, summary: `Signed in as ${holder.user_role} with ${HOW[path]}` });
      } catch (error) {
        await db.deleteFrom("session").where("id", "=", session.id).execute();
        throw error;
      }
    },
  };
}
