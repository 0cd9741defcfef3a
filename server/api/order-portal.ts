import { Readable } from "node:stream";
import type { Request } from "express";
import { auditActor } from "~/audit/audit.server.ts";
import { isMultipart, readMultipart, type UploadedFile } from "~/multipart.server.ts";
import { orderAccess } from "~/orders/access.server.ts";
import { answersFrom, briefOf, saveBrief } from "~/orders/brief/brief.server.ts";
import { messagesOf, postMessage } from "~/orders/conversation.server.ts";
import { approve, deliver, requestChanges, startWork } from "~/orders/delivery.server.ts";
import { fileTooLarge } from "~/orders/files/order-files.server.ts";
import { markRead } from "~/orders/conversation.server.ts";
import type { Services } from "~/services.server.ts";
import type { Endpoint } from "./endpoint.ts";

/**
 * The order as the place where the work happens, for API clients: the brief, the conversation and
 * the steps of the work (docs/decisions/0026-order-portal.md). Each call is open to any signed-in
 * person in the access table; the order's customer and Admins are the only ones it answers
 * (orders/access.server.ts), everyone else gets 404. Files come as multipart/form-data (`files`).
 */

/** A JSON body, or a multipart one with its files (read as it streams in, bounded). */
async function bodyAndFiles(req: Request, body: unknown, services: Services): Promise<{ fields: Record<string, unknown>; files: UploadedFile[] }> {
  if (!isMultipart(req.get("content-type"))) return { fields: (body ?? {}) as Record<string, unknown>, files: [] };
  const { maxBytes } = services.orderFiles;
  const read = await readMultipart(
    Readable.toWeb(req) as ReadableStream<Uint8Array>,
    { contentType: req.get("content-type"), contentLength: req.get("content-length") },
    { maxFileBytes: maxBytes, maxFiles: services.config.orderFiles.maxPerPost, tooLarge: fileTooLarge(maxBytes) },
  );
  return { fields: read.fields, files: read.files };
}

const STEP_DONE = { start: "Work started.", approve: "Thank you: the delivery is approved.", changes: "Your request for changes is sent.", deliver: "Delivered: the customer is told." };

export const orderPortalEndpoints: Endpoint[] = [
  {
    method: "GET",
    path: "/orders/:id/brief",
    async handle({ services, viewer, params }) {
      const { order } = await orderAccess(services.db, viewer, params.id!);
      return briefOf(services.db, order);
    },
  },
  {
    // { "answers": { "<key>": "…" | ["…"] }, "send": true } — without `send`, a part is saved.
    method: "PUT",
    path: "/orders/:id/brief",
    async handle({ services, viewer, params, body }) {
      const access = await orderAccess(services.db, viewer, params.id!, "customer");
      const input = (body ?? {}) as Record<string, unknown>;
      const brief = await saveBrief(services, access.order, auditActor(viewer), { answers: answersFrom(input), send: input.send === true });
      return { message: brief.submittedAt ? "Brief sent." : "Brief saved.", item: brief };
    },
  },
  {
    method: "GET",
    path: "/orders/:id/messages",
    async handle({ services, viewer, params }) {
      const access = await orderAccess(services.db, viewer, params.id!);
      const messages = await messagesOf(services.db, access.order.id);
      await markRead(services.db, access.order.id, access.side);
      return { items: messages };
    },
  },
  {
    method: "POST",
    path: "/orders/:id/messages",
    status: 201,
    async handle({ services, viewer, params, body, req }) {
      const access = await orderAccess(services.db, viewer, params.id!);
      const { fields, files } = await bodyAndFiles(req, body, services);
      return { message: "Message sent.", item: await postMessage(services, access, auditActor(viewer), fields, files) };
    },
  },
  {
    method: "POST",
    path: "/orders/:id/start",
    async handle({ services, viewer, params }) {
      const access = await orderAccess(services.db, viewer, params.id!, "agency");
      await startWork(services, access, auditActor(viewer));
      return { message: STEP_DONE.start };
    },
  },
  {
    // multipart/form-data: `summary` and one or more `files`.
    method: "POST",
    path: "/orders/:id/deliver",
    async handle({ services, viewer, params, body, req }) {
      const access = await orderAccess(services.db, viewer, params.id!, "agency");
      const { fields, files } = await bodyAndFiles(req, body, services);
      await deliver(services, access, auditActor(viewer), fields, files);
      return { message: STEP_DONE.deliver };
    },
  },
  {
    method: "POST",
    path: "/orders/:id/approve",
    async handle({ services, viewer, params }) {
      const access = await orderAccess(services.db, viewer, params.id!, "customer");
      await approve(services, access, auditActor(viewer));
      return { message: STEP_DONE.approve };
    },
  },
  {
    method: "POST",
    path: "/orders/:id/request-changes",
    async handle({ services, viewer, params, body }) {
      const access = await orderAccess(services.db, viewer, params.id!, "customer");
      await requestChanges(services, access, auditActor(viewer), body);
      return { message: STEP_DONE.changes };
    },
  },
];
