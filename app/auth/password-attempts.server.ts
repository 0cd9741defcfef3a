import { APIError, createAuthMiddleware, getSessionFromCtx, isAPIError } from "better-auth/api";
import { AppError } from "../errors.ts";
import type { Limit, RateLimiter } from "../security/rate-limit.server.ts";
import { tooManyAttempts } from "../shared/messages.ts";

/**
 * Rate limits on every better-auth call that checks a password or sends a mail, as better-auth
 * hooks: they run for HTTP calls under /api/auth and for the pages' direct `auth.api.*` calls
 * alike, so there is one rule in one place.
 *
 * - Per client IP (`auth` bucket, RATE_LIMIT_PER_MINUTE): bounds guessing across many accounts.
 * - Per account (`account` bucket, RATE_LIMIT_PER_ACCOUNT per 15 minutes): bounds guessing one
 *   account from many addresses. Checked first: an attempt on a locked account is refused without
 *   counting against the IP, so a locked account does not lock out others behind the same address.
 *   A correct password (and a completed reset) clears its account's count.
 * - Mails per address (`mail-to` bucket, the account limit) for the calls that mail a link (reset,
 *   verification): nobody's mailbox can be flooded through us.
 */

type AccountFrom = "email" | "session";

/** better-auth's calls that take a password (or mail a link), and whose account they are about. */
export const PASSWORD_CALLS: Record<string, { account?: AccountFrom; mailsTo?: true }> = {
  "/sign-in/email": { account: "email" },
  "/change-password": { account: "session" },
  "/verify-password": { account: "session" },
  "/delete-user": { account: "session" },
  // Per IP only: sign-up checks no password, and reset tokens are long and random.
  "/sign-up/email": {},
  "/reset-password": {},
  "/request-password-reset": { mailsTo: true },
  "/send-verification-email": { mailsTo: true },
};

export const ACCOUNT_WINDOW_MS = 15 * 60_000;

export interface PasswordLimits {
  limiter: RateLimiter;
  /** The header our server sets to the client's address (clients cannot set it). */
  clientIpHeader: string;
  perAccount: number;
}

const accountKey = (email: string) => email.trim().toLowerCase();

function refuse(retryAfterSeconds: number): never {
  throw new APIError("TOO_MANY_REQUESTS", { code: "TOO_MANY_ATTEMPTS", message: tooManyAttempts(retryAfterSeconds) }, { "Retry-After": String(retryAfterSeconds) });
}

/** The `hooks` of better-auth's options. */
export function passwordAttemptHooks({ limiter, clientIpHeader, perAccount }: PasswordLimits) {
  const accountLimit: Limit = { max: perAccount, windowMs: ACCOUNT_WINDOW_MS };

  /** The account a call is about: the email it names, or the signed-in user's. */
  async function accountOf(ctx: Parameters<Parameters<typeof createAuthMiddleware>[0]>[0], from: AccountFrom | undefined): Promise<string | undefined> {
    if (from === "email") return typeof ctx.body?.email === "string" ? accountKey(ctx.body.email) : undefined;
    if (from === "session") {
      const session = await getSessionFromCtx(ctx).catch(() => null);
      return session ? accountKey(session.user.email) : undefined;
    }
    return undefined;
  }

  return {
    before: createAuthMiddleware(async (ctx) => {
      const call = PASSWORD_CALLS[ctx.path];
      if (!call) return;
      const account = await accountOf(ctx, call.account);
      if (account) {
        const decision = await limiter.attempt("account", account, accountLimit);
        if (!decision.allowed) refuse(decision.retryAfterSeconds);
      }
      if (call.mailsTo && typeof ctx.body?.email === "string") {
        const decision = await limiter.attempt("mail-to", accountKey(ctx.body.email), accountLimit);
        if (!decision.allowed) refuse(decision.retryAfterSeconds);
      }
      const ip = ctx.headers?.get(clientIpHeader) ?? ctx.request?.headers.get(clientIpHeader) ?? "unknown";
      const decision = await limiter.attempt("auth", ip);
      if (!decision.allowed) refuse(decision.retryAfterSeconds);
    }),
    after: createAuthMiddleware(async (ctx) => {
      const call = PASSWORD_CALLS[ctx.path];
      if (!call?.account || isAPIError(ctx.context.returned)) return;
      // The password was right: the owner is not locked out by the attempts before it.
      const account = call.account === "email" ? await accountOf(ctx, "email") : ctx.context.session?.user.email;
      if (account) await limiter.clear("account", accountKey(account));
    }),
  };
}

/** A completed reset proves the owner: their account's failed attempts are forgotten. */
export async function clearAccountAttempts(limiter: RateLimiter, email: string): Promise<void> {
  await limiter.clear("account", accountKey(email));
}

/**
 * For pages calling better-auth directly: its 429 becomes the form's message (with Retry-After),
 * anything else is left to the caller.
 */
export function rateLimitRefusal(error: unknown): AppError | undefined {
  if (!isAPIError(error) || error.statusCode !== 429) return undefined;
  const seconds = Number(new Headers(error.headers as HeadersInit).get("Retry-After")) || 60;
  return new AppError(429, tooManyAttempts(seconds), undefined, { retryAfterSeconds: seconds });
}
