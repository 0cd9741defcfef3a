import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import type { Mailer } from "../mail/mailer.server.ts";
import type { Limit, RateLimiter } from "../security/rate-limit.server.ts";
import { tooManyAttempts } from "../shared/messages.ts";
import type { Db } from "../db/db.server.ts";
import { auditIfRoleHolder } from "./sessions.server.ts";
import type { SignInThrottle } from "./sign-in-throttle.server.ts";

/**
 * Limits on every better-auth call that checks a password, a second factor or sends a mail, as
 * better-auth hooks: they run for HTTP calls under /api/auth and for the pages' direct
 * `auth.api.*` calls alike, so there is one rule in one place.
 *
 * - Per client IP (`auth` bucket, RATE_LIMIT_PER_MINUTE): bounds guessing across many accounts.
 * - Per account and client address (auth/sign-in-throttle.server.ts, RATE_LIMIT_PER_ACCOUNT free
 *   attempts, then progressive delays): bounds guessing one account from one address without
 *   locking the owner out from anywhere else. Checked first: an attempt refused for the pair is
 *   not counted against the address's own allowance, so it does not lock out others behind it.
 *   A right password clears the pair; a completed reset clears the account.
 * - Wrong passwords per account, from anywhere: the owner is mailed when there are many, and a
 *   role holder's failed sign-ins go in the audit log.
 * - Mails per address (`mail-to` bucket) for the calls that mail a link (reset, verification):
 *   nobody's mailbox can be flooded through us.
 */

type AccountFrom = "email" | "session";

/** better-auth's calls that take a password or a second factor (or mail a link), and whose account they are about. */
export const PASSWORD_CALLS: Record<string, { account?: AccountFrom; mailsTo?: true }> = {
  "/sign-in/email": { account: "email" },
  "/change-password": { account: "session" },
  "/verify-password": { account: "session" },
  "/delete-user": { account: "session" },
  "/two-factor/enable": { account: "session" },
  "/two-factor/disable": { account: "session" },
  "/two-factor/get-totp-uri": { account: "session" },
  "/two-factor/generate-backup-codes": { account: "session" },
  // Per IP: better-auth allows 5 codes per sign-in challenge and locks the second factor after 10.
  "/two-factor/verify-totp": {},
  "/two-factor/verify-backup-code": {},
  "/passkey/verify-authentication": {},
  // Per IP only: sign-up checks no password, and reset tokens are long and random.
  "/sign-up/email": {},
  "/reset-password": {},
  "/request-password-reset": { mailsTo: true },
  "/send-verification-email": { mailsTo: true },
};

/** The window of the mail-to limit. */
export const MAIL_WINDOW_MS = 15 * 60_000;

export interface PasswordLimits {
  db: Db;
  limiter: RateLimiter;
  throttle: SignInThrottle;
  mailer: Mailer;
  appUrl: string;
  /** The header our server sets to the client's address (clients cannot set it). */
  clientIpHeader: string;
  /** Mails per address per 15 minutes. */
  mailsPerAddress: number;
}

/** better-auth's answers to a wrong password (sign-in; the calls that check the signed-in person's). */
const WRONG_PASSWORD_CODES = new Set(["INVALID_EMAIL_OR_PASSWORD", "INVALID_PASSWORD"]);

const accountKey = (email: string) => email.trim().toLowerCase();

function refuse(retryAfterSeconds: number): never {
  throw new APIError("TOO_MANY_REQUESTS", { code: "TOO_MANY_ATTEMPTS", message: tooManyAttempts(retryAfterSeconds) }, { "Retry-After": String(retryAfterSeconds) });
}

