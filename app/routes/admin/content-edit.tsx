import { data, Form, Link, redirect, useActionData } from "react-router";
import { viewerContext } from "~/auth/viewer.server.ts";
import { adminPages, CREATED_PARAM, createdMessage, editTargetAt, editTitle, publishedText } from "~/content/admin/admin-pages.ts";
import { FieldChanges, ScheduledAt, ScheduleForm } from "~/content/admin/workflow-parts.tsx";
import { diffValues } from "~/content/workflow/diff.ts";
import { cancelSchedule, discardDraft, getEditable, publish, saveDraft, scheduleDraft } from "~/content/workflow/drafts.server.ts";
import { previewUrl, recordPreviewUrl } from "~/content/public/preview.ts";
import { type FormButton, PREVIEW_INTENT, SectionForm, SubmitButtons } from "~/content/admin/section-form.tsx";
import { editUrl, type SectionDef, type SectionKey, sectionDef, type Values } from "~/content/registry/sections.ts";
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
import { describeForSerp, hasSeoFields } from "~/content/admin/serp-context.ts";
import { SerpPreview } from "~/seo/serp-preview.tsx";
import { siteSeoFallbacks } from "~/site/site-seo.server.ts";
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
  const created = new URL(request.url).searchParams.get(CREATED_PARAM);
  // A section with the SEO fields gets the search-result preview; it shows the content's fallbacks.
  const serp = hasSeoFields(sectionDef(key)) ? { siteUrl: services.config.appUrl, fallbacks: await siteSeoFallbacks(services.db) } : null;
  return {
    key,
    id,
    serp,
    created: created === "draft" || created === "publish" ? createdMessage(sectionDef(key), created) : null,
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
        // Posted into a new tab: save, then show the preview there, with its way back to this form.
        await saveDraft(services.db, viewer, key, id, values);
        // A page or an article is previewed on its own; a section, on the pages that show it.
        throw redirect(key === "pages" || key === "articles" ? recordPreviewUrl(key, id, new URL(request.url).pathname) : previewUrl(new URL(request.url).pathname));
      case "publish-draft": {
        // The preview's Publish: the saved draft as the preview showed it.
        const { changed } = await publish(services.db, viewer, key, id);
        return { ok: true as const, message: changed ? publishedText(def, false) : NO_CHANGES };
      }
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
  const panelFailed = failed && PANEL_INTENTS.includes(failedIntent ?? "") ? failed : undefined;
  const formFailed = failed && !panelFailed ? failed : undefined;
  const buttons: FormButton[] = def.drafts
    ? [
        { intent: "publish", label: "Publish" },
        { intent: "draft", label: "Save draft", variant: "secondary" },
        { intent: PREVIEW_INTENT, label: "Preview", variant: "secondary" },
      ]
    : [{ intent: "publish", label: "Save changes" }];
  // A new key after every save remounts the form: its fields and "unsaved changes" start afresh.
  const version = draft?.updatedAt ?? JSON.stringify(published);
  // A list's page is the list; a singleton's page would open this form again, so back goes to settings.
  const back = page && page.sections.some((d) => d.kind === "list") ? { to: page.path, label: `Back to ${page.title}` } : { to: "/setting", label: "Back to settings" };
  return (
    <>
      <nav aria-label="Back" className="mb-4 flex flex-wrap gap-x-6 gap-y-2">
        <Link to={back.to} className="font-semibold text-brand-700 underline">
          {back.label}
        </Link>
        <Link to={`/admin/history/${id}`} className="font-semibold text-brand-700 underline">
          History
        </Link>
        {/* A page or an article: where visitors read it, and how it looks with its draft. */}
        {def.publicPath && published && (
          <a href={def.publicPath(published)} className="font-semibold text-brand-700 underline">
            View on the site
          </a>
        )}
        {def.publicPath && (
          <a href={recordPreviewUrl(def.key as "pages" | "articles", id, editUrl(def, id))} className="font-semibold text-brand-700 underline">
            Preview with the draft
          </a>
        )}
      </nav>
      <h1 id="edit-heading" className="mb-6 text-3xl font-bold">
        {editTitle(def)}
      </h1>
      {def.sensitive ? (
        <AccountChangeForm
          key={version}
          current={published?.paypalEmail ?? ""}
          review={result?.ok && "review" in result ? result.review : undefined}
          values={formFailed?.values}
          errors={formFailed?.fields}
          error={formFailed?.error}
          success={result?.ok ? result.message : result ? undefined : (loaderData.created ?? undefined)}
        />
      ) : (
      <div className="grid grid-cols-[minmax(0,1fr)] items-start gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div>
        <SectionForm
          key={version}
          id={EDIT_FORM}
          section={def.key as SectionKey}
          buttons={buttons}
          values={formFailed ? formFailed.values : (draft?.values ?? published ?? {})}
          errors={formFailed?.fields}
          error={formFailed?.error}
          success={result?.ok ? result.message : result ? undefined : (loaderData.created ?? undefined)}
          labelledBy="edit-heading"
        />
        {loaderData.serp && (
          <SerpPreview
            key={`serp-${version}`}
            formId={EDIT_FORM}
            siteUrl={loaderData.serp.siteUrl}
            initial={formFailed ? formFailed.values : (draft?.values ?? published ?? {})}
            describe={describeForSerp(def, loaderData.serp.fallbacks)}
          />
        )}
        </div>
        <PublishPanel def={def} published={published} draft={draft} buttons={buttons} failed={panelFailed} />
      </div>
      )}
      {draft && published && (
        <details className="mt-8 max-w-2xl">
          <summary className="cursor-pointer font-semibold">What the draft changes</summary>
          <FieldChanges def={def} changes={diffValues(def, published, draft.values)} caption="Changes in the draft" />
        </details>
      )}
    </>
  );
}

