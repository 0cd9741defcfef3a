import { isAuthRefusal } from "~/auth/auth-service.server.ts";
import { redirect } from "react-router";
import { COMMON_PASSWORD } from "~/auth/common-passwords.server.ts";
import { credentialsSchema, LOGIN_FAILED } from "~/auth/credentials.ts";
import { SIGNED_IN_LANDING } from "~/auth/landing.ts";
import { safeRedirect } from "~/auth/permissions.server.ts";
import { viewerContext } from "~/auth/viewer.server.ts";
import { rateLimitRefusal } from "~/auth/auth-errors.server.ts";
import { AppError, parseInput } from "~/errors.ts";
import { formValues, guardForm } from "~/forms.server.ts";
import { requestContext, type RouteContext } from "~/services.server.ts";
import { getRecord } from "~/content/content.server.ts";
import { withCookies } from "./cookies.server.ts";

/**
 * What /login and /register share: both are for visitors only, and both take an email and a
 * password, check them with the same rules and limit, and hand them to better-auth.
 */

type Args = { request: Request; context: RouteContext };

/**
 * The plan a visitor was about to order, when the sign-in pages were reached from a plan's order
 * link (`redirectTo=/order-now/{id}`): the pages say why they ask ("to order Premium", issue 21).
 * Anything else, or no such plan, is null.
 */
export async function planBeingOrdered({ request, context }: Args): Promise<string | null> {
  const id = /^\/order-now\/([0-9a-f]{24})$/.exec(new URL(request.url).searchParams.get("redirectTo") ?? "")?.[1];
  if (!id) return null;
  const { services } = context.get(requestContext);
  return (await getRecord(services.db, "pricingPlans", id))?.packageName ?? null;
}

/** Someone already signed in goes where a sign-in lands instead (their dashboard, or the admin one). */
export function signedOutOnly({ context }: Pick<Args, "context">) {
  if (context.get(viewerContext).user) throw redirect(SIGNED_IN_LANDING);
  return null;
}

/**
 * Signs in (`login`) or creates the account and signs in (`register`), then follows `redirectTo`
 * (same-site only): after a login to the landing (auth/landing.ts: admin or customer dashboard), home after a registration. A registration
 * with nowhere else to go lands on the home page with `?welcome=1`, which the page frame answers
 * with a welcome for the signed-in newcomer (layout/welcome.tsx).
 */
export async function credentialsAction({ request, context }: Args, mode: "login" | "register") {
  const values = await formValues(request);
  return guardForm(values, async () => {
    const { email, password } = parseInput(credentialsSchema, values);
    const { services } = context.get(requestContext);
    if (mode === "login") {
      const response = await withRateLimitRefusal(services.auth.api.signInEmail({ body: { email, password }, headers: request.headers, asResponse: true }));
      if (!response.ok) throw new AppError(401, LOGIN_FAILED);
      // Two-step sign-in: the password was right, the second step comes next (its cookie holds the first).
      const answer = (await response.clone().json().catch(() => ({}))) as { twoFactorRedirect?: boolean };
      if (answer.twoFactorRedirect) return withCookies(redirect(secondStepPath(values.redirectTo)), response);
      return withCookies(redirect(safeRedirect(values.redirectTo, SIGNED_IN_LANDING)), response);
    }
    const response = await createAccount(context, request, email, password);
    return withCookies(redirect(safeRedirect(values.redirectTo, WELCOME_HOME)), response);
  });
}

/** The second step of a two-step sign-in, keeping where to go afterwards. */
export const secondStepPath = (redirectTo: string | undefined) => {
  const back = safeRedirect(redirectTo, "");
  return back ? `/login/two-factor?redirectTo=${encodeURIComponent(back)}` : "/login/two-factor";
};

/** Where a new account lands when the form names no page to go back to. */
export const WELCOME_HOME = "/?welcome=1";

/**
 * better-auth's hooks count each attempt per IP and per account (auth/password-attempts.server.ts):
 * a refusal becomes our 429; a new password refused as common (auth/account-hooks.server.ts) is
 * said next to the password field.
 */
export const withRateLimitRefusal = (work: Promise<Response>, passwordField = "password") =>
  work.catch((error: unknown) => {
    if (isAuthRefusal(error)) refuseCommonPassword((error.body ?? {}) as { code?: unknown }, passwordField);
    throw rateLimitRefusal(error) ?? error;
  });

/**
 * Creates an account with checked credentials and signs it in (better-auth's answer carries the
 * session cookie). An address that has an account already answers 409.
 */
export async function createAccount(context: RouteContext, request: Request, email: string, password: string): Promise<Response> {
  const { services } = context.get(requestContext);
  // The spec's register form has no name field; the address's local part stands in for it.
  const name = email.split("@")[0] ?? email;
  const response = await withRateLimitRefusal(services.auth.api.signUpEmail({ body: { email, password, name }, headers: request.headers, asResponse: true }));
  if (!response.ok) refuseCommonPassword(await response.clone().json().catch(() => ({})), "password");
  if (response.status === 422 || response.status === 400) {
    throw new AppError(409, "An account with this email already exists. Log in instead.", { email: "An account with this email already exists" });
  }
  if (!response.ok) throw new Error(`sign-up answered ${response.status}`);
  return response;
}

/** better-auth refused the new password as a common one (auth/account-hooks.server.ts): say so next to `field`. */
export function refuseCommonPassword(answer: { code?: unknown }, field: string): void {
  if (answer.code === "PASSWORD_TOO_COMMON") throw new AppError(400, COMMON_PASSWORD, { [field]: COMMON_PASSWORD });
}
