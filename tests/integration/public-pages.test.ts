import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_IMAGES, demoContent } from "~/content/demo/demo-content.server.ts";
import { PLAN_POINT_FIELDS } from "~/content/registry/plans.ts";
import { type SectionKey, sectionDef, sections } from "~/content/registry/sections.ts";
import { signedUpClient, startTestServer, type TestClient, type TestServer } from "../setup/server.ts";

/** Text as React writes it into HTML. */
const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
/** The visible text of a page: tags removed, entities decoded, spaces collapsed. */
const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
const count = (html: string, needle: string) => html.split(needle).length - 1;
const metaContent = (html: string, attr: "name" | "property", key: string) =>
  html.match(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`))?.[1];
const canonical = (html: string) => html.match(/<link rel="canonical" href="([^"]*)"/)?.[1];
// JSON-LD is read as plain JSON.
const jsonLd = (html: string): any[] =>
  [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!));

const testPlan = (name: string, price: string) => ({
  packageName: name,
  packagePrice: price,
  packageButtonText: `Order ${name} now`,
  ...Object.fromEntries(PLAN_POINT_FIELDS.map((field, i) => [field, `${name} perk ${i + 1}`])),
});
const perks = (html: string, name: string) => [...textOf(html).matchAll(new RegExp(`${name} perk (\\d+)`, "g"))].map((m) => Number(m[1]));

/** What a section's record must put into the landing page's HTML. */
function expectedOnLanding(key: SectionKey, record: Record<string, string>): string[] {
  const def = sectionDef(key);
  return Object.entries(def.fields).map(([name, field]) => {
    const value = record[name]!;
    if (key === "counters" && field.kind === "number") return `${value}+`;
    if (key === "experience" && field.kind === "number") return `${value}%`;
    if (key === "workSteps" && name === "stepNumber") return value.padStart(2, "0");
    // Formatted text is rendered by the markdown library on the server, which leaves ' as it is.
    if (field.kind === "formatted") return esc(value).replace(/&#x27;/g, "'");
    return field.kind === "url" || field.kind === "image" ? `="${esc(value)}"` : esc(value);
  });
}

/** Every demo record's expected text that the HTML lacks, as "section[i]: text" (empty when all are there). */
const missingFrom = (html: string, content = demo) =>
  LANDING_SECTIONS.flatMap((key) =>
    content[key]!.flatMap((record, i) => expectedOnLanding(key, record).filter((e) => !html.includes(e)).map((e) => `${key}[${i}]: ${e}`)),
  );

let server: TestServer;
let admin: TestClient;
let visitor: TestClient;
// Created through the API here, so its images are addresses elsewhere (library files are tested in media.test.ts).
const demo = demoContent((name) => `https://images.example.com/${name}.svg`, 2026) as Record<string, Record<string, string>[]>;
// Plans are checked by their cards below; the search appearance goes into the head (seo-panel.test.ts);
// created pages and articles are documents of their own (pages-articles.test.ts), not landing content.
const LANDING_SECTIONS = Object.keys(demo).filter((k) => !["pricingPlans", "searchAppearance", "pages", "articles"].includes(k)) as SectionKey[];
const plans: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  admin = await signedUpClient(server, "site-admin@example.com", "quiet-harbor-42", { admin: true });
  visitor = server.client();
});
afterAll(async () => server?.close());

const api = async (method: string, path: string, body?: unknown) => {
  const response = await admin.json(method, `/api${path}`, body);
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body;
};

