import { Form, Link, useActionData } from "react-router";
import { viewerContext } from "~/auth/viewer.server.ts";
import { entryTitle } from "~/content/registry/entry-title.ts";
import { recordHistory, type RevisionView, restoreRevision } from "~/content/workflow/history.server.ts";
import { editUrl, sectionDef } from "~/content/registry/sections.ts";
import { FieldChanges } from "~/content/admin/workflow-parts.tsx";
import { versionPreviewUrl } from "~/content/public/preview.ts";
import { pageParam } from "~/db/paging.ts";
import { formValues, guardForm, orPageError, unknownAction } from "~/forms.server.ts";
import type { AdminHandle } from "~/layout/admin-frame.tsx";
import { requestContext } from "~/services.server.ts";
import { utcDateTime } from "~/shared/dates.ts";
import { Button } from "~/ui/button.tsx";
import { Pagination } from "~/ui/pagination.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import type { Route } from "./+types/history";
import { FailureMessage } from "~/auth/failure-message.tsx";

/**
 * One record's history: every publish, API write, delete and restore, newest first, each with
 * who, when and what changed field by field (images as pictures). "Preview this version" shows the
 * pages with it in a new tab; "Restore this version" asks, then makes it live again (itself a new
 * entry, so a restore can be undone the same way).
 */

export const handle: AdminHandle = { crumb: "History" };

export const meta: Route.MetaFunction = () => [{ title: "History | Settings | Rankwell" }, { name: "robots", content: "noindex" }];

export async function loader({ context, request, params }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  return orPageError(recordHistory(services.db, context.get(viewerContext), params.id, pageParam(new URL(request.url))));
}

export async function action({ context, request }: Route.ActionArgs) {
  const values = await formValues(request);
  const { services } = context.get(requestContext);
  return guardForm(values, async () => {
    if (values._intent !== "restore") throw unknownAction();
    await restoreRevision(services.db, context.get(viewerContext), values._revision ?? "");
    return { ok: true as const, message: `Restored: the site shows the version of ${values._when ?? "that time"} again.` };
  });
}

const ACTIONS: Record<RevisionView["action"], string> = {
  imported: "First recorded version",
  created: "Created",
  published: "Published",
  deleted: "Deleted",
  restored: "Restored an earlier version",
  undeleted: "Restored from the trash",
};

export default function History({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const { section, recordId, state, current, revisions, page, pageCount, total } = loaderData;
  const def = sectionDef(section);
  const name = def.kind === "list" ? `${def.label}: ${entryTitle(def, current)}` : def.label;
  const link = "font-semibold text-brand-700 underline";
  return (
    <>
      <h1 className="mb-2 text-3xl font-bold">History of {name}</h1>
      <p className="mb-6 text-gray-700">
        {state === "live" && (
          <>
            On the site now.{" "}
            <Link to={editUrl(def, recordId)} className={link}>
              Edit it
            </Link>
          </>
        )}
        {state === "draft" && (
          <>
            Not published yet.{" "}
            <Link to={editUrl(def, recordId)} className={link}>
              Edit the draft
            </Link>
          </>
        )}
        {state === "trash" && (
          <>
            Deleted: it is in the{" "}
            <Link to="/admin/trash" className={link}>
              trash
            </Link>
            , from where it can be restored.
          </>
        )}
        {state === "gone" && "No longer on the site."} {total === 1 ? "1 change recorded." : `${total} changes recorded.`}
      </p>
      {result && (result.ok ? <StatusMessage kind="success">{result.message}</StatusMessage> : <FailureMessage error={result.error} />)}
      <ol className="grid grid-cols-1 gap-6">
        {revisions.map((revision) => {
          const when = utcDateTime(revision.at);
          const headingId = `revision-${revision.id}`;
          return (
            <li key={revision.id}>
              <article aria-labelledby={headingId} className="rounded-lg border border-gray-300 bg-white p-5">
                <h2 id={headingId} className="text-lg font-semibold">
                  {ACTIONS[revision.action]}, {when}, by {revision.by}
                </h2>
                {revision.note && <p className="mt-1 text-sm text-gray-700">{revision.note}</p>}
                <FieldChanges def={def} changes={revision.changes} caption={`What changed on ${when}`} />
                {revision.restorable && (
                  <div className="mt-4 flex flex-wrap items-start gap-3">
                    <a
                      href={versionPreviewUrl(revision.id, recordId)}
                      target="_blank"
                      rel="noopener"
                      className="inline-flex min-h-10 items-center rounded-md border border-brand-700 px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50"
                    >
                      Preview this version<span className="sr-only"> of {when} (opens in a new tab)</span>
                    </a>
                    {/* A restore publishes at once: it asks first (no JavaScript needed to open it). */}
                    <details className="rounded-md border border-brand-700 px-3 py-2 text-sm">
                      <summary className="cursor-pointer font-semibold text-brand-700">
                        Restore this version<span className="sr-only"> of {when}</span>
                      </summary>
                      <p className="my-2">Make the version of {when} live again? Visitors see it at once; the version shown now stays in this history.</p>
                      <Form method="post">
                        <input type="hidden" name="_revision" value={revision.id} />
                        <input type="hidden" name="_when" value={when} />
                        <Button name="_intent" value="restore">
                          Yes, restore it<span className="sr-only"> (the version of {when})</span>
                        </Button>
                      </Form>
                    </details>
                  </div>
                )}
              </article>
            </li>
          );
        })}
      </ol>
      <Pagination page={page} pageCount={pageCount} label="History pages" />
    </>
  );
}
