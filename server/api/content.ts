import { assertRole } from "~/auth/roles.ts";
import { createRecord, deleteRecord, getRecord, listRecords, loadSectionsWithDrafts, reorderRecords, updateRecord } from "~/content/content.server.ts";
import { allSections, type SectionKey, sectionDef } from "~/content/registry/sections.ts";
import { notFound } from "~/errors.ts";
import type { ApiContext, Endpoint } from "./endpoint.ts";

/**
 * `?drafts=1` on a read: the records as they will be once every draft is published, each with its
 * `_state` (live, changed, new) and `_publishAt`. Only people who may write the section see drafts
 * (401 signed out, 403 without the role); without it, everyone reads what is published.
 */
async function withDrafts(ctx: ApiContext, key: SectionKey) {
  assertRole(ctx.viewer, sectionDef(key).write);
  const drafted = (await loadSectionsWithDrafts(ctx.services.db, [key]))[key];
  return drafted.map(({ record, state, publishAt }) => ({ ...record, _state: state, _publishAt: publishAt }));
}
const wantsDrafts = (ctx: ApiContext) => ["1", "true"].includes(ctx.query.get("drafts") ?? "");

/**
 * The content API, derived from the registry: for each section its list and one-record reads,
 * create and update at the spec's paths, and for list sections delete and reorder.
 */
function sectionEndpoints(key: SectionKey): Endpoint[] {
  const def = sectionDef(key);
  const endpoints: Endpoint[] = [
    { method: "GET", path: def.api.list, handle: (ctx) => (wantsDrafts(ctx) ? withDrafts(ctx, key) : listRecords(ctx.services.db, key)) },
    {
      method: "GET",
      path: def.api.one,
      async handle(ctx) {
        const { services, params } = ctx;
        if (wantsDrafts(ctx)) {
          const record = (await withDrafts(ctx, key)).find((r) => r._id === params.id);
          if (!record) throw notFound(def.label);
          return record;
        }
        const record = await getRecord(services.db, key, params.id ?? "");
        if (!record) throw notFound(def.label);
        return record;
      },
    },
    {
      method: "POST",
      path: def.api.create,
      status: 201,
      async handle({ services, viewer, body }) {
        return { message: def.saved.create, item: await createRecord(services.db, viewer, key, body) };
      },
    },
    {
      method: "PUT",
      path: def.api.update,
      async handle({ services, viewer, body, params }) {
        return { message: def.saved.update, item: await updateRecord(services.db, viewer, key, params.id ?? "", body) };
      },
    },
  ];
  if (def.api.remove) {
    endpoints.push({
      method: "DELETE",
      path: def.api.remove,
      async handle({ services, viewer, params }) {
        await deleteRecord(services.db, viewer, key, params.id ?? "");
        return { message: `${def.label}: item deleted` };
      },
    });
  }
  if (def.api.reorder) {
    endpoints.push({
      method: "PUT",
      path: def.api.reorder,
      async handle({ services, viewer, body }) {
        await reorderRecords(services.db, viewer, key, body);
        return { message: `${def.label}: order saved`, items: await listRecords(services.db, key) };
      },
    });
  }
  return endpoints;
}

export const contentEndpoints: Endpoint[] = allSections().flatMap((def) => sectionEndpoints(def.key as SectionKey));
