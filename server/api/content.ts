import { createRecord, deleteRecord, getRecord, listRecords, reorderRecords, updateRecord } from "~/content/content.server.ts";
import { allSections, type SectionKey, sectionDef } from "~/content/registry/sections.ts";
import { notFound } from "~/errors.ts";
import type { Endpoint } from "./endpoint.ts";

/**
 * The content API, derived from the registry: for each section its list and one-record reads,
 * create and update at the spec's paths, and for list sections delete and reorder.
 */
function sectionEndpoints(key: SectionKey): Endpoint[] {
  const def = sectionDef(key);
  const endpoints: Endpoint[] = [
    { method: "GET", path: def.api.list, handle: ({ services }) => listRecords(services.db, key) },
    {
      method: "GET",
      path: def.api.one,
      async handle({ services, params }) {
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
