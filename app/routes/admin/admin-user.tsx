import { Form, redirect, useNavigation } from "react-router";
import { requireRole } from "~/auth/permissions.server.ts";
import { formValues, guardForm, orPageError } from "~/forms.server.ts";
import { requestContext } from "~/services.server.ts";
import { Button } from "~/ui/button.tsx";
import { Field } from "~/ui/field.tsx";
import { SelectField } from "~/ui/select-field.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import { USER_ROLES, USER_UPDATED } from "~/users/schema.ts";
import { deleteUser, getUser, updateUser } from "~/users/users.server.ts";
import type { AdminHandle } from "~/layout/admin-frame.tsx";
import type { Route } from "./+types/admin-user";
import { LinkLine } from "~/ui/link-line.tsx";

export const handle: AdminHandle = { crumb: "Edit user" };

export const meta: Route.MetaFunction = () => [{ title: "Edit user | Rankwell admin" }, { name: "robots", content: "noindex" }];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  requireRole(context, request, "Admin");
  const { services } = context.get(requestContext);
  return { user: await orPageError(getUser(services.db, params.id)) };
}

/**
 * Save (email and role) or remove. Neither may leave the site without an admin. An admin who
 * takes away their own role goes to their dashboard, since the admin pages are closed to them now.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const admin = requireRole(context, request, "Admin");
  const values = await formValues(request);
  const { services } = context.get(requestContext);
  return guardForm(values, async () => {
    if (values.intent === "delete") {
      const removed = await deleteUser(services.db, services.dbKind, params.id);
      return redirect(removed.userEmail === admin.email ? "/dashboard" : "/add-user?removed=1");
    }
    const before = await getUser(services.db, params.id);
    const user = await updateUser(services.db, services.dbKind, params.id, values);
    if (before.userEmail === admin.email && (user.userEmail !== admin.email || user.userRole !== "Admin")) return redirect("/dashboard");
    return { ok: true as const, user };
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
      {actionData?.ok && <StatusMessage kind="success">{USER_UPDATED}</StatusMessage>}
      {failed && !Object.keys(failed.fields).length && <StatusMessage kind="error">{failed.error}</StatusMessage>}
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
        <Button disabled={busy}>{busy ? "Saving…" : "Update User"}</Button>
      </Form>
      <Form method="post" className="mt-10 border-t border-gray-200 pt-6">
        <input type="hidden" name="intent" value="delete" />
        <p className="mb-3 text-sm text-gray-700">Removing the user takes away their admin screens. The last admin cannot be removed.</p>
        <Button variant="danger" disabled={busy}>
          Remove user
        </Button>
      </Form>
    </div>
  );
}
