import { z } from "zod";
import { INBOX_PAGE_SIZES } from "~/inbox/page-sizes.ts";
import { getMessage, listMessages, markMessage, sendMessage } from "~/inbox/messages.server.ts";
import { MESSAGE_STATUSES } from "~/inbox/schema.ts";
import { addSubscriber, listSubscribers } from "~/inbox/subscribers.server.ts";
import { parseInput } from "~/errors.ts";
import type { Endpoint } from "./endpoint.ts";
import { listQuery, pagedList } from "./list-query.ts";

const statusQuery = z.object({ status: z.enum(MESSAGE_STATUSES, { error: `status must be one of ${MESSAGE_STATUSES.join(", ")}` }).optional() });

/** Contact messages and subscribers. Who may call each is in app/access.ts. */
export const inboxEndpoints: Endpoint[] = [
  {
    method: "POST",
    path: "/add-message",
    status: 201,
    handle: ({ services, clientIp, body }) => sendMessage(services, clientIp, body),
  },
  {
    method: "GET",
    path: "/messages",
    async handle({ services, query }) {
      const { status } = parseInput(statusQuery, { status: query.get("status") ?? undefined });
      const { page, pageSize } = listQuery(query, INBOX_PAGE_SIZES.messages);
      return listMessages(services.db, status, page, pageSize);
    },
  },
  {
    method: "GET",
    path: "/message/:id",
    handle: ({ services, params }) => getMessage(services.db, params.id!),
  },
  {
    method: "PUT",
    path: "/message/:id",
    handle: ({ services, params, body, viewer }) => markMessage(services.db, params.id!, body, viewer.user!.email),
  },
  {
    method: "POST",
    path: "/add-subscriber",
    status: 201,
    handle: ({ services, clientIp, body }) => addSubscriber(services, clientIp, body),
  },
  pagedList("/subscribers", INBOX_PAGE_SIZES.subscribers, (services, page, pageSize) => listSubscribers(services.db, page, pageSize)),
];
