import { Form, Link, redirect, useActionData, useNavigation, useSearchParams } from "react-router";
import { credentialsSchema } from "~/auth/credentials.ts";
import { safeRedirect } from "~/auth/permissions.server.ts";
import { viewerContext } from "~/auth/viewer.server.ts";
import { AppError, parseInput } from "~/errors.ts";
import { formValues, guardForm, limitRate } from "~/forms.server.ts";
import { requestContext } from "~/services.server.ts";
import { Button } from "~/ui/button.tsx";
import { Field } from "~/ui/field.tsx";
import { Page } from "~/ui/page.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import { withCookies } from "./cookies.server.ts";
import type { Route } from "./+types/register";

export const meta: Route.MetaFunction = () => [{ title: "Register | Rankwell" }, { name: "robots", content: "noindex" }];

export function loader({ context }: Route.LoaderArgs) {
  if (context.get(viewerContext).user) throw redirect("/dashboard");
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = await formValues(request);
  return guardForm(values, async () => {
    const { email, password } = parseInput(credentialsSchema, values);
    await limitRate(context, "auth");
    const { services } = context.get(requestContext);
    // The spec's register form has no name field; the address's local part stands in for it.
    const name = email.split("@")[0] ?? email;
    const response = await services.auth.api.signUpEmail({ body: { email, password, name }, headers: request.headers, asResponse: true });
    if (response.status === 422 || response.status === 400) {
      throw new AppError(409, "An account with this email already exists. Log in instead.", { email: "An account with this email already exists" });
    }
    if (!response.ok) throw new Error(`sign-up answered ${response.status}`);
    return withCookies(redirect(safeRedirect(values.redirectTo, "/")), response);
  });
}

export default function Register() {
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const busy = useNavigation().state === "submitting";
  const failed = result && "ok" in result ? result : undefined;
  const redirectTo = params.get("redirectTo") ?? "";
  return (
    <Page narrow>
      <h1 className="mb-6 text-3xl font-bold">Register</h1>
      {failed && <StatusMessage kind="error">{failed.error}</StatusMessage>}
      <Form method="post" noValidate aria-busy={busy}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label="Email" name="email" type="email" autoComplete="email" required defaultValue={failed?.values.email} error={failed?.fields.email} />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 6 characters"
          error={failed?.fields.password}
        />
        <Button disabled={busy} className="w-full">
          {busy ? "Creating your account…" : "Register"}
        </Button>
      </Form>
      <p className="mt-6 text-sm">
        Already have an account?{" "}
        <Link to={redirectTo ? `/login?redirectTo=${encodeURIComponent(redirectTo)}` : "/login"} className="font-semibold text-brand-700 underline">
          Log in
        </Link>
      </p>
    </Page>
  );
}
