import { data, Form, Link, redirect, useActionData } from "react-router";
import { viewerContext } from "~/auth/viewer.server.ts";
import { adminPages, editTargetAt, editTitle, publishedText } from "~/content/admin/admin-pages.ts";
import { FieldChanges, ScheduledAt, ScheduleForm } from "~/content/admin/workflow-parts.tsx";
import { diffValues } from "~/content/workflow/diff.ts";
import { cancelSchedule, discardDraft, getEditable, publish, saveDraft, scheduleDraft } from "~/content/workflow/drafts.server.ts";
import { PREVIEW_PATHS } from "~/content/public/preview.ts";
import { type FormButton, SectionForm } from "~/content/admin/section-form.tsx";
import { type SectionDef, type SectionKey, sectionDef, type Values } from "~/content/registry/sections.ts";
import { formValues, guardForm, unknownAction } from "~/forms.server.ts";
import { requestContext } from "~/services.server.ts";
import type { AdminHandle } from "~/layout/admin-frame.tsx";
import { utcDateTime } from "~/shared/dates.ts";
import { PAGE_NOT_FOUND } from "~/shared/messages.ts";
import { Button } from "~/ui/button.tsx";
import { ConfirmAction } from "~/ui/confirm-action.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import { AccountChangeForm } from "~/payments/account-change-form.tsx";
import { assertTypedTwice, reviewAccountChange } from "~/payments/account-change.server.ts";
import type { Route } from "./+types/content-edit";

/** The breadcrumb names the record's edit screen ("Edit Banner"). */
export const handle: AdminHandle = {
  crumb: (data) => {
    const key = (data as { key?: SectionKey } | undefined)?.key;
    return key ? editTitle(sectionDef(key)) : undefined;
  },
};

/**
 * The edit screen of one record of any section (many routes share this module, the
 * single-segment `/:id` about editor among them). An id that is not a record of the section the
 * path names is the ordinary 404 page, so `/:id` answers only for an About record.
 *
 * The form holds the record's draft if it has one, else what the site shows. "Save draft" keeps
 * the changes unpublished, "Preview" saves them and opens the preview, "Publish" makes what the
 * form holds live (the spec's success text). A draft can be scheduled, or discarded. Sections
 * without drafts (the payment account) have one "Save changes" that saves at once.
 */

const notFoundPage = () => data({ message: PAGE_NOT_FOUND }, { status: 404 });

function targetFor(request: Request) {
  const target = editTargetAt(new URL(request.url).pathname);
  if (!target) throw notFoundPage();
  return target;
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const heading = loaderData ? editTitle(sectionDef(loaderData.key as SectionKey)) : "Edit content";
  return [{ title: `${heading} | Settings | Rankwell` }, { name: "robots", content: "noindex" }];
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const { key, id } = targetFor(request);
  const { services } = context.get(requestContext);
  const editable = await getEditable(services.db, key, id);
  if (!editable) throw notFoundPage();
  const { published, draft } = editable;
  return {
    key,
    id,
    published: published ?? null,
    draft: draft ? { values: draft.values, publishAt: draft.publishAt, updatedAt: draft.updatedAt, updatedBy: draft.updatedBy } : null,
  };
}

const NO_CHANGES = "Nothing changed: this is what the site shows.";

export async function action({ context, request }: Route.ActionArgs) {
  const { key, id } = targetFor(request);
  const def = sectionDef(key);
  const values = await formValues(request);
  const { services } = context.get(requestContext);
  const viewer = context.get(viewerContext);
  return guardForm(values, async () => {
    switch (values._intent) {
      case "draft": {
        const { changed } = await saveDraft(services.db, viewer, key, id, values);
        return { ok: true as const, message: changed ? "Draft saved. Visitors see it once you publish it." : NO_CHANGES };
      }
      case "preview":
        await saveDraft(services.db, viewer, key, id, values);
        throw redirect(PREVIEW_PATHS.home);
      // A key to the business (the payment account, the one sensitive section) changes in two steps:
      // typed twice and reviewed ("review"), then confirmed ("publish", typed twice again).
      case "review": {
        if (!def.sensitive) throw unknownAction();
        return { ok: true as const, message: "", review: await reviewAccountChange(services.db, values) };
      }
      case "publish": {
        if (def.sensitive) assertTypedTwice(values);
        const existed = (await getEditable(services.db, key, id))?.published !== undefined;
        const { changed } = await publish(services.db, viewer, key, id, values);
        return { ok: true as const, message: changed ? publishedText(def, !existed) : NO_CHANGES };
      }
      case "discard": {
        const { stillLive } = await discardDraft(services.db, viewer, key, id);
        // A record that was only a draft is gone: back to its section's page.
        if (!stillLive) throw redirect(def.adminPath);
        return { ok: true as const, message: "Draft discarded. The form shows what the site shows." };
      }
      case "schedule": {
        const { publishAt } = await scheduleDraft(services.db, services.jobs, viewer, key, id, values);
        return { ok: true as const, message: `Scheduled: it will be published at ${utcDateTime(publishAt)}.` };
      }
      case "unschedule":
        await cancelSchedule(services.db, viewer, key, id);
        return { ok: true as const, message: "Schedule cancelled. The draft stays unpublished." };
      default:
        throw unknownAction();
    }
  });
}

