import { describe, expect, it } from "vitest";
import { locationFor, pathKey, planRule, redirectTarget, type Rule, sourcePath, targetKey } from "./redirect-rules.ts";

const ORIGIN = "https://agency.example";

describe("paths", () => {
  it("keys a path without query, fragment or trailing slash, case and root kept", () => {
    expect(pathKey("/old-page/")).toBe("/old-page");
    expect(pathKey("/old-page")).toBe("/old-page");
    expect(pathKey("/Old/Page//")).toBe("/Old/Page");
    expect(pathKey("/")).toBe("/");
    expect(pathKey("/café")).toBe("/caf%C3%A9");
    expect(pathKey("//evil.example/old")).toBe("//evil.example/old");
    expect(pathKey("/a/./b/../c/")).toBe("/a/c");
    expect(pathKey("/a b")).toBe("/a%20b");
  });

  it("reads a From path: a site path or this site's address; refuses other hosts and relative text", () => {
    expect(sourcePath(" /old-page/?utm_source=x#top ")).toEqual({ ok: true, value: "/old-page" });
    expect(sourcePath("https://agency.example/old/", ORIGIN)).toEqual({ ok: true, value: "/old" });
    expect(sourcePath("https://elsewhere.example/old/", ORIGIN)).toMatchObject({ ok: false, message: expect.stringContaining("path on this site") });
    expect(sourcePath("old-page")).toMatchObject({ ok: false, message: expect.stringContaining("must start with /") });
    expect(sourcePath("//evil.example/x")).toMatchObject({ ok: false });
    expect(sourcePath("")).toEqual({ ok: false, message: "From path is required" });
    expect(sourcePath(`/${"a".repeat(600)}`)).toMatchObject({ ok: false, message: expect.stringContaining("at most 500") });
  });

  it("reads a target: a site path as typed, an http(s) address, this site's address as its path", () => {
    expect(redirectTarget("/new-page/")).toEqual({ ok: true, value: "/new-page/" });
    expect(redirectTarget("/new?x=1#a")).toEqual({ ok: true, value: "/new?x=1#a" });
    expect(redirectTarget("https://other.example/a?b=1")).toEqual({ ok: true, value: "https://other.example/a?b=1" });
    expect(redirectTarget("https://agency.example/new/", ORIGIN)).toEqual({ ok: true, value: "/new/" });
    for (const bad of ["javascript:alert(1)", "//evil.example", "new-page", "ftp://x.example/", "/a b", ""]) expect(redirectTarget(bad).ok, bad).toBe(false);
    expect(targetKey("/new/?x=1")).toBe("/new");
    expect(targetKey("https://other.example/")).toBeUndefined();
  });

  it("keeps the request's query on the target, after the target's own", () => {
    expect(locationFor("/new/", "?utm_source=mail&id=3")).toBe("/new/?utm_source=mail&id=3");
    expect(locationFor("/new/?lang=en", "?id=3")).toBe("/new/?lang=en&id=3");
    expect(locationFor("/new/#faq", "?id=3")).toBe("/new/?id=3#faq");
    expect(locationFor("https://other.example/", "")).toBe("https://other.example/");
  });
});

const rule = (id: string, from: string, to: string | null, status: Rule["status"] = 301): Rule => ({ id, from, to, status });

describe("fitting a rule among the others", () => {
  it("collapses a chain through an existing rule: A→B while B→C stores A→C", () => {
    const planned = planRule([rule("1", "/b", "/c/")], { from: "/a", to: "/b/", status: 301 });
    expect(planned).toEqual({ ok: true, plan: { to: "/c/", rewrites: [] } });
  });

  it("rewrites the rules that point at the new source: B→C while A→B makes A→C", () => {
    const planned = planRule([rule("1", "/a", "/b/?ref=x")], { from: "/b", to: "/c/", status: 301 });
    expect(planned).toEqual({ ok: true, plan: { to: "/c/", rewrites: [{ id: "1", to: "/c/?ref=x" }] } });
  });

  it("refuses a loop, naming To: A→A, and A→B while B→A", () => {
    expect(planRule([], { from: "/a", to: "/a/", status: 301 })).toMatchObject({ ok: false, field: "to", message: expect.stringContaining("loop") });
    expect(planRule([rule("1", "/b", "/a")], { from: "/a", to: "/b", status: 302 })).toMatchObject({ ok: false, field: "to" });
  });

  it("refuses a second rule from the same path, naming From path", () => {
    expect(planRule([rule("1", "/a", "/x")], { from: "/a", to: "/y", status: 301 })).toMatchObject({ ok: false, field: "from" });
  });

  it("treats 410 as the end of a chain, not a hop", () => {
    expect(planRule([rule("1", "/b", null, 410)], { from: "/a", to: "/b", status: 301 })).toEqual({ ok: true, plan: { to: "/b", rewrites: [] } });
    expect(planRule([rule("1", "/a", "/b")], { from: "/b", to: null, status: 410 })).toEqual({ ok: true, plan: { to: null, rewrites: [] } });
  });

  it("leaves other sites' addresses alone", () => {
    expect(planRule([rule("1", "/b", "https://other.example/b")], { from: "/a", to: "/b", status: 301 })).toEqual({ ok: true, plan: { to: "https://other.example/b", rewrites: [] } });
  });
});
