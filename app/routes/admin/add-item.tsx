import { useNavigation } from "react-router";
import { auditActor } from "~/audit/audit.server.ts";
import { viewerContext } from "~/auth/viewer.server.ts";
import { formValues, guardForm } from "~/forms.server.ts";
import { addItem } from "~/items/items.server.ts";
import { ItemForm } from "~/items/item-form.tsx";
import { ITEM_TEXTS } from "~/items/schema.ts";
import { requestContext } from "~/services.server.ts";
import { StatusMessage } from "~/ui/status.tsx";
import type { AdminHandle } from "~/layout/admin-frame.tsx";
import type { Route } from "./+types/add-item";
import { LinkLine } from "~/ui/link-line.tsx";

export const handle: AdminHandle = { crumb: "Add item" };

export const meta: Route.MetaFunction = () => [{ title: "Add item | Rankwell admin" }, { name: "robots", content: "noindex" }];

/** Nothing to load; a loader all the same, so that opening the page asks the server, whose middleware checks who may. */
export function loader() {
  return null;
}

export async function action({ context, request }: Route.ActionArgs) {
  const values = await formValues(request);
  const { services } = context.get(requestContext);
  return guardForm(values, async () => {
    const item = await addItem(services.db, values, auditActor(context.get(viewerContext)));
    return { ok: true as const, item };
  });
}

export default function AddItem({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const saved = actionData?.ok ? actionData.item : undefined;
  const v = failed?.values ?? {};
  const e = failed?.fields ?? {};
  return (
    <div className="max-w-md">
      <LinkLine to="/items" className="mb-4 text-sm">
        All items
      </LinkLine>
      <h1 className="mb-6 text-3xl font-bold">Add item</h1>
      {saved && (
        <StatusMessage kind="success">
          {ITEM_TEXTS.added}{" "}
          <a href={`/edit-item/${saved._id}`} className="underline">
            Edit it
          </a>
        </StatusMessage>
      )}
      {failed && !Object.keys(e).length && <StatusMessage kind="error">{failed.error}</StatusMessage>}
      {/* Keyed on the last saved item, so the form empties after a save. */}
      <div key={saved?._id ?? "add-item"}>
        <ItemForm values={v} errors={e} submit="Add item" busy={busy} />
      </div>
    </div>
  );
}
