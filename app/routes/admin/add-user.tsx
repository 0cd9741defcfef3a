import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { requireRole } from "~/auth/permissions.server.ts";
import { pageParam } from "~/db/paging.ts";
import { formValues, guardForm } from "~/forms.server.ts";
import { shortDate } from "~/shared/dates.ts";
import { requestContext } from "~/services.server.ts";
import { Button } from "~/ui/button.tsx";
import { Field } from "~/ui/field.tsx";
import { SelectField } from "~/ui/select-field.tsx";
import { ROLES } from "~/auth/roles.ts";
import { Pagination } from "~/ui/pagination.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import { Cell, Table } from "~/ui/table.tsx";
import { USER_ADDED, USER_REMOVED } from "~/users/schema.ts";
import { addUser, listUsers, USERS_PAGE_SIZE } from "~/users/users.server.ts";
import type { Route } from "./+types/add-user";

export const meta: Route.MetaFunction = () => [{ title: "Admin users | Rankwell admin" }, { name: "robots", content: "noindex" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  requireRole(context, request, "Admin");
  const { services } = context.get(requestContext);
  return listUsers(services.db, pageParam(new URL(request.url)), USERS_PAGE_SIZE);
}

/** Adds a user with a role (Admin unless another is chosen; the spec fixed it to Admin). */
export async function action({ context, request }: Route.ActionArgs) {
  requireRole(context, request, "Admin");
  const values = await formValues(request);
  const { services } = context.get(requestContext);
  return guardForm(values, async () => {
    const user = await addUser(services.db, values);
    return { ok: true as const, user };
  });
}

export default function AddUser({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const [params] = useSearchParams();
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const added = actionData?.ok ? actionData.user : undefined;
  const list = loaderData;
  return (
    <>
      <h1 className="text-3xl font-bold">Add admin user</h1>
      <div className="mt-6 max-w-md">
        {added && <StatusMessage kind="success">{USER_ADDED}</StatusMessage>}
        {!actionData && params.get("removed") === "1" && <StatusMessage kind="success">{USER_REMOVED}</StatusMessage>}
        {failed && !Object.keys(failed.fields).length && <StatusMessage kind="error">{failed.error}</StatusMessage>}
        <p className="mb-4 text-gray-700">The person signs in with this email (after registering) and gets the screens of the role.</p>
        {/* Keyed on the last added user, so the form empties after a save. */}
        <Form method="post" noValidate key={added?._id ?? "add-user"}>
          <Field label="Email" name="userEmail" type="email" autoComplete="off" required maxLength={254} defaultValue={failed?.values.userEmail} error={failed?.fields.userEmail} />
          <SelectField
            label="Role"
            name="userRole"
            options={ROLES}
            defaultValue={failed?.values.userRole ?? "Admin"}
            error={failed?.fields.userRole}
            hint="Editor: the site's content only. Admin: everything, orders and people included."
          />
          <Button disabled={busy}>{busy ? "Adding…" : "Add User"}</Button>
        </Form>
      </div>
      <section className="mt-10">
        <Table caption={`Users (${list.total})`} headers={["Email", "Role", "Added", "Edit"]} empty="No users yet.">
          {list.items.map((u) => (
            <tr key={u._id}>
              <Cell>{u.userEmail}</Cell>
              <Cell>{u.userRole}</Cell>
              <Cell>{shortDate(u.createdAt)}</Cell>
              <Cell>
                <Link to={`/admin-user/${u._id}`} className="font-semibold text-brand-700 underline">
                  Edit<span className="sr-only"> {u.userEmail}</span>
                </Link>
              </Cell>
            </tr>
          ))}
        </Table>
        <Pagination page={list.page} pageCount={list.pageCount} label="User pages" />
      </section>
    </>
  );
}