describe("public pages on an empty database (demo content off)", () => {
  it("leaves the content table empty", async () => {
    const rows = await server.services.db.selectFrom("content_items").select("id").execute();
    expect(rows).toHaveLength(0);
  });

  it("renders the landing page without the empty sections", async () => {
    const { status, html } = await visitor.page("/");
    expect(status).toBe(200);
    expect(count(html, "<h1")).toBe(1);
    for (const id of ["home", "services", "about", "pricing", "testimonial", "faq", "team", "features", "video", "process", "experience"]) {
      expect(html, id).not.toContain(`id="${id}"`);
    }
    expect(html).not.toContain("Rankwell in numbers");
    expect(html).not.toContain('id="cta-heading"');
    // The contact form, the header and the footer are always there.
    expect(html).toContain('id="contact"');
    expect(html).toContain("Send us a message");
    expect(html).toContain('href="/login"');
    expect(html).toContain("Email for updates");
  });

  it("renders /pricing/ and /service/ with their own h1", async () => {
    for (const path of ["/pricing/", "/service/"]) {
      const { status, html } = await visitor.page(path);
      expect(status, path).toBe(200);
      expect(count(html, "<h1"), path).toBe(1);
    }
  });
});

describe("public pages with content created by an admin through the API", () => {
  beforeAll(async () => {
    for (const key of LANDING_SECTIONS) {
      const def = sectionDef(key);
      for (const record of demo[key]!) await api("POST", def.api.create, record);
    }
    for (const [name, price] of [
      ["Standard", "99"],
      ["Basic", "49"],
      ["Premium", "199.5"],
    ]) {
      const { item } = await api("POST", sections.pricingPlans.api.create, testPlan(name!, price!));
      plans[name!] = item._id;
    }
    await api("POST", sections.workSteps.api.create, { stepNumber: "5", stepTitle: "A fifth step nobody sees", stepDetails: "Hidden", stapIcon: "https://images.example.com/icon-audit.svg" });
    // Formatted text refuses HTML tags; entities and lone < > are text, and come out as text.
    await api("POST", sections.faqItems.api.create, { accodingTitle: "Is </script> safe?", accodingText: "Yes: a < b, c > d and &lt;/script&gt;&lt;script&gt; stay text." });
  });

  it("puts every section's content into the landing page's first HTML response", async () => {
    const { status, html } = await visitor.page("/");
    expect(status).toBe(200);
    expect(missingFrom(html)).toEqual([]);
    for (const id of ["home", "services", "about", "pricing", "testimonial", "contact", "faq", "team", "features", "video", "process", "experience"]) {
      expect(html, id).toContain(`id="${id}"`);
    }
    expect(count(html, "<h1")).toBe(1);
    expect(html).toMatch(/<h1[^>]*>Get found on Google/);
  });

  it("shows the header's links (pricing and service pages included), and Admin only to admins", async () => {
    const anonymous = (await visitor.page("/")).html;
    for (const [label, href] of [["Home", "/"], ["Services", "/service/"], ["About us", "/#about"], ["Pricing", "/pricing/"], ["Testimonials", "/#testimonial"], ["Contact us", "/#contact"]]) {
      expect(anonymous).toMatch(new RegExp(`<nav aria-label="Main"[\\s\\S]*href="${href}"[^>]*>${label}<`));
    }
    expect(anonymous).toContain(">Log in<");
    expect(anonymous).not.toContain('href="/admin"');
    const customer = await signedUpClient(server, "customer@example.com");
    const customerHtml = (await customer.page("/")).html;
    expect(customerHtml).toContain('href="/dashboard"');
    expect(customerHtml).not.toContain('href="/admin"');
    const adminHtml = (await admin.page("/")).html;
    expect(adminHtml).toContain('href="/admin"');
    expect(adminHtml).toContain('href="/dashboard"');
  });

  it("shows the plans cheapest first (Basic, Standard, Premium) with dollars and cents, every point and an order link", async () => {
    const { html } = await visitor.page("/");
    const text = textOf(html);
    expect(text).toMatch(/Basic \$49\.00 .*Standard \$99\.00 .*Premium \$199\.50/);
    for (const name of ["Basic", "Premium", "Standard"]) expect(perks(html, name), name).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const [name, id] of Object.entries(plans)) expect(html).toMatch(new RegExp(`href="/order-now/${id}"[^>]*>Order ${name} now<`));
  });

  it("shows the first four work steps of the list, as 01 to 04", async () => {
    const text = textOf((await visitor.page("/")).html);
    expect(text).toMatch(/01 .*Audit .*02 .*Strategy .*03 .*Optimise .*04 .*Report and grow/);
    expect(text).not.toContain("A fifth step nobody sees");
  });

  it("shows steps and work steps in the order the editor set, numbered by place", async () => {
    const stepsIds = (await api("GET", sections.steps.api.list)).map((r: { _id: string }) => r._id) as string[];
    const workIds = (await api("GET", sections.workSteps.api.list)).map((r: { _id: string }) => r._id) as string[];
    // The last work step (stored number 5) moves to the top; steps are reversed.
    await api("PUT", sections.steps.api.reorder!, { ids: [...stepsIds].reverse() });
    await api("PUT", sections.workSteps.api.reorder!, { ids: [workIds.at(-1), ...workIds.slice(0, -1)] });
    try {
      const text = textOf((await visitor.page("/")).html);
      expect(text).toMatch(/01 Step 01 ?: We get to work .*02 Step 02 ?: Pay securely .*03 Step 03 ?: Place your order .*04 Step 04 ?: Choose a plan/);
      expect(text).toMatch(/01 Step 01 ?: A fifth step nobody sees .*02 Step 02 ?: Audit .*03 Step 03 ?: Strategy .*04 Step 04 ?: Optimise/);
      expect(text).not.toContain("Report and grow");
    } finally {
      await api("PUT", sections.steps.api.reorder!, { ids: stepsIds });
      await api("PUT", sections.workSteps.api.reorder!, { ids: workIds });
    }
  });

  it("shows the FAQ as disclosures", async () => {
    const { html } = await visitor.page("/");
    // The FAQ items, and the header's phone Menu.
    expect(count(html, "<details")).toBe(demo.faqItems!.length + 2);
    expect(html).toContain(`<summary`);
    expect(html).toContain(esc("Yes: a < b, c > d and </script><script> stay text."));
  });

  it("has JSON-LD for the organisation, the three offers in USD and the FAQ, with < escaped", async () => {
    const { html, status } = await visitor.page("/");
    expect(status).toBe(200);
    const docs = jsonLd(html);
    expect(docs).toHaveLength(1);
    const graph = docs[0]["@graph"] as { "@type": string; [k: string]: unknown }[];
    expect(graph.find((n) => n["@type"] === "Organization")).toMatchObject({ name: "Rankwell", url: `${server.url}/`, email: "hello@rankwell.example" });
    const offers = graph.filter((n) => n["@type"] === "Product").map((p) => [p.name, (p.offers as { price: string; priceCurrency: string }).price, (p.offers as { priceCurrency: string }).priceCurrency]);
    expect(offers).toEqual([
      ["Rankwell Basic SEO package", "49.00", "USD"],
      ["Rankwell Standard SEO package", "99.00", "USD"],
      ["Rankwell Premium SEO package", "199.50", "USD"],
    ]);
    const faq = graph.find((n) => n["@type"] === "FAQPage") as unknown as { mainEntity: { name: string; acceptedAnswer: { text: string } }[] };
    expect(faq.mainEntity.map((q) => q.name)).toEqual([...demo.faqItems!.map((f) => f.accodingTitle), "Is </script> safe?"]);
    expect(faq.mainEntity.at(-1)!.acceptedAnswer.text).toBe("Yes: a < b, c > d and </script><script> stay text.");
    const raw = html.match(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/)![1]!;
    expect(raw).not.toContain("<");
  });

  it("gives each public page a title, description, canonical URL and Open Graph tags", async () => {
    for (const path of ["/", "/pricing/", "/service/"]) {
      const { html } = await visitor.page(path);
      expect(html, path).toMatch(/<title>[^<]+Rankwell|<title>Rankwell[^<]+/);
      expect(metaContent(html, "name", "description")?.length, path).toBeGreaterThan(40);
      expect(canonical(html), path).toBe(`${server.url}${path}`);
      expect(metaContent(html, "property", "og:url"), path).toBe(`${server.url}${path}`);
      expect(metaContent(html, "property", "og:title"), path).toBeTruthy();
      expect(metaContent(html, "property", "og:description"), path).toBeTruthy();
      expect(metaContent(html, "property", "og:type"), path).toBe("website");
      expect(metaContent(html, "property", "og:image"), path).toMatch(new RegExp(`^${server.url}/images/`));
    }
    const home = (await visitor.page("/")).html;
    expect(home).toContain("<title>Rankwell | Get found on Google</title>");
    expect(metaContent(home, "name", "description")).toMatch(/^Rankwell is an SEO agency for small and growing businesses/);
  });

  it("/pricing/ shows the three plans with the landing page's prices and points and the plan's button to /order-now/{id}", async () => {
    const { html, status } = await visitor.page("/pricing/");
    expect(status).toBe(200);
    expect(html).toMatch(/<h1[^>]*>Pricing<\/h1>/);
    expect(textOf(html)).toMatch(/Basic \$49\.00 .*Standard \$99\.00 .*Premium \$199\.50 /);
    for (const name of ["Basic", "Premium", "Standard"]) expect(perks(html, name), name).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const [name, id] of Object.entries(plans)) expect(html).toMatch(new RegExp(`href="/order-now/${id}"[^>]*>Order ${name} now<`));
    expect(jsonLd(html)[0]["@graph"]).toHaveLength(3);
    // A visitor who follows an order link is asked to log in first.
    const order = await visitor.page(`/order-now/${plans.Basic}`);
    expect(order.status).toBe(302);
    expect(order.location).toContain(`/login?redirectTo=${encodeURIComponent(`/order-now/${plans.Basic}`)}`);
  });

  it("/service/ shows counters with +, the service boxes, the landing page's skill bars and the call to action", async () => {
    const { html, status } = await visitor.page("/service/");
    expect(status).toBe(200);
    const text = textOf(html);
    const c = demo.counters![0]!;
    for (const [n, label] of [
      [c.happyClientsNumber, c.happyClientsText],
      [c.projectCompleteNumber, c.projectCompleteText],
      [c.yearofExperienceNumber, c.yearofExperienceText],
      [c.teamNumber, c.teamText],
      [c.winingAwardNumber, c.winingAwardText],
    ]) {
      expect(text).toContain(`${label} ${n}+`);
    }
    expect(text).toContain(demo.serviceText![0]!.serviceHeading);
    for (const item of demo.serviceItems!) expect(text).toContain(`${item.serviceTitle} ${item.serviceDetails}`);
    const experience = demo.experience![0]!;
    const landing = textOf((await visitor.page("/")).html);
    for (const [label, value] of [
      [experience.skillOneText, experience.skillOneNumber],
      [experience.skillTwoText, experience.skillTwoNumber],
      [experience.skillThreeText, experience.skillThreeNumber],
    ]) {
      expect(text).toContain(`${label} ${value}%`);
      expect(landing).toContain(`${label} ${value}%`);
      expect(html).toContain(`style="width:${value}%"`);
    }
    const cta = demo.callToAction![0]!;
    expect(text).toContain(`${cta.heading} ${cta.subHeading} ${cta.buttonText}`);
    expect(html).toContain(`href="${cta.buttonLink}"`);
  });

  it("shows the logo in the header and the footer of every page", async () => {
    const copyright = esc(demo.copyright![0]!.copyrightText!);
    for (const path of ["/", "/pricing/", "/service/", "/login", "/contact", "/no/such/page"]) {
      const { html } = await visitor.page(path);
      expect(count(html, '<img src="https://images.example.com/logo.svg"'), path).toBe(2);
      expect(html, path).toContain(copyright);
      expect(html, path).toMatch(/aria-label="Rankwell on YouTube"/);
    }
  });

  it("serves sitemap.xml with the public pages", async () => {
    const response = await visitor.fetch("/sitemap.xml");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/xml");
    const xml = await response.text();
    for (const path of ["/", "/pricing/", "/service/", "/contact"]) expect(xml).toContain(`<loc>${server.url}${path}</loc>`);
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    expect(xml).not.toContain("/admin");
  });

  it("serves robots.txt that keeps crawlers out of the admin and customer areas", async () => {
    const response = await visitor.fetch("/robots.txt");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/plain");
    const lines = (await response.text()).split("\n");
    for (const path of ["/admin", "/dashboard", "/setting", "/my-order", "/pending-order", "/order-now/", "/pay-now/", "/total-orders", "/all-messages", "/api/"]) {
      expect(lines, path).toContain(`Disallow: ${path}`);
    }
    const rules = lines.filter((l) => l.startsWith("Disallow: ")).map((l) => l.slice("Disallow: ".length));
    for (const path of ["/", "/pricing/", "/service/", "/contact", "/login", "/register"]) expect(rules.some((r) => path.startsWith(r)), path).toBe(false);
    expect(lines).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });

  it("does not fill in demo content when content already exists", async () => {
    const before = await server.services.db.selectFrom("content_items").select("id").execute();
    const again = await server.app.createServices({ ...server.services.config, demoContent: true });
    try {
      const after = await again.db.selectFrom("content_items").select("id").execute();
      expect(after.length).toBe(before.length);
    } finally {
      await again.db.destroy();
    }
  });
});

