import { describe, expect, it } from "vitest";
import { pageAccess, requiredRole } from "../access.ts";
import { ADMIN_SCREENS, DASHBOARD, NAV_GROUPS, screenAt, sidebarGroups } from "./admin-nav.ts";

const concrete = (pattern: string) => pattern.replace(/:\w+/g, "0123456789abcdef01234567");

describe("the admin navigation", () => {
  it("places every admin page in the sidebar, as an entry or a screen opened from one", () => {
    const adminPages = Object.entries(pageAccess)
      .filter(([path, access]) => requiredRole(access) && path !== "/all-subscriber/csv")
      .map(([path]) => path);
    const missing = adminPages.filter((path) => !screenAt(concrete(path)));
    expect(missing).toEqual([]);
  });

  it("shows nothing to someone without a role, and every group to an admin", () => {
    expect(sidebarGroups({ roles: [] })).toEqual([]);
    expect(sidebarGroups({ roles: ["Admin"] }).map((g) => g.group)).toEqual([...NAV_GROUPS]);
    expect(sidebarGroups({ roles: ["Admin"] }).flatMap((g) => g.screens)).toHaveLength(ADMIN_SCREENS.length);
  });

  it("shows an Editor the content screens and nothing of orders, inbox, people or the payment account", () => {
    const groups = sidebarGroups({ roles: ["Editor"] });
    expect(groups.map((g) => g.group)).toEqual(["Content"]);
    expect(groups[0]!.screens.map((s) => s.label)).toEqual(ADMIN_SCREENS.filter((s) => s.group === "Content").map((s) => s.label));
  });

  it("finds the entry of a screen and of the screens opened from it", () => {
    expect(screenAt("/admin")).toEqual({ screen: DASHBOARD, exact: true });
    expect(screenAt("/all-messages/")).toMatchObject({ screen: { label: "Messages" }, exact: true });
    expect(screenAt("/view/0123456789abcdef01234567")).toMatchObject({ screen: { label: "Messages" }, exact: false });
    expect(screenAt("/banner/0123456789abcdef01234567")).toMatchObject({ screen: { path: "/edit-banner" }, exact: false });
    // The about editor's single-segment path ranks below every static one.
    expect(screenAt("/0123456789abcdef01234567")).toMatchObject({ screen: { path: "/edit-about" }, exact: false });
    expect(screenAt("/setting")).toMatchObject({ screen: { path: "/setting" }, exact: true });
    expect(screenAt("/add-paypal-Email")).toMatchObject({ screen: { group: "Settings" }, exact: true });
  });
});
