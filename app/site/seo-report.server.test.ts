import { describe, expect, it } from "vitest";
import type { Db } from "../db/db.server.ts";
import type { PublicDocument } from "./public-documents.server.ts";
import { runSeoReport } from "./seo-report.server.ts";

const SITE = "https://site.example";
const doc = (path: string, extra: Partial<PublicDocument> = {}): PublicDocument => ({ path, kind: "page", label: `Page ${path}`, editUrl: `/edit${path}`, noindex: false, priority: "0.5", ...extra });
const html = ({ title = "T", description = "D", body = "<h1>H</h1>" }: { title?: string; description?: string; body?: string }) =>
  `<!DOCTYPE html><html><head><title>${title}</title>${description ? `<meta name="description" content="${description}">` : ""}</head><body><main>${body}</main></body></html>`;

/** A site of fixed pages: paths not listed answer 404; every render is counted. */
function site(pages: Record<string, string>) {
  const rendered: string[] = [];
  const render = async (path: string) => {
    rendered.push(path);
    return path in pages ? new Response(pages[path], { status: 200 }) : new Response("missing", { status: 404 });
  };
  return { render, rendered };
}

const run = (pages: Record<string, string>, documents: PublicDocument[], extra: Partial<Parameters<typeof runSeoReport>[0]> = {}) => {
  const s = site(pages);
  return { s, report: runSeoReport({ db: {} as Db, render: s.render, siteUrl: SITE, documents, ...extra }) };
};
const kinds = (findings: { kind: string; path?: string }[]) => findings.map((f) => `${f.kind} ${f.path ?? ""}`.trim()).sort();

describe("the SEO report", () => {
  it("says nothing about a clean page", async () => {
    const { report } = run({ "/a/": html({ title: "A", description: "About A" }) }, [doc("/a/")]);
    expect((await report).findings).toEqual([]);
  });

  it("finds missing and duplicate titles and descriptions, linking to the SEO fields", async () => {
    const pages = { "/a/": html({ title: "Same", description: "" }), "/b/": html({ title: " same ", description: "Unique" }), "/c/": html({ title: "", description: "Unique" }) };
    const { findings } = await run(pages, [doc("/a/"), doc("/b/", { seoEditUrl: "/seo/b" }), doc("/c/")]).report;
    expect(kinds(findings)).toEqual(["duplicate-description /b/", "duplicate-description /c/", "duplicate-title /a/", "duplicate-title /b/", "missing-description /a/", "missing-title /c/"]);
    expect(findings.find((f) => f.kind === "duplicate-title" && f.path === "/b/")).toMatchObject({ fixUrl: "/seo/b", detail: "The same title as Page /a/." });
  });

  it("finds pages without exactly one h1, rendered images without alt, and short articles", async () => {
    const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");
    const pages = {
      "/none/": html({ title: "1", body: "<p>no heading</p>" }),
      "/two/": html({ title: "2", body: '<h1>A</h1><h1>B</h1><img src="/media/x-dog.png"><img src="/ok.png" alt="">' }),
      "/short/": html({ title: "3", body: `<article><h1>S</h1><p>${words(298)}</p></article>` }),
      "/long/": html({ title: "4", body: `<article><h1>L</h1><p>${words(299)}</p></article>` }),
    };
    const docs = [doc("/none/"), doc("/two/"), doc("/short/", { kind: "article" }), doc("/long/", { kind: "article" })];
    const { findings } = await run(pages, docs, { documents: docs.map((d, i) => ({ ...d, label: `L${i}` })) }).report;
    expect(kinds(findings).filter((k) => !k.startsWith("duplicate-description"))).toEqual(["h1-count /none/", "h1-count /two/", "image-without-alt /two/", "short-article /short/"]);
    expect(findings.find((f) => f.kind === "image-without-alt")).toMatchObject({ label: "x-dog.png", fixUrl: "/edit/two/" });
    expect(findings.find((f) => f.kind === "short-article")!.detail).toContain("299 words; under 300");
  });

  it("finds internal links that answer 404, rendering each target once, and ignores other sites", async () => {
    const body = '<h1>H</h1><a href="/b/">ok</a><a href="/gone/">gone</a><a href="https://site.example/gone/#x">again</a><a href="https://elsewhere.example/gone/">out</a><a href="#top">top</a>';
    const { s, report } = run({ "/a/": html({ title: "A", body }), "/b/": html({ title: "B", description: "B", body: `<h1>B</h1><a href="/gone/">gone</a>` }) }, [doc("/a/"), doc("/b/")]);
    const { findings, linksChecked } = await report;
    expect(kinds(findings)).toEqual(["broken-link /a/", "broken-link /b/"]);
    expect(findings[0]!.detail).toBe("Links to /gone/, which answers 404.");
    expect(linksChecked).toBe(2);
    expect(s.rendered.filter((p) => p === "/gone/")).toHaveLength(1);
  });

  it("asks the redirects table first: a link to a moved path is fine, one to a Gone path is broken", async () => {
    const body = '<h1>H</h1><a href="/old/?x=1">moved</a><a href="/retired/">gone</a>';
    const rules: Record<string, { status: number }> = { "/old/": { status: 301 }, "/retired/": { status: 410 } };
    const { s, report } = run({ "/a/": html({ title: "A", body }) }, [doc("/a/")], { findRedirect: async (path) => rules[path] });
    const { findings } = await report;
    expect(findings.map((f) => f.detail)).toEqual(["Links to /retired/, which answers 410."]);
    expect(s.rendered).toEqual(["/a/"]);
  });

  it("checks a bounded number of link targets and says how many it left", async () => {
    const body = `<h1>H</h1>${Array.from({ length: 5 }, (_, i) => `<a href="/p${i}/">${i}</a>`).join("")}`;
    const { linksChecked, linksSkipped } = await run({ "/a/": html({ body }) }, [doc("/a/")], { maxLinks: 3 }).report;
    expect({ linksChecked, linksSkipped }).toEqual({ linksChecked: 3, linksSkipped: 2 });
  });

  it("lists noindex pages and what the stored checks find", async () => {
    const stored = { kind: "image-without-alt" as const, label: "cat.png", detail: "No alt text.", fixUrl: "/admin/media" };
    const { findings } = await run({ "/a/": html({}) }, [doc("/a/", { noindex: true, seoEditUrl: "/seo/a" })], { storedChecks: [async () => [stored]] }).report;
    expect(findings).toEqual([expect.objectContaining({ kind: "noindex", path: "/a/", fixUrl: "/seo/a" }), stored]);
  });

  it("reports a listed page that does not render", async () => {
    const { findings } = await run({}, [doc("/gone/")]).report;
    expect(findings).toEqual([expect.objectContaining({ kind: "broken-link", path: "/gone/", detail: "The page itself answers 404." })]);
  });
});
