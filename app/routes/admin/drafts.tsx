import { Form, Link, useActionData } from "react-router";
import { viewerContext } from "~/auth/viewer.server.ts";
import { entryTitle } from "~/content/registry/entry-title.ts";
import { discardDraft, listOrderDrafts, listUnpublished, publish, publishAll } from "~/content/workflow/drafts.server.ts";
import { PREVIEW_PATHS } from "~/content/public/preview.ts";
import { editUrl, findSection, type SectionDef, type SectionKey, sectionDef } from "~/content/registry/sections.ts";
import { FieldChanges, ScheduledAt } from "~/content/admin/workflow-parts.tsx";
import { discardOrder, publishOrder } from "~/content/workflow/order-drafts.server.ts";
import { AppError } from "~/errors.ts";
import { formValues, guardForm, unknownAction } from "~/forms.server.ts";
import { requestContext } from "~/services.server.ts";
import { utcDateTime } from "~/shared/dates.ts";
import { Button } from "~/ui/button.tsx";
import { ConfirmAction } from "~/ui/confirm-action.tsx";
import { StatusMessage } from "~/ui/status.tsx";
import type { Route } from "./+types/drafts";

/**
 * Unpublished changes: every draft the person may publish, newest first, with what it changes
 * field by field, who saved it and when, and its schedule. From here: preview the pages with all
 * of them, publish one or all, discard one, or open it to edit.
 */

