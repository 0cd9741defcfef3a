import { type BetterAuthOptions, betterAuth } from "better-auth";
import { getMigrations } from "better-auth/db/migration";
import type { Config } from "../config.server.ts";
import type { Db, DbKind } from "../db/db.server.ts";
import type { Mailer } from "../mail/mailer.server.ts";
import type { RateLimiter } from "../security/rate-limit.server.ts";
import { recordAudit } from "../audit/audit.server.ts";
import { isRole } from "./roles.ts";
import { clearAccountAttempts, passwordAttemptHooks } from "./password-attempts.server.ts";
import { voidResetLinks } from "./reset-links.server.ts";

/** The header our own server sets from the socket (or trusted proxy); clients cannot forge it. */
export const CLIENT_IP_HEADER = "x-rankwell-client-ip";

/** What better-auth works with besides its configuration. */
export interface AuthDeps {
  db: Db;
  kind: DbKind;
  mailer: Mailer;
  rateLimiter: RateLimiter;
}

function authOptions(config: Config, { db, kind, mailer, rateLimiter }: AuthDeps) {
  return {
    appName: "Rankwell",
    baseURL: config.appUrl,
    basePath: "/api/auth",
    secret: config.authSecret,
    database: { db, type: kind },
    trustedOrigins: [config.appUrl],
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 6,
      maxPasswordLength: 128,
      autoSignIn: true,
      // A reset ends every session of the account, so a stolen session does not outlive it.
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      sendResetPassword: async ({ user, url, token }: { user: { id: string; email: string }; url: string; token: string }) => {
        // Only the newest link works: the ones mailed before it stop working now.
        await voidResetLinks(db, user.id, token);
        await mailer.send({
          to: user.email,
          subject: "Reset your Rankwell password",
          text: `Someone asked to reset the password of your Rankwell account.\n\nChoose a new password here (the link works for one hour):\n${url}\n\nIf it was not you, ignore this mail; your password stays as it is.`,
        });
      },
      onPasswordReset: async ({ user }: { user: { id: string; email: string } }) => {
        await voidResetLinks(db, user.id);
        await clearAccountAttempts(rateLimiter, user.email);
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    databaseHooks: { session: { create: { after: (session: NewSession) => recordAdminSignIn(db, session) } } },
    // Our own limiter (security/rate-limit.server.ts) covers every call that checks a password or
    // mails a reset link, for the pages and /api/auth alike, so there is one rule in one place.
    rateLimit: { enabled: false },
    hooks: passwordAttemptHooks({ limiter: rateLimiter, clientIpHeader: CLIENT_IP_HEADER, perAccount: config.rateLimitPerAccount }),
    advanced: {
      useSecureCookies: config.secureCookies,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
    logger: { disabled: config.logLevel === "silent" },
    // Failures that are not better-auth's own refusals go to the server's error handler, as every
    // other route's do: logged with the request id, 503 in a database outage, and silent for a
    // body already refused by the body limit (413).
    onAPIError: { throw: true },
  } satisfies BetterAuthOptions;
}

type NewSession = { id: string; userId: string; ipAddress?: string | null };

/**
 * A sign-in by someone holding a role goes in the audit log. better-auth writes the session on
 * its own, outside any transaction we could join, and calls this right after (before the answer
 * with the cookie is sent). If the entry cannot be written, the session is deleted again and the
 * sign-in fails: no admin session exists without its entry, and none is recorded that failed.
 */
async function recordAdminSignIn(db: Db, session: NewSession): Promise<void> {
  const holder = await db
    .selectFrom("user_roles")
    .innerJoin("user", "user.email", "user_roles.user_email")
    .select(["user_roles.user_email", "user_roles.user_role"])
    .where("user.id", "=", session.userId)
    .where("user_roles.proven_at", "is not", null)
    .executeTakeFirst();
  if (!holder || !isRole(holder.user_role)) return;
  try {
    await recordAudit(db, {
      actor: { email: holder.user_email, ip: session.ipAddress || null },
      action: "sign-in",
      target: holder.user_email,
      summary: `Signed in as ${holder.user_role}`,
    });
  } catch (error) {
    await db.deleteFrom("session").where("id", "=", session.id).execute();
    throw error;
  }
}

export function createAuth(config: Config, deps: AuthDeps) {
  return betterAuth(authOptions(config, deps));
}

export type Auth = ReturnType<typeof createAuth>;

/** Creates or updates better-auth's own tables (user, session, account, verification). */
export async function migrateAuthTables(config: Config, deps: AuthDeps) {
  const { runMigrations } = await getMigrations(authOptions(config, deps));
  await runMigrations();
}
