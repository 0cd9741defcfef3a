/** Sentences several places answer with, each written once (the spec's wording where it has one). */

export const NO_PERMISSION = "You don't have any permission";
export const SIGN_IN_FIRST = "Please sign in first";
export const PAGE_NOT_FOUND = "Page not found";
export const TOO_MANY_ATTEMPTS = "Too many attempts. Please wait a minute and try again.";

/** The same, saying how long to wait (from a limit's Retry-After). */
export function tooManyAttempts(retryAfterSeconds: number): string {
  if (retryAfterSeconds <= 60) return TOO_MANY_ATTEMPTS;
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return `Too many attempts. Please wait ${minutes} minutes and try again.`;
}
