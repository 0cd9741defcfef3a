import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signedUpClient, startTestServer, TestClient, type TestServer } from "../setup/server.ts";

/**
 * Issue 23: pages and articles are registry entries. Created through the API (which publishes at
 * once) and the admin screens (drafts, preview, publish); served at their own addresses after
 * every route of the app, from the page cache; listed on /blog/, per tag, in the Atom feed and in
 * the sitemap; reserved and duplicate slugs refused with the field named and nothing stored; a
 * changed slug leaves a redirect; JSON-LD stays valid JSON whatever a title holds.
 */
let server: TestServer;
let visitor: TestClient;
let customer: TestClient;
let editor: TestClient;

beforeAll(async () => {
  server = await startTestServer({ DEMO_CONTENT: "off" });
  visitor = new TestClient(server.url);
  customer = await signedUpClient(server, "pa-reader@example.com");
  editor = await signedUpClient(server, "pa-writer@example.com", "quiet-harbor-42", { role: "Editor" });
});
afterAll(async () => server?.close());

const anonymous = (path: string, headers: Record<string, string> = {}) => fetch(new URL(path, server.url), { headers, redirect: "manual" });
const tidy = (html: string) => html.replaceAll("<!-- -->", "");
const h1s = (html: string) => [...html.matchAll(/<h1[^>]*>([\s\S]*?)<\/h1>/g)].map((m) => m[1]);
const noSeo = { metaTitle: "", metaDescription: "", canonicalUrl: "", socialImage: "", noindex: "" };

const article = (slug: string, extra: Record<string, string> = {}) => ({
  slug,
  title: `Article ${slug}`,
  excerpt: `What ${slug} is about.`,
  coverImage: "",
  body: `Intro of ${slug}.\n\n## A section\n\nMore **text**.`,
  author: "Dana Writer",
  publishDate: "2026-02-01",
  tags: "local seo, basics",
  ...noSeo,
  ...extra,
});
const page = (slug: string, extra: Record<string, string> = {}) => ({
  slug,
  title: `Page ${slug}`,
  heroHeading: "",
  heroText: "A hero text.",
  heroImage: "",
  blocks: "text",
  body: `The body of ${slug}.`,
  ...noSeo,
  ...extra,
});
const countRows = async (section: string) =>
  Number((await server.services.db.selectFrom("content_items").select((eb) => eb.fn.countAll<number>().as("n")).where("section", "=", section).executeTakeFirstOrThrow()).n);

