import { matchRoutes } from "react-router";
import { allSections } from "../content/registry/sections.ts";
import { ANY_ROLE, CONTENT_ROLE, isRole, type Role, strongestRole } from "./roles.ts";

/**
 * Who may use each page and API call: the one table that the page guard, the API dispatcher and
 * the authorization test all read. A level is `public`, `user` (signed in) or a role of ROLES
 * (that role or a stronger one). `<Role>-or-404` is for a single-segment path such as the about
 * editor's `/:id`: anyone without the role gets the ordinary 404 page, so unknown paths stay plain
 * 404s. Ownership of a record (an order) is checked inside the service, on top of this.
 */
export type Access = "public" | "user" | Role | `${Role}-or-404`;

/** The role an access level needs, if any. */
export function requiredRole(access: Access): Role | undefined {
  const role = access.replace(/-or-404$/, "");
  return isRole(role) ? role : undefined;
}

const staticPageAccess: Record<string, Access> = {
  "/": "public",
  "/login": "public",
  "/register": "public",
  "/reset": "public",
  "/logout": "public",
  "/contact": "public",
  "/contact-us": "public",
  "/thanks": "public",
  "/pricing": "public",
  "/service": "public",
  "/received-payment/:id": "public",
  "/unsubscribe/:token": "public",
  "/subscribe": "public",
  "/sitemap.xml": "public",
  "/robots.txt": "public",
  "/paypal-standin": "public",
  "/paypal-standin/cgi-bin/webscr": "public",
  "/paypal-standin/checkout/:token": "public",
  "/paypal-standin/checkoutnow": "public",
  // customer
  "/dashboard": "user",
  "/order-now/:id": "user",
  "/my-order": "user",
  "/pending-order": "user",
  "/pay-now/:id": "user",
  "/order-cancelled/:id": "user",
  // The admin area (the original guarded it by sign-in only). Its dashboard opens to every role and
  // shows what that role may do; content work is the Editor's, the rest the Admin's.
  "/admin": ANY_ROLE,
  "/setting": CONTENT_ROLE,
  "/add-item": CONTENT_ROLE,
  "/items": CONTENT_ROLE,
  "/edit-item/:id": CONTENT_ROLE,
  // The content workflow. History and trash show only sections the person may write (services check).
  "/admin/drafts": CONTENT_ROLE,
  "/admin/history/:id": CONTENT_ROLE,
  "/admin/trash": CONTENT_ROLE,
  "/admin/preview": CONTENT_ROLE,
  "/admin/preview/pricing": CONTENT_ROLE,
  "/admin/preview/service": CONTENT_ROLE,
  "/admin-user/:id": "Admin",
  "/admin/payment-status/:id": "Admin",
  "/admin/payments": "Admin",
  "/admin/mail": "Admin",
  "/total-orders": "Admin",
  "/all-messages": "Admin",
  "/view/:id": "Admin",
  "/all-subscriber": "Admin",
  "/all-subscriber/csv": "Admin",
  "/add-user": "Admin",
  "/admin/audit-log": "Admin",
  // An invitation link: anyone may open it; accepting needs the invited address (checked inside).
  "/invitation/:token": "public",
  "/admin/media": CONTENT_ROLE,
};

/**
 * Content screens come from the section registry: each admin page needs the write role of its
 * sections, each edit screen its section's. A lone `/:param` path answers 404 to everyone else.
 */
function contentPageAccess(): Record<string, Access> {
  const byPath = new Map<string, Role[]>();
  for (const def of allSections()) {
    for (const path of [def.adminPath, def.editPath, ...(def.aliasEditPaths ?? [])]) byPath.set(path, [...(byPath.get(path) ?? []), def.write]);
  }
  return Object.fromEntries([...byPath].map(([path, roles]) => [path, /^\/:[^/]+$/.test(path) ? (`${strongestRole(roles)}-or-404` as const) : strongestRole(roles)]));
}

export const pageAccess: Record<string, Access> = { ...staticPageAccess, ...contentPageAccess() };

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
  "POST /add-item": CONTENT_ROLE,
  "GET /items": CONTENT_ROLE,
  // gap: the spec names no edit or delete of items; an editor needs both.
  "PUT /item/:id": CONTENT_ROLE,
  "DELETE /item/:id": CONTENT_ROLE,
  // The media library (its files at /media/… are public: the pages show them)
  "GET /media": CONTENT_ROLE,
  "POST /media": CONTENT_ROLE,
  "GET /media/:id": CONTENT_ROLE,
  "DELETE /media/:id": CONTENT_ROLE,
};

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
