import { passkey } from "@better-auth/passkey";
import { type BetterAuthOptions, betterAuth } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { getMigrations } from "better-auth/db/migration";
import { twoFactor } from "better-auth/plugins";
import type { Config } from "../config.server.ts";
import type { Db, DbKind } from "../db/db.server.ts";
import type { Mailer } from "../mail/mailer.server.ts";
import type { RateLimiter } from "../security/rate-limit.server.ts";
import { accountHooks, sessionHooks } from "./account-hooks.server.ts";
import { markVerified } from "./addresses.server.ts";
import { passwordAttemptHooks } from "./password-attempts.server.ts";
import { voidResetLinks } from "./reset-links.server.ts";
import { createSignInThrottle } from "./sign-in-throttle.server.ts";

import { CLIENT_IP_HEADER } from "./auth-service.server.ts";
import { AUTH_SESSION_FIELDS } from "./auth-tables.server.ts";

/** What better-auth works with besides its configuration. */
export interface AuthDeps {
  db: Db;
  kind: DbKind;
  mailer: Mailer;
  rateLimiter: RateLimiter;
  /** The clock the sign-in throttle counts by (tests fix it). */
  now?: () => number;
}

/** How long a verification link works. */
const VERIFY_HOURS = 48;

/** The address a verification link opens: our page, which verifies and says so (routes/auth/verify-email.tsx). */
export const verifyEmailUrl = (appUrl: string, token: string) => `${appUrl}/verify-email?token=${encodeURIComponent(token)}`;

/** A passkey sign-in counts as two factors only when the authenticator verified its user (PIN, fingerprint, face). */
function requireUserVerified({ verification }: { verification: { authenticationInfo: { userVerified: boolean } } }) {
  if (!verification.authenticationInfo.userVerified) {
    throw new APIError("UNAUTHORIZED", { code: "USER_NOT_VERIFIED", message: "This passkey did not check that it is you (a PIN, fingerprint or face). Use one that does, or sign in with your password." });
  }
}

/** Runs several better-auth hook middlewares in order (a refusal in one stops the rest). */
function chain(...middlewares: ReturnType<typeof createAuthMiddleware>[]) {
  return createAuthMiddleware(async (ctx) => {
    for (const middleware of middlewares) await middleware(ctx);
  });
}

function authOptions(config: Config, { db, kind, mailer, rateLimiter, now }: AuthDeps) {
  const throttle = createSignInThrottle(db, { free: config.rateLimitPerAccount, now });
  const attempts = passwordAttemptHooks({
    db,
    limiter: rateLimiter,
    throttle,
    mailer,
    appUrl: config.appUrl,
    clientIpHeader: CLIENT_IP_HEADER,
    mailsPerAddress: config.rateLimitPerAccount,
  });
  const account = accountHooks(db, CLIENT_IP_HEADER);
  const sessions = sessionHooks(db);
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
      // Customers may order and pay before they verify; a role needs a verified address (auth/viewer.server.ts).
      requireEmailVerification: false,
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
          content: {
            title: "Reset your password",
            paragraphs: ["Someone asked to reset the password of your Rankwell account.", "Choose a new password with this link (it works for one hour):"],
            button: { label: "Choose a new password", url },
            after: ["If it was not you, ignore this mail; your password stays as it is."],
          },
        });
      },
      onPasswordReset: async ({ user }: { user: { id: string; email: string } }) => {
        await voidResetLinks(db, user.id);
        await throttle.forget(user.email.toLowerCase());
        // The link came to the mailbox: whoever followed it owns the address.
        await markVerified(db, user.email);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // The link only verifies: signing in stays a matter of password (and second factor).
      autoSignInAfterVerification: false,
      expiresIn: VERIFY_HOURS * 60 * 60,
      sendVerificationEmail: async ({ user, token }: { user: { email: string }; token: string }) => {
        await mailer.send({
          to: user.email,
          subject: "Verify your Rankwell address",
          text: `Please confirm that ${user.email} is your address by opening this link (it works for ${VERIFY_HOURS} hours):\n${verifyEmailUrl(config.appUrl, token)}\n\nIf you did not create a Rankwell account, ignore this mail.`,
          content: {
            title: "Verify your address",
            paragraphs: [`Please confirm that ${user.email} is your address by opening this link (it works for ${VERIFY_HOURS} hours):`],
            button: { label: "Verify my address", url: verifyEmailUrl(config.appUrl, token) },
            after: ["If you did not create a Rankwell account, ignore this mail."],
          },
        });
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
      // Stamped by the session hooks and account hooks (account-hooks.server.ts), read by the viewer.
      additionalFields: AUTH_SESSION_FIELDS,
    },
    databaseHooks: { session: { create: sessions } },
    plugins: [
      // TOTP with ten recovery codes (stored encrypted); the OTP-by-mail method stays off.
      twoFactor({ issuer: "Rankwell", backupCodeOptions: { amount: 10 } }),
      passkey({
        rpName: "Rankwell",
        rpID: new URL(config.appUrl).hostname,
        origin: config.appUrl,
        // Discoverable (sign in without typing the address) and user-verifying (a second factor in itself).
        authenticatorSelection: { residentKey: "required", userVerification: "required" },
        authentication: { afterVerification: requireUserVerified },
      }),
    ],
    // Our own limiter (security/rate-limit.server.ts) and throttle cover every call that checks a
    // password or a second factor or mails a link, for the pages and /api/auth alike, so there is one rule in one place.
    rateLimit: { enabled: false },
    hooks: { before: chain(attempts.before, account.before), after: chain(attempts.after, account.after) },
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

export function createAuth(config: Config, deps: AuthDeps) {
  return betterAuth(authOptions(config, deps));
}

export type Auth = ReturnType<typeof createAuth>;

/** Creates or updates better-auth's own tables (user, session, account, verification, twoFactor, passkey). */
export async function migrateAuthTables(config: Config, deps: AuthDeps) {
  const { runMigrations } = await getMigrations(authOptions(config, deps));
  await runMigrations();
}