describe("pages", () => {
  it("are created through the API by an Editor, served at /{slug}/ after the app's routes, /x answering 301 to /x/", async () => {
    const created = await editor.json("POST", "/api/pages", page("local-seo/dentists", { blocks: "text\nfaq" }));
    expect(created.status).toBe(201);
    expect(created.body.message).toBe("Page is Added");
    const response = await anonymous("/local-seo/dentists/");
    expect(response.status).toBe(200);
    const html = tidy(await response.text());
    expect(h1s(html)).toEqual(["Page local-seo/dentists"]);
    expect(html).toContain("The body of local-seo/dentists.");
    expect(html).toContain('<link rel="canonical" href="http://');
    const bare = await anonymous("/local-seo/dentists");
    expect(bare.status).toBe(301);
    expect(bare.headers.get("location")).toBe("/local-seo/dentists/");
    // A page nobody created is still the 404 page.
    expect((await anonymous("/no-such-page/")).status).toBe(404);
    // One segment too (past the about editor's `/:id`), from the cache on the second request.
    await editor.json("POST", "/api/pages", page("dentists"));
    expect((await anonymous("/dentists")).headers.get("location")).toBe("/dentists/");
    const one = await anonymous("/dentists/");
    expect(one.status).toBe(200);
    expect(h1s(tidy(await one.text()))).toEqual(["Page dentists"]);
    expect((await anonymous("/dentists/")).headers.get("X-Cache")).toBe("hit");
    // Signed in (no cache), the same page.
    expect(h1s(tidy(await (await editor.fetch("/dentists/")).text()))).toEqual(["Page dentists"]);
    // The internal address answers nothing by itself.
    expect((await anonymous("/_page/dentists/")).status).toBe(404);
  });

  it("refuses a slug a route owns, a record id and a duplicate, naming the field, storing nothing (API and admin form alike)", async () => {
    const before = await countRows("pages");
    for (const slug of ["login", "admin/pages", "pricing", "blog", "api/pages", "x/0123456789abcdef01234567", "Has Spaces"]) {
      const refused = await editor.json("POST", "/api/pages", page(slug));
      expect(refused.status, slug).toBe(400);
      expect(refused.body.error, slug).toContain("Address (slug)");
      expect(Object.keys(refused.body.fields ?? {}), slug).toEqual(["slug"]);
    }
    await editor.json("POST", "/api/pages", page("pricing-for-dentists"));
    const duplicate = await editor.json("POST", "/api/pages", page("pricing-for-dentists"));
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.error).toContain("Address (slug)");
    // The admin form: the same rule, the message next to the field, no draft stored.
    const drafts = async () => (await server.services.db.selectFrom("content_drafts").select("record_id").where("section", "=", "pages").execute()).length;
    const draftsBefore = await drafts();
    const form = await editor.form("/admin/pages", { _section: "pages", _intent: "publish", ...page("login") });
    const html = tidy(await form.text());
    expect(form.status).toBe(400);
    expect(html).toContain("Address (slug) “login” is taken by a page of the site itself");
    expect(await drafts()).toBe(draftsBefore);
    expect(await countRows("pages")).toBe(before + 1);
    // Two publishes racing past the check: the database's unique index (migration 131) refuses the second.
    const at = new Date().toISOString();
    const racer = { id: "race".padEnd(24, "0"), section: "pages", singleton_key: null, position: 99, data: JSON.stringify(page("pricing-for-dentists")), created_at: at, updated_at: at, updated_by: "racer@example.com" };
    await expect(server.services.db.insertInto("content_items").values(racer).execute()).rejects.toThrow(/unique/i);
    expect(await countRows("pages")).toBe(before + 1);
  });

  it("sets its meta from the SEO fields: title, description, canonical, og:image and noindex", async () => {
    await editor.json(
      "POST",
      "/api/pages",
      page("seo-page", { metaTitle: "Written for search", metaDescription: "A description written for the results page, long enough to be shown.", canonicalUrl: "https://other.example/original/", noindex: "Yes" }),
    );
    const html = await (await anonymous("/seo-page/")).text();
    expect(html).toContain("<title>Written for search</title>");
    expect(html).toContain('content="A description written for the results page, long enough to be shown."');
    expect(html).toContain('<link rel="canonical" href="https://other.example/original/"/>');
    expect(html).toContain('<meta name="robots" content="noindex"/>');
  });
});