const EDIT_FORM = "edit-form";

/** The panel's own actions, whose errors it shows (the form's show next to their fields). */
const PANEL_INTENTS = ["discard", "schedule", "unschedule"];

type DraftInfo = { values: Values; publishAt: string | null; updatedAt: string; updatedBy: string };

/** Published, draft or scheduled: one word, then what it means. */
function publishStatus(published: Values | null, draft: DraftInfo | null): { word: "Published" | "Draft" | "Scheduled"; detail: React.ReactNode } {
  if (!draft) return { word: "Published", detail: "The form shows what the site shows." };
  const saved = `Saved ${utcDateTime(draft.updatedAt)} by ${draft.updatedBy}.`;
  const site = published ? "The site still shows the published version." : "Not on the site yet.";
  if (draft.publishAt) {
    return {
      word: "Scheduled",
      detail: (
        <>
          To be published at <ScheduledAt iso={draft.publishAt} />. {saved}
        </>
      ),
    };
  }
  return { word: "Draft", detail: `${saved} ${site}` };
}

/**
 * The publish panel, beside the form and sticky on a wide screen so it stays in reach on a long
 * form: where the record stands, Publish, Save draft, Preview (a new tab), scheduling, discarding.
 * Its buttons belong to the form (`form` attribute); scheduling and discarding are forms of their own.
 */
function PublishPanel({
  def,
  published,
  draft,
  buttons,
  failed,
}: {
  def: SectionDef;
  published: Values | null;
  draft: DraftInfo | null;
  buttons: FormButton[];
  failed?: { error: string; fields: Record<string, string>; values: Values };
}) {
  if (!def.drafts) {
    return (
      <aside aria-labelledby="panel-heading" className="rounded-lg border border-gray-300 bg-white p-4 lg:sticky lg:top-4">
        <h2 id="panel-heading" className="mb-2 text-lg font-semibold">
          Save
        </h2>
        <p className="mb-4 text-sm text-gray-700">A setting, not page content: it applies as soon as it is saved.</p>
        <SubmitButtons section={def.key} buttons={buttons} form={EDIT_FORM} />
      </aside>
    );
  }
  const status = publishStatus(published, draft);
  return (
    <aside aria-labelledby="panel-heading" className="rounded-lg border border-gray-300 bg-white p-4 shadow-sm lg:sticky lg:top-4">
      <h2 id="panel-heading" className="mb-2 text-lg font-semibold">
        Publishing
      </h2>
      <p className="mb-1 text-sm">
        Status: <strong data-testid="publish-status">{status.word}</strong>
      </p>
      <p className="mb-4 text-sm text-gray-700">{status.detail}</p>
      {failed && <StatusMessage kind="error">{failed.error}</StatusMessage>}
      <SubmitButtons section={def.key} buttons={buttons} form={EDIT_FORM} className="mb-4 grid gap-2" />
      {draft &&
        (draft.publishAt ? (
          <Form method="post" className="mb-4">
            <Button name="_intent" value="unschedule" variant="secondary" className="w-full">
              Cancel the schedule
            </Button>
          </Form>
        ) : (
          <details className="mb-4" open={failed?.values._intent === "schedule"}>
            <summary className="cursor-pointer text-sm font-semibold">Schedule the saved draft</summary>
            <div className="mt-2">
              <ScheduleForm error={failed?.values._intent === "schedule" ? failed.fields.publishAt : undefined} />
            </div>
          </details>
        ))}
      {!draft && <p className="mb-4 text-sm text-gray-700">To publish later: save a draft, then schedule it.</p>}
      {draft && (
        <ConfirmAction
          summary="Discard the draft"
          question={published ? "Drop the unpublished changes? The site keeps what it shows now." : "Drop this draft? It was never published, so it is gone for good."}
          confirm="Yes, discard the draft"
          intent="discard"
        />
      )}
    </aside>
  );
}
