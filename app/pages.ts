import { type Access, ANY_ROLE, CONTENT_ROLE } from "./auth/roles.ts";
import { adminPages, pageRole, routeId } from "./content/admin/admin-pages.ts";
import { PREVIEW_PATHS } from "./content/public/preview.ts";
import { SINGLE_SEGMENT_PREFIX } from "./content/registry/slugs.ts";

/**
 * Every page of the site, one row each: its URL pattern, its route module, who may open it and,
 * for an admin screen, its place in the admin frame and the sidebar. The routes (`app/routes.ts`),
 * the page guard (`access.ts`) and the admin sidebar (`layout/admin-nav.ts`) are derived from
 * this list, so a page is written down once. Content screens come from the section registry.
 * Plain data: `app/routes.ts` imports it at build time (no server code, no React).
 */

export const NAV_GROUPS = ["Content", "Orders and payments", "Inbox", "People", "Settings"] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

/** A page's entry in the admin sidebar. Without a group: the dashboard, at the top of the sidebar and first in every breadcrumb. */
export interface NavEntry {
  label: string;
  group?: NavGroup;
  /** Screens opened from this one (an edit screen, one message), as route patterns: while one is open, this entry is marked. */
  within?: readonly string[];
}

export interface PageRow {
  /** The URL pattern in React Router's syntax: `/`, `/view/:id`, `*` (every other path: the 404 page). */
  path: string;
  /** The route module, relative to `app/`. */
  file: string;
  /** Who may open it (`auth/roles.ts`); the root middleware enforces it for every loader and action. */
  access: Access;
  /** A route id of its own, needed when one module serves several paths. */
  id?: string;
  /** Inside the admin frame (`routes/admin/layout.tsx`): sidebar and breadcrumb, no public header or footer. */
  frame?: true;
  nav?: NavEntry;
}

/** A lone `/:param` path (the about editor's `/:id`) answers 404 to everyone without the role, so unknown paths stay plain 404s. */
const loneParam = (path: string) => /^\/:[^/]+$/.test(path);

/**
 * The content screens of one sidebar group, from the section registry (a section's
 * `admin.navGroup` places it): one page per admin path, needing the write role of every section
 * it shows, and one edit screen per edit path and alias, needing its section's.
 */
function contentPages(group: NavGroup): PageRow[] {
  return adminPages
    .filter((page) => (page.sections[0]?.admin.navGroup ?? "Content") === group)
    .flatMap((page) => {
      const edits = page.sections.flatMap((def) => [def.editPath, ...(def.aliasEditPaths ?? [])].map((path) => ({ path, role: def.write })));
      return [
        { path: page.path, file: "routes/admin/content-section.tsx", id: routeId("page", page.path), access: pageRole(page), frame: true, nav: { group, label: page.title, within: edits.map((e) => e.path) } },
        ...edits.map(({ path, role }): PageRow => ({ path, file: "routes/admin/content-edit.tsx", id: routeId("edit", path), access: loneParam(path) ? `${role}-or-404` : role, frame: true })),
      ];
    });
}

