import { COMMAND_LINE } from "../audit/actions.ts";
import { AppError } from "../errors.ts";
import type { Role } from "./roles.ts";

/**
 * Re-authentication (ASVS 7.5.1): the keys to the business (who receives the money, who holds a
 * role, refunds) change only for someone who proved it is them, with their password or a second
 * factor, within the last CONFIRM_WINDOW_MS. A sign-in counts; so does a confirmation since
 * (`/account/confirm`, or better-auth's verify-password, verify-totp and passkey calls). The
 * session carries the time (`confirmedAt`, stamped in auth/session-stamps.server.ts). The
 * operator on the server (`npm run admin`) is trusted as before.
 */
export const CONFIRM_WINDOW_MS = 10 * 60_000;

export const CONFIRM_FIRST = "For your security, confirm it is you first (your password, an authenticator code or a passkey), then try again.";

/** Where a page sends someone to confirm, coming back to `back` afterwards. */
export const confirmPath = (back: string, secondFactor = false) => `/account/confirm?${secondFactor ? "factor=second&" : ""}redirectTo=${encodeURIComponent(back)}`;

/** Whoever acts, as far as confirmation goes: their email (or COMMAND_LINE) and when they last confirmed. */
export interface Confirmable {
  email: string;
  confirmedAt?: Date | null;
}

export function isRecentlyConfirmed(confirmedAt: Date | null | undefined, now = Date.now()): boolean {
  return Boolean(confirmedAt) && now - confirmedAt!.getTime() < CONFIRM_WINDOW_MS;
}

/**
 * The check every sensitive change makes first (payment account, roles, removing a person; the
 * refunds feature calls it too): a 403 with CONFIRM_FIRST unless the actor confirmed recently.
 */
export function assertRecentlyConfirmed(actor: Confirmable): void {
  if (actor.email === COMMAND_LINE) return;
  if (!isRecentlyConfirmed(actor.confirmedAt)) throw new AppError(403, CONFIRM_FIRST);
}

/** Why a role granted to someone does not apply yet (auth/viewer.server.ts). */
export type RoleWait = { role: Role; missing: "verified-address" | "second-factor-setup" | "second-factor" };

/** What the API answers, and the pages say, to someone whose role waits. */
export function roleWaitMessage({ role, missing }: RoleWait): string {
  switch (missing) {
    case "verified-address":
      return `Your ${role} role applies once your address is verified: follow the link we mailed you (your account page, /account, sends it again).`;
    case "second-factor-setup":
      return `Your ${role} role needs a second factor: set up an authenticator app or a passkey at /account/two-factor first.`;
    case "second-factor":
      return `Your ${role} role needs this session to confirm your second factor: enter an authenticator code or use your passkey at /account/confirm?factor=second.`;
  }
}

/** Where a page sends someone whose role waits, to come back to `back`. */
export function roleWaitPath({ missing }: RoleWait, back: string): string {
  if (missing === "verified-address") return "/account";
  if (missing === "second-factor-setup") return `/account/two-factor?redirectTo=${encodeURIComponent(back)}`;
  return confirmPath(back, true);
}
