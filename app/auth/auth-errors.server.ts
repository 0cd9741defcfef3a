import { isAuthRefusal } from "./auth-service.server.ts";
import { AppError } from "../errors.ts";
import { tooManyAttempts } from "../shared/messages.ts";

/**
 * For pages calling better-auth directly (`auth.api.*`). Its refusals arrive two ways: thrown as
 * an APIError, or (with `asResponse`) as an answer that is not ok. Either becomes our AppError, so
 * the form shows it (next to `field` when given); a 429 keeps its wait. Anything that is not a
 * refusal is rethrown as it is. `messages` replaces better-auth's wording for some codes
 * (INVALID_PASSWORD, INVALID_CODE, …).
 */
export type AuthMessages = Record<string, { message: string; field?: string }>;

function refusal(status: number, body: { code?: unknown; message?: unknown } | undefined, retryAfter: string | null, messages: AuthMessages): AppError {
  if (status === 429) {
    const seconds = Number(retryAfter) || 60;
    return new AppError(429, tooManyAttempts(seconds), undefined, { retryAfterSeconds: seconds });
  }
  const known = messages[String(body?.code ?? "")];
  const message = known?.message || String(body?.message ?? "That did not work. Please try again.");
  const code = status === 401 || status === 403 || status === 404 || status === 409 ? status : 400;
  return new AppError(code, message, known?.field ? { [known.field]: message } : undefined);
}

/** A thrown better-auth refusal as our AppError (other errors are rethrown). */
export function authRefusal(error: unknown, messages: AuthMessages = {}): never {
  if (!isAuthRefusal(error)) throw error;
  throw refusal(error.statusCode, error.body as { code?: unknown; message?: unknown } | undefined, new Headers(error.headers as HeadersInit).get("Retry-After"), messages);
}

/** Awaits a better-auth call made with `asResponse`: its answer when ok, else its refusal as our AppError. */
export async function authCall(work: Promise<Response>, messages: AuthMessages = {}): Promise<Response> {
  const response = await work.catch((error: unknown) => authRefusal(error, messages));
  if (response.ok) return response;
  if (response.status >= 500) throw new Error(`better-auth answered ${response.status}`);
  const body = (await response.clone().json().catch(() => ({}))) as { code?: unknown; message?: unknown };
  throw refusal(response.status, body, response.headers.get("Retry-After"), messages);
}

/** What the pages call the wrong password, code and the like. */
export const AUTH_MESSAGES = {
  wrongPassword: { message: "That is not your current password." },
  wrongCode: { message: "That code is not right (or has expired). Enter the current 6-digit code from your app." },
  wrongRecoveryCode: { message: "That recovery code is not right, or was used already." },
};

/**
 * For pages calling better-auth directly: its 429 becomes the form's message (with Retry-After),
 * anything else is left to the caller.
 */
export function rateLimitRefusal(error: unknown): AppError | undefined {
  if (!isAuthRefusal(error) || error.statusCode !== 429) return undefined;
  const seconds = Number(new Headers(error.headers as HeadersInit).get("Retry-After")) || 60;
  return new AppError(429, tooManyAttempts(seconds), undefined, { retryAfterSeconds: seconds });
}
