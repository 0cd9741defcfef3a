import { matchRoutes } from "react-router";
import { hasRole, requiredRole, type RoleHolder } from "../auth/roles.ts";
import { NAV_GROUPS, type NavGroup, PAGES } from "../pages.ts";

/**
 * The admin sidebar, the breadcrumb and the "current screen" mark, derived from the page table
 * (app/pages.ts): a page with a sidebar entry is a screen here. Who sees an entry is its page's
 * access level, so the sidebar never offers what the server would refuse.
 */

export { NAV_GROUPS, type NavGroup };

export interface AdminScreen {
  group: NavGroup;
  label: string;
  path: string;
  /** Screens opened from this one (an edit screen, one message), as route patterns. */
  within?: readonly string[];
}

// The rows with a sidebar entry, each with the role its page needs.
const entries = PAGES.flatMap(({ path, access, nav }) => (nav ? [{ path, nav, role: requiredRole(access) }] : []));
const top = entries.find((entry) => !entry.nav.group);
if (!top) throw new Error("app/pages.ts: no dashboard (a sidebar entry without a group)");

/** The dashboard: the top of the sidebar and the first crumb of every breadcrumb. */
export const DASHBOARD = { label: top.nav.label, path: top.path } as const;

// Each screen with its page's role, read once (every admin page draws the sidebar).
const screens = entries.flatMap(({ path, nav: { group, label, within }, role }) => (group ? [{ screen: { group, label, path, ...(within ? { within } : {}) } satisfies AdminScreen, role }] : []));

/** Every sidebar entry but the dashboard, in sidebar order within each group. */
export const ADMIN_SCREENS: AdminScreen[] = screens.map((s) => s.screen);

/** The screens the viewer's roles allow, grouped in sidebar order (empty groups left out). */
export function sidebarGroups(viewer: RoleHolder): { group: NavGroup; screens: AdminScreen[] }[] {
  const visible = screens.filter(({ role }) => !role || hasRole(viewer, role)).map((s) => s.screen);
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
