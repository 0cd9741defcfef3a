import { describe, expect, it } from "vitest";
import { isAppPath } from "./app-paths.ts";

describe("paths the app owns", () => {
  it("are its areas, its fixed pages and its signed-in pages", () => {
    for (const path of ["/", "/api/redirects", "/admin", "/admin/redirects", "/assets/x.js", "/media/a.png", "/login", "/pricing", "/contact-us", "/orders/0123456789abcdef01234567", "/0123456789abcdef01234567"]) {
      expect(isAppPath(path), path).toBe(true);
    }
  });

  it("leave any other path to content: missing pages, old slugs, a lone segment that is not a record id", () => {
    for (const path of ["/old-page", "/blog/old-article", "/wp-admin", "/services/local-seo"]) expect(isAppPath(path), path).toBe(false);
  });
});
