import { data, Form, Link, redirect, useActionData } from "react-router";
import { viewerContext } from "~/auth/viewer.server.ts";
import { adminPageAt, adminPages, publishedText } from "~/content/admin/admin-pages.ts";
import { type DraftState, deleteRecord, loadSectionsWithDrafts } from "~/content/content.server.ts";
import { discardOrder, moveInDraft, orderDraftsOf, publishOrder } from "~/content/workflow/order-drafts.server.ts";
import { utcDateTime } from "~/shared/dates.ts";
import { discardDraft, publish, saveDraft } from "~/content/workflow/drafts.server.ts";
import { entryTitle } from "~/content/registry/entry-title.ts";
import { RecordPreview } from "~/content/admin/field-value.tsx";
import { restoreFromTrash } from "~/content/workflow/trash.server.ts";
import { CREATED_PARAM, createdMessage } from "~/content/admin/admin-pages.ts";
import { type FormButton, SectionForm } from "~/content/admin/section-form.tsx";
import { singular } from "~/content/registry/labels.ts";
import { editUrl, type SectionDef, type SectionKey, sectionDef, type Values } from "~/content/registry/sections.ts";
import { AppError } from "~/errors.ts";
import { failure, formValues, guardForm, unknownAction } from "~/forms.server.ts";
import { requestContext } from "~/services.server.ts";
import { Button } from "~/ui/button.tsx";
import { ConfirmAction } from "~/ui/confirm-action.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import type { Route } from "./+types/content-section";
import { PAGE_NOT_FOUND } from "~/shared/messages.ts";
import { LinkLine } from "~/ui/link-line.tsx";

/**
 * The admin page of one admin path (many routes share this module): every section whose
 * `adminPath` it is. A page of one singleton with a record opens its edit form (a redirect); on a
 * page shared with a list a singleton is one row with Edit, or its create form while it has no
 * record. A list shows its add form and its entries, each with a picture or an excerpt, a Draft
 * badge when it has a draft, one "Edit", Move up / Move down and Delete (to the trash; confirmed in
 * a second step that needs no JavaScript; the message after it offers Undo). Entries never
 * published yet come last and can only be edited or discarded.
 */

type StoredRecord = { _id: string } & Values;
/** An entry as the page lists it: its values (the draft's, if any) and where it stands. */
type Entry = StoredRecord & { _state: DraftState; /** When it is scheduled to be published, or "". */ _publishAt: string };

