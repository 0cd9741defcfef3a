import { auditActor } from "~/audit/audit.server.ts";
import { addItem, ITEMS_PAGE_SIZE, listItems } from "~/items/items.server.ts";
import type { Endpoint } from "./endpoint.ts";
import { pagedList } from "./list-query.ts";

/** Template items. Who may call each is in auth/access.ts. */
export const itemEndpoints: Endpoint[] = [
  {
    method: "POST",
    path: "/add-item",
    status: 201,
    handle: ({ services, body, viewer }) => addItem(services.db, body, auditActor(viewer)),
  },
  pagedList("/items", ITEMS_PAGE_SIZE, (services, page, pageSize) => listItems(services.db, page, pageSize)),
];