describe("demo content (DEMO_CONTENT=on)", () => {
  let demoServer: TestServer;
  beforeAll(async () => {
    demoServer = await startTestServer({ DEMO_CONTENT: "on" });
  });
  afterAll(async () => demoServer?.close());

  it("fills every section on the first start, so the landing page shows a whole site", async () => {
    const rows = await demoServer.services.db.selectFrom("content_items").select(["section"]).execute();
    expect(new Set(rows.map((r) => r.section))).toEqual(new Set(Object.keys(demo)));
    const { html, status } = await demoServer.client().page("/");
    expect(status).toBe(200);
    // Its images are files of the media library, one per demo image.
    const library = await demoServer.services.media.list({ page: 1, pageSize: 100 });
    const urls = new Map(library.items.map((file) => [file.name.replace(/\.svg$/, ""), file.url]));
    expect(library.total).toBe(Object.keys(DEMO_IMAGES).length);
    const seeded = demoContent((name) => urls.get(name) ?? `missing ${name}`, 2026) as Record<string, Record<string, string>[]>;
    // The copyright line carries the current year rather than 2026.
    expect(missingFrom(html, seeded).filter((m) => !m.startsWith("copyright"))).toEqual([]);
    const text = textOf(html);
    expect(text).toMatch(/Basic \$49\.00 .*Standard Most popular \$99\.00 .*Premium \$199\.00/);
    expect(jsonLd(html)[0]["@graph"].filter((n: { "@type": string }) => n["@type"] === "Product")).toHaveLength(3);
  });

  it("is written once: a restart keeps the admins' edits and adds nothing", async () => {
    const client = await signedUpClient(demoServer, "demo-admin@example.com", "quiet-harbor-42", { admin: true });
    const banner = (await client.json("GET", "/api/banner")).body[0];
    const edited = await client.json("PUT", `/api/update-banner/${banner._id}`, { ...banner, bannerHeading: "Edited by an admin" });
    expect(edited.status).toBe(200);
    const faq = (await client.json("GET", "/api/faq-items")).body[0];
    expect((await client.json("DELETE", `/api/faq-item/${faq._id}`)).status).toBe(200);
    const before = await demoServer.services.db.selectFrom("content_items").select("id").execute();

    const restarted = await demoServer.app.createServices(demoServer.services.config);
    try {
      const after = await restarted.db.selectFrom("content_items").select("id").execute();
      expect(after.length).toBe(before.length);
    } finally {
      await restarted.db.destroy();
    }
    const { html } = await demoServer.client().page("/");
    expect(html).toMatch(/<h1[^>]*>Edited by an admin/);
    expect(html).not.toContain(esc(faq.accodingTitle));
  });
});
