import { Form, Link } from "react-router";
import { Button } from "~/ui/button.tsx";
import { Field } from "~/ui/field.tsx";
import { Page } from "~/layout/page.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import { useCredentialsForm } from "./credentials-form.ts";
import { credentialsAction, planBeingOrdered, signedOutOnly } from "./sign-in.server.ts";
import type { Route } from "./+types/register";
import { STATIC_PAGE } from "~/site/cached-pages.ts";

/** The same for every visitor, without JavaScript: served from the page cache (site/cached-pages.ts). */
export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = () => [{ title: "Register | Rankwell" }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  signedOutOnly(args);
  return { plan: await planBeingOrdered(args) };
}

export const action = (args: Route.ActionArgs) => credentialsAction(args, "register");

export default function Register({ loaderData }: Route.ComponentProps) {
  const { failed, busy, redirectTo, keepRedirect } = useCredentialsForm();
  const plan = loaderData?.plan;
  return (
    <Page narrow>
      <h1 className="mb-6 text-3xl font-bold">Register</h1>
      {plan && <p className="mb-6 text-lg font-semibold text-ink">Create an account to order {plan}; the order form follows.</p>}
      {failed && <StatusMessage kind="error">{failed.error}</StatusMessage>}
      <Form method="post" action="/register" noValidate aria-busy={busy}>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label="Email" name="email" type="email" autoComplete="email" required defaultValue={failed?.values.email} error={failed?.fields.email} />
        <Field
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 6 characters, and not a common or leaked password"
          error={failed?.fields.password}
        />
        <Button disabled={busy} className="w-full">
          {busy ? "Creating your account…" : "Register"}
        </Button>
      </Form>
      <p className="mt-6 text-sm">
        Already have an account?{" "}
        <Link to={keepRedirect("/login")} className="font-semibold text-brand-700 underline">
          Log in
        </Link>
      </p>
    </Page>
  );
}
