import { redirect, useNavigation } from "react-router";
import { auditActor } from "~/audit/audit.server.ts";
import { viewerContext } from "~/auth/viewer.server.ts";
import { formValues, guardForm, orPageError, unknownAction } from "~/forms.server.ts";
import { deleteItem, getItem, updateItem } from "~/items/items.server.ts";
import { ItemForm } from "~/items/item-form.tsx";
import { ITEM_TEXTS } from "~/items/schema.ts";
import { requestContext } from "~/services.server.ts";
import { ConfirmAction } from "~/ui/confirm-action.tsx";
import { LinkLine } from "~/ui/link-line.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import type { AdminHandle } from "~/layout/admin-frame.tsx";
import type { Route } from "./+types/edit-item";

export const handle: AdminHandle = { crumb: "Edit item" };

export const meta: Route.MetaFunction = () => [{ title: "Edit item | Rankwell admin" }, { name: "robots", content: "noindex" }];

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  return { item: await orPageError(getItem(services.db, params.id)) };
}

/** Save the item's fields, or delete it (after the confirmation on the page). Its role (the page table's) is checked on the server, by the root middleware. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const values = await formValues(request);
  const { services } = context.get(requestContext);
  const actor = auditActor(context.get(viewerContext));
  return guardForm(values, async () => {
    switch (values._intent) {
      case "save":
        return { ok: true as const, item: await updateItem(services.db, params.id, values, actor) };
      case "delete":
        await deleteItem(services.db, params.id, actor);
        throw redirect("/items?deleted=1", 303);
      default:
        throw unknownAction();
    }
  });
}

export default function EditItem({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const item = actionData?.ok ? actionData.item : loaderData.item;
  const errors = failed?.fields ?? {};
  return (
    <div className="max-w-md">
      <LinkLine to="/items" className="mb-4 text-sm">
        All items
      </LinkLine>
      <h1 className="mb-6 text-3xl font-bold">Edit item</h1>
      {actionData?.ok && <StatusMessage kind="success">{ITEM_TEXTS.updated}</StatusMessage>}
      {failed && <StatusMessage kind="error">{failed.error}</StatusMessage>}
      <ItemForm key={actionData?.ok ? "saved" : "editing"} values={failed?.values ?? item} errors={errors} submit="Save changes" busy={busy} />
      <ConfirmAction
        className="mt-10"
        summary="Delete item"
        question={`Delete the item “${loaderData.item.category}”? This cannot be undone.`}
        confirm="Yes, delete it"
        intent="delete"
        busy={busy}
      />
    </div>
  );
}
