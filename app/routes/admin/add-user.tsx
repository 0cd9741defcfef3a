import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { auditActor } from "~/audit/audit.server.ts";
import { FailureMessage } from "~/auth/failure-message.tsx";
import { ROLES } from "~/auth/roles.ts";
import { viewerContext } from "~/auth/viewer.server.ts";
import { pageParam } from "~/db/paging.ts";
import { formValues, guardForm } from "~/forms.server.ts";
import { shortDate } from "~/shared/dates.ts";
import { requestContext } from "~/services.server.ts";
import { Button } from "~/ui/button.tsx";
import { Field } from "~/ui/field.tsx";
import { Pagination } from "~/ui/pagination.tsx";
import { SelectField } from "~/ui/select-field.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import { Cell, Table } from "~/ui/table.tsx";
import { parseInput } from "~/errors.ts";
import { INVITATION_DAYS, inviteFormSchema, USER_TEXTS } from "~/users/schema.ts";
import { type AdminUserRecord, addUser, listUsers, resendInvitation, USERS_PAGE_SIZE } from "~/users/users.server.ts";
import type { Route } from "./+types/add-user";

export const meta: Route.MetaFunction = () => [{ title: "Admin users | Rankwell admin" }, { name: "robots", content: "noindex" }];

/** Active grants and pending invitations, each paged on its own (`?page=`, `?pendingPage=`). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const url = new URL(request.url);
  const [active, pending] = await Promise.all([
    listUsers(services.db, pageParam(url), USERS_PAGE_SIZE, "active"),
    listUsers(services.db, pageParam(url, "pendingPage"), USERS_PAGE_SIZE, "pending"),
  ]);
  return { active, pending };
}

/**
 * Adds a grant with the role the person chose (none is preselected; the spec's default of Admin
 * stays with the API only), which mails an invitation; or sends a pending grant's invitation again.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const values = await formValues(request);
  const { services } = context.get(requestContext);
  const actor = auditActor(context.get(viewerContext));
  return guardForm(values, async () => {
    if (values.intent === "resend") {
      const user = await resendInvitation(services, actor, values.id ?? "");
      return { ok: true as const, intent: "resend" as const, user };
    }
    const user = await addUser(services, actor, parseInput(inviteFormSchema, values));
    return { ok: true as const, intent: "add" as const, user };
  });
}

export default function AddUser({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [params] = useSearchParams();
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const added = actionData?.ok && actionData.intent === "add" ? actionData.user : undefined;
  const resent = actionData?.ok && actionData.intent === "resend" ? actionData.user : undefined;
  const { active, pending } = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold">Add admin user</h1>
      <div className="mt-6 max-w-md">
        {added && (
          <StatusMessage kind="success">
            {USER_TEXTS.added} {added.status === "pending" ? `An invitation was mailed to ${added.userEmail}; the role applies once they follow its link.` : ""}
          </StatusMessage>
        )}
        {resent && <StatusMessage kind="success">A new invitation was mailed to {resent.userEmail}. The earlier link no longer works.</StatusMessage>}
        {!actionData && params.get("removed") === "1" && <StatusMessage kind="success">{USER_TEXTS.removed}</StatusMessage>}
        {failed && !Object.keys(failed.fields).length && <FailureMessage error={failed.error} />}
        <p className="mb-4 text-gray-700">
          We mail the address a link. The role applies once its owner follows the link (within {INVITATION_DAYS} days), signed in with that address or
          creating the account there.
        </p>
        {/* Keyed on the last added user, so the form empties after a save. */}
        <Form method="post" noValidate key={added?._id ?? "add-user"}>
          <input type="hidden" name="intent" value="add" />
          <Field label="Email" name="userEmail" type="email" autoComplete="off" required maxLength={254} defaultValue={failed?.values.userEmail} error={failed?.fields.userEmail} />
          <SelectField
            label="Role"
            name="userRole"
            options={ROLES}
            placeholder="Choose a role"
            defaultValue={failed?.values.userRole}
            error={failed?.fields.userRole}
            hint="Editor: the site's content only. Admin: everything, orders and people included."
          />
          <Button disabled={busy}>{busy ? "Adding…" : "Add user"}</Button>
        </Form>
      </div>
      <section className="mt-10">
        <Table caption={`Invited, not yet accepted (${pending.total})`} headers={["Email", "Role", "Added", "Link works until", "Invitation", "Edit"]} empty="No open invitations.">
          {pending.items.map((u) => (
            <tr key={u._id}>
              <Cell>{u.userEmail}</Cell>
              <Cell>{u.userRole}</Cell>
              <Cell>{shortDate(u.createdAt)}</Cell>
              <Cell>{u.invitationExpiresAt ? shortDate(u.invitationExpiresAt) : "Expired or none"}</Cell>
              <Cell>
                <ResendButton user={u} busy={busy} />
              </Cell>
              <Cell>
                <EditLink user={u} />
              </Cell>
            </tr>
          ))}
        </Table>
        <Pagination page={pending.page} pageCount={pending.pageCount} param="pendingPage" label="Invitation pages" />
      </section>
      <section className="mt-10">
        <Table caption={`Users (${active.total})`} headers={["Email", "Role", "Added", "Edit"]} empty="No users yet.">
          {active.items.map((u) => (
            <tr key={u._id}>
              <Cell>{u.userEmail}</Cell>
              <Cell>{u.userRole}</Cell>
              <Cell>{shortDate(u.createdAt)}</Cell>
              <Cell>
                <EditLink user={u} />
              </Cell>
            </tr>
          ))}
        </Table>
        <Pagination page={active.page} pageCount={active.pageCount} label="User pages" />
      </section>
    </>
  );
}

function EditLink({ user }: { user: AdminUserRecord }) {
  return (
    <Link to={`/admin-user/${user._id}`} className="font-semibold text-brand-700 underline">
      Edit<span className="sr-only"> {user.userEmail}</span>
    </Link>
  );
}

/** A Customer entry has no role to accept: nothing to resend. */
function ResendButton({ user, busy }: { user: AdminUserRecord; busy: boolean }) {
  if (user.userRole === "Customer") return <span className="text-gray-700">No role</span>;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="resend" />
      <input type="hidden" name="id" value={user._id} />
      <Button variant="secondary" disabled={busy} className="px-3 py-1">
        Resend<span className="sr-only"> the invitation to {user.userEmail}</span>
      </Button>
    </Form>
  );
}
