import { auditActor } from "~/audit/audit.server.ts";
import { listNotFoundHits, NOT_FOUND_PAGE_SIZE } from "~/seo/not-found-hits.server.ts";
import { REDIRECTS_PAGE_SIZE } from "~/seo/redirects.server.ts";
import { AppError } from "~/errors.ts";
import type { Endpoint } from "./endpoint.ts";
import { listQuery, pagedList } from "./list-query.ts";

/** Redirects and the 404 monitor (issue 23, item 11). Who may call each is in app/access.ts. */
export const redirectEndpoints: Endpoint[] = [
  pagedList("/redirects", REDIRECTS_PAGE_SIZE, (services, page, pageSize) => services.redirects.list(page, pageSize)),
  {
    method: "POST",
    path: "/redirects",
    status: 201,
    handle: ({ services, body, viewer }) => services.redirects.create(body, auditActor(viewer)),
  },
  {
    method: "GET",
    path: "/redirects/:id",
    handle: ({ services, params }) => services.redirects.get(params.id!),
  },
  {
    method: "PUT",
    path: "/redirects/:id",
    handle: ({ services, params, body, viewer }) => services.redirects.update(params.id!, body, auditActor(viewer)),
  },
  {
    method: "DELETE",
    path: "/redirects/:id",
    async handle({ services, params, viewer }) {
      await services.redirects.remove(params.id!, auditActor(viewer));
      return { deleted: true };
    },
  },
  {
    // `?kind=scanner` for scanners' probes; the missing pages otherwise. Open ones only, most requested first.
    method: "GET",
    path: "/not-found-hits",
    async handle({ services, query }) {
      const kind = query.get("kind") ?? "page";
      if (kind !== "page" && kind !== "scanner") throw new AppError(400, "kind must be page or scanner", { kind: "kind must be page or scanner" });
      const { page, pageSize } = listQuery(query, NOT_FOUND_PAGE_SIZE);
      // This process's counts so far, so the list is current.
      await services.notFoundHits.flush();
      return listNotFoundHits(services.db, kind, page, pageSize);
    },
  },
];
