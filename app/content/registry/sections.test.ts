import { describe, expect, it } from "vitest";
import { specCalls } from "../../../tests/fixtures/spec-calls.ts";
import { apiAccess, pageAccess } from "../../access.ts";
import { fieldSchema } from "./field-rules.ts";
import { allSections, type SectionDef, sections } from "./sections.ts";

const all = allSections();

const CONTENT_AREAS = new Set([
  "logo", "banner", "about", "service text", "service items", "video text", "video items", "steps", "work steps",
  "contact details", "footer about", "footer address", "footer social", "copyright", "counters", "call to action",
  "experience", "faq heading", "faq items", "testimonial text", "testimonials", "features text", "feature items",
  "team text", "team members", "pricing plans", "payment account",
]);

describe("the section registry", () => {
  // Which sections exist is the spec's call list's to say (below), not a copy of the keys here.
  it("names every section by its key", () => {
    for (const [key, def] of Object.entries(sections)) expect(def.key).toBe(key);
  });

  const contentCalls = specCalls().filter((c) => CONTENT_AREAS.has(c.area));
  it("covers all 27 content areas of the spec's call list", () => {
    expect(new Set(contentCalls.map((c) => c.area)).size).toBe(27);
  });

  for (const call of contentCalls) {
    it(`${call.method} ${call.path} exists with the spec's access, fields and success text`, () => {
      const access = apiAccess[`${call.method} ${call.path}` as keyof typeof apiAccess];
      expect(access).toBe(call.who === "anyone" ? "public" : call.area === "payment account" ? "Admin" : "Editor");
      const def = all.find((d) => Object.values(d.api).includes(call.path) && (call.method === "GET" ? d.api.list === call.path || d.api.one === call.path : true) && matchesWrite(d, call));
      expect(def, "a section serves this call").toBeDefined();
      for (const field of call.fields) expect(Object.keys(def!.fields)).toContain(field);
      if (call.success && !call.success.startsWith("(not given")) {
        expect(call.method === "POST" ? def!.saved.create : def!.saved.update).toBe(call.success);
      }
    });
  }

  it("puts every admin screen in the access table with its section's write role", () => {
    for (const def of all) {
      for (const path of [def.adminPath, def.editPath, ...(def.aliasEditPaths ?? [])]) {
        expect(pageAccess[path], path).toBe(path === "/:id" ? `${def.write}-or-404` : def.write);
      }
    }
  });

  it("gives each call one section (no two sections share a method and path)", () => {
    const seen = new Map<string, string>();
    for (const def of all) {
      const calls = [`GET ${def.api.list}`, `GET ${def.api.one}`, `POST ${def.api.create}`, `PUT ${def.api.update}`];
      if (def.api.remove) calls.push(`DELETE ${def.api.remove}`);
      if (def.api.reorder) calls.push(`PUT ${def.api.reorder}`);
      for (const call of calls) {
        expect(seen.get(call) ?? def.key, call).toBe(def.key);
        seen.set(call, def.key);
      }
    }
  });
});

function matchesWrite(def: SectionDef, call: { method: string; path: string }) {
  if (call.method === "POST") return def.api.create === call.path;
  if (call.method === "PUT") return def.api.update === call.path;
  return true;
}

describe("field rules", () => {
  const url = fieldSchema({ kind: "url", label: "Link", max: 100 });
  it("accepts only http(s) and site-relative links", () => {
    for (const ok of ["https://example.com/x", "http://example.com", "/contact", "/#pricing", "#pricing"]) expect(url.safeParse(ok).success, ok).toBe(true);
    for (const bad of ["javascript:alert(1)", "data:text/html,x", "//evil.example", "/\\evil", "ftp://x", "", "   "]) expect(url.safeParse(bad).success, bad).toBe(false);
  });
  it("bounds length and requires a value", () => {
    const text = fieldSchema({ kind: "text", label: "Heading", max: 5 });
    expect(text.safeParse("12345").success).toBe(true);
    expect(text.safeParse("123456").error?.issues[0]?.message).toBe("Heading must be at most 5 characters");
    expect(text.safeParse("").error?.issues[0]?.message).toBe("Heading is required");
  });
  it("checks numbers, emails and choices", () => {
    const n = fieldSchema({ kind: "number", label: "Price", max: 12, min: 1, upper: 100 });
    expect(n.safeParse("49.99").success).toBe(true);
    expect(n.safeParse("0").success).toBe(false);
    expect(n.safeParse("abc").success).toBe(false);
    expect(fieldSchema({ kind: "email", label: "Email", max: 50 }).safeParse("a@b.io").success).toBe(true);
    expect(fieldSchema({ kind: "email", label: "Email", max: 50 }).safeParse("a@").success).toBe(false);
    const c = fieldSchema({ kind: "choice", label: "Plan", max: 20, options: ["Basic", "Premium"] });
    expect(c.safeParse("Premium").success).toBe(true);
    expect(c.safeParse("Gold").success).toBe(false);
  });
});