type HookCtx = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/** The `hooks` of better-auth's options, for password attempts (combined with the others in auth.server.ts). */
export function passwordAttemptHooks({ db, limiter, throttle, mailer, appUrl, clientIpHeader, mailsPerAddress }: PasswordLimits) {
  const mailLimit: Limit = { max: mailsPerAddress, windowMs: MAIL_WINDOW_MS };
  const ipOf = (ctx: HookCtx) => ctx.headers?.get(clientIpHeader) ?? ctx.request?.headers.get(clientIpHeader) ?? "unknown";

  /** The account a call is about: the email it names, or the signed-in user's. */
  async function accountOf(ctx: HookCtx, from: AccountFrom | undefined): Promise<string | undefined> {
    if (from === "email") return typeof ctx.body?.email === "string" ? accountKey(ctx.body.email) : undefined;
    if (from === "session") {
      const session = ctx.context.session ?? (await getSessionFromCtx(ctx).catch(() => null));
      return session ? accountKey(session.user.email) : undefined;
    }
    return undefined;
  }

  /** A wrong password on an account: counted, audited for a role holder, and the owner mailed when there are many. */
  async function wrongPassword(account: string, ip: string) {
    const exists = await db.selectFrom("user").select("id").where("email", "=", account).executeTakeFirst();
    if (!exists) return;
    await auditIfRoleHolder(db, account, { actor: { email: account, ip }, action: "sign-in.failed", summary: `Wrong password from ${ip}` });
    const { failures, mailOwner } = await throttle.failed(account);
    if (!mailOwner) return;
    await mailer.send({
      to: account,
      subject: "Many wrong passwords for your Rankwell account",
      text: [
        `Someone tried to sign in to your Rankwell account with a wrong password ${failures} times in the last hour (the last try from the address ${ip}).`,
        "",
        "Each try was refused, and an address that keeps trying is slowed down; you can still sign in as usual. If it was you, there is nothing to do.",
        "",
        `If it was not you: choose a long password used nowhere else, and set up two-step sign-in (an authenticator app or a passkey) on your account page: ${appUrl}/account`,
        "",
      ].join("\n"),
      content: {
        title: "Many wrong passwords",
        paragraphs: [
          `Someone tried to sign in to your Rankwell account with a wrong password ${failures} times in the last hour (the last try from the address ${ip}).`,
          "Each try was refused, and an address that keeps trying is slowed down; you can still sign in as usual. If it was you, there is nothing to do.",
          "If it was not you: choose a long password used nowhere else, and set up two-step sign-in (an authenticator app or a passkey) on your account page.",
        ],
        button: { label: "Your account page", url: `${appUrl}/account` },
      },
    });
  }

  return {
    before: createAuthMiddleware(async (ctx) => {
      const call = PASSWORD_CALLS[ctx.path];
      if (!call) return;
      const ip = ipOf(ctx);
      const account = await accountOf(ctx, call.account);
      if (account) {
        const decision = await throttle.reserve(account, ip);
        if (!decision.allowed) refuse(decision.retryAfterSeconds);
      }
      if (call.mailsTo && typeof ctx.body?.email === "string") {
        const decision = await limiter.attempt("mail-to", accountKey(ctx.body.email), mailLimit);
        if (!decision.allowed) refuse(decision.retryAfterSeconds);
      }
      const decision = await limiter.attempt("auth", ip);
      if (!decision.allowed) refuse(decision.retryAfterSeconds);
    }),
    after: createAuthMiddleware(async (ctx) => {
      const call = PASSWORD_CALLS[ctx.path];
      if (!call?.account) return;
      const returned = ctx.context.returned;
      const account = call.account === "email" ? await accountOf(ctx, "email") : ctx.context.session ? accountKey(ctx.context.session.user.email) : undefined;
      if (!account) return;
      const ip = ipOf(ctx);
      if (!isAPIError(returned)) {
        // The password was right: this address is not slowed by the attempts before it.
        await throttle.cleared(account, ip);
        return;
      }
      // A wrong password (not a refusal for too many attempts, nor a malformed call).
      if (WRONG_PASSWORD_CODES.has(String(returned.body?.code ?? ""))) await wrongPassword(account, ip);
    }),
  };
}
