import { matchPath } from "react-router";
import { describe, expect, it } from "vitest";
import { pageAccess, requiredRole } from "../access.ts";
import { disallowedPrefixes, robotsTxt, sitemapXml } from "./crawl.ts";

describe("robots.txt", () => {
  const prefixes = disallowedPrefixes();
  const blocked = (path: string) => prefixes.some((p) => path.startsWith(p));
  const example = (pattern: string) => pattern.replace(/:\w+/g, "0123456789abcdef01234567");

  it("keeps crawlers out of every customer and admin page", () => {
    for (const [pattern, access] of Object.entries(pageAccess)) {
      if ((access === "user" || requiredRole(access)) && !pattern.startsWith("/:")) expect(blocked(example(pattern)), pattern).toBe(true);
    }
    for (const path of ["/admin", "/dashboard", "/setting", "/my-order", "/order-now/1", "/api/orders"]) expect(blocked(path), path).toBe(true);
  });

  it("blocks no public page", () => {
    for (const [pattern, access] of Object.entries(pageAccess)) {
      if (access === "public") expect(blocked(example(pattern)), pattern).toBe(false);
    }
    for (const path of ["/", "/pricing/", "/service/", "/contact", "/sitemap.xml"]) expect(blocked(path), path).toBe(false);
    expect(matchPath("/:id", "/pricing")).not.toBeNull(); // why /:id cannot be a robots rule
  });

  it("points to the sitemap", () => {
    expect(robotsTxt("https://r.example")).toContain("Sitemap: https://r.example/sitemap.xml");
  });
});

describe("sitemap.xml", () => {
  it("lists the public pages with absolute URLs", () => {
    const docs = [
      { path: "/", noindex: false, priority: "1.0" },
      { path: "/pricing/", noindex: false, priority: "0.9" },
      { path: "/blog/a/", updatedAt: "2026-03-04T05:06:07.000Z", noindex: false, priority: "0.6" },
      { path: "/hidden/", updatedAt: "2026-03-04T05:06:07.000Z", noindex: true, priority: "0.7" },
    ];
    const xml = sitemapXml("https://r.example", docs, "2026-01-02");
    for (const loc of ["https://r.example/", "https://r.example/pricing/", "https://r.example/blog/a/"]) {
      expect(xml).toContain(`<loc>${loc}</loc>`);
    }
    expect(xml).toContain("<lastmod>2026-01-02</lastmod>");
    expect(xml).toContain("<loc>https://r.example/blog/a/</loc>\n    <lastmod>2026-03-04</lastmod>");
    expect(xml).not.toContain("hidden");
  });
});