function pageFor(request: Request) {
  const page = adminPageAt(new URL(request.url).pathname);
  if (!page) throw data({ message: PAGE_NOT_FOUND }, { status: 404 });
  return page;
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const page = adminPages.find((p) => p.path === loaderData?.path);
  return [{ title: `${page?.title ?? "Settings"} | Settings | Rankwell` }, { name: "robots", content: "noindex" }];
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const page = pageFor(request);
  const { services } = context.get(requestContext);
  const keys = page.sections.map((d) => d.key as SectionKey);
  const [drafted, orders] = await Promise.all([loadSectionsWithDrafts(services.db, keys), orderDraftsOf(services.db, keys)]);
  const entries = (key: SectionKey) => drafted[key].map(({ record, state, publishAt }): Entry => ({ ...record, _state: state, _publishAt: publishAt ?? "" }));
  // A page of one singleton is its edit form: the sidebar opens the form, not a summary of it.
  const only = page.sections.length === 1 ? page.sections[0]! : undefined;
  const record = only?.kind === "singleton" ? drafted[only.key as SectionKey][0]?.record : undefined;
  if (only && record) throw redirect(editUrl(only, record._id));
  const order = (key: SectionKey) => {
    const draft = orders.get(key);
    return draft ? { updatedAt: draft.updatedAt, updatedBy: draft.updatedBy } : null;
  };
  return { path: page.path, records: keys.map((key) => ({ key, records: entries(key), orderDraft: order(key) })) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const page = pageFor(request);
  const values = await formValues(request);
  const { _intent: intent, _section: section, _id: id = "" } = values;
  const def = page.sections.find((d) => d.key === section);
  if (!def) return failure(new AppError(400, "This form does not belong to this page. Please reload it and try again."), values);
  const key = def.key as SectionKey;
  const { services } = context.get(requestContext);
  const viewer = context.get(viewerContext);
  return guardForm(values, async () => {
    switch (intent) {
      case "draft": {
        const { recordId } = await saveDraft(services.db, viewer, key, undefined, values);
        if (page.sections.length === 1 && def.kind === "singleton") throw redirect(createdUrl(def, recordId, "draft"));
        return { ok: true as const, section: key, message: createdMessage(def, "draft"), createdId: recordId };
      }
      case "publish": {
        const { recordId } = await publish(services.db, viewer, key, undefined, values);
        // A page of one singleton is its edit form from now on: go there, saying what happened.
        if (page.sections.length === 1 && def.kind === "singleton") throw redirect(createdUrl(def, recordId, "publish"));
        return { ok: true as const, section: key, message: publishedText(def, true), createdId: recordId };
      }
      case "move-up":
      case "move-down": {
        // A draft like every other change: the site keeps its order until the new one is published.
        const { drafted } = await moveInDraft(services.db, viewer, key, id, intent === "move-up" ? "up" : "down");
        const moved = `${singular(def.label)} moved ${intent === "move-up" ? "up" : "down"}.`;
        return { ok: true as const, section: key, message: drafted ? `${moved} The new order is a draft: publish it to show it on the site.` : `${moved} The order is the published one again.` };
      }
      case "publish-order":
        await publishOrder(services.db, viewer, key);
        return { ok: true as const, section: key, message: `New order of ${def.label.toLowerCase()} published. Visitors see it now.` };
      case "discard-order":
        await discardOrder(services.db, viewer, key);
        return { ok: true as const, section: key, message: "New order discarded: the list is in its published order." };
      case "delete":
        await deleteRecord(services.db, viewer, key, id);
        // Undo right here: the trash's own restore, with its rules (its old place, its draft).
        return { ok: true as const, section: key, message: `${singular(def.label)} deleted. It is in the trash, from where it can be restored.`, undo: id };
      case "undo-delete":
        await restoreFromTrash(services.db, viewer, id);
        return { ok: true as const, section: key, message: `${singular(def.label)} restored to its place.` };
      case "discard":
        await discardDraft(services.db, viewer, key, id);
        return { ok: true as const, section: key, message: "Draft discarded." };
      default:
        throw unknownAction();
    }
  });
}

/** The edit form of a singleton just created on its page, with what was done (content-edit.tsx shows it). */
const createdUrl = (def: SectionDef, id: string, done: "draft" | "publish") => `${editUrl(def, id)}?${CREATED_PARAM}=${done}`;

/** The buttons of a create form: draft or publish, or one "Create" for sections saved at once. */
const createButtons = (def: SectionDef, label: string): FormButton[] =>
  def.drafts
    ? [
        { intent: "draft", label: "Save draft", variant: "secondary" },
        { intent: "publish", label: "Publish" },
      ]
    : [{ intent: "publish", label }];

export default function ContentSection({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const page = adminPages.find((p) => p.path === loaderData.path)!;
  return (
    <>
      <LinkLine to="/setting" className="mb-4">
        Back to settings
      </LinkLine>
      <h1 className="mb-8 text-3xl font-bold">{page.title}</h1>
      {result && !result.ok && !page.sections.some((d) => d.key === result.values._section) && <StatusMessage kind="error">{result.error}</StatusMessage>}
      {loaderData.records.map(({ key, records, orderDraft }) => {
        const def = sectionDef(key);
        const mine = result && "section" in result && result.section === key ? result : undefined;
        const failed = result && !result.ok && result.values._section === key ? result : undefined;
        return def.kind === "singleton" ? (
          <SingletonBlock key={key} def={def} record={records[0]} success={mine?.message} failed={failed} />
        ) : (
          <ListBlock
            key={key}
            def={def}
            records={records}
            orderDraft={orderDraft}
            success={mine?.message}
            undo={mine && "undo" in mine ? mine.undo : undefined}
            failed={failed}
            createdId={mine && "createdId" in mine ? mine.createdId : undefined}
          />
        );
      })}
    </>
  );
}

type Failed = { error: string; fields: Record<string, string>; values: Values };

/** Where an entry stands, as a short badge: nothing for a published one without changes, "Draft" when a draft exists. */
function StateBadge({ entry }: { entry: Entry }) {
  if (entry._state === "live") return null;
  const text = entry._state === "new" ? "Draft, not published yet" : "Draft";
  return (
    <span className="ml-2 inline-block rounded-full border border-amber-700 bg-amber-50 px-2 py-0.5 align-middle text-xs font-semibold text-amber-950">
      {entry._publishAt ? `${text}, scheduled` : text}
    </span>
  );
}

/** The one way to open an entry's edit form, the same in every list: "Edit", naming the entry for screen readers. */
function EditLink({ to, name }: { to: string; name: string }) {
  return (
    <Link to={to} className="inline-flex min-h-10 items-center rounded-md bg-brand-700 px-3 text-sm font-semibold text-white hover:bg-brand-800">
      Edit<span className="sr-only">: {name}</span>
    </Link>
  );
}

/**
 * A singleton on a page it shares with a list (service text above service items): one row like a
 * list entry (picture or excerpt, Draft badge, Edit), or its create form while it has no record. A
 * page with only the singleton never shows this: its loader opens the edit form directly.
 */
function SingletonBlock({ def, record, success, failed }: { def: SectionDef; record?: Entry; success?: string; failed?: Failed }) {
  const headingId = `section-${def.key}`;
  return (
    <section aria-labelledby={headingId} className="mb-12 rounded-lg border border-gray-200 p-6">
      <h2 id={headingId} className="mb-4 text-2xl font-semibold">
        {def.label}
        {record && <StateBadge entry={record} />}
      </h2>
      {record ? (
        <>
          {success && <StatusMessage kind="success">{success}</StatusMessage>}
          {failed && <StatusMessage kind="error">{failed.error}</StatusMessage>}
          <div className="flex flex-wrap items-start gap-4">
            <div className="min-w-0 flex-1">
              <RecordPreview def={def} record={record} title="" />
            </div>
            <EditLink to={editUrl(def, record._id)} name={def.label} />
          </div>
        </>
      ) : (
        <>
          <p className="mb-4 text-gray-700">{`There is no ${def.label.toLowerCase()} yet. Fill in the form to create it.`}</p>
          <SectionForm
            section={def.key as SectionKey}
            buttons={createButtons(def, `Create ${def.label}`)}
            values={failed?.values}
            errors={failed?.fields}
            error={failed?.error}
            labelledBy={headingId}
          />
        </>
      )}
    </section>
  );
}

function ListBlock({
  def,
  records,
  orderDraft,
  success,
  undo,
  failed,
  createdId,
}: {
  def: SectionDef;
  records: Entry[];
  /** The list's order is a draft (Move up/down since the last publish): who saved it, when. */
  orderDraft: { updatedAt: string; updatedBy: string } | null;
  success?: string;
  /** The id of the entry just deleted: its message offers Undo. */
  undo?: string;
  failed?: Failed;
  createdId?: string;
}) {
  const headingId = `section-${def.key}`;
  const addId = `add-${def.key}`;
  const one = singular(def.label);
  const creating = failed?.values._intent === "draft" || failed?.values._intent === "publish" ? failed : undefined;
  const otherError = failed && !creating ? failed.error : undefined;
  const live = records.filter((r) => r._state !== "new");
  return (
    <section aria-labelledby={headingId} className="mb-12 rounded-lg border border-gray-200 p-6">
      <h2 id={headingId} className="mb-4 text-2xl font-semibold">
        {def.label}
      </h2>
      {success && !undo && <StatusMessage kind="success">{success}</StatusMessage>}
      {success && undo && (
        <div role="status" className="mb-4 flex flex-wrap items-center gap-x-3 rounded-md border border-green-700 bg-green-50 px-4 py-3 text-sm font-medium text-green-900">
          <span>{success}</span>
          <Form method="post">
            <input type="hidden" name="_section" value={def.key} />
            <input type="hidden" name="_id" value={undo} />
            <button type="submit" name="_intent" value="undo-delete" className="font-semibold underline">
              Undo
            </button>
          </Form>
        </div>
      )}
      {otherError && <StatusMessage kind="error">{otherError}</StatusMessage>}
      <h3 className="mb-3 text-lg font-semibold">
        {records.length === 0 ? "No entries yet" : `${records.length} ${records.length === 1 ? "entry" : "entries"}`}
      </h3>
      {orderDraft && (
        <div className="mb-4 flex flex-wrap items-center gap-3 rounded-md border border-amber-700 bg-amber-50 px-4 py-3 text-sm text-amber-950">
          <p>
            <strong>Draft order</strong>: the list below is in its new order (saved {utcDateTime(orderDraft.updatedAt)} by {orderDraft.updatedBy}); the site keeps the published
            order until you publish it.
          </p>
          <Form method="post" className="flex flex-wrap gap-2">
            <input type="hidden" name="_section" value={def.key} />
            <Button name="_intent" value="publish-order" className="px-3">
              Publish the order
            </Button>
            <Button name="_intent" value="discard-order" variant="secondary" className="px-3">
              Discard the order
            </Button>
          </Form>
        </div>
      )}
      {records.length > 0 && (
        <ol className={`mb-8 grid gap-4 ${def.admin.grid ? "sm:grid-cols-2 lg:grid-cols-3" : ""}`}>
          {records.map((record) => {
            const title = entryTitle(def, record);
            const index = live.indexOf(record);
            const detail = def.admin.detail?.(record, index);
            return (
              <li key={record._id} className="rounded-md border border-gray-300 p-4">
                <div className="flex items-start gap-3">
                  <div className="min-w-0 flex-1">
                    <p className="break-words text-lg font-semibold">
                      {title}
                      <StateBadge entry={record} />
                    </p>
                    {detail && <p className="text-gray-800">{detail}</p>}
                  </div>
                </div>
                <div className="mt-2">
                  <RecordPreview def={def} record={record} title={title} />
                </div>
                <div className="mt-3 flex flex-wrap items-start gap-2">
                  <EditLink to={editUrl(def, record._id)} name={title} />
                  {record._state === "new" ? (
                    <ConfirmAction
                      summary={<>Discard<span className="sr-only">: {title}</span></>}
                      question={`Discard the draft “${title}”? It was never published, so it is gone for good.`}
                      confirm={<>Yes, discard<span className="sr-only"> {title}</span></>}
                      intent="discard"
                      fields={{ _section: def.key, _id: record._id }}
                    />
                  ) : (
                    <>
                      <ItemAction def={def} id={record._id} intent="move-up" disabled={index === 0}>
                        Move up<span className="sr-only">: {title}</span>
                      </ItemAction>
                      <ItemAction def={def} id={record._id} intent="move-down" disabled={index === live.length - 1}>
                        Move down<span className="sr-only">: {title}</span>
                      </ItemAction>
                      <ConfirmAction
                        summary={<>Delete<span className="sr-only">: {title}</span></>}
                        question={`Delete “${title}”? It leaves the site at once and goes to the trash, from where it can be restored.`}
                        confirm={<>Yes, delete<span className="sr-only"> {title}</span></>}
                        intent="delete"
                        fields={{ _section: def.key, _id: record._id }}
                      />
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <h3 id={addId} className="mb-3 text-lg font-semibold">
        {`Add ${one}`}
      </h3>
      <SectionForm
        key={createdId ?? "new"}
        section={def.key as SectionKey}
        buttons={createButtons(def, `Add ${one}`)}
        values={creating?.values}
        errors={creating?.fields}
        error={creating?.error}
        labelledBy={addId}
      />
    </section>
  );
}

function ItemAction({
  def,
  id,
  intent,
  disabled,
  children,
}: {
  def: SectionDef;
  id: string;
  intent: "move-up" | "move-down";
  disabled?: boolean;
  children: React.ReactNode;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="_intent" value={intent} />
      <input type="hidden" name="_section" value={def.key} />
      <input type="hidden" name="_id" value={id} />
      <Button variant="secondary" disabled={disabled} className="px-3">
        {children}
      </Button>
    </Form>
  );
}
