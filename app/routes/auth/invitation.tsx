import { data, Form, Link, redirect, useNavigation } from "react-router";
import { auditActor } from "~/audit/audit.server.ts";
import { password as passwordRule } from "~/auth/credentials.ts";
import { viewerContext } from "~/auth/viewer.server.ts";
import { AppError, parseInput } from "~/errors.ts";
import { formValues, guardForm } from "~/forms.server.ts";
import { Page } from "~/layout/page.tsx";
import { shortDate } from "~/shared/dates.ts";
import { requestContext } from "~/services.server.ts";
import { Button } from "~/ui/button.tsx";
import { Field } from "~/ui/field.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import { acceptInvitation, accountExists, findInvitation } from "~/users/invitations.server.ts";
import { INVITATION_GONE } from "~/users/schema.ts";
import { z } from "zod";
import { withCookies } from "./cookies.server.ts";
import { createAccount } from "./sign-in.server.ts";
import type { Route } from "./+types/invitation";

export const meta: Route.MetaFunction = () => [{ title: "Your invitation | Rankwell" }, { name: "robots", content: "noindex" }];

/**
 * The page an invitation mail links to. Opening it changes nothing (mail scanners open links
 * too); the person accepts with a button, signed in with the invited address, or creates the
 * account for that address here, which accepts at once. Either proves they read the mail.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const invitation = await findInvitation(services.db, params.token);
  if (!invitation) return data({ state: "gone" as const }, { status: 404 });
  const viewer = context.get(viewerContext);
  const base = { email: invitation.email, role: invitation.role, expiresAt: invitation.expiresAt, here: new URL(request.url).pathname };
  if (viewer.user) return { ...base, state: viewer.user.email === invitation.email ? ("accept" as const) : ("other-account" as const), signedInAs: viewer.user.email };
  return { ...base, state: (await accountExists(services.db, invitation.email)) ? ("log-in" as const) : ("register" as const), signedInAs: null };
}

const registerSchema = z.object({ password: passwordRule.describe("Password") });

export async function action({ context, request, params }: Route.ActionArgs) {
  const values = await formValues(request);
  const { services } = context.get(requestContext);
  const viewer = context.get(viewerContext);
  return guardForm(values, async () => {
    if (values.intent === "register") {
      const { password } = parseInput(registerSchema, values);
      // Counted against the sign-up limits by better-auth's hooks (createAccount).
      const invitation = await findInvitation(services.db, params.token);
      if (!invitation) throw new AppError(404, INVITATION_GONE);
      const signedUp = await createAccount(context, request, invitation.email, password);
      // The account exists and is signed in now; if the link stopped working in between, the page says so.
      try {
        await acceptInvitation(services.db, services.dbKind, { email: invitation.email, ip: viewer.ip }, params.token);
      } catch (error) {
        if (error instanceof AppError) return withCookies(redirect(new URL(request.url).pathname), signedUp);
        throw error;
      }
      return withCookies(redirect("/admin"), signedUp);
    }
    if (!viewer.user) throw new AppError(401, "Log in with the invited address first.");
    await acceptInvitation(services.db, services.dbKind, auditActor(viewer), params.token);
    return redirect("/admin");
  });
}

export default function InvitationPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const failed = actionData && !actionData.ok ? actionData : undefined;
  return (
    <Page narrow>
      <h1 className="mb-6 text-3xl font-bold">Your invitation</h1>
      {failed && !Object.keys(failed.fields).length && <StatusMessage kind="error">{failed.error}</StatusMessage>}
      {loaderData.state === "gone" ? (
        <p className="text-gray-700">{INVITATION_GONE}</p>
      ) : (
        <>
          <p className="mb-6 text-gray-700">
            <strong>{loaderData.email}</strong> is invited to work on this site as <strong>{loaderData.role}</strong>. The link works until{" "}
            {shortDate(loaderData.expiresAt)}.
          </p>
          {loaderData.state === "accept" && (
            <Form method="post">
              <input type="hidden" name="intent" value="accept" />
              <Button disabled={busy}>{busy ? "Accepting…" : `Accept the ${loaderData.role} role`}</Button>
            </Form>
          )}
          {loaderData.state === "other-account" && (
            <>
              <p className="mb-4 text-gray-700">
                You are signed in as {loaderData.signedInAs}. Sign out, then open the link again and sign in with {loaderData.email}.
              </p>
              <Form method="post" action="/logout">
                <Button variant="secondary">Sign out</Button>
              </Form>
            </>
          )}
          {loaderData.state === "log-in" && (
            <p className="text-gray-700">
              An account with this address exists.{" "}
              <Link to={`/login?redirectTo=${encodeURIComponent(loaderData.here)}`} className="font-semibold text-brand-700 underline">
                Log in to accept
              </Link>{" "}
              (forgot the password?{" "}
              <Link to="/reset" className="font-semibold text-brand-700 underline">
                reset it
              </Link>
              , then open this link again).
            </p>
          )}
          {loaderData.state === "register" && (
            <Form method="post" noValidate aria-busy={busy}>
              <input type="hidden" name="intent" value="register" />
              <p className="mb-4 text-gray-700">Choose a password to create your account and accept.</p>
              <Field label="Email" name="email" type="email" autoComplete="username" value={loaderData.email} readOnly error={failed?.fields.email} />
              <Field label="Password" name="password" type="password" autoComplete="new-password" required error={failed?.fields.password} />
              <Button disabled={busy} className="w-full">
                {busy ? "Creating…" : "Create account and accept"}
              </Button>
            </Form>
          )}
        </>
      )}
    </Page>
  );
}
