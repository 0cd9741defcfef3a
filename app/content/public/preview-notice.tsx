import { Form, useSearchParams } from "react-router";
import { PREVIEW_PATHS, PREVIEW_VERSION, previewFrom } from "./preview.ts";

/**
 * The band above a preview page: says what it is and leads back, so nobody mistakes it for the
 * live site. A named region, so it sits in a landmark like the rest of the page. Opened from an
 * edit form (in a tab of its own), it offers "Back to editing" and "Publish" (the saved draft);
 * opened from a record's history, it shows that earlier version and leads back to the history.
 */
export function PreviewNotice() {
  const [params] = useSearchParams();
  const edit = previewFrom(params);
  const version = params.get(PREVIEW_VERSION);
  const history = params.get("history");
  const historyPath = history && /^[A-Za-z0-9_-]+$/.test(history) ? `/admin/history/${history}` : undefined;
  // The other preview pages keep what this one was opened for.
  const keep = params.toString() ? `?${params.toString()}` : "";
  const link = "font-semibold underline";
  return (
    <section aria-label="Preview" className="border-b-2 border-amber-700 bg-amber-50 px-4 py-2 text-center text-sm text-amber-950">
      <p>
        <strong>Preview</strong>:{" "}
        {version ? "this page with an earlier version, as it would look if you restored it." : "this page with every unpublished change."} Visitors do not see it until it is
        published.{" "}
        <span className="inline-block">
          <a href={`${PREVIEW_PATHS.home}${keep}`} className={link}>
            Home
          </a>
          {" · "}
          <a href={`${PREVIEW_PATHS.pricing}${keep}`} className={link}>
            Pricing
          </a>
          {" · "}
          <a href={`${PREVIEW_PATHS.service}${keep}`} className={link}>
            Services
          </a>
          {!edit && !historyPath && (
            <>
              {" · "}
              <a href="/admin/drafts" className={link}>
                Back to unpublished changes
              </a>
            </>
          )}
        </span>
      </p>
      {edit && (
        <div className="mt-2 flex flex-wrap items-center justify-center gap-3">
          <a href={edit} className="inline-flex min-h-10 items-center rounded-md border border-amber-900 bg-white px-3 font-semibold">
            Back to editing
          </a>
          <Form method="post" action={edit}>
            <button type="submit" name="_intent" value="publish-draft" className="inline-flex min-h-10 items-center rounded-md bg-brand-700 px-3 font-semibold text-white hover:bg-brand-800">
              Publish
            </button>
          </Form>
        </div>
      )}
      {historyPath && (
        <p className="mt-2">
          <a href={historyPath} className="inline-flex min-h-10 items-center rounded-md border border-amber-900 bg-white px-3 font-semibold">
            Back to the history
          </a>
        </p>
      )}
    </section>
  );
}