export const meta: Route.MetaFunction = () => [{ title: "Unpublished changes | Rankwell" }, { name: "robots", content: "noindex" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(requestContext);
  const viewer = context.get(viewerContext);
  const [drafts, orders] = await Promise.all([listUnpublished(services.db, viewer), listOrderDrafts(services.db, viewer)]);
  return { drafts, orders };
}

const sectionOf = (key: string): SectionDef => {
  const def = findSection(key);
  if (!def) throw new AppError(400, "This form names no section. Please reload the page and try again.");
  return def;
};

export async function action({ context, request }: Route.ActionArgs) {
  const values = await formValues(request);
  const { services } = context.get(requestContext);
  const viewer = context.get(viewerContext);
  return guardForm(values, async () => {
    switch (values._intent) {
      case "publish-all": {
        const { published } = await publishAll(services.db, viewer);
        return { ok: true as const, message: published === 1 ? "1 change published." : `${published} changes published.` };
      }
      case "publish": {
        const def = sectionOf(values._section ?? "");
        await publish(services.db, viewer, def.key as SectionKey, values._id ?? "");
        return { ok: true as const, message: `Published: ${values._title || def.label}.` };
      }
      case "publish-order": {
        const def = sectionOf(values._section ?? "");
        await publishOrder(services.db, viewer, def.key as SectionKey);
        return { ok: true as const, message: `Published: the new order of ${def.label.toLowerCase()}.` };
      }
      case "discard-order": {
        const def = sectionOf(values._section ?? "");
        await discardOrder(services.db, viewer, def.key as SectionKey);
        return { ok: true as const, message: `New order discarded: ${def.label} keeps its published order.` };
      }
      case "discard": {
        const def = sectionOf(values._section ?? "");
        await discardDraft(services.db, viewer, def.key as SectionKey, values._id ?? "");
        return { ok: true as const, message: `Draft discarded: ${values._title || def.label}.` };
      }
      default:
        throw unknownAction();
    }
  });
}

export default function Drafts({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const { drafts, orders } = loaderData;
  const count = drafts.length + orders.length;
  const link = "font-semibold text-brand-700 underline";
  return (
    <>
      <h1 className="mb-2 text-3xl font-bold">Unpublished changes</h1>
      <p className="mb-4 max-w-3xl text-gray-700">
        Saved drafts are not on the site until they are published. The preview shows the pages with every one of them:{" "}
        <Link to={PREVIEW_PATHS.home} className={link}>
          home page
        </Link>
        ,{" "}
        <Link to={PREVIEW_PATHS.pricing} className={link}>
          pricing
        </Link>
        ,{" "}
        <Link to={PREVIEW_PATHS.service} className={link}>
          services
        </Link>
        .
      </p>
      {result && (result.ok ? <StatusMessage kind="success">{result.message}</StatusMessage> : <StatusMessage kind="error">{result.error}</StatusMessage>)}
      {count === 0 ? (
        <p className="text-gray-700">Nothing unpublished: the site shows every saved change.</p>
      ) : (
        <>
          <Form method="post" className="mb-8">
            <Button name="_intent" value="publish-all">
              {count === 1 ? "Publish the 1 change" : `Publish all ${count} changes`}
            </Button>
          </Form>
          {orders.length > 0 && (
            <ol className="mb-6 grid grid-cols-1 gap-6">
              {orders.map((order) => {
                const def = sectionDef(order.section);
                const headingId = `order-${order.section}`;
                return (
                  <li key={order.section}>
                    <article aria-labelledby={headingId} className="rounded-lg border border-gray-300 bg-white p-5">
                      <h2 id={headingId} className="text-xl font-semibold">
                        New order of {def.label.toLowerCase()}
                      </h2>
                      <p className="mt-1 text-sm text-gray-700">
                        Saved {utcDateTime(order.updatedAt)} by {order.updatedBy}.
                      </p>
                      <ol className="mt-3 list-decimal pl-6">
                        {order.titles.map((title, i) => (
                          <li key={`${i}-${title}`}>{title}</li>
                        ))}
                      </ol>
                      <div className="mt-4 flex flex-wrap items-start gap-2">
                        <Link to={def.adminPath} className="inline-flex rounded-md border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50">
                          Edit<span className="sr-only">: the order of {def.label.toLowerCase()}</span>
                        </Link>
                        <Form method="post">
                          <input type="hidden" name="_section" value={def.key} />
                          <Button name="_intent" value="publish-order" className="px-3">
                            Publish<span className="sr-only">: the order of {def.label.toLowerCase()}</span>
                          </Button>
                        </Form>
                        <ConfirmAction
                          summary={<>Discard<span className="sr-only">: the order of {def.label.toLowerCase()}</span></>}
                          question="Discard the new order? The site keeps its published order."
                          confirm={<>Yes, discard<span className="sr-only"> the order of {def.label.toLowerCase()}</span></>}
                          intent="discard-order"
                          fields={{ _section: def.key }}
                        />
                      </div>
                    </article>
                  </li>
                );
              })}
            </ol>
          )}
          <ol className="grid grid-cols-1 gap-6">
            {drafts.map((draft) => {
              const def = sectionDef(draft.section);
              const title = entryTitle(def, draft.values);
              const name = def.kind === "list" ? `${def.label}: ${title}` : def.label;
              const headingId = `draft-${draft.recordId}`;
              const fields = { _section: def.key, _id: draft.recordId, _title: name };
              return (
                <li key={draft.recordId}>
                  <article aria-labelledby={headingId} className="rounded-lg border border-gray-300 bg-white p-5">
                    <h2 id={headingId} className="text-xl font-semibold">
                      {name}
                    </h2>
                    <p className="mt-1 text-sm text-gray-700">
                      {draft.published ? "Changes to what the site shows" : "New, not published yet"}; saved {utcDateTime(draft.updatedAt)} by {draft.updatedBy}.
                      {draft.publishAt && (
                        <>
                          {" "}
                          Scheduled to be published at <ScheduledAt iso={draft.publishAt} />.
                        </>
                      )}
                    </p>
                    <FieldChanges def={def} changes={draft.changes} caption={`What publishing changes in ${name}`} />
                    <div className="mt-4 flex flex-wrap items-start gap-2">
                      <Link to={editUrl(def, draft.recordId)} className="inline-flex rounded-md border border-brand-700 px-3 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50">
                        Edit<span className="sr-only">: {name}</span>
                      </Link>
                      <Form method="post">
                        {Object.entries(fields).map(([field, value]) => (
                          <input key={field} type="hidden" name={field} value={value} />
                        ))}
                        <Button name="_intent" value="publish" className="px-3">
                          Publish<span className="sr-only">: {name}</span>
                        </Button>
                      </Form>
                      <ConfirmAction
                        summary={<>Discard<span className="sr-only">: {name}</span></>}
                        question={`Discard this draft? ${draft.published ? "The site keeps what it shows now." : "It was never published, so it is gone for good."}`}
                        confirm={<>Yes, discard<span className="sr-only"> {name}</span></>}
                        intent="discard"
                        fields={fields}
                      />
                    </div>
                  </article>
                </li>
              );
            })}
          </ol>
        </>
      )}
    </>
  );
}
