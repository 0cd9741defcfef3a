import { redirect, useNavigation } from "react-router";
import { auditActor } from "~/audit/audit.server.ts";
import { viewerContext } from "~/auth/viewer.server.ts";
import { formValues, guardForm, orPageError, unknownAction } from "~/forms.server.ts";
import { RedirectForm } from "~/seo/redirect-form.tsx";
import type { RedirectRecord } from "~/seo/redirects.server.ts";
import { REDIRECT_TEXTS } from "~/seo/redirect-texts.ts";
import { requestContext } from "~/services.server.ts";
import { ConfirmAction } from "~/ui/confirm-action.tsx";
import { LinkLine } from "~/ui/link-line.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import type { AdminHandle } from "~/layout/admin-frame.tsx";
import type { Route } from "./+types/redirect-edit";

export const handle: AdminHandle = { crumb: "Edit redirect" };

export const meta: Route.MetaFunction = () => [{ title: "Edit redirect | Rankwell admin" }, { name: "robots", content: "noindex" }];

export async function loader({ context, params }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  return { redirect: await orPageError(services.redirects.get(params.id)) };
}

/** Save the redirect, or delete it (after the confirmation on the page). Its role is checked by the root middleware. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const values = await formValues(request);
  const { services } = context.get(requestContext);
  const actor = auditActor(context.get(viewerContext));
  return guardForm(values, async () => {
    switch (values._intent) {
      case "save":
        return { ok: true as const, redirect: await services.redirects.update(params.id, values, actor) };
      case "delete":
        await services.redirects.remove(params.id, actor);
        throw redirect("/admin/redirects?deleted=1", 303);
      default:
        throw unknownAction();
    }
  });
}

const formValuesOf = (r: RedirectRecord) => ({ from: r.from, to: r.to ?? "", status: String(r.status) });

export default function EditRedirect({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const current = actionData?.ok ? actionData.redirect : loaderData.redirect;
  return (
    <div className="max-w-md">
      <LinkLine to="/admin/redirects" className="mb-4 text-sm">
        All redirects
      </LinkLine>
      <h1 className="mb-6 text-3xl font-bold">Edit redirect</h1>
      {actionData?.ok && <StatusMessage kind="success">{REDIRECT_TEXTS.updated}</StatusMessage>}
      {failed && <StatusMessage kind="error">{failed.error}</StatusMessage>}
      <RedirectForm key={actionData?.ok ? "saved" : "editing"} values={failed?.values ?? formValuesOf(current)} errors={failed?.fields ?? {}} submit="Save changes" busy={busy} intent="save" />
      <ConfirmAction
        className="mt-10"
        summary="Delete redirect"
        question={`Delete the redirect from ${loaderData.redirect.from}? Visitors to that path will get the page-not-found page.`}
        confirm="Yes, delete it"
        intent="delete"
        busy={busy}
      />
    </div>
  );
}
