import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sectionDef } from "~/content/registry/sections.ts";
import { pageFacts } from "~/seo/html-checks.ts";
import { listPublicDocuments } from "~/site/public-documents.server.ts";
import { sampleValues } from "../fixtures/content-samples.ts";
import { signedUpClient, startTestServer, type TestClient, type TestServer } from "../setup/server.ts";

/**
 * The search-appearance panel of the landing page, /pricing/ and /service/ (issue 23, item 4):
 * an editor's meta title, description, canonical URL, social image and noindex reach the page's
 * head once published (not before), empty fields fall back to the content, and the public
 * documents list reports noindex (the sitemap reads it). The edit screen shows the search-result
 * preview with its warnings.
 */
let server: TestServer;
let visitor: TestClient;
let editor: TestClient;
let admin: TestClient;

beforeAll(async () => {
  server = await startTestServer();
  visitor = server.client();
  editor = await signedUpClient(server, "writer@example.com", "quiet-harbor-42", { role: "Editor" });
  admin = await signedUpClient(server, "owner@example.com", "quiet-harbor-42", { admin: true });
  const banner = sectionDef("banner");
  await admin.json("POST", `/api${banner.api.create}`, { ...sampleValues(banner, 1), bannerHeading: "Get found on Google", bannerDetails: "We grow search traffic for small firms." });
});
afterAll(async () => server?.close());

const appearance = sectionDef("searchAppearance");
const tidy = (html: string) => html.replaceAll("<!-- -->", "");
const head = async (path: string) => {
  const response = await visitor.fetch(path);
  expect(response.status).toBe(200);
  const html = await response.text();
  return { ...pageFacts(html), html, canonical: /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1], ogImage: /<meta property="og:image" content="([^"]*)"/.exec(html)?.[1] };
};
const empty = { metaTitle: "", metaDescription: "", canonicalUrl: "", socialImage: "", noindex: "" };
const statusText = (html: string) => /role="status"[^>]*>(.*?)<\/p>/.exec(html)?.[1];

