import { Form, redirect, useNavigation } from "react-router";
import { auditActor } from "~/audit/audit.server.ts";
import { FailureMessage } from "~/auth/failure-message.tsx";
import { signedInUser } from "~/auth/permissions.server.ts";
import { viewerContext } from "~/auth/viewer.server.ts";
import { formValues, guardForm, orPageError } from "~/forms.server.ts";
import { shortDate } from "~/shared/dates.ts";
import { requestContext } from "~/services.server.ts";
import { Button } from "~/ui/button.tsx";
import { Field } from "~/ui/field.tsx";
import { SelectField } from "~/ui/select-field.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import { USER_ROLES, USER_TEXTS } from "~/users/schema.ts";
import { deleteUser, getUser, resendInvitation, updateUser } from "~/users/users.server.ts";
import { endAllSessionsOf } from "~/auth/sessions.server.ts";
import type { AdminHandle } from "~/layout/admin-frame.tsx";
import type { Route } from "./+types/admin-user";
import { LinkLine } from "~/ui/link-line.tsx";

export const handle: AdminHandle = { crumb: "Edit user" };

export const meta: Route.MetaFunction = () => [{ title: "Edit user | Rankwell admin" }, { name: "robots", content: "noindex" }];

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  return { user: await orPageError(getUser(services.db, params.id)) };
}

/**
 * Save (email and role), resend the invitation, sign the person out everywhere, or remove. None may leave the site without an
 * admin who can sign in. An admin who takes away their own role goes to their dashboard, since
 * the admin pages are closed to them now.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const admin = signedInUser(context);
  const values = await formValues(request);
  const { services } = context.get(requestContext);
  const actor = auditActor(context.get(viewerContext));
  return guardForm(values, async () => {
    if (values.intent === "delete") {
      const removed = await deleteUser(services, actor, params.id);
      return redirect(removed.userEmail === admin.email ? "/dashboard" : "/add-user?removed=1");
    }
    if (values.intent === "sign-out") {
      const user = await getUser(services.db, params.id);
      const ended = await endAllSessionsOf(services.db, actor, user.userEmail);
      return { ok: true as const, message: `${user.userEmail} is signed out everywhere (${ended} session${ended === 1 ? "" : "s"} ended).` };
    }
    if (values.intent === "resend") {
      const user = await resendInvitation(services, actor, params.id);
      return { ok: true as const, message: `A new invitation was mailed to ${user.userEmail}. The earlier link no longer works.` };
    }
    const before = await getUser(services.db, params.id);
    const user = await updateUser(services, actor, params.id, values);
    if (before.userEmail === admin.email && (user.userEmail !== admin.email || user.userRole !== "Admin")) return redirect("/dashboard");
    const invited = user.status === "pending" && user.invitationExpiresAt && user.invitationExpiresAt !== before.invitationExpiresAt;
    return { ok: true as const, message: invited ? `${USER_TEXTS.updated} An invitation was mailed to ${user.userEmail}.` : USER_TEXTS.updated };
  });
}

export default function AdminUser({ loaderData, actionData }: Route.ComponentProps) {
  const { user } = loaderData;
  const busy = useNavigation().state === "submitting";
  const failed = actionData && !actionData.ok ? actionData : undefined;
  return (
    <div className="max-w-md">
      <LinkLine to="/add-user" className="mb-4 text-sm">
        Back to users
      </LinkLine>
      <h1 className="mb-6 text-3xl font-bold">Edit user</h1>
      {actionData?.ok && <StatusMessage kind="success">{actionData.message}</StatusMessage>}
      {failed && !Object.keys(failed.fields).length && <FailureMessage error={failed.error} />}
      <p className="mb-4 text-sm text-gray-700">
        {user.status === "active"
          ? "Accepted: the role applies when this address signs in."
          : `Invited, not yet accepted: the role applies once the owner of the address follows the mailed link${
              user.invitationExpiresAt ? ` (it works until ${shortDate(user.invitationExpiresAt)})` : " (it has expired: send a new one)"
            }. A new email must be accepted again.`}
      </p>
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="update" />
        <Field
          label="Email"
          name="userEmail"
          type="email"
          autoComplete="off"
          required
          maxLength={254}
          defaultValue={failed?.values.userEmail ?? user.userEmail}
          error={failed?.fields.userEmail}
        />
        <SelectField label="Role" name="userRole" options={USER_ROLES} defaultValue={failed?.values.userRole ?? user.userRole} error={failed?.fields.userRole} />
        <Button disabled={busy}>{busy ? "Saving…" : "Save changes"}</Button>
      </Form>
      {user.status === "pending" && user.userRole !== "Customer" && (
        <Form method="post" className="mt-6">
          <input type="hidden" name="intent" value="resend" />
          <Button variant="secondary" disabled={busy}>
            Resend invitation
          </Button>
        </Form>
      )}
      <Form method="post" className="mt-10 border-t border-gray-200 pt-6">
        <input type="hidden" name="intent" value="sign-out" />
        <p className="mb-3 text-sm text-gray-700">Signing the user out ends every session they have, on every device: they must sign in again (a lost laptop, a suspected intrusion).</p>
        <Button variant="secondary" disabled={busy}>
          Sign out everywhere
        </Button>
      </Form>
      <Form method="post" className="mt-10 border-t border-gray-200 pt-6">
        <input type="hidden" name="intent" value="delete" />
        <p className="mb-3 text-sm text-gray-700">Removing the user takes away their admin screens and any open invitation. The last admin who can sign in cannot be removed.</p>
        <Button variant="danger" disabled={busy}>
          Remove user
        </Button>
      </Form>
    </div>
  );
}
