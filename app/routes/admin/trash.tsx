import { Form, Link, useActionData } from "react-router";
import { viewerContext } from "~/auth/viewer.server.ts";
import { entryTitle } from "~/content/registry/entry-title.ts";
import { sectionDef } from "~/content/registry/sections.ts";
import { deleteForever, emptyTrash, listTrash, PURGE_ROLE, restoreFromTrash } from "~/content/workflow/trash.server.ts";
import { hasRole } from "~/auth/roles.ts";
import { ConfirmAction } from "~/ui/confirm-action.tsx";
import { RecordPreview } from "~/content/admin/field-value.tsx";
import { pageParam } from "~/db/paging.ts";
import { formValues, guardForm, unknownAction } from "~/forms.server.ts";
import { requestContext } from "~/services.server.ts";
import { utcDateTime } from "~/shared/dates.ts";
import { Button } from "~/ui/button.tsx";
import { Pagination } from "~/ui/pagination.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import { Cell, Table } from "~/ui/table.tsx";
import type { Route } from "./+types/trash";

/**
 * Deleted list items, newest first; "Restore" puts one back where it was, live again. Admins also
 * delete one for good, or empty the trash (each asks first; the services refuse anyone else).
 */

export const meta: Route.MetaFunction = () => [{ title: "Trash | Rankwell" }, { name: "robots", content: "noindex" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const trash = await listTrash(services.db, context.get(viewerContext), pageParam(new URL(request.url)));
  const canPurge = hasRole(context.get(viewerContext), PURGE_ROLE);
  return { items: trash.items, page: trash.page, pageCount: trash.pageCount, total: trash.total, offset: trash.offset, canPurge };
}

export async function action({ context, request }: Route.ActionArgs) {
  const values = await formValues(request);
  const { services } = context.get(requestContext);
  const viewer = context.get(viewerContext);
  return guardForm(values, async () => {
    switch (values._intent) {
      case "restore": {
        const { section } = await restoreFromTrash(services.db, viewer, values._id ?? "");
        const def = sectionDef(section);
        return { ok: true as const, message: `Restored: ${values._title || "the item"} is back on the site.`, path: def.adminPath, label: def.label };
      }
      case "delete-forever":
        await deleteForever(services.db, viewer, values._id ?? "");
        return { ok: true as const, message: `Deleted for good: ${values._title || "the item"}. Its history stays readable.` };
      case "empty": {
        const { deleted } = await emptyTrash(services.db, viewer);
        return { ok: true as const, message: deleted === 1 ? "The trash is empty: 1 item deleted for good." : `The trash is empty: ${deleted} items deleted for good.` };
      }
      default:
        throw unknownAction();
    }
  });
}

export default function Trash({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const { items, page, pageCount, total, offset, canPurge } = loaderData;
  return (
    <>
      <h1 className="mb-2 text-3xl font-bold">Trash</h1>
      <p className="mb-6 max-w-3xl text-gray-700">Deleted list items wait here. Restoring one puts it back where it was in its list, on the site again, with any draft it had.</p>
      {result &&
        (result.ok ? (
          <StatusMessage kind="success">
            {result.message}
            {"path" in result && result.path && (
              <>
                {" "}
                <Link to={result.path} className="underline">
                  {`Open ${result.label}`}
                </Link>
              </>
            )}
          </StatusMessage>
        ) : (
          <StatusMessage kind="error">{result.error}</StatusMessage>
        ))}
      {canPurge && total > 0 && (
        <ConfirmAction
          className="mb-6 max-w-md"
          summary="Empty the trash"
          question={`Delete all ${total === 1 ? "1 item" : `${total} items`} in the trash for good? They can no longer be restored; their history stays readable.`}
          confirm="Yes, empty the trash"
          intent="empty"
        />
      )}
      <Table caption={`Deleted items (${total})`} headers={["No.", "Section", "Item", "Deleted", "Actions"]} empty="The trash is empty.">
        {items.map((item, i) => {
          const def = sectionDef(item.section);
          const title = entryTitle(def, item.values);
          return (
            <tr key={item.recordId}>
              <Cell>{offset + i + 1}</Cell>
              <Cell>{def.label}</Cell>
              <Cell>
                <Link to={`/admin/history/${item.recordId}`} className="font-semibold text-brand-700 underline">
                  {title}
                </Link>
                {item.hadDraft && <span className="block text-sm text-gray-700">with an unpublished draft</span>}
                <div className="mt-1">
                  <RecordPreview def={def} record={item.values} title={title} />
                </div>
              </Cell>
              <Cell>
                {utcDateTime(item.deletedAt)} by {item.deletedBy}
              </Cell>
              <Cell>
                <div className="flex flex-wrap items-start gap-2">
                  <Form method="post">
                    <input type="hidden" name="_id" value={item.recordId} />
                    <input type="hidden" name="_title" value={`“${title}”`} />
                    <Button name="_intent" value="restore" variant="secondary" className="px-3">
                      Restore<span className="sr-only"> {title}</span>
                    </Button>
                  </Form>
                  {canPurge && (
                    <ConfirmAction
                      summary={<>Delete forever<span className="sr-only">: {title}</span></>}
                      question={`Delete “${title}” for good? It can no longer be restored.`}
                      confirm={<>Yes, delete for good<span className="sr-only"> {title}</span></>}
                      intent="delete-forever"
                      fields={{ _id: item.recordId, _title: `“${title}”` }}
                    />
                  )}
                </div>
              </Cell>
            </tr>
          );
        })}
      </Table>
      <Pagination page={page} pageCount={pageCount} label="Trash pages" />
    </>
  );
}
