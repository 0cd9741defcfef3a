import { Form, Link, useNavigation } from "react-router";
import { auditActor } from "~/audit/audit.server.ts";
import { AUTH_MESSAGES, authCall, authRefusal } from "~/auth/auth-errors.server.ts";
import { COMMON_PASSWORD } from "~/auth/common-passwords.server.ts";
import { roleWaitMessage } from "~/auth/confirmation.ts";
import { password as passwordRule } from "~/auth/credentials.ts";
import { FailureMessage } from "~/auth/failure-message.tsx";
import { AddPasskeyButton } from "~/auth/passkey-buttons.tsx";
import { signedInUser } from "~/auth/permissions.server.ts";
import { endOtherSessions, endSession, listSessions } from "~/auth/sessions.server.ts";
import { viewerContext } from "~/auth/viewer.server.ts";
import { parseInput } from "~/errors.ts";
import { formValues, guardForm, unknownAction } from "~/forms.server.ts";
import { Page } from "~/layout/page.tsx";
import { formatDateTime } from "~/shared/dates.ts";
import { requestContext } from "~/services.server.ts";
import { Button } from "~/ui/button.tsx";
import { Field } from "~/ui/field.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import { Cell, Table } from "~/ui/table.tsx";
import { z } from "zod";
import { data } from "react-router";
import type { Route } from "./+types/account";

export const meta: Route.MetaFunction = () => [{ title: "Your account | Rankwell" }, { name: "robots", content: "noindex" }];

