import { Link, useNavigation, useSearchParams } from "react-router";
import { auditActor } from "~/audit/audit.server.ts";
import { viewerContext } from "~/auth/viewer.server.ts";
import { pageParam } from "~/db/paging.ts";
import { formValues, guardForm } from "~/forms.server.ts";
import { RedirectForm } from "~/seo/redirect-form.tsx";
import { REDIRECTS_PAGE_SIZE } from "~/seo/redirects.server.ts";
import { REDIRECT_STATUS_LABELS, REDIRECT_TEXTS } from "~/seo/redirect-texts.ts";
import { requestContext } from "~/services.server.ts";
import { formatDateTime } from "~/shared/dates.ts";
import { Pagination } from "~/ui/pagination.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import { Cell, Table } from "~/ui/table.tsx";
import type { Route } from "./+types/redirects";

export const meta: Route.MetaFunction = () => [{ title: "Redirects | Rankwell admin" }, { name: "robots", content: "noindex" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const list = await services.redirects.list(pageParam(new URL(request.url)), REDIRECTS_PAGE_SIZE);
  return { list };
}

/** Adds a redirect. Its role (the page table's) is checked on the server, by the root middleware. */
export async function action({ context, request }: Route.ActionArgs) {
  const values = await formValues(request);
  const { services } = context.get(requestContext);
  return guardForm(values, async () => ({ ok: true as const, redirect: await services.redirects.create(values, auditActor(context.get(viewerContext))) }));
}

export default function Redirects({ loaderData, actionData }: Route.ComponentProps) {
  const { list } = loaderData;
  const busy = useNavigation().state === "submitting";
  const [params] = useSearchParams();
  const failed = actionData && !actionData.ok ? actionData : undefined;
  const added = actionData?.ok ? actionData.redirect : undefined;
  const errors = failed?.fields ?? {};
  return (
    <>
      <h1 className="text-3xl font-bold">Redirects</h1>
      <p className="mt-2 max-w-prose text-gray-800">
        Send visitors and search engines from a path that no longer has a page to one that does, or tell them it is gone for good. A chain is stored as one hop; a loop is refused. Missing paths
        visitors ask for are listed on the <Link to="/admin/not-found" className="font-semibold text-brand-700 underline">404 monitor</Link>.
      </p>
      <div className="mt-4">
        {params.get("deleted") === "1" && <StatusMessage kind="success">{REDIRECT_TEXTS.deleted}</StatusMessage>}
        {added && (
          <StatusMessage kind="success">
            {REDIRECT_TEXTS.added}{" "}
            <span>
              {added.from} → {added.to ?? "410 Gone"}
            </span>
          </StatusMessage>
        )}
        {failed && <StatusMessage kind="error">{failed.error}</StatusMessage>}
      </div>
      <section aria-labelledby="add-redirect" className="mt-6 max-w-md">
        <h2 id="add-redirect" className="mb-4 text-xl font-semibold">
          Add a redirect
        </h2>
        {/* Keyed on the last added redirect, so the form empties after a save. */}
        <div key={added?._id ?? "add"}>
          <RedirectForm values={failed?.values ?? {}} errors={errors} submit="Add redirect" busy={busy} intent="add" />
        </div>
      </section>
      <div className="mt-10">
        <Table caption={`Redirects (${list.total})`} headers={["From", "To", "Type", "Changed", "Actions"]} empty="No redirects yet.">
          {list.items.map((r) => (
            <tr key={r._id}>
              <Cell>{r.from}</Cell>
              <Cell>{r.to ?? "—"}</Cell>
              <Cell>{REDIRECT_STATUS_LABELS[r.status]}</Cell>
              <Cell>
                {formatDateTime(r.updatedAt)} by {r.updatedBy}
              </Cell>
              <Cell>
                <Link to={`/admin/redirects/${r._id}`} className="font-semibold text-brand-700 underline">
                  Edit<span className="sr-only"> the redirect from {r.from}</span>
                </Link>
              </Cell>
            </tr>
          ))}
        </Table>
        <Pagination page={list.page} pageCount={list.pageCount} label="Redirect pages" />
      </div>
    </>
  );
}