describe("articles", () => {
  it("are listed on /blog/ newest first by publish date, each at /blog/{slug}/, per tag, and in a valid Atom feed", async () => {
    await editor.json("POST", "/api/articles", article("older", { publishDate: "2026-01-05" }));
    await editor.json("POST", "/api/articles", article("newer", { publishDate: "2026-03-05", tags: "case study" }));
    const blog = tidy(await (await anonymous("/blog/")).text());
    expect(blog.indexOf("Article newer")).toBeGreaterThan(-1);
    expect(blog.indexOf("Article newer")).toBeLessThan(blog.indexOf("Article older"));
    expect(h1s(blog)).toEqual(["Blog"]);

    const one = await anonymous("/blog/older/");
    expect(one.status).toBe(200);
    const html = tidy(await one.text());
    expect(h1s(html)).toEqual(["Article older"]);
    expect(html).toContain("<h2>A section</h2>");
    expect(html).toContain("Dana Writer");
    expect((await anonymous("/blog/older")).headers.get("location")).toBe("/blog/older/");

    const tag = tidy(await (await anonymous("/blog/tag/local-seo/")).text());
    expect(tag).toContain("Article older");
    expect(tag).not.toContain("Article newer");
    expect((await anonymous("/blog/tag/nothing-here/")).status).toBe(404);

    const feed = await anonymous("/blog/feed.xml");
    expect(feed.headers.get("content-type")).toContain("application/atom+xml");
    const xml = await feed.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="utf-8"\?>\n<feed xmlns="http:\/\/www.w3.org\/2005\/Atom">/);
    const entries = xml.match(/<entry>[\s\S]*?<\/entry>/g) ?? [];
    expect(entries.length).toBeGreaterThanOrEqual(2);
    for (const entry of entries) for (const tagName of ["title", "id", "updated", "author", "link"]) expect(entry).toContain(`<${tagName}`);
    expect(xml.indexOf("/blog/newer/")).toBeLessThan(xml.indexOf("/blog/older/"));
    // Well-formed: no stray "<" or "&" in text (escaped), every element closed.
    expect(xml.replace(/<[^>]+>/g, "")).not.toMatch(/[<>]|&(?!amp;|lt;|gt;|quot;)/);
  });

  it("are served from the page cache (hit, then 304) and a publish shows on the next request", async () => {
    const created = await editor.json("POST", "/api/articles", article("cached-one"));
    await anonymous("/blog/cached-one/");
    const second = await anonymous("/blog/cached-one/");
    expect(second.headers.get("X-Cache")).toBe("hit");
    expect((await anonymous("/blog/cached-one/", { "If-None-Match": second.headers.get("ETag")! })).status).toBe(304);
    const html = await second.text();
    expect((html.match(/<script\b[^>]*>/g) ?? []).filter((t) => !t.includes("application/ld+json"))).toEqual([]);
    // A publish moves the public version: the next request renders the new title.
    const id = created.body.item._id as string;
    expect((await editor.json("PUT", `/api/articles/${id}`, article("cached-one", { title: "Retitled article" }))).status).toBe(200);
    const after = await anonymous("/blog/cached-one/");
    expect(after.headers.get("X-Cache")).toBe("miss");
    expect(await after.text()).toContain("Retitled article");
    // An address nobody published is not rendered by the cache (so not twice).
    expect((await anonymous("/blog/not-published/")).headers.get("X-Cache")).toBeNull();
  });

  it("keep JSON-LD valid JSON when a title holds </script> and quotes", async () => {
    const hostile = `Break </script><script>alert("x")</script> 'quotes' & "more"`;
    await editor.json("POST", "/api/articles", article("hostile", { title: hostile }));
    const html = await (await anonymous("/blog/hostile/")).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
    expect(blocks.length).toBeGreaterThan(0);
    const graph = JSON.parse(blocks[0]!)["@graph"] as Record<string, unknown>[];
    expect(graph.find((node) => node["@type"] === "Article")?.headline).toBe(hostile);
    const crumbs = graph.find((node) => node["@type"] === "BreadcrumbList") as { itemListElement: { name: string }[] };
    expect(crumbs.itemListElement.map((c) => c.name)).toEqual(["Home", "Blog", hostile]);
    expect(html).not.toContain('<script>alert("x")');
    // A created page carries its BreadcrumbList too.
    await editor.json("POST", "/api/pages", page("hostile-page", { title: hostile }));
    const pageHtml = await (await anonymous("/hostile-page/")).text();
    const pageLd = [...pageHtml.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));
    expect(pageLd[0]["@graph"][0]["@type"]).toBe("BreadcrumbList");
    expect(pageLd[0]["@graph"][0].itemListElement[1].name).toBe(hostile);
  });

  it("show drafts to editors only: a draft stays off the site, the API shows it with ?drafts=1 to an Editor, 401/403 to others", async () => {
    const created = await editor.json("POST", "/api/articles", article("drafted"));
    const id = created.body.item._id as string;
    const saved = await editor.form(`/admin/articles/${id}`, { _section: "articles", _intent: "draft", ...article("drafted", { title: "Draft title" }) });
    expect(saved.status).toBe(200);
    expect(await (await anonymous("/blog/drafted/")).text()).not.toContain("Draft title");
    const drafts = await editor.json("GET", "/api/articles?drafts=1");
    expect(drafts.body.find((a: { _id: string }) => a._id === id)).toMatchObject({ title: "Draft title", _state: "changed" });
    expect((await editor.json("GET", `/api/articles/${id}?drafts=1`)).body.title).toBe("Draft title");
    expect((await visitor.json("GET", "/api/articles?drafts=1")).status).toBe(401);
    expect((await customer.json("GET", "/api/articles?drafts=1")).status).toBe(403);
    expect((await visitor.json("GET", `/api/articles/${id}`)).body.title).toBe("Article drafted");
    // The editor's preview shows the draft, marked noindex; visitors cannot open it.
    const preview = await editor.fetch(`/admin/preview/articles/${id}`);
    expect(preview.status).toBe(200);
    const previewHtml = await preview.text();
    expect(previewHtml).toContain("Draft title");
    expect(previewHtml).toContain('<meta name="robots" content="noindex"/>');
    expect((await anonymous(`/admin/preview/articles/${id}`)).status).not.toBe(200);
  });

  it("appear when a scheduled publish runs", async () => {
    const created = await editor.form("/admin/articles", { _section: "articles", _intent: "draft", ...article("scheduled-one") });
    expect(created.status).toBeLessThan(400);
    const draft = await server.services.db.selectFrom("content_drafts").select("record_id").where("section", "=", "articles").where("data", "like", "%scheduled-one%").executeTakeFirstOrThrow();
    const inAnHour = new Date(Date.now() + 3_600_000).toISOString().slice(0, 16);
    const scheduled = await editor.form(`/admin/articles/${draft.record_id}`, { _intent: "schedule", publishAt: inAnHour, tzOffset: "0" });
    expect(scheduled.status).toBe(200);
    await server.drainJobs();
    expect((await anonymous("/blog/scheduled-one/")).status).toBe(404);
    // The time comes (the job's run_at is moved, as the clock would): published, no request needed.
    await server.services.db.updateTable("jobs").set({ run_at: new Date(Date.now() - 1000).toISOString() }).where("kind", "=", "content.publish-scheduled").where("status", "=", "pending").execute();
    await server.drainJobs();
    expect((await anonymous("/blog/scheduled-one/")).status).toBe(200);
    expect(await (await anonymous("/blog/")).text()).toContain("Article scheduled-one");
  });
});

