import { data, Link, useActionData } from "react-router";
import { requireRole } from "~/auth/permissions.server.ts";
import { viewerContext } from "~/auth/viewer.server.ts";
import { adminPages, editTargetAt, editTitle } from "~/content/admin-pages.ts";
import { getRecord, updateRecord } from "~/content/content.server.ts";
import { SectionForm } from "~/content/section-form.tsx";
import { type SectionDef, type SectionKey, sections } from "~/content/sections.ts";
import { formValues, guardForm } from "~/forms.server.ts";
import { requestContext } from "~/services.server.ts";
import type { AdminHandle } from "~/layout/admin-frame.tsx";
import { PAGE_NOT_FOUND } from "~/shared/messages.ts";
import type { Route } from "./+types/content-edit";

/** The breadcrumb names the record's edit screen ("Edit Banner"). */
export const handle: AdminHandle = {
  crumb: (data) => {
    const key = (data as { key?: SectionKey } | undefined)?.key;
    return key ? editTitle(sections[key]) : undefined;
  },
};

/**
 * The edit screen of one record of any section (many routes share this module, the
 * single-segment `/:id` about editor among them). An id that is not a record of the section the
 * path names is the ordinary 404 page, so `/:id` answers only for an About record.
 */

const notFoundPage = () => data({ message: PAGE_NOT_FOUND }, { status: 404 });

function targetFor(request: Request) {
  const target = editTargetAt(new URL(request.url).pathname);
  if (!target) throw notFoundPage();
  return target;
}

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const heading = loaderData ? editTitle(sections[loaderData.key as SectionKey]) : "Edit content";
  return [{ title: `${heading} | Settings | Rankwell` }, { name: "robots", content: "noindex" }];
};

export async function loader({ context, request }: Route.LoaderArgs) {
  const { key, id } = targetFor(request);
  requireRole(context, request, sections[key].write);
  const { services } = context.get(requestContext);
  const record = await getRecord(services.db, key, id);
  if (!record) throw notFoundPage();
  return { key, record: record as { _id: string } & Record<string, string> };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { key, id } = targetFor(request);
  requireRole(context, request, sections[key].write);
  const values = await formValues(request);
  const { services } = context.get(requestContext);
  const viewer = context.get(viewerContext);
  return guardForm(values, async () => {
    await updateRecord(services.db, viewer, key, id, values);
    return { ok: true as const, message: sections[key].saved.update };
  });
}

export default function ContentEdit({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const def: SectionDef = sections[loaderData.key as SectionKey];
  const page = adminPages.find((p) => p.path === def.adminPath);
  const failed = result && !result.ok ? result : undefined;
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
      </nav>
      <h1 id="edit-heading" className="mb-8 text-3xl font-bold">
        {editTitle(def)}
      </h1>
      <SectionForm
        section={def.key as SectionKey}
        intent="update"
        values={failed ? failed.values : loaderData.record}
        errors={failed?.fields}
        error={failed?.error}
        success={result?.ok ? result.message : undefined}
        submitLabel="Save changes"
        labelledBy="edit-heading"
      />
    </>
  );
}