export default function ContentEdit({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const { id, published, draft } = loaderData;
  const def = sectionDef(loaderData.key as SectionKey);
  const page = adminPages.find((p) => p.path === def.adminPath);
  const failed = result && !result.ok ? result : undefined;
  const failedIntent = failed?.values._intent;
  const formFailed = failed && !["discard", "schedule", "unschedule"].includes(failedIntent ?? "") ? failed : undefined;
  const buttons: FormButton[] = def.drafts
    ? [
        { intent: "draft", label: "Save draft", variant: "secondary" },
        { intent: "preview", label: "Preview", variant: "secondary" },
        { intent: "publish", label: "Publish" },
      ]
    : [{ intent: "publish", label: "Save changes" }];
  // A new key after every save remounts the form: its fields and "unsaved changes" start afresh.
  const version = draft?.updatedAt ?? JSON.stringify(published);
  return (
    <>
      <nav aria-label="Back" className="mb-4 flex flex-wrap gap-x-6 gap-y-2">
        <Link to="/setting" className="font-semibold text-brand-700 underline">
          Back to settings
        </Link>
        {page && (
          <Link to={page.path} className="font-semibold text-brand-700 underline">
            {`Back to ${page.title}`}
          </Link>
        )}
        <Link to={`/admin/history/${id}`} className="font-semibold text-brand-700 underline">
          History
        </Link>
      </nav>
      <h1 id="edit-heading" className="mb-4 text-3xl font-bold">
        {editTitle(def)}
      </h1>
      {def.drafts && <PublishState published={published} draft={draft} def={def} />}
      {def.sensitive ? (
        <AccountChangeForm
          key={version}
          current={published?.paypalEmail ?? ""}
          review={result?.ok && "review" in result ? result.review : undefined}
          values={formFailed?.values}
          errors={formFailed?.fields}
          error={formFailed?.error}
          success={result?.ok ? result.message : undefined}
        />
      ) : (
        <SectionForm
          key={version}
          section={def.key as SectionKey}
          buttons={buttons}
          values={formFailed ? formFailed.values : (draft?.values ?? published ?? {})}
          errors={formFailed?.fields}
          error={formFailed?.error}
          success={result?.ok ? result.message : undefined}
          labelledBy="edit-heading"
        />
      )}
      {draft && (
        <section aria-labelledby="draft-heading" className="mt-10 max-w-2xl rounded-lg border border-gray-200 p-6">
          <h2 id="draft-heading" className="mb-4 text-xl font-semibold">
            The draft
          </h2>
          {failed && failedIntent !== undefined && ["discard", "schedule", "unschedule"].includes(failedIntent) && <StatusMessage kind="error">{failed.error}</StatusMessage>}
          {draft.publishAt ? (
            <Form method="post" className="mb-6">
              <p className="mb-3">
                Scheduled to be published at <ScheduledAt iso={draft.publishAt} />.
              </p>
              <Button name="_intent" value="unschedule" variant="secondary">
                Cancel the schedule
              </Button>
            </Form>
          ) : (
            <ScheduleForm error={failedIntent === "schedule" ? failed?.fields.publishAt : undefined} />
          )}
          <ConfirmAction
            summary="Discard the draft"
            question={published ? "Drop the unpublished changes? The site keeps what it shows now." : "Drop this draft? It was never published, so it is gone for good."}
            confirm="Yes, discard the draft"
            intent="discard"
          />
        </section>
      )}
    </>
  );
}


/** Where the record stands: live, live with a draft (and what it changes), or a draft never published. */
function PublishState({ def, published, draft }: { def: SectionDef; published: Values | null; draft: { values: Values; updatedAt: string; updatedBy: string } | null }) {
  if (!draft) return <p className="mb-6 text-gray-700">Published: the form shows what the site shows.</p>;
  const saved = `saved ${utcDateTime(draft.updatedAt)} by ${draft.updatedBy}`;
  const preview = (
    <Link to={PREVIEW_PATHS.home} className="font-semibold underline">
      preview
    </Link>
  );
  if (!published) {
    return (
      <p className="mb-6 rounded-md border border-amber-700 bg-amber-50 px-4 py-3 text-amber-950">
        <strong>Not published yet</strong> ({saved}). Only editors see it, in the {preview}.
      </p>
    );
  }
  return (
    <div className="mb-6 rounded-md border border-amber-700 bg-amber-50 px-4 py-3 text-amber-950">
      <p>
        <strong>Unpublished changes</strong> ({saved}). The site still shows the published version; see them in the {preview}.
      </p>
      <details className="mt-2">
        <summary className="cursor-pointer font-semibold">What the draft changes</summary>
        <FieldChanges changes={diffValues(def, published, draft.values)} caption="Changes in the draft" />
      </details>
    </div>
  );
}
