import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { adminPages, editPaths, routeId } from "./content/admin/admin-pages.ts";

/** Every page of the site. Who may open each one is in auth/access.ts. */
export default [
  index("routes/site/home.tsx"),
  route("login", "routes/auth/login.tsx"),
  route("register", "routes/auth/register.tsx"),
  route("reset", "routes/auth/reset.tsx"),
  route("logout", "routes/auth/logout.tsx"),
  route("invitation/:token", "routes/auth/invitation.tsx"),
  route("dashboard", "routes/customer/dashboard.tsx"),
  // Every admin screen sits in the admin frame (sidebar, breadcrumb; no public header or footer).
  layout("routes/admin/layout.tsx", [
    route("admin", "routes/admin/admin.tsx"),
    // Content admin, derived from the section registry: one page per admin path, one edit screen
    // per edit path (the single-segment about editor `:id` included; it answers only for an About id).
    route("setting", "routes/admin/setting.tsx"),
    ...adminPages.map((p) => route(p.path.slice(1), "routes/admin/content-section.tsx", { id: routeId("page", p.path) })),
    ...editPaths.map((e) => route(e.path.slice(1), "routes/admin/content-edit.tsx", { id: routeId("edit", e.path) })),
    // Messages, subscribers, admin users, template items
    route("all-messages", "routes/admin/all-messages.tsx"),
    route("view/:id", "routes/admin/view-message.tsx"),
    route("all-subscriber", "routes/admin/all-subscriber.tsx"),
    route("add-user", "routes/admin/add-user.tsx"),
    route("admin-user/:id", "routes/admin/admin-user.tsx"),
    route("add-item", "routes/admin/add-item.tsx"),
    // The content workflow: unpublished changes, a record's history, deleted items
    route("admin/drafts", "routes/admin/drafts.tsx"),
    route("admin/history/:id", "routes/admin/history.tsx"),
    route("admin/trash", "routes/admin/trash.tsx"),
    route("items", "routes/admin/items.tsx"),
    route("edit-item/:id", "routes/admin/edit-item.tsx"),
    // Orders
    route("total-orders", "routes/admin/total-orders.tsx"),
    route("admin/payment-status/:id", "routes/admin/order-status.tsx"),
    route("admin/payments", "routes/admin/payments.tsx"),
    // People
    route("admin/audit-log", "routes/admin/audit-log.tsx"),
    route("admin/media", "routes/admin/media.tsx"),
    route("admin/mail", "routes/admin/mail.tsx"),
  ]),
  // A download, not a screen: outside the frame.
  route("all-subscriber/csv", "routes/admin/subscribers-csv.tsx"),
  route("contact", "routes/site/contact.tsx"),
  route("contact-us", "routes/site/contact.tsx", { id: "routes/site/contact-us" }),
  route("thanks", "routes/site/thanks.tsx"),
  route("subscribe", "routes/site/subscribe.tsx"),
  route("unsubscribe/:token", "routes/site/unsubscribe.tsx"),
  // Orders and payments
  route("order-now/:id", "routes/customer/order-now.tsx"),
  route("my-order", "routes/customer/my-order.tsx"),
  route("pending-order", "routes/customer/pending-order.tsx"),
  route("pay-now/:id", "routes/customer/pay-now.tsx"),
  route("received-payment/:id", "routes/customer/received-payment.tsx"),
  route("order-cancelled/:id", "routes/customer/order-cancelled.tsx"),
  // Public pages and search visibility
  route("pricing", "routes/site/pricing.tsx"),
  route("service", "routes/site/service.tsx"),
  // An editor's preview: the same pages with drafts applied (content/public/preview.ts), outside the admin frame.
  route("admin/preview", "routes/site/home.tsx", { id: "preview-home" }),
  route("admin/preview/pricing", "routes/site/pricing.tsx", { id: "preview-pricing" }),
  route("admin/preview/service", "routes/site/service.tsx", { id: "preview-service" }),
  route("sitemap.xml", "routes/site/sitemap.ts"),
  route("robots.txt", "routes/site/robots.ts"),
  route("*", "routes/site/not-found.tsx"),
] satisfies RouteConfig;
