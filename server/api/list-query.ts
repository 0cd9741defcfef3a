import { z } from "zod";
import { parseInput } from "~/errors.ts";
import type { Services } from "~/services.server.ts";
import type { Endpoint } from "./endpoint.ts";

/**
 * `?page=&pageSize=` of a list call. Lists are cut in SQL; the default page size is the spec's for
 * that list, and no page is larger than 100 records. A bad value answers 400 naming it.
 */
export function listQuery(query: URLSearchParams, defaultPageSize: number): { page: number; pageSize: number } {
  const schema = z.object({
    page: z.coerce.number({ error: "page must be a whole number from 1" }).int("page must be a whole number from 1").min(1, "page must be a whole number from 1").default(1),
    pageSize: z.coerce
      .number({ error: "pageSize must be a whole number from 1 to 100" })
      .int("pageSize must be a whole number from 1 to 100")
      .min(1, "pageSize must be a whole number from 1 to 100")
      .max(100, "pageSize must be a whole number from 1 to 100")
      .default(defaultPageSize),
  });
  return parseInput(schema, { page: query.get("page") ?? undefined, pageSize: query.get("pageSize") ?? undefined });
}

/** `GET <path>`: one page of a list, `?page=&pageSize=` read as above. */
export function pagedList(path: string, defaultPageSize: number, list: (services: Services, page: number, pageSize: number) => Promise<unknown>): Endpoint {
  return {
    method: "GET",
    path,
    handle({ services, query }) {
      const { page, pageSize } = listQuery(query, defaultPageSize);
      return list(services, page, pageSize);
    },
  };
}
