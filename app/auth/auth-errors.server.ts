import { isAPIError } from "better-auth/api";
import { AppError } from "../errors.ts";
import { rateLimitRefusal } from "./password-attempts.server.ts";

/**
 * For pages calling better-auth directly (`auth.api.*`): its refusal as our AppError, so the form
 * shows it (next to `field` when given); anything that is not a refusal is rethrown as it is.
 * `messages` replaces better-auth's wording for some codes (INVALID_PASSWORD, INVALID_CODE, …).
 */
export function authRefusal(error: unknown, messages: Record<string, { message: string; field?: string }> = {}): never {
  const limited = rateLimitRefusal(error);
  if (limited) throw limited;
  if (!isAPIError(error)) throw error;
  const code = String((error.body as { code?: unknown } | undefined)?.code ?? "");
  const known = messages[code];
  const message = known?.message || String((error.body as { message?: unknown } | undefined)?.message ?? error.message);
  const status = error.statusCode === 401 || error.statusCode === 403 || error.statusCode === 404 || error.statusCode === 409 ? error.statusCode : 400;
  throw new AppError(status, message, known?.field ? { [known.field]: message } : undefined);
}

/** What the pages call the wrong password, code and the like. */
export const AUTH_MESSAGES = {
  wrongPassword: { message: "That is not your current password." },
  wrongCode: { message: "That code is not right (or has expired). Enter the current 6-digit code from your app." },
  wrongRecoveryCode: { message: "That recovery code is not right, or was used already." },
};