export const PAGES: readonly PageRow[] = [
  // The public site
  { path: "/", file: "routes/site/home.tsx", access: "public" },
  { path: "/pricing", file: "routes/site/pricing.tsx", access: "public" },
  { path: "/service", file: "routes/site/service.tsx", access: "public" },
  { path: "/contact", file: "routes/site/contact.tsx", access: "public" },
  { path: "/contact-us", file: "routes/site/contact.tsx", access: "public", id: "routes/site/contact-us" },
  { path: "/thanks", file: "routes/site/thanks.tsx", access: "public" },
  { path: "/subscribe", file: "routes/site/subscribe.tsx", access: "public" },
  { path: "/unsubscribe/:token", file: "routes/site/unsubscribe.tsx", access: "public" },
  { path: "/sitemap.xml", file: "routes/site/sitemap.ts", access: "public" },
  { path: "/robots.txt", file: "routes/site/robots.ts", access: "public" },
  // Articles (issue 23): the blog, one page per tag, the feed, and each article. Created pages
  // have no row: the catch-all `*` answers a published page's address after every route here.
  { path: "/blog", file: "routes/site/blog.tsx", access: "public" },
  { path: "/blog/feed.xml", file: "routes/site/blog-feed.ts", access: "public" },
  { path: "/blog/tag/:tag", file: "routes/site/blog.tsx", access: "public", id: "routes/site/blog-tag" },
  { path: "/blog/:slug", file: "routes/site/article.tsx", access: "public" },
  // Signing in. An invitation link: anyone may open it; accepting needs the invited address (checked inside).
  { path: "/login", file: "routes/auth/login.tsx", access: "public" },
  { path: "/register", file: "routes/auth/register.tsx", access: "public" },
  { path: "/reset", file: "routes/auth/reset.tsx", access: "public" },
  { path: "/logout", file: "routes/auth/logout.tsx", access: "public" },
  { path: "/invitation/:token", file: "routes/auth/invitation.tsx", access: "public" },
  // The second step of a two-step sign-in (its cookie says whose), a passkey sign-in, and the verification link.
  { path: "/login/two-factor", file: "routes/auth/login-two-factor.tsx", access: "public" },
  { path: "/login/passkey", file: "routes/auth/login-passkey.tsx", access: "public" },
  { path: "/verify-email", file: "routes/auth/verify-email.tsx", access: "public" },
  // Where a sign-in lands when it names no page: the admin dashboard for role holders, else the customer's.
  { path: "/signed-in", file: "routes/auth/signed-in.tsx", access: "user" },
  // Everyone's own account: address, password, two-step sign-in, sessions; and "confirm it is you".
  { path: "/account", file: "routes/account/account.tsx", access: "user" },
  { path: "/account/two-factor", file: "routes/account/two-factor.tsx", access: "user" },
  { path: "/account/confirm", file: "routes/account/confirm.tsx", access: "user" },
  // The customer's pages; that an order is the customer's own is checked inside the orders service.
  { path: "/dashboard", file: "routes/customer/dashboard.tsx", access: "user" },
  { path: "/order-now/:id", file: "routes/customer/order-now.tsx", access: "user" },
  { path: "/my-order", file: "routes/customer/my-order.tsx", access: "user" },
  { path: "/pending-order", file: "routes/customer/pending-order.tsx", access: "user" },
  { path: "/pay-now/:id", file: "routes/customer/pay-now.tsx", access: "user" },
  { path: "/order-cancelled/:id", file: "routes/customer/order-cancelled.tsx", access: "user" },
  // One order, its brief and its files: its customer only (orders/access.server.ts; Admins too for files).
  { path: "/orders/:id", file: "routes/customer/order.tsx", access: "user" },
  { path: "/orders/:id/brief", file: "routes/customer/order-brief.tsx", access: "user" },
  { path: "/orders/:id/files/:fileId/:name", file: "routes/customer/order-file.ts", access: "user" },
  // Its invoice and credit note (PDF): its customer and Admins only (checked inside, as for files).
  { path: "/orders/:id/documents/:docId", file: "routes/customer/order-document.ts", access: "user" },
  // PayPal sends the buyer back here, signed in or not; the order shows to its owner only.
  { path: "/received-payment/:id", file: "routes/customer/received-payment.tsx", access: "public" },
  // The admin area, in sidebar order. Its dashboard opens to every role and shows what that role
  // may do; content work is the Editor's, the rest the Admin's.
  { path: "/admin", file: "routes/admin/admin.tsx", access: ANY_ROLE, frame: true, nav: { label: "Dashboard" } },
  // History and trash show only sections the person may write (their services check).
  { path: "/setting", file: "routes/admin/setting.tsx", access: CONTENT_ROLE, frame: true, nav: { group: "Content", label: "Site content", within: ["/admin/history/:id"] } },
  { path: "/admin/history/:id", file: "routes/admin/history.tsx", access: CONTENT_ROLE, frame: true },
  { path: "/admin/media", file: "routes/admin/media.tsx", access: CONTENT_ROLE, frame: true, nav: { group: "Content", label: "Media library", within: ["/admin/media/:id"] } },
  // One file: its alt text, decorative mark and focal point (decision 0039).
  { path: "/admin/media/:id", file: "routes/admin/media-item.tsx", access: CONTENT_ROLE, frame: true },
  { path: "/admin/drafts", file: "routes/admin/drafts.tsx", access: CONTENT_ROLE, frame: true, nav: { group: "Content", label: "Unpublished changes", within: Object.values(PREVIEW_PATHS) } },
  // An editor's preview: the public pages with drafts applied (content/public/preview.ts), in the public frame.
  { path: PREVIEW_PATHS.home, file: "routes/site/home.tsx", access: CONTENT_ROLE, id: "preview-home" },
  { path: PREVIEW_PATHS.pricing, file: "routes/site/pricing.tsx", access: CONTENT_ROLE, id: "preview-pricing" },
  { path: PREVIEW_PATHS.service, file: "routes/site/service.tsx", access: CONTENT_ROLE, id: "preview-service" },
  { path: PREVIEW_PATHS.page, file: "routes/site/not-found.tsx", access: CONTENT_ROLE, id: "preview-page" },
  { path: PREVIEW_PATHS.article, file: "routes/site/article.tsx", access: CONTENT_ROLE, id: "preview-article" },
  ...contentPages("Content"),
  // Redirects and the 404 monitor (docs/decisions/0031): the editors' SEO work.
  { path: "/admin/redirects", file: "routes/admin/redirects.tsx", access: CONTENT_ROLE, frame: true, nav: { group: "Content", label: "Redirects", within: ["/admin/redirects/:id"] } },
  { path: "/admin/redirects/:id", file: "routes/admin/redirect-edit.tsx", access: CONTENT_ROLE, frame: true },
  { path: "/admin/not-found", file: "routes/admin/not-found.tsx", access: CONTENT_ROLE, frame: true, nav: { group: "Content", label: "404 monitor" } },
  { path: "/admin/trash", file: "routes/admin/trash.tsx", access: CONTENT_ROLE, frame: true, nav: { group: "Content", label: "Trash" } },
  // Every public page read as a visitor gets it, and its search problems (seo/report.server.ts).
  { path: "/admin/seo-report", file: "routes/admin/seo-report.tsx", access: CONTENT_ROLE, frame: true, nav: { group: "Content", label: "SEO report" } },
  { path: "/items", file: "routes/admin/items.tsx", access: CONTENT_ROLE, frame: true, nav: { group: "Content", label: "Template items", within: ["/add-item", "/edit-item/:id"] } },
  { path: "/add-item", file: "routes/admin/add-item.tsx", access: CONTENT_ROLE, frame: true },
  { path: "/edit-item/:id", file: "routes/admin/edit-item.tsx", access: CONTENT_ROLE, frame: true },
  { path: "/total-orders", file: "routes/admin/total-orders.tsx", access: "Admin", frame: true, nav: { group: "Orders and payments", label: "All orders", within: ["/admin/payment-status/:id", "/admin/orders/:id"] } },
  { path: "/admin/orders/:id", file: "routes/admin/order.tsx", access: "Admin", frame: true },
  { path: "/admin/payment-status/:id", file: "routes/admin/order-status.tsx", access: "Admin", frame: true },
  { path: "/admin/payments", file: "routes/admin/payments.tsx", access: "Admin", frame: true, nav: { group: "Orders and payments", label: "Payments" } },
  // Payments and refunds of a date range, and their CSV (reports/money.server.ts).
  { path: "/admin/reports", file: "routes/admin/reports.tsx", access: "Admin", frame: true, nav: { group: "Orders and payments", label: "Reports", within: ["/admin/reports/money.csv"] } },
  { path: "/admin/reports/money.csv", file: "routes/admin/reports-csv.tsx", access: "Admin" },
  // The seller's details on invoices and the numbering prefix (audited).
  { path: "/admin/invoicing", file: "routes/admin/invoicing.tsx", access: "Admin", frame: true, nav: { group: "Settings", label: "Invoicing" } },
  { path: "/admin/briefs", file: "routes/admin/briefs.tsx", access: "Admin", frame: true, nav: { group: "Orders and payments", label: "Briefs", within: ["/admin/briefs/:planId"] } },
  { path: "/admin/briefs/:planId", file: "routes/admin/brief-questions.tsx", access: "Admin", frame: true },
  { path: "/all-messages", file: "routes/admin/all-messages.tsx", access: "Admin", frame: true, nav: { group: "Inbox", label: "Messages", within: ["/view/:id"] } },
  { path: "/view/:id", file: "routes/admin/view-message.tsx", access: "Admin", frame: true },
  { path: "/all-subscriber", file: "routes/admin/all-subscriber.tsx", access: "Admin", frame: true, nav: { group: "Inbox", label: "Subscribers" } },
  // A download, not a screen: outside the frame.
  { path: "/all-subscriber/csv", file: "routes/admin/subscribers-csv.tsx", access: "Admin" },
  { path: "/admin/mail", file: "routes/admin/mail.tsx", access: "Admin", frame: true, nav: { group: "Inbox", label: "Mail" } },
  { path: "/add-user", file: "routes/admin/add-user.tsx", access: "Admin", frame: true, nav: { group: "People", label: "Admin users", within: ["/admin-user/:id"] } },
  { path: "/admin-user/:id", file: "routes/admin/admin-user.tsx", access: "Admin", frame: true },
  { path: "/admin/audit-log", file: "routes/admin/audit-log.tsx", access: "Admin", frame: true, nav: { group: "People", label: "Audit log" } },
  ...contentPages("Settings"),
  // A one-segment created page, handed here by the server past the about editor's `/:id` (content/registry/slugs.ts).
  { path: `${SINGLE_SEGMENT_PREFIX}/*`, file: "routes/site/not-found.tsx", access: "public", id: "single-segment-page" },
  // Every other path, last: a created page at that address, else the 404 page. Not a row of the access table, where unmatched paths are public.
  { path: "*", file: "routes/site/not-found.tsx", access: "public" },
];
