import { matchRoutes } from "react-router";
import { allSections } from "./content/registry/sections.ts";
import { PAGES } from "./pages.ts";
import { type Access, CONTENT_ROLE } from "./auth/roles.ts";

/**
 * Who may use each page and API call: the one table that the page guard, the API dispatcher and
 * the authorization test all read. The pages' part is derived from the page table (app/pages.ts),
 * where each page states its level once; the API's is below. Levels: `auth/roles.ts`.
 */
export { type Access, requiredRole } from "./auth/roles.ts";

/** Every page's level, by URL pattern. */
export const pageAccess: Record<string, Access> = Object.fromEntries(PAGES.filter((page) => page.path !== "*").map((page) => [page.path, page.access]));

const pageRoutes = Object.entries(pageAccess).map(([path, access]) => ({ path, access }));

/**
 * The access a URL path needs, ranked the way React Router ranks routes (a static path beats
 * `/:id`). Paths that match no entry are public: they are 404s or static files.
 */
export function accessForPath(pathname: string): Access {
  const matches = matchRoutes(pageRoutes, pathname);
  const leaf = matches?.at(-1)?.route as { access: Access } | undefined;
  return leaf?.access ?? "public";
}


export type ApiMethod = "GET" | "POST" | "PUT" | "DELETE";

/** Every JSON API call under /api, in Express path syntax, with the role it needs. */
export const apiAccess: Record<`${ApiMethod} /${string}`, Access> = {
  "GET /me": "public",
  ...contentApiAccess(),
  // orders: ownership (a customer's own orders only) is checked in orders.server.ts
  "GET /orders": "user",
  "GET /order/:id": "user",
  "POST /new-order": "user",
  "PUT /order-status/:id": "Admin",
  "PUT /order-cancelled/:id": "user",
  // The order's work (docs/decisions/0026): its customer and Admins only, checked in orders/access.server.ts.
  "GET /orders/:id/brief": "user",
  "PUT /orders/:id/brief": "user",
  "GET /orders/:id/messages": "user",
  "POST /orders/:id/messages": "user",
  "POST /orders/:id/start": "user",
  "POST /orders/:id/deliver": "user",
  "POST /orders/:id/approve": "user",
  "POST /orders/:id/request-changes": "user",
  // PayPal's server-to-server notifications; mounted raw in server/paypal-ipn.ts, verified with PayPal
  "POST /paypal/ipn": "public",
  "POST /paypal/webhook": "public",
  // messages, subscribers, admin users, template items
  "POST /add-message": "public",
  "POST /add-subscriber": "public",
  "GET /messages": "Admin",
  "GET /message/:id": "Admin",
  "PUT /message/:id": "Admin",
  "GET /subscribers": "Admin",
  "GET /users": "Admin",
  "POST /add-user": "Admin",
  "GET /users/:id": "Admin",
  "PUT /upadete-users/:id": "Admin",
  "DELETE /users/:id": "Admin",
  "POST /users/:id/invitation": "Admin",
  "POST /sign-out-everywhere": "Admin",
  "POST /add-item": CONTENT_ROLE,
  "GET /items": CONTENT_ROLE,
  // gap: the spec names no edit or delete of items; an editor needs both.
  "PUT /item/:id": CONTENT_ROLE,
  "DELETE /item/:id": CONTENT_ROLE,
  // The media library (its files at /media/… are public: the pages show them)
  "GET /media": CONTENT_ROLE,
  "POST /media": CONTENT_ROLE,
  "GET /media/:id": CONTENT_ROLE,
  "PUT /media/:id": CONTENT_ROLE,
  "DELETE /media/:id": CONTENT_ROLE,
  // Redirects and the 404 monitor (issue 23; docs/decisions/0031): the editors' work, read and write.
  "GET /redirects": CONTENT_ROLE,
  "POST /redirects": CONTENT_ROLE,
  "GET /redirects/:id": CONTENT_ROLE,
  "PUT /redirects/:id": CONTENT_ROLE,
  "DELETE /redirects/:id": CONTENT_ROLE,
  "GET /not-found-hits": CONTENT_ROLE,
};

/**
 * What is neither a page nor an /api call (server/app.ts mounts these itself). `operator`: the
 * bearer token METRICS_TOKEN, or, when none is set, a client on this machine (loopback, with no
 * forwarded address: a proxy's client is not local). No session or role opens it, an Admin's
 * neither: figures are for the host's monitoring, not for people.
 */
export const serviceAccess = {
  "GET /healthz": "public",
  "GET /metrics": "operator",
} as const satisfies Record<`${ApiMethod} /${string}`, "public" | "operator">;

/** Content calls come from the section registry: reads and writes need what the section says. */
function contentApiAccess(): Record<string, Access> {
  const rows: Record<string, Access> = {};
  for (const def of allSections()) {
    rows[`GET ${def.api.list}`] = def.read;
    rows[`GET ${def.api.one}`] = def.read;
    rows[`POST ${def.api.create}`] = def.write;
    rows[`PUT ${def.api.update}`] = def.write;
    if (def.api.remove) rows[`DELETE ${def.api.remove}`] = def.write;
    if (def.api.reorder) rows[`PUT ${def.api.reorder}`] = def.write;
  }
  return rows;
}

export const apiKey = (method: ApiMethod, path: string) => `${method} ${path}` as `${ApiMethod} /${string}`;
