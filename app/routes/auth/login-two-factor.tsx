import { Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { AUTH_MESSAGES, authCall } from "~/auth/auth-errors.server.ts";
import { SIGNED_IN_LANDING } from "~/auth/landing.ts";
import { safeRedirect } from "~/auth/permissions.server.ts";
import { viewerContext } from "~/auth/viewer.server.ts";
import { AppError } from "~/errors.ts";
import { formValues, guardForm } from "~/forms.server.ts";
import { Page } from "~/layout/page.tsx";
import { requestContext } from "~/services.server.ts";
import { Button } from "~/ui/button.tsx";
import { Field } from "~/ui/field.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import { withCookies } from "./cookies.server.ts";
import type { Route } from "./+types/login-two-factor";

export const meta: Route.MetaFunction = () => [{ title: "Two-step sign-in | Rankwell" }, { name: "robots", content: "noindex" }];

/**
 * The second step of signing in, for an account with an authenticator app: after the right
 * password, better-auth holds the sign-in in a short-lived cookie (10 minutes, 5 codes) until a
 * code from the app, or a recovery code, completes it.
 */
export function loader({ context }: Route.LoaderArgs) {
  if (context.get(viewerContext).user) throw redirect(SIGNED_IN_LANDING);
  return null;
}

export async function action({ context, request }: Route.ActionArgs) {
  const { services } = context.get(requestContext);
  const values = await formValues(request);
  return guardForm(values, async () => {
    const code = values.code?.trim() ?? "";
    const recovery = values.intent === "recovery";
    if (!code) throw new AppError(400, recovery ? "Enter a recovery code" : "Enter the 6-digit code your app shows.", { code: recovery ? "Enter a recovery code" : "Enter the 6-digit code your app shows." });
    const expired = { INVALID_TWO_FACTOR_COOKIE: { message: "This sign-in has expired. Please log in again." }, TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: { message: "Too many wrong codes. Please log in again." } };
    const response = recovery
      ? await authCall(services.auth.api.verifyBackupCode({ body: { code }, headers: request.headers, asResponse: true }), {
          ...expired,
          INVALID_BACKUP_CODE: { ...AUTH_MESSAGES.wrongRecoveryCode, field: "code" },
        })
      : await authCall(services.auth.api.verifyTOTP({ body: { code: code.replace(/\s+/g, "") }, headers: request.headers, asResponse: true }), {
          ...expired,
          INVALID_CODE: { ...AUTH_MESSAGES.wrongCode, field: "code" },
        });
    return withCookies(redirect(safeRedirect(values.redirectTo, SIGNED_IN_LANDING)), response);
  });
}

export default function LoginTwoFactor({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [params] = useSearchParams();
  const redirectTo = params.get("redirectTo") ?? "";
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const recovery = params.get("with") === "recovery";
  return (
    <Page narrow>
      <h1 className="mb-6 text-3xl font-bold">Two-step sign-in</h1>
      {failed && !Object.keys(failed.fields).length && <StatusMessage kind="error">{failed.error}</StatusMessage>}
      <Form method="post" action={`/login/two-factor${recovery ? "?with=recovery" : ""}`} noValidate>
        <input type="hidden" name="intent" value={recovery ? "recovery" : "totp"} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {recovery ? (
          <Field label="Recovery code" name="code" autoComplete="off" required hint="One of the codes you saved when you set up the app. Each works once." error={failed?.fields.code} />
        ) : (
          <Field label="Code from your authenticator app" name="code" inputMode="numeric" autoComplete="one-time-code" required error={failed?.fields.code} />
        )}
        <Button disabled={busy} className="w-full">
          {busy ? "Checking…" : "Continue"}
        </Button>
      </Form>
      <p className="mt-6 text-sm">
        {recovery ? (
          <Link to={`/login/two-factor${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`} className="font-semibold text-brand-700 underline">
            Use the authenticator app instead
          </Link>
        ) : (
          <Link to={`/login/two-factor?with=recovery${redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : ""}`} className="font-semibold text-brand-700 underline">
            Lost your phone? Use a recovery code
          </Link>
        )}
      </p>
    </Page>
  );
}
