import { auditActor } from "~/audit/audit.server.ts";
import { addItem, deleteItem, ITEMS_PAGE_SIZE, listItems, updateItem } from "~/items/items.server.ts";
import type { Endpoint } from "./endpoint.ts";
import { pagedList } from "./list-query.ts";

/** Template items. Who may call each is in app/access.ts. */
export const itemEndpoints: Endpoint[] = [
  {
    method: "POST",
    path: "/add-item",
    status: 201,
    handle: ({ services, body, viewer }) => addItem(services.db, body, auditActor(viewer)),
  },
  {
    method: "PUT",
    path: "/item/:id",
    handle: ({ services, params, body, viewer }) => updateItem(services.db, params.id!, body, auditActor(viewer)),
  },
  {
    method: "DELETE",
    path: "/item/:id",
    async handle({ services, params, viewer }) {
      await deleteItem(services.db, params.id!, auditActor(viewer));
      return { deleted: true };
    },
  },
  pagedList("/items", ITEMS_PAGE_SIZE, (services, page, pageSize) => listItems(services.db, page, pageSize)),
];