describe("slug changes", () => {
  it("make the old path answer 301 to the new one at once, also for a created page", async () => {
    const created = await editor.json("POST", "/api/articles", article("first-name"));
    const id = created.body.item._id as string;
    expect((await editor.json("PUT", `/api/articles/${id}`, article("second-name"))).status).toBe(200);
    expect((await anonymous("/blog/second-name/")).status).toBe(200);
    const old = await anonymous("/blog/first-name/?utm_source=x");
    expect(old.status).toBe(301);
    expect(old.headers.get("location")).toBe("/blog/second-name/?utm_source=x");
    // A second change keeps one hop from the first address.
    expect((await editor.json("PUT", `/api/articles/${id}`, article("third-name"))).status).toBe(200);
    expect((await anonymous("/blog/first-name/")).headers.get("location")).toBe("/blog/third-name/");
    expect((await anonymous("/blog/second-name/")).headers.get("location")).toBe("/blog/third-name/");
  });

  it("a page published where a redirect was answers itself: the redirect from its path is removed", async () => {
    expect((await editor.json("POST", "/api/redirects", { from: "/was-elsewhere/", to: "/pricing/", status: 301 })).status).toBe(201);
    expect((await anonymous("/was-elsewhere/")).status).toBe(301);
    expect((await editor.json("POST", "/api/pages", page("was-elsewhere"))).status).toBe(201);
    expect((await anonymous("/was-elsewhere/")).status).toBe(200);
  });
});

describe("the sitemap", () => {
  it("lists published pages and articles with their own lastmod, without noindex ones", async () => {
    const xml = await (await anonymous("/sitemap.xml")).text();
    expect(xml).toMatch(/<loc>http:\/\/[^<]+\/blog\/older\/<\/loc>\n {4}<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    expect(xml).toMatch(/<loc>http:\/\/[^<]+\/local-seo\/dentists\/<\/loc>\n {4}<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    expect(xml).toContain("/blog/</loc>");
    expect(xml).not.toContain("/seo-page/");
  });
});
