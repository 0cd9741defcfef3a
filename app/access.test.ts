import { describe, expect, it } from "vitest";
import routes from "./routes.ts";
import { pagePath } from "./shared/page-path.ts";
import { accessForPath, pageAccess } from "./access.ts";

describe("the access table", () => {
  it("lists every page route explicitly (nothing falls through to the /:id rule)", () => {
    const pages = routes.flatMap((r) => (r.children ? r.children : [r]));
    const paths = pages
      .map((r) => (r.index ? "/" : `/${r.path ?? ""}`.replace(/\/$/, "") || "/"))
      .filter((p) => p !== "/*");
    const missing = paths.filter((p) => !(p in pageAccess));
    expect(missing).toEqual([]);
  });

  it("ranks static paths above the single-segment about editor", () => {
    expect(accessForPath("/login")).toBe("public");
    expect(accessForPath("/dashboard")).toBe("user");
    expect(accessForPath("/setting")).toBe("Editor");
    expect(accessForPath("/0123456789abcdef01234567")).toBe("Editor-or-404");
    expect(accessForPath("/all-messages/")).toBe("Admin");
    expect(accessForPath("/pricing/")).toBe("public");
    expect(accessForPath("/no/such/deep/path")).toBe("public");
  });
});

describe("pagePath", () => {
  it("maps React Router data requests to the page they load", () => {
    expect(pagePath(new URL("http://x/register.data?_routes=routes%2Fauth%2Fregister"))).toEqual({ pathname: "/register", search: "" });
    expect(pagePath(new URL("http://x/_.data"))).toEqual({ pathname: "/", search: "" });
    expect(pagePath(new URL("http://x/all-messages/_.data?page=2"))).toEqual({ pathname: "/all-messages/", search: "?page=2" });
    expect(pagePath(new URL("http://x/dashboard?tab=1"))).toEqual({ pathname: "/dashboard", search: "?tab=1" });
  });
});
