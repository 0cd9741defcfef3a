import { describe, expect, it } from "vitest";
import { apiAccess } from "../../access.ts";
import { CONTENT_ROLE } from "../../auth/roles.ts";
import { PAGES } from "../../pages.ts";
import { specCalls } from "../../../tests/fixtures/spec-calls.ts";
import { fieldSchema } from "./field-rules.ts";
import { sections } from "./sections.ts";
import { RESERVED_SEGMENTS, slugProblem, tagList } from "./slugs.ts";

const firstSegment = (path: string) => path.split("/")[1]!.toLowerCase();

describe("reserved slugs", () => {
  it("cover the first segment of every route of the page table", () => {
    const owned = PAGES.map((page) => page.path)
      .filter((path) => path !== "*" && path !== "/" && !path.startsWith("/:"))
      .map(firstSegment);
    expect(owned.filter((segment) => !RESERVED_SEGMENTS.has(segment))).toEqual([]);
  });

  it("cover every API call and every path of the spec (its original site served its calls at the root)", () => {
    const paths = [...Object.keys(apiAccess).map((key) => key.split(" ")[1]!), ...specCalls().map((call) => call.path)];
    expect(paths.map(firstSegment).filter((segment) => !RESERVED_SEGMENTS.has(segment))).toEqual([]);
  });

  it("refuses an owned address, a record id and a malformed slug, naming the field", () => {
    expect(slugProblem("Address (slug)", "page", "login")).toMatch(/^Address \(slug\) “login” is taken/);
    expect(slugProblem("Address (slug)", "page", "admin/pages")).toMatch(/taken/);
    expect(slugProblem("Address (slug)", "page", "blog")).toMatch(/taken/);
    expect(slugProblem("Address (slug)", "page", "pricing")).toMatch(/taken/);
    expect(slugProblem("Address (slug)", "page", "offers/0123456789abcdef01234567")).toMatch(/record id/);
    expect(slugProblem("Address (slug)", "page", "Local SEO")).toMatch(/lowercase/);
    expect(slugProblem("Address (slug)", "page", "a//b")).toMatch(/lowercase/);
    expect(slugProblem("Address (slug)", "article", "a/b")).toMatch(/no \//);
    expect(slugProblem("Address (slug)", "article", "tag")).toMatch(/blog itself/);
    expect(slugProblem("Address (slug)", "page", "local-seo/dentists")).toBeUndefined();
    expect(slugProblem("Address (slug)", "article", "how-we-rank")).toBeUndefined();
  });

  it("reads a slug typed with capitals or slashes at either end as its canonical form", () => {
    expect(fieldSchema(sections.pages.fields.slug).parse(" /Local-SEO/Dentists/ ")).toBe("local-seo/dentists");
  });

  it("reads tags in their address form, once each", () => {
    expect(tagList("Local SEO, case study,local seo, ")).toEqual(["local-seo", "case-study"]);
  });
});

describe("the pages and articles API", () => {
  it("is in the access table: anyone reads, Editors and Admins write", () => {
    for (const base of ["/pages", "/articles"] as const) {
      expect(apiAccess[`GET ${base}`]).toBe("public");
      expect(apiAccess[`GET ${base}/:id`]).toBe("public");
      expect(apiAccess[`POST ${base}`]).toBe(CONTENT_ROLE);
      expect(apiAccess[`PUT ${base}/:id`]).toBe(CONTENT_ROLE);
      expect(apiAccess[`DELETE ${base}/:id`]).toBe(CONTENT_ROLE);
    }
  });
});
