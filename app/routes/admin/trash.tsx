import { Form, Link, useActionData } from "react-router";
import { viewerContext } from "~/auth/viewer.server.ts";
import { entryTitle } from "~/content/registry/entry-title.ts";
import { sectionDef } from "~/content/registry/sections.ts";
import { listTrash, restoreFromTrash } from "~/content/workflow/trash.server.ts";
import { pageParam } from "~/db/paging.ts";
import { formValues, guardForm, unknownAction } from "~/forms.server.ts";
import { requestContext } from "~/services.server.ts";
import { utcDateTime } from "~/shared/dates.ts";
import { Button } from "~/ui/button.tsx";
import { Pagination } from "~/ui/pagination.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import { Cell, Table } from "~/ui/table.tsx";
import type { Route } from "./+types/trash";

/** Deleted list items, newest first; "Restore" puts one back where it was, live again. */

export const meta: Route.MetaFunction = () => [{ title: "Trash | Rankwell" }, { name: "robots", content: "noindex" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const trash = await listTrash(services.db, context.get(viewerContext), pageParam(new URL(request.url)));
  return { items: trash.items, page: trash.page, pageCount: trash.pageCount, total: trash.total, offset: trash.offset };
}

export async function action({ context, request }: Route.ActionArgs) {
  const values = await formValues(request);
  const { services } = context.get(requestContext);
  return guardForm(values, async () => {
    if (values._intent !== "restore") throw unknownAction();
    const { section } = await restoreFromTrash(services.db, context.get(viewerContext), values._id ?? "");
    const def = sectionDef(section);
    return { ok: true as const, message: `Restored: ${values._title || "the item"} is back on the site.`, path: def.adminPath, label: def.label };
  });
}

export default function Trash({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const { items, page, pageCount, total, offset } = loaderData;
  return (
    <>
      <h1 className="mb-2 text-3xl font-bold">Trash</h1>
      <p className="mb-6 max-w-3xl text-gray-700">Deleted list items wait here. Restoring one puts it back where it was in its list, on the site again, with any draft it had.</p>
      {result &&
        (result.ok ? (
          <StatusMessage kind="success">
            {result.message}{" "}
            <Link to={result.path} className="underline">
              {`Open ${result.label}`}
            </Link>
          </StatusMessage>
        ) : (
          <StatusMessage kind="error">{result.error}</StatusMessage>
        ))}
      <Table caption={`Deleted items (${total})`} headers={["No.", "Section", "Item", "Deleted", "Restore"]} empty="The trash is empty.">
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
              </Cell>
              <Cell>
                {utcDateTime(item.deletedAt)} by {item.deletedBy}
              </Cell>
              <Cell>
                <Form method="post">
                  <input type="hidden" name="_id" value={item.recordId} />
                  <input type="hidden" name="_title" value={`“${title}”`} />
                  <Button name="_intent" value="restore" variant="secondary" className="px-3">
                    Restore<span className="sr-only"> {title}</span>
                  </Button>
                </Form>
              </Cell>
            </tr>
          );
        })}
      </Table>
      <Pagination page={page} pageCount={pageCount} label="Trash pages" />
    </>
  );
}
