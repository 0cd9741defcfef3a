import { describe, expect, it } from "vitest";
import { accessForPath, pageAccess } from "./access.ts";
import { ROLES, requiredRole, type Role } from "./auth/roles.ts";
import { ADMIN_SCREENS, DASHBOARD, screenAt, sidebarGroups } from "./layout/admin-nav.ts";
import { PAGES } from "./pages.ts";
import routes from "./routes.ts";

/** The page table and what is derived from it: the routes, the access table, the admin sidebar. */

type Entry = { path?: string; index?: boolean; file: string; id?: string; children?: Entry[] };
const ADMIN_LAYOUT = "routes/admin/layout.tsx";

/** The route config as rows: the URL pattern, module, id and whether it sits in the admin frame. */
const flat = (entries: Entry[], frame = false): { path: string; file: string; id?: string; frame: boolean }[] =>
  entries.flatMap((r) =>
    r.children
      ? flat(r.children, frame || r.file === ADMIN_LAYOUT)
      : [{ path: r.index ? "/" : r.path === "*" ? "*" : `/${r.path}`, file: r.file, ...(r.id ? { id: r.id } : {}), frame }],
  );
const routed = flat(routes as Entry[]);

const concrete = (pattern: string) => pattern.replace(/:\w+/g, "0123456789abcdef01234567");
/** The roles below `role`: a viewer holding one of them (or none) must not see what needs `role`. */
const weaker = (role: Role): Role[][] => [[], ...ROLES.slice(0, ROLES.indexOf(role)).map((r) => [r])];

describe("the page table", () => {
  it("has each path once", () => {
    const paths = PAGES.map((page) => page.path.toLowerCase());
    expect(paths.filter((path, i) => paths.indexOf(path) !== i)).toEqual([]);
  });

  it("becomes the route config: every row with its module and id, in the admin frame or outside it, the 404 page last", () => {
    expect(routed).toHaveLength(PAGES.length);
    for (const page of PAGES) {
      expect(routed, page.path).toContainEqual({ path: page.path, file: page.file, ...(page.id ? { id: page.id } : {}), frame: page.frame === true });
    }
    expect(routed.at(-1)?.path).toBe("*");
  });

  it("becomes the access table: every row with its level, found for a URL of its pattern", () => {
    const rows = PAGES.filter((page) => page.path !== "*");
    expect(Object.keys(pageAccess)).toHaveLength(rows.length);
    for (const page of rows) {
      expect(pageAccess[page.path], page.path).toBe(page.access);
      expect(accessForPath(concrete(page.path)), page.path).toBe(page.access);
    }
  });

  it("becomes the sidebar: each entry shown to a viewer with its page's role, and not to a weaker one", () => {
    const entries = PAGES.filter((page) => page.nav?.group);
    expect(ADMIN_SCREENS.map((s) => s.path)).toEqual(entries.map((page) => page.path));
    for (const page of entries) {
      expect(page.frame, `${page.path} is a screen of the admin frame`).toBe(true);
      const role = requiredRole(page.access);
      expect(role, `${page.path} needs a role`).toBeDefined();
      const shown = (roles: Role[]) => sidebarGroups({ roles }).some((g) => g.group === page.nav!.group && g.screens.some((s) => s.path === page.path && s.label === page.nav!.label));
      expect(shown([role!]), `${page.path} for ${role}`).toBe(true);
      for (const roles of weaker(role!)) expect(shown(roles), `${page.path} for ${roles.join() || "no role"}`).toBe(false);
    }
  });

  it("has one dashboard, the entry without a group, in the admin frame", () => {
    const top = PAGES.filter((page) => page.nav && !page.nav.group);
    expect(top.map((page) => ({ path: page.path, label: page.nav!.label, frame: page.frame }))).toEqual([{ path: DASHBOARD.path, label: DASHBOARD.label, frame: true }]);
  });

  it("names only rows of the table as screens opened from an entry, and places every other admin-frame row under one", () => {
    const paths = new Set(PAGES.map((page) => page.path));
    for (const page of PAGES) for (const path of page.nav?.within ?? []) expect(paths.has(path), `${page.path} within ${path}`).toBe(true);
    const unplaced = PAGES.filter((page) => page.frame && !screenAt(concrete(page.path))).map((page) => page.path);
    expect(unplaced).toEqual([]);
  });
});
