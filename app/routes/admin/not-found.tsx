import { useId } from "react";
import { Form, Link, useNavigation } from "react-router";
import { auditActor } from "~/audit/audit.server.ts";
import { viewerContext } from "~/auth/viewer.server.ts";
import { pageParam } from "~/db/paging.ts";
import { formValues, guardForm } from "~/forms.server.ts";
import { listNotFoundHits, NOT_FOUND_PAGE_SIZE, type NotFoundHitRecord } from "~/seo/not-found-hits.server.ts";
import { REDIRECT_TEXTS } from "~/seo/redirect-texts.ts";
import { requestContext } from "~/services.server.ts";
import { formatDateTime } from "~/shared/dates.ts";
import { Button } from "~/ui/button.tsx";
import { FieldNotes, noteIds } from "~/ui/field.tsx";
import { Pagination } from "~/ui/pagination.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import { Cell, Table } from "~/ui/table.tsx";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [{ title: "404 monitor | Rankwell admin" }, { name: "robots", content: "noindex" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const url = new URL(request.url);
  // This process's counts so far, so the list is current.
  await services.notFoundHits.flush();
  const [pages, scanners] = await Promise.all([
    listNotFoundHits(services.db, "page", pageParam(url), NOT_FOUND_PAGE_SIZE),
    listNotFoundHits(services.db, "scanner", pageParam(url, "scannerPage"), NOT_FOUND_PAGE_SIZE),
  ]);
  return { pages, scanners, maxRows: services.notFoundHits.maxRows };
}

/** "Redirect this": a 301 from the missing path to the target typed next to it. */
export async function action({ context, request }: Route.ActionArgs) {
  const values = await formValues(request);
  const { services } = context.get(requestContext);
  const actor = auditActor(context.get(viewerContext));
  const result = await guardForm(values, async () => {
    const created = await services.redirects.create({ from: values.from ?? "", to: values.to ?? "", status: "301" }, actor);
    return { ok: true as const, from: created.from, to: created.to ?? "" };
  });
  return result;
}

export default function NotFoundMonitor({ loaderData, actionData }: Route.ComponentProps) {
  const { pages, scanners, maxRows } = loaderData;
  const failed = actionData && !actionData.ok ? actionData : undefined;
  return (
    <>
      <h1 className="text-3xl font-bold">404 monitor</h1>
      <p className="mt-2 max-w-prose text-gray-800">
        Paths on this site that visitors and search engines asked for and found missing, most requested first (their query left out). Redirect one to the page that took its place and it leaves
        this list. The newest {maxRows.toLocaleString("en-US")} paths are kept. All redirects are on <Link to="/admin/redirects" className="font-semibold text-brand-700 underline">Redirects</Link>.
      </p>
      <div className="mt-4">
        {actionData?.ok && <StatusMessage kind="success">{REDIRECT_TEXTS.created(actionData.from, actionData.to)}</StatusMessage>}
        {failed && <StatusMessage kind="error">{failed.error}</StatusMessage>}
      </div>
      <div className="mt-6">
        <Table caption={`Missing pages (${pages.total})`} headers={["Path", "Requests", "Last referrer", "First seen", "Last seen", "Redirect"]} empty="No missing pages recorded.">
          {pages.items.map((hit) => (
            <tr key={hit.path}>
              <Cell>{hit.path}</Cell>
              <Cell>{hit.count.toLocaleString("en-US")}</Cell>
              <Cell>{hit.referrer || "—"}</Cell>
              <Cell>{formatDateTime(hit.firstSeen)}</Cell>
              <Cell>{formatDateTime(hit.lastSeen)}</Cell>
              <Cell>
                <RedirectThis hit={hit} failed={failed?.values.from === hit.path ? failed : undefined} />
              </Cell>
            </tr>
          ))}
        </Table>
        <Pagination page={pages.page} pageCount={pages.pageCount} label="Missing page pages" />
      </div>
      <section aria-labelledby="scanners" className="mt-10">
        <h2 id="scanners" className="text-xl font-semibold">
          Scanners
        </h2>
        <p className="mt-2 max-w-prose text-gray-800">Requests for software this site does not run (WordPress, PHP, .env files): robots looking for weaknesses. Nothing to fix; counted apart.</p>
        <div className="mt-4">
          <Table caption={`Scanner requests (${scanners.total})`} headers={["Path", "Requests", "First seen", "Last seen"]} empty="No scanner requests recorded.">
            {scanners.items.map((hit) => (
              <tr key={hit.path}>
                <Cell>{hit.path}</Cell>
                <Cell>{hit.count.toLocaleString("en-US")}</Cell>
                <Cell>{formatDateTime(hit.firstSeen)}</Cell>
                <Cell>{formatDateTime(hit.lastSeen)}</Cell>
              </tr>
            ))}
          </Table>
          <Pagination page={scanners.page} pageCount={scanners.pageCount} param="scannerPage" label="Scanner request pages" />
        </div>
      </section>
    </>
  );
}

/** A disclosure with the one field a redirect from this path needs; open again with its error after a refusal. */
function RedirectThis({ hit, failed }: { hit: NotFoundHitRecord; failed?: { fields: Record<string, string>; values: Record<string, string>; error: string } }) {
  const id = useId();
  const busy = useNavigation().state === "submitting";
  const error = failed ? (failed.fields.to ?? failed.fields.from ?? failed.error) : undefined;
  const { errorId, hintId, describedBy } = noteIds(id, { error });
  return (
    <details open={!!failed}>
      <summary className="cursor-pointer font-semibold text-brand-700">
        Redirect this<span className="sr-only">: {hit.path}</span>
      </summary>
      <Form method="post" noValidate className="mt-2">
        <input type="hidden" name="from" value={hit.path} />
        <label htmlFor={id} className="block text-sm font-semibold text-gray-900">
          Target path<span className="sr-only"> for {hit.path}</span>
        </label>
        <input
          id={id}
          name="to"
          autoComplete="off"
          placeholder="/new-page/"
          defaultValue={failed?.values.to}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`mt-1 block w-full min-w-48 rounded-md border px-3 py-2 text-base text-ink shadow-sm ${error ? "border-red-700" : "border-gray-400"}`}
        />
        <FieldNotes error={error} errorId={errorId} hintId={hintId} />
        <Button className="mt-2" disabled={busy}>
          Create redirect<span className="sr-only"> from {hit.path}</span>
        </Button>
      </Form>
    </details>
  );
}