/**
 * Everyone's own account (ASVS 6.3, 7.4, 7.5): the address and its verification, the password,
 * two-step sign-in (authenticator app, passkeys) and the sessions, each with "Sign out", and
 * "Sign out everywhere else". Role holders land here when their role waits for something.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = signedInUser(context);
  const viewer = context.get(viewerContext);
  const { services } = context.get(requestContext);
  const [sessions, passkeys, twoFactor] = await Promise.all([
    listSessions(services.db, user.id, user.sessionId),
    services.db.selectFrom("passkey").select(["id", "name", "createdAt"]).where("userId", "=", user.id).orderBy("createdAt").execute(),
    services.db.selectFrom("user").select("twoFactorEnabled").where("id", "=", user.id).executeTakeFirst(),
  ]);
  return {
    email: user.email,
    emailVerified: user.emailVerified,
    roleWait: viewer.roleWait ? roleWaitMessage(viewer.roleWait) : null,
    roles: viewer.roles,
    totp: Boolean(twoFactor?.twoFactorEnabled),
    passkeys: passkeys.map((p) => ({ id: p.id, name: p.name || "Passkey", createdAt: p.createdAt ? new Date(p.createdAt).toISOString() : null })),
    sessions,
  };
}

const changeSchema = z.object({ currentPassword: z.string().min(1, "Enter your current password"), newPassword: passwordRule.describe("New password") });

export async function action({ context, request }: Route.ActionArgs) {
  const user = signedInUser(context);
  const viewer = context.get(viewerContext);
  const { services } = context.get(requestContext);
  const values = await formValues(request);
  return guardForm(values, async () => {
    switch (values.intent) {
      case "send-verification": {
        await services.auth.api.sendVerificationEmail({ body: { email: user.email }, headers: request.headers }).catch((error: unknown) => authRefusal(error));
        return { ok: true as const, message: `We mailed a new link to ${user.email}. It works for 48 hours.` };
      }
      case "password": {
        const { currentPassword, newPassword } = parseInput(changeSchema, values);
        const response = await authCall(services.auth.api.changePassword({ body: { currentPassword, newPassword, revokeOtherSessions: true }, headers: request.headers, asResponse: true }), {
          INVALID_PASSWORD: { ...AUTH_MESSAGES.wrongPassword, field: "currentPassword" },
          PASSWORD_TOO_COMMON: { message: COMMON_PASSWORD, field: "newPassword" },
        });
        // The new session's cookie: this browser stays signed in, every other session has ended.
        const headers = new Headers();
        for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
        return data({ ok: true as const, message: "Your password is changed. Every other session is signed out." }, { headers });
      }
      case "end-session": {
        await endSession(services.db, user, auditActor(viewer), values.id ?? "");
        return { ok: true as const, message: "That session is signed out." };
      }
      case "end-others": {
        const ended = await endOtherSessions(services.db, user, auditActor(viewer));
        return { ok: true as const, message: ended ? `Signed out everywhere else (${ended} session${ended === 1 ? "" : "s"}).` : "There were no other sessions." };
      }
      case "delete-passkey": {
        await services.auth.api.deletePasskey({ body: { id: values.id ?? "" }, headers: request.headers }).catch((error: unknown) => authRefusal(error));
        return { ok: true as const, message: "The passkey is removed." };
      }
      default:
        throw unknownAction();
    }
  });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const answer = actionData as { ok: boolean; message?: string; error?: string; fields?: Record<string, string> } | undefined;
  const failed = answer && !answer.ok ? { error: answer.error ?? "", fields: answer.fields ?? {} } : undefined;
  const { email, emailVerified, roleWait, totp, passkeys, sessions } = loaderData;
  return (
    <Page>
      <h1 className="text-3xl font-bold">Your account</h1>
      <p className="mt-2 text-gray-700">Signed in as {email}.</p>
      <div className="mt-6 max-w-2xl">
        {answer?.ok && <StatusMessage kind="success">{answer.message}</StatusMessage>}
        {failed && !Object.values(failed.fields).some(Boolean) && <FailureMessage error={failed.error} />}
        {roleWait && (
          <p role="status" className="mb-4 rounded-md border border-amber-700 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-950">
            {roleWait}
          </p>
        )}
      </div>

      <section aria-labelledby="address-heading" className="mt-8 max-w-2xl">
        <h2 id="address-heading" className="text-xl font-semibold">
          Your address
        </h2>
        {emailVerified ? (
          <p className="mt-2 text-gray-700">{email} is verified.</p>
        ) : (
          <Form method="post" className="mt-2">
            <input type="hidden" name="intent" value="send-verification" />
            <p className="mb-3 text-gray-700">
              {email} is not verified yet: open the link we mailed you. You can order and pay meanwhile; a role on this site waits for it.
            </p>
            <Button variant="secondary" disabled={busy}>
              Send the link again
            </Button>
          </Form>
        )}
      </section>

      <section aria-labelledby="password-heading" className="mt-10 max-w-md">
        <h2 id="password-heading" className="text-xl font-semibold">
          Change your password
        </h2>
        <Form method="post" noValidate className="mt-3">
          <input type="hidden" name="intent" value="password" />
          <Field label="Current password" name="currentPassword" type="password" autoComplete="current-password" required error={failed?.fields.currentPassword} />
          <Field
            label="New password"
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            hint="At least 6 characters; not a common or leaked password. Every other session is signed out."
            error={failed?.fields.newPassword}
          />
          <Button disabled={busy}>Change password</Button>
        </Form>
      </section>

      <section aria-labelledby="two-step-heading" className="mt-10 max-w-2xl">
        <h2 id="two-step-heading" className="text-xl font-semibold">
          Two-step sign-in
        </h2>
        <p className="mt-2 text-gray-700">
          A second step after your password keeps your account yours even if the password leaks. Admins and editors need one of these; for customers it is
          optional.
        </p>
        <h3 className="mt-4 font-semibold">Authenticator app</h3>
        <p className="mt-1 text-gray-700">
          {totp ? "On: signing in asks for a code from your app (or a recovery code)." : "Off."}{" "}
          <Link to="/account/two-factor" className="font-semibold text-brand-700 underline">
            {totp ? "Manage the authenticator app and recovery codes" : "Set up an authenticator app"}
          </Link>
        </p>
        <h3 id="passkeys" className="mt-6 font-semibold">
          Passkeys
        </h3>
        <p className="mt-1 text-gray-700">A passkey signs you in with your device&apos;s screen lock (fingerprint, face or PIN), without a password.</p>
        {passkeys.length > 0 && (
          <ul className="mt-3 divide-y divide-gray-200 rounded-lg border border-gray-200">
            {passkeys.map((passkey) => (
              <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <span>
                  {passkey.name}
                  {passkey.createdAt && <span className="block text-sm text-gray-700">Added {formatDateTime(passkey.createdAt)}</span>}
                </span>
                <Form method="post">
                  <input type="hidden" name="intent" value="delete-passkey" />
                  <input type="hidden" name="id" value={passkey.id} />
                  <Button variant="secondary" disabled={busy} aria-label={`Remove the passkey ${passkey.name}`}>
                    Remove
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <div className="mt-3">
          <AddPasskeyButton />
        </div>
      </section>

      <section aria-labelledby="sessions-heading" className="mt-10">
        <h2 id="sessions-heading" className="mb-3 text-xl font-semibold">
          Where you are signed in
        </h2>
        <Table caption="Your sessions" headers={["Device", "Address", "Last seen", "Action"]}>
          {sessions.map((session) => (
            <tr key={session.id}>
              <Cell>
                {session.device}
                {session.current && <span className="ml-2 rounded bg-green-50 px-2 py-0.5 text-xs font-semibold text-green-900">This device</span>}
              </Cell>
              <Cell>{session.ip}</Cell>
              <Cell>{formatDateTime(session.lastSeenAt)}</Cell>
              <Cell>
                {session.current ? (
                  <Form method="post" action="/logout">
                    <Button variant="secondary">Sign out</Button>
                  </Form>
                ) : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="end-session" />
                    <input type="hidden" name="id" value={session.id} />
                    <Button variant="secondary" disabled={busy} aria-label={`Sign out ${session.device} at ${session.ip}`}>
                      Sign out
                    </Button>
                  </Form>
                )}
              </Cell>
            </tr>
          ))}
        </Table>
        <Form method="post" className="mt-4">
          <input type="hidden" name="intent" value="end-others" />
          <Button variant="secondary" disabled={busy || sessions.length < 2}>
            Sign out everywhere else
          </Button>
        </Form>
      </section>
    </Page>
  );
}
