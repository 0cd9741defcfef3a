import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sectionDef } from "~/content/registry/sections.ts";
import { listPublicDocuments } from "~/site/public-documents.server.ts";
import { runSeoReport } from "~/site/seo-report.server.ts";
import { textOf } from "~/seo/html-checks.ts";
import { signedUpClient, startTestServer, type TestClient, type TestServer } from "../setup/server.ts";

/**
 * The SEO report (issue 23, item 5) over HTTP on the demo site: an Editor runs it, it reads every
 * public page as a visitor gets it and lists each kind of problem this site can have (duplicate
 * titles, a page without its h1, a link to a page that does not exist, a page hidden from search
 * engines), each with a link to where it is fixed, and nothing for a clean page.
 * (A missing title or description cannot happen on the spec's pages, which fall back to their
 * content; those checks, short articles and images without alt are covered in
 * app/site/seo-report.server.test.ts.)
 */
let server: TestServer;
let editor: TestClient;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer({ DEMO_CONTENT: "on" });
  editor = await signedUpClient(server, "writer@example.com", "quiet-harbor-42", { role: "Editor" });
  admin = await signedUpClient(server, "owner@example.com", "quiet-harbor-42", { admin: true });
});
afterAll(async () => server?.close());

const appearance = sectionDef("searchAppearance");
type Row = { text: string; fix?: string };

/** The report's rows as text, each with its "Fix it" link. */
async function runReport(): Promise<{ status: string; rows: Row[] }> {
  const response = await editor.fetch("/admin/seo-report?run=1");
  expect(response.status).toBe(200);
  const html = (await response.text()).replaceAll("<!-- -->", "");
  const status = textOf(/<p role="status"[^>]*>([\s\S]*?)<\/p>/.exec(html)?.[1] ?? "");
  const body = /<tbody[^>]*>([\s\S]*?)<\/tbody>/.exec(html)?.[1] ?? "";
  const rows = body
    .split(/<tr\b/)
    .slice(1)
    .map((row) => ({ text: textOf(`<tr${row}`), fix: /<a [^>]*href="([^"]*)"[^>]*>Fix it/.exec(row)?.[1] }));
  return { status, rows };
}
const about = (rows: Row[], path: string) => rows.filter((r) => r.text.includes(` ${path} `) || r.text.includes(`${path} `));

async function entryOf(page: string) {
  const list = (await admin.json("GET", `/api${appearance.api.list}`)).body as ({ _id: string } & Record<string, string>)[];
  return list.find((e) => e.page === page)!;
}
async function setAppearance(page: string, values: Record<string, string>) {
  const entry = await entryOf(page);
  const { status } = await admin.json("PUT", `/api${appearance.api.update.replace(":id", entry._id)}`, { ...entry, ...values });
  expect(status).toBe(200);
  return entry._id;
}

describe("the SEO report", () => {
  it("waits to be run, then finds nothing wrong on the demo site: its pages, articles and images", async () => {
    const page = await (await editor.fetch("/admin/seo-report")).text();
    expect(page).toContain("<h1");
    expect(page).toMatch(/<button[^>]*>Run the report<\/button>/);
    expect(page).not.toContain('role="status"');
    const documents = await listPublicDocuments(server.services.db);
    // The spec's four pages, the blog, the demo page and its two articles.
    expect(documents.filter((d) => d.kind === "article")).toHaveLength(2);
    expect(documents.filter((d) => d.kind === "page")).toHaveLength(1);
    const { status, rows } = await runReport();
    expect(status).toMatch(new RegExp(`^Checked ${documents.length} pages and \\d+ link targets at .* in [\\d.]+ s: `));
    expect(about(rows, "/pricing/")).toEqual([]);
    expect(rows).toEqual([]);
  });

  it("finds duplicate titles, a broken internal link, a missing h1 and a noindex page, each with where to fix it", async () => {
    const homeId = await setAppearance("Landing page", { metaTitle: "Rankwell SEO" });
    const pricingId = await setAppearance("Pricing", { metaTitle: "rankwell  SEO" });
    const serviceId = await setAppearance("Service", { noindex: "Yes" });
    const aboutDef = sectionDef("about");
    const [aboutRecord] = (await admin.json("GET", `/api${aboutDef.api.list}`)).body as ({ _id: string } & Record<string, string>)[];
    expect((await admin.json("PUT", `/api${aboutDef.api.update.replace(":id", aboutRecord!._id)}`, { ...aboutRecord, aboutDetails: "Read [our audit](/no-such-page) first." })).status).toBe(200);

    const { rows } = await runReport();
    const find = (kind: string, path: string) => rows.find((r) => r.text.startsWith(kind) && r.text.includes(path));
    expect(find("Duplicate title", "/")).toMatchObject({ fix: `/admin/search-appearance/${homeId}` });
    expect(find("Duplicate title", "/pricing/")).toMatchObject({ fix: `/admin/search-appearance/${pricingId}` });
    expect(find("Duplicate title", "/pricing/")!.text).toContain("The same title as Landing page.");
    expect(find("Hidden from search engines", "/service/")).toMatchObject({ fix: `/admin/search-appearance/${serviceId}` });
    // The about block shows on / and on /service/: the link is broken on both.
    const broken = rows.filter((r) => r.text.startsWith("Broken link"));
    expect(broken.map((r) => r.text.includes("Links to /no-such-page, which answers 404."))).toEqual([true, true]);
    expect(broken.map((r) => r.fix).sort()).toEqual(["/edit-service", "/setting"]);
    expect(rows.find((r) => r.text.startsWith("Main heading"))).toBeUndefined();
    expect(rows).toHaveLength(5);

  });

  it("finds a page without its one h1 through the real renderer", async () => {
    // No content of this branch can take the h1 off a spec page (the landing page keeps a hidden
    // one without its banner; pages with rich text come with issue 23's pages): a document whose
    // rendered answer has no h1 stands in, read by the same renderer the report uses.
    const docs = await listPublicDocuments(server.services.db);
    const stand = { path: "/robots.txt", kind: "page" as const, label: "Robots file", editUrl: "/setting", noindex: false, priority: "0.1" };
    const report = await runSeoReport({ db: server.services.db, render: server.services.renderPublicPage, siteUrl: server.url, documents: [...docs, stand] });
    expect(report.findings.filter((f) => f.kind === "h1-count")).toEqual([
      { kind: "h1-count", path: "/robots.txt", label: "Robots file", detail: "The page has 0 main headings (h1); it should have exactly one.", fixUrl: "/setting" },
    ]);
  });

  it("is for Editors and Admins only", async () => {
    const customer = await signedUpClient(server, "reader@example.com");
    for (const client of [server.client(), customer]) {
      const response = await client.fetch("/admin/seo-report?run=1");
      expect(response.status).not.toBe(200);
      await response.body?.cancel();
    }
    expect((await admin.fetch("/admin/seo-report")).status).toBe(200);
  });
});
