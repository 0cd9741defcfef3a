import { describe, expect, it } from "vitest";
import { COMMAND_LINE } from "../audit/actions.ts";
import { assertRecentlyConfirmed, CONFIRM_FIRST, confirmPath, isRecentlyConfirmed, roleWaitPath } from "./confirmation.ts";

describe("re-authentication", () => {
  const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

  it("holds for 10 minutes after the person proved it is them", () => {
    expect(isRecentlyConfirmed(minutesAgo(9))).toBe(true);
    expect(isRecentlyConfirmed(minutesAgo(11))).toBe(false);
    expect(isRecentlyConfirmed(null)).toBe(false);
    expect(() => assertRecentlyConfirmed({ email: "a@example.com", confirmedAt: minutesAgo(11) })).toThrow(CONFIRM_FIRST);
    expect(() => assertRecentlyConfirmed({ email: "a@example.com", confirmedAt: minutesAgo(1) })).not.toThrow();
  });

  it("trusts the operator on the command line", () => {
    expect(() => assertRecentlyConfirmed({ email: COMMAND_LINE })).not.toThrow();
  });

  it("sends a page there and back", () => {
    expect(confirmPath("/add-user?page=2")).toBe("/account/confirm?redirectTo=%2Fadd-user%3Fpage%3D2");
    expect(roleWaitPath({ role: "Admin", missing: "second-factor-setup" }, "/admin")).toBe("/account/two-factor?redirectTo=%2Fadmin");
    expect(roleWaitPath({ role: "Admin", missing: "second-factor" }, "/admin")).toBe("/account/confirm?factor=second&redirectTo=%2Fadmin");
    expect(roleWaitPath({ role: "Editor", missing: "verified-address" }, "/setting")).toBe("/account");
  });
});
