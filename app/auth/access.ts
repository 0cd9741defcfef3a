import { matchRoutes } from "react-router";
import { type SectionDef, sections } from "../content/sections.ts";

/**
 * Who may use each page and API call: the one table that the page guard, the API dispatcher and
 * the authorization test all read. `user` means signed in; ownership of a record (an order) is
 * checked inside the service, on top of this. `admin-or-404` is the single-segment about editor
 * (`/:id`): anyone but an admin gets the ordinary 404 page, so unknown paths stay plain 404s.
 */
export type Access = "public" | "user" | "admin" | "admin-or-404";

export const pageAccess: Record<string, Access> = {
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
  // customer
  "/dashboard": "user",
  "/order-now/:id": "user",
  "/my-order": "user",
  "/pending-order": "user",
  "/pay-now/:id": "user",
  "/order-cancelled/:id": "user",
  // admin (the original guarded these by sign-in only; the server now requires the Admin role)
  "/admin": "admin",
  "/admin-user/:id": "admin",
  "/admin/payment-status/:id": "admin",
  "/total-orders": "admin",
  "/all-messages": "admin",
  "/view/:id": "admin",
  "/all-subscriber": "admin",
  "/all-subscriber/csv": "admin",
  "/add-item": "admin",
  "/items": "admin",
  "/add-user": "admin",
  "/add-paypal-Email": "admin",
  "/paypal-email/:id": "admin",
  "/setting": "admin",
  "/edit-banner": "admin",
  "/banner/:id": "admin",
  "/add-logo": "admin",
  "/edit-logo/:id": "admin",
  "/edit-about": "admin",
  "/:id": "admin-or-404",
  "/edit-service": "admin",
  "/servicetext-edit/:id": "admin",
  "/service-edit/:id": "admin",
  "/main-service-edit/:id": "admin",
  "/edit-video": "admin",
  "/videotext-edit/:id": "admin",
  "/video/:id": "admin",
  "/step-section": "admin",
  "/edit-step/:id": "admin",
  "/edit-work": "admin",
  "/edit-work/:id": "admin",
  "/add-contact": "admin",
  "/edit-contact-page/:id": "admin",
  "/add-about-footer": "admin",
  "/edit-about-footer/:id": "admin",
  "/add-address-footer": "admin",
  "/edit-address-footer/:id": "admin",
  "/add-social-footer": "admin",
  "/edit-social-footer/:id": "admin",
  "/add-pricing": "admin",
  "/package-edit/:id": "admin",
  "/edit-testimonial": "admin",
  "/edit-testimonial/:id": "admin",
  "/testimonialtext-edit/:id": "admin",
  "/edit-faq": "admin",
  "/faqtext-edit/:id": "admin",
  "/faq-edit/:id": "admin",
  "/edit-services-features": "admin",
  "/featurestext-edit/:id": "admin",
  "/edit-feature-items/:id": "admin",
  "/edit-team-text": "admin",
  "/team-text-edit/:id": "admin",
  "/edit-team-items/:id": "admin",
  "/edit-experience": "admin",
  "/edit-experience/:id": "admin",
  "/edit-counter": "admin",
  "/counters/:id": "admin",
  "/update-calltoaction": "admin",
  "/edit-call/:id": "admin",
  "/add-copyright": "admin",
  "/edit-copyright/:id": "admin",
};

const pageRoutes = Object.entries(pageAccess).map(([path, access]) => ({ path, access }));

/**
 * The page a request is for. Client-side navigations fetch `/path.data` (or `/_.data` for a
 * path ending in a slash) with a `_routes` parameter; strip those as React Router does.
 */
export function pagePath(url: URL): { pathname: string; search: string } {
  let { pathname } = url;
  if (pathname.endsWith("/_.data")) pathname = pathname.slice(0, -"_.data".length);
  else if (pathname.endsWith(".data")) pathname = pathname.slice(0, -".data".length);
  const params = new URLSearchParams(url.search);
  params.delete("_routes");
  const search = params.toString();
  return { pathname: pathname || "/", search: search ? `?${search}` : "" };
}

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
  "PUT /order-status/:id": "admin",
  "PUT /order-cancelled/:id": "user",
  // PayPal's server-to-server notifications; mounted raw in server/paypal-ipn.ts, verified with PayPal
  "POST /paypal/ipn": "public",
  // messages, subscribers, admin users, template items
  "POST /add-message": "public",
  "POST /add-subscriber": "public",
  "GET /messages": "admin",
  "GET /message/:id": "admin",
  "PUT /message/:id": "admin",
  "GET /subscribers": "admin",
  "GET /users": "admin",
  "POST /add-user": "admin",
  "GET /users/:id": "admin",
  "PUT /upadete-users/:id": "admin",
  "DELETE /users/:id": "admin",
  "POST /add-item": "admin",
  "GET /items": "admin",
};

/** Content calls come from the section registry: reads as the section says, writes admin only. */
function contentApiAccess(): Record<string, Access> {
  const rows: Record<string, Access> = {};
  for (const def of Object.values(sections) as SectionDef[]) {
    rows[`GET ${def.api.list}`] = def.read;
    rows[`GET ${def.api.one}`] = def.read;
    rows[`POST ${def.api.create}`] = "admin";
    rows[`PUT ${def.api.update}`] = "admin";
    if (def.api.remove) rows[`DELETE ${def.api.remove}`] = "admin";
    if (def.api.reorder) rows[`PUT ${def.api.reorder}`] = "admin";
  }
  return rows;
}

export const apiKey = (method: ApiMethod, path: string) => `${method} ${path}` as `${ApiMethod} /${string}`;
