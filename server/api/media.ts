import { Readable } from "node:stream";
import { uploadMessage } from "~/media/library.server.ts";
import { parseDescription } from "~/media/alt-text.ts";
import { readUpload, uploadDescription } from "~/media/upload.server.ts";
import { notFound } from "~/errors.ts";
import type { Endpoint } from "./endpoint.ts";
import { listQuery } from "./list-query.ts";

/** The media library for API clients and the image pickers. Who may call each is in app/access.ts. */
export const MEDIA_PAGE_SIZE = 24;

export const mediaEndpoints: Endpoint[] = [
  {
    method: "GET",
    path: "/media",
    async handle({ services, query }) {
      const { page, pageSize } = listQuery(query, MEDIA_PAGE_SIZE);
      // `hash`: the file a library URL names (an image field shows its alt text).
      const hash = query.get("hash")?.slice(0, 32);
      const list = await services.media.list({ page, pageSize, search: query.get("q")?.slice(0, 100), hash: hash === null ? undefined : hash });
      // The upload limit, so a picker can refuse a too large file before sending it.
      return { ...list, maxBytes: services.media.maxBytes };
    },
  },
  {
    // multipart/form-data with the image in `file`, and optionally `alt` or `decorative`; read as
    // it streams in, up to MEDIA_MAX_MB.
    method: "POST",
    path: "/media",
    status: 201,
    async handle({ services, viewer, req }) {
      const body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
      const upload = await readUpload(body, { contentType: req.get("content-type"), contentLength: req.get("content-length") }, services.media.maxBytes);
      const added = await services.media.upload(viewer, upload, uploadDescription(upload.fields));
      return { message: uploadMessage(added), created: added.created, item: added.file };
    },
  },
  {
    method: "DELETE",
    path: "/media/:id",
    async handle({ services, viewer, params }) {
      const file = await services.media.remove(viewer, params.id ?? "");
      return { message: `${file.name} is deleted`, item: file };
    },
  },
  {
    // JSON: `alt` and/or `decorative`, and/or `focalX` with `focalY` (percent); what is left out stays.
    method: "PUT",
    path: "/media/:id",
    async handle({ services, viewer, params, body }) {
      const input = body && typeof body === "object" ? (body as Record<string, unknown>) : {};
      const file = await services.media.describe(viewer, params.id ?? "", parseDescription(input, { requireAlt: false }));
      return { message: `${file.name} is updated`, item: file };
    },
  },
  {
    method: "GET",
    path: "/media/:id",
    async handle({ services, params }) {
      const file = await services.media.get(params.id ?? "");
      if (!file) throw notFound("Image");
      return file;
    },
  },
];