describe("the search appearance of the spec's pages", () => {
  it("falls back to the content while no entry exists", async () => {
    const home = await head("/");
    expect(home.title).toBe("Rankwell | Get found on Google");
    expect(home.description).toBe("We grow search traffic for small firms.");
    expect(home.noindex).toBe(false);
    expect(home.canonical).toBe(`${server.url}/`);
  });

  let homeId = "";
  it("lets an Editor write the landing page's fields as a draft, which the page ignores until published", async () => {
    const created = await editor.form(appearance.adminPath, { _intent: "draft", _section: appearance.key, page: "Landing page", ...empty, metaTitle: "SEO agency for small business | Rankwell" });
    expect(created.status).toBe(200);
    homeId = (await server.services.db.selectFrom("content_items").select("id").where("section", "=", "searchAppearance").executeTakeFirst())?.id ?? "";
    // A draft of a new entry is not live yet: the page still shows its content's title.
    expect((await head("/")).title).toBe("Rankwell | Get found on Google");
    const draft = await server.services.db.selectFrom("content_drafts").select("record_id").where("section", "=", "searchAppearance").executeTakeFirst();
    homeId = draft?.record_id ?? homeId;
    expect(homeId).not.toBe("");
  });

  it("shows the search-result preview on the edit screen, with the fallback and warnings", async () => {
    const page = tidy(await (await editor.fetch(appearance.editPath.replace(":id", homeId))).text());
    expect(page).toContain(">Search result preview</h2>");
    expect(page).toMatch(/data-testid="serp-title"[^>]*>SEO agency for small business \| Rankwell</);
    expect(page).toMatch(/data-testid="serp-description"[^>]*>We grow search traffic for small firms\.</);
    expect(page).toContain("Meta description is empty: a description taken from the page&#x27;s content is shown.");
    expect(page).toContain("under about 70, search engines often write their own");
  });

  it("changes the head of / after publish: title, description, canonical URL, social image, noindex", async () => {
    const fields = {
      page: "Landing page",
      metaTitle: "SEO agency for small business | Rankwell",
      metaDescription: "Rankwell gets small businesses found on Google with clear SEO plans, fair prices and monthly reports you can read.",
      canonicalUrl: "https://www.rankwell.example/",
      socialImage: "https://images.example.com/share.png",
      noindex: "Yes",
    };
    const published = await editor.form(appearance.editPath.replace(":id", homeId), { _intent: "publish", _section: appearance.key, ...fields });
    expect(statusText(tidy(await published.text()))).toBe("Search appearance added. Visitors see it now.");
    const home = await head("/");
    expect(home.title).toBe(fields.metaTitle);
    expect(home.description).toBe(fields.metaDescription);
    expect(home.canonical).toBe("https://www.rankwell.example/");
    expect(home.ogImage).toBe("https://images.example.com/share.png");
    expect(home.noindex).toBe(true);
    expect(home.html).toContain('<meta name="robots" content="noindex"/>');
    const docs = await listPublicDocuments(server.services.db);
    expect(docs.find((d) => d.path === "/")).toMatchObject({ noindex: true, seoEditUrl: `/admin/search-appearance/${homeId}` });
    expect(docs.find((d) => d.path === "/pricing/")?.noindex).toBe(false);
  });

  it("falls back again when the fields are emptied, and drops noindex", async () => {
    await editor.form(appearance.editPath.replace(":id", homeId), { _intent: "publish", _section: appearance.key, page: "Landing page", ...empty });
    const home = await head("/");
    expect(home.title).toBe("Rankwell | Get found on Google");
    expect(home.description).toBe("We grow search traffic for small firms.");
    expect(home.canonical).toBe(`${server.url}/`);
    expect(home.noindex).toBe(false);
    expect((await listPublicDocuments(server.services.db)).find((d) => d.path === "/")?.noindex).toBe(false);
  });

  it("applies to /pricing/ and /service/ each from its own entry", async () => {
    await editor.form(appearance.adminPath, { _intent: "publish", _section: appearance.key, page: "Pricing", ...empty, metaTitle: "SEO prices from $49", noindex: "Yes" });
    await editor.form(appearance.adminPath, { _intent: "publish", _section: appearance.key, page: "Service", ...empty, metaDescription: "Audits, content and links: what our SEO service does for you, month by month." });
    const pricing = await head("/pricing/");
    expect(pricing.title).toBe("SEO prices from $49");
    expect(pricing.noindex).toBe(true);
    expect(pricing.description).toContain("SEO packages");
    const service = await head("/service/");
    expect(service.title).toBe("Our SEO services | Rankwell");
    expect(service.description).toBe("Audits, content and links: what our SEO service does for you, month by month.");
    expect(service.noindex).toBe(false);
    expect((await head("/")).title).toBe("Rankwell | Get found on Google");
    const docs = await listPublicDocuments(server.services.db);
    expect(docs.filter((d) => d.noindex).map((d) => d.path)).toEqual(["/pricing/"]);
  });

  it("refuses a second entry for the same page and a bad canonical URL, naming the field", async () => {
    const twice = await editor.form(appearance.adminPath, { _intent: "publish", _section: appearance.key, page: "Pricing", ...empty });
    expect(twice.status).toBe(409);
    expect(tidy(await twice.text())).toContain("Another search appearance already has the page “Pricing”.");
    const bad = await editor.form(appearance.editPath.replace(":id", homeId), { _intent: "publish", _section: appearance.key, page: "Landing page", ...empty, canonicalUrl: "javascript:alert(1)" });
    expect(bad.status).toBe(400);
    expect(tidy(await bad.text())).toContain("Canonical URL must be an http(s) address or a path on this site");
    expect((await head("/")).canonical).toBe(`${server.url}/`);
  });

  it("is not for visitors or customers", async () => {
    const customer = await signedUpClient(server, "reader@example.com");
    for (const client of [visitor, customer]) {
      const response = await client.fetch(appearance.adminPath);
      expect(response.status === 404 || (response.status >= 300 && response.status < 400) || response.status === 403).toBe(true);
      await response.body?.cancel();
    }
  });
});
