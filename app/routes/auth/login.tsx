import { Form, Link } from "react-router";
import { Button } from "~/ui/button.tsx";
import { Field } from "~/ui/field.tsx";
import { Page } from "~/layout/page.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import { useCredentialsForm } from "./credentials-form.ts";
import { credentialsAction, planBeingOrdered, signedOutOnly } from "./sign-in.server.ts";
import type { Route } from "./+types/login";
import { STATIC_PAGE } from "~/site/cached-pages.ts";

/** The same for every visitor, without JavaScript: served from the page cache (site/cached-pages.ts). */
export const handle = STATIC_PAGE;

export const meta: Route.MetaFunction = () => [{ title: "Log in | Rankwell" }, { name: "robots", content: "noindex" }];

export async function loader(args: Route.LoaderArgs) {
  signedOutOnly(args);
  return { plan: await planBeingOrdered(args) };
}

export const action = (args: Route.ActionArgs) => credentialsAction(args, "login");

export default function Login({ loaderData }: Route.ComponentProps) {
  const { failed, busy, redirectTo, keepRedirect } = useCredentialsForm();
  const plan = loaderData?.plan;
  return (
    <Page narrow>
      <h1 className="mb-6 text-3xl font-bold">Log in</h1>
      {plan && (
        // Reached from a plan's order link: say why, and make a new account as easy to reach as logging in.
        <>
          <p className="mb-4 rounded-lg border border-brand-700 bg-brand-50 p-4 text-lg font-semibold text-ink">
            Log in or create an account to order {plan}. Either way, you go straight on to the order form.
          </p>
          <Link
            to={keepRedirect("/register")}
            className="inline-flex w-full items-center justify-center rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
          >
            Create an account
          </Link>
          <p className="my-4 text-center text-sm text-gray-800">or log in with your account</p>
        </>
      )}
      {failed && !Object.keys(failed.fields).length && <StatusMessage kind="error">{failed.error}</StatusMessage>}
      <Form method="post" action="/login" noValidate>
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Field label="Email" name="email" type="email" autoComplete="email" required defaultValue={failed?.values.email} error={failed?.fields.email} />
        <Field label="Password" name="password" type="password" autoComplete="current-password" required error={failed?.fields.password} />
        <Button disabled={busy} className="w-full">
          {busy ? "Logging in…" : "Log in"}
        </Button>
      </Form>
      <p className="mt-4 text-sm">
        <Link to={keepRedirect("/login/passkey")} className="font-semibold text-brand-700 underline">
          Sign in with a passkey
        </Link>
      </p>
      <p className="mt-6 flex justify-between text-sm">
        <Link to="/reset" className="font-semibold text-brand-700 underline">
          Forgot password?
        </Link>
        <Link to={keepRedirect("/register")} className="font-semibold text-brand-700 underline">
          New here? Register
        </Link>
      </p>
    </Page>
  );
}
