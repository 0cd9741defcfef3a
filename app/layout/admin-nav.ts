import { matchRoutes } from "react-router";
import { accessForPath, requiredRole } from "../auth/access.ts";
import { hasRole, type RoleHolder } from "../auth/roles.ts";
import { adminPages } from "../content/admin/admin-pages.ts";
import { PREVIEW_PATHS } from "../content/public/preview.ts";

/**
 * Every admin screen, as data: the sidebar, the breadcrumb and the "current screen" mark all read
 * this list. A new screen is one line here (and its route and access entry); who may see it comes
 * from the access table, so the sidebar never offers what the server would refuse.
 */

export const NAV_GROUPS = ["Content", "Orders and payments", "Inbox", "People", "Settings"] as const;
export type NavGroup = (typeof NAV_GROUPS)[number];

export interface AdminScreen {
  group: NavGroup;
  label: string;
  path: string;
  /** Screens opened from this one (an edit screen, one message), as route patterns. */
  within?: string[];
}

/** The dashboard: the top of the sidebar and the first crumb of every breadcrumb. */
export const DASHBOARD = { label: "Dashboard", path: "/admin" } as const;

/** The content pages of the section registry that belong in `group`, each with its edit screens. */
const contentScreens = (group: NavGroup): AdminScreen[] =>
  adminPages
    .filter((page) => (page.sections[0]?.admin.navGroup ?? "Content") === group)
    .map((page) => ({ group, label: page.title, path: page.path, within: page.sections.flatMap((def) => [def.editPath, ...(def.aliasEditPaths ?? [])]) }));

export const ADMIN_SCREENS: AdminScreen[] = [
  { group: "Content", label: "Site content", path: "/setting", within: ["/admin/history/:id"] },
  { group: "Content", label: "Media library", path: "/admin/media" },
  // The previews are reached from here (they show the public frame, not this one).
  { group: "Content", label: "Unpublished changes", path: "/admin/drafts", within: Object.values(PREVIEW_PATHS) },
  ...contentScreens("Content"),
  { group: "Content", label: "Trash", path: "/admin/trash" },
  { group: "Content", label: "Template items", path: "/items", within: ["/add-item", "/edit-item/:id"] },
  { group: "Orders and payments", label: "All orders", path: "/total-orders", within: ["/admin/payment-status/:id"] },
  { group: "Orders and payments", label: "Payments", path: "/admin/payments" },
  { group: "Inbox", label: "Messages", path: "/all-messages", within: ["/view/:id"] },
  { group: "Inbox", label: "Subscribers", path: "/all-subscriber" },
  { group: "Inbox", label: "Mail", path: "/admin/mail" },
  { group: "People", label: "Admin users", path: "/add-user", within: ["/admin-user/:id"] },
  { group: "People", label: "Audit log", path: "/admin/audit-log" },
  ...contentScreens("Settings"),
];

/** True when the access table lets `viewer` open `path`. */
export function mayOpen(viewer: RoleHolder, path: string): boolean {
  const role = requiredRole(accessForPath(path));
  return role ? hasRole(viewer, role) : true;
}

// Each screen's role, looked up in the access table once (every admin page draws the sidebar).
const screenRoles = new Map(ADMIN_SCREENS.map((screen) => [screen, requiredRole(accessForPath(screen.path))]));

/** The screens the viewer's roles allow, grouped in sidebar order (empty groups left out). */
export function sidebarGroups(viewer: RoleHolder): { group: NavGroup; screens: AdminScreen[] }[] {
  const visible = ADMIN_SCREENS.filter((screen) => {
    const role = screenRoles.get(screen);
    return role ? hasRole(viewer, role) : true;
  });
  return NAV_GROUPS.map((group) => ({ group, screens: visible.filter((s) => s.group === group) })).filter((g) => g.screens.length > 0);
}

type Located = { screen: AdminScreen | typeof DASHBOARD; exact: boolean };

// Ranked like the router ranks routes: a static path beats the about editor's `/:id`.
const screenRoutes = [
  { path: DASHBOARD.path, located: { screen: DASHBOARD, exact: true } },
  ...ADMIN_SCREENS.flatMap((screen) => [
    { path: screen.path, located: { screen, exact: true } },
    ...(screen.within ?? []).map((path) => ({ path, located: { screen, exact: false } })),
  ]),
];

const located = new Map<string, Located | undefined>();

/** The screen at a URL path: the entry itself (`exact`) or the entry a sub-screen belongs to. */
export function screenAt(pathname: string): Located | undefined {
  if (located.has(pathname)) return located.get(pathname);
  const leaf = matchRoutes(screenRoutes, pathname)?.at(-1)?.route as { located: Located } | undefined;
  // Remembered per path (record ids make paths many, so the memory is bounded).
  if (located.size > 500) located.clear();
  located.set(pathname, leaf?.located);
  return leaf?.located;
}
