import { describe, expect, it } from "vitest";
import { safeRedirect } from "./permissions.server.ts";

describe("safeRedirect", () => {
  it("keeps same-site paths with their query and fragment", () => {
    expect(safeRedirect("/my-order")).toBe("/my-order");
    expect(safeRedirect("/received-payment/abc?x=1#top")).toBe("/received-payment/abc?x=1#top");
    expect(safeRedirect("/a/../b")).toBe("/b");
  });

  it("falls back for other sites, however they are spelled", () => {
    for (const target of ["//evil.example/", "/\\evil.example", "https://evil.example/", "evil.example", "/\t/evil.example/", "/\n/x", "/\r\n/x", "/ /evil", "/\u2028x", "/\u0000x", "javascript:alert(1)", "", null, undefined, "/.//evil.example/x", "/%2e%2e//evil.example", "/a/..//evil.example"]) {
      expect(safeRedirect(target as string)).toBe("/dashboard");
    }
  });

  it("uses the fallback it is given", () => {
    expect(safeRedirect("//evil.example", "/")).toBe("/");
  });
});
