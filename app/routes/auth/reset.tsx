import { isAuthRefusal } from "~/auth/auth-service.server.ts";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import { resetPasswordSchema, resetRequestSchema } from "~/auth/credentials.ts";
import { AppError, parseInput } from "~/errors.ts";
import { rateLimitRefusal } from "~/auth/auth-errors.server.ts";
import { formValues, guardForm } from "~/forms.server.ts";
import { requestContext } from "~/services.server.ts";
import { Button } from "~/ui/button.tsx";
import { Field } from "~/ui/field.tsx";
import { Page } from "~/layout/page.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import type { Route } from "./+types/reset";
import { refuseCommonPassword } from "./sign-in.server.ts";
import { LinkLine } from "~/ui/link-line.tsx";
import { STATIC_PAGE } from "~/site/cached-pages.ts";

/** The same for every visitor, without JavaScript: served from the page cache (site/cached-pages.ts). */
export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = () => [{ title: "Reset your password | Rankwell" }, { name: "robots", content: "noindex" }];

/**
 * Two steps on one page: ask for a link by email; the link (via better-auth) comes back here
 * with ?token=…, and the new password is set. Every session of the account ends on reset.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const values = await formValues(request);
  const { services } = context.get(requestContext);
  // better-auth's hooks count each attempt per IP, and reset mails per address (auth/password-attempts.server.ts).
  const limited = (error: unknown) => {
    if (isAuthRefusal(error)) refuseCommonPassword((error.body ?? {}) as { code?: unknown }, "password");
    throw rateLimitRefusal(error) ?? error;
  };
  return guardForm(values, async () => {
    if (values.intent === "reset") {
      const { token, password } = parseInput(resetPasswordSchema, values);
      const response = await services.auth.api.resetPassword({ body: { token, newPassword: password }, headers: request.headers, asResponse: true }).catch(limited);
      if (!response.ok) refuseCommonPassword(await response.clone().json().catch(() => ({})), "password");
      if (!response.ok) throw new AppError(400, "This reset link is invalid or has expired. Please ask for a new one.");
      return { ok: true as const, done: "reset" as const };
    }
    const { email } = parseInput(resetRequestSchema, values);
    await services.auth.api.requestPasswordReset({ body: { email, redirectTo: `${services.config.appUrl}/reset` }, headers: request.headers }).catch(limited);
    // The same answer whether or not the account exists, so the form cannot be used to probe.
    return { ok: true as const, done: "sent" as const, email };
  });
}

export default function Reset() {
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  // The form posts to /reset (no query), so a refused new password keeps its token from what was sent.
  const token = params.get("token") ?? (result && !result.ok ? result.values.token : undefined);
  const linkError = params.get("error");
  const failed = result && !result.ok ? result : undefined;
  const done = result?.ok ? result : undefined;

  if (done?.done === "reset") {
    return (
      <Page narrow>
        <h1 className="mb-6 text-3xl font-bold">Password changed</h1>
        <StatusMessage kind="success">Your password is changed. You have been signed out everywhere else.</StatusMessage>
        <Link to="/login" className="font-semibold text-brand-700 underline">
          Log in with your new password
        </Link>
      </Page>
    );
  }

  if (token) {
    return (
      <Page narrow>
        <h1 className="mb-6 text-3xl font-bold">Choose a new password</h1>
        {failed && <StatusMessage kind="error">{failed.error}</StatusMessage>}
        <Form method="post" action="/reset" noValidate>
          <input type="hidden" name="intent" value="reset" />
          <input type="hidden" name="token" value={token} />
          <Field label="New password" name="password" type="password" autoComplete="new-password" required hint="At least 6 characters, and not a common or leaked password" error={failed?.fields.password} />
          <Button disabled={busy} className="w-full">
            {busy ? "Saving…" : "Set new password"}
          </Button>
        </Form>
      </Page>
    );
  }

  return (
    <Page narrow>
      <h1 className="mb-6 text-3xl font-bold">Reset your password</h1>
      {linkError && <StatusMessage kind="error">This reset link is invalid or has expired. Please ask for a new one.</StatusMessage>}
      {done?.done === "sent" && (
        <StatusMessage kind="success">If an account exists for {done.email}, we have sent it a link to reset the password. The link works for one hour.</StatusMessage>
      )}
      {failed && !Object.keys(failed.fields).length && <StatusMessage kind="error">{failed.error}</StatusMessage>}
      <p className="mb-4 text-gray-700">Enter the email you registered with and we will send you a link to choose a new password.</p>
      <Form method="post" action="/reset" noValidate>
        <input type="hidden" name="intent" value="request" />
        <Field label="Email" name="email" type="email" autoComplete="email" required defaultValue={failed?.values.email} error={failed?.fields.email} />
        <Button disabled={busy} className="w-full">
          {busy ? "Sending…" : "Send reset link"}
        </Button>
      </Form>
      <LinkLine to="/login" className="mt-6 text-sm">
        Back to Log in
      </LinkLine>
    </Page>
  );
}
