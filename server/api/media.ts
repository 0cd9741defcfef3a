import { Readable } from "node:stream";
import { uploadMessage } from "~/media/library.server.ts";
import { readUpload } from "~/media/upload.server.ts";
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
      const list = await services.media.list({ page, pageSize, search: query.get("q")?.slice(0, 100) });
      // The upload limit, so a picker can refuse a too large file before sending it.
      return { ...list, maxBytes: services.media.maxBytes };
    },
  },
  {
    // multipart/form-data with the image in `file`; read as it streams in, up to MEDIA_MAX_MB.
    method: "POST",
    path: "/media",
    status: 201,
    async handle({ services, viewer, req }) {
      const body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
      const upload = await readUpload(body, { contentType: req.get("content-type"), contentLength: req.get("content-length") }, services.media.maxBytes);
      const added = await services.media.upload(viewer, upload);
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
    method: "GET",
    path: "/media/:id",
    async handle({ services, params }) {
      const file = await services.media.get(params.id ?? "");
      if (!file) throw notFound("Image");
      return file;
    },
  },
];
