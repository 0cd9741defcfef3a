import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminPages, editTitle, publishedText, SPEC_HUB_PATHS } from "~/content/admin/admin-pages.ts";
import { singular } from "~/content/registry/labels.ts";
import { allSections, type SectionDef, sectionDef, sections } from "~/content/registry/sections.ts";
import { badValues, sampleValues, UNKNOWN_ID } from "../fixtures/content-samples.ts";
import { startWithPeople, type TestClient, type TestServer } from "../setup/server.ts";

/**
 * The content admin screens, driven like a browser without JavaScript: every page of the registry,
 * the singleton rule (create form, then edit link), saving through the page forms with the spec's
 * success texts, errors next to the field, list ordering and deleting, and the single-segment
 * about editor `/{id}` that answers only for an About record.
 */
let server: TestServer;
let visitor: TestClient;
let customer: TestClient;
let admin: TestClient;

beforeAll(async () => {
  ({ server, visitor, customer, admin } = await startWithPeople("browser@example.com", "keeper@example.com"));
});
afterAll(async () => server?.close());

const all = allSections();
const edit = (def: SectionDef, id: string) => def.editPath.replace(":id", id);
type Stored = { _id: string } & Record<string, string>;

async function records(def: SectionDef): Promise<Stored[]> {
  const { status, body } = await admin.json("GET", `/api${def.api.list}`);
  expect(status).toBe(200);
  return body;
}

/** What the page form posts: the intent, the section and the fields. */
const formFor = (def: SectionDef, intent: string, values: Record<string, string> = {}, id?: string) => ({
  _intent: intent,
  _section: def.key,
  ...(id ? { _id: id } : {}),
  ...values,
});

async function post(client: TestClient, path: string, fields: Record<string, string>) {
  const response = await client.form(path, fields);
  return { status: response.status, html: tidy(await response.text()), location: response.headers.get("location") };
}

/** A page as the admin sees it, with React's text separators removed. */
async function view(client: TestClient, path: string) {
  const page = await client.page(path);
  return { ...page, html: tidy(page.html) };
}

const tidy = (html: string) => html.replaceAll("<!-- -->", "");
const escapeRe = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

// Small readers of the server-rendered HTML.
const count = (html: string, re: RegExp) => html.match(new RegExp(re.source, "g"))?.length ?? 0;
const title = (html: string) => html.match(/<title>(.*?)<\/title>/)?.[1];
const h1 = (html: string) => [...html.matchAll(/<h1\b[^>]*>(.*?)<\/h1>/g)].map((m) => m[1]);
const statusText = (html: string) => html.match(/role="status"[^>]*>(.*?)<\/p>/)?.[1];
const alertText = (html: string) => html.match(/role="alert"[^>]*>(.*?)<\/p>/)?.[1];
/** The section's create form: its `_section` field and a Publish (or Create/Add) button in the section's block. */
const hasCreateForm = (html: string, def: SectionDef) => {
  const block = sectionOf(html, def);
  return block.includes(`<input type="hidden" name="_section" value="${def.key}"/>`) && /<button\b[^>]*value="publish"[^>]*name="_intent"/.test(block);
};
const hrefs = (html: string) => [...html.matchAll(/<a\b[^>]*href="([^"]+)"/g)].map((m) => m[1]!);
/** One section's block of an admin page. */
const sectionOf = (html: string, def: SectionDef) => {
  const start = html.indexOf(`<section aria-labelledby="section-${def.key}"`);
  return start < 0 ? "" : html.slice(start, html.indexOf("</section>", start));
};
const mainOf = (html: string) => html.slice(html.indexOf("<main"), html.indexOf("</main>"));

/** The message shown next to a field: the element its input names in aria-describedby. */
function fieldError(html: string, name: string): string | undefined {
  const tag = html.match(new RegExp(`<(?:input|textarea|select)\\b[^>]*\\bname="${name}"[^>]*>`))?.[0];
  if (!tag) throw new Error(`no input named ${name}`);
  if (!tag.includes('aria-invalid="true"')) return undefined;
  const ids = tag.match(/aria-describedby="([^"]+)"/)?.[1]?.split(" ") ?? [];
  for (const id of ids) {
    const text = html.match(new RegExp(`<p id="${id.replace(/[:]/g, "\\$&")}"[^>]*>(.*?)</p>`))?.[1];
    if (id.endsWith("-error") && text) return text;
  }
  return undefined;
}

describe("the settings hub", () => {
  it("links the spec's eight pages first, then every other section page and the payment account", async () => {
    const page = await view(admin, "/setting");
    expect(page.status).toBe(200);
    expect(h1(page.html)).toEqual(["Settings"]);
    expect(title(page.html)).toBe("Settings | Rankwell");
    const links = hrefs(mainOf(page.html)).filter((h) => adminPages.some((p) => p.path === h));
    expect(links.slice(0, 8)).toEqual([...SPEC_HUB_PATHS]);
    expect([...links].sort()).toEqual(adminPages.map((p) => p.path).sort());
    expect(links).toContain("/add-paypal-Email");
  });

  it("is for admins only", async () => {
    expect((await view(visitor, "/setting")).location).toBe("/login?redirectTo=%2Fsetting");
    expect((await view(customer, "/setting")).status).toBe(403);
  });
});

describe("every admin page of the registry, before any content exists", () => {
  for (const page of adminPages) {
    it(`${page.path} shows ${page.sections.map((d) => d.key).join(" and ")} with their forms`, async () => {
      const { status, html } = await view(admin, page.path);
      expect(status).toBe(200);
      expect(h1(html)).toEqual([page.title]);
      expect(title(html)).toBe(`${page.title} | Settings | Rankwell`);
      expect(html).toMatch(/<a\b[^>]*href="\/setting"[^>]*>Back to settings<\/a>/);
      for (const def of page.sections) {
        expect(html).toContain(`>${def.label}</h2>`);
        expect(hasCreateForm(html, def), `${def.key} create form`).toBe(true);
        const block = sectionOf(html, def);
        // One labelled input per field, required unless optional.
        for (const [name, field] of Object.entries(def.fields)) {
          const tag = block.match(new RegExp(`<(?:input|textarea|select)\\b[^>]*\\bname="${name}"[^>]*>`))?.[0] ?? "";
          const id = tag.match(/\bid="([^"]+)"/)?.[1];
          expect(block, `${def.key}.${name} label`).toContain(`for="${id}"`);
          expect(block).toMatch(new RegExp(`<label for="${id}"[^>]*>${escapeRe(field.label)}</label>`));
          expect(tag.includes("required"), `${def.key}.${name} required`).toBe(!field.optional);
        }
      }
    });
  }
});

describe("input kinds", () => {
  it("renders each field kind with the right input", async () => {
    const pricing = (await view(admin, "/add-pricing")).html;
    expect(pricing).toMatch(/<select\b[^>]*name="packageName"/);
    for (const plan of ["Basic", "Premium", "Standard"]) expect(pricing).toContain(`<option value="${plan}">${plan}</option>`);
    expect(pricing).toMatch(/<input\b[^>]*type="text"[^>]*inputMode="decimal"[^>]*name="packagePrice"|<input\b[^>]*name="packagePrice"[^>]*inputMode="decimal"/);
    const banner = (await view(admin, "/edit-banner")).html;
    const link = banner.match(/<input\b[^>]*name="buttonURL"[^>]*>/)?.[0] ?? "";
    expect(link).toContain('type="text"');
    expect(link).toContain('inputMode="url"');
    expect(link).toContain('maxLength="2048"');
    expect(banner).toMatch(/<textarea\b[^>]*name="bannerDetails"/);
    expect(banner).toContain("a path on this site such as");
    const account = (await view(admin, "/add-paypal-Email")).html;
    expect(account).toMatch(/<input\b[^>]*name="paypalEmail"[^>]*type="email"|<input\b[^>]*type="email"[^>]*name="paypalEmail"/);
  });
});

describe("saving every section through its page forms", () => {
  for (const def of all) {
    it(`${def.key}: create on ${def.adminPath} ("${publishedText(def, true)}"), then edit on ${def.editPath} ("${publishedText(def, false)}")`, async () => {
      const values = sampleValues(def, 1);
      const alone = adminPages.find((p) => p.path === def.adminPath)!.sections.length === 1;
      const created = await post(admin, def.adminPath, formFor(def, "publish", values));
      const [record] = await records(def);
      expect(record).toEqual({ _id: expect.any(String), ...values });
      const id = record!._id;
      if (def.kind === "singleton" && alone) {
        // A page of one singleton is its edit form once it has a record: creating goes there, saying so.
        expect(created.status).toBe(302);
        expect(created.location).toBe(`${edit(def, id)}?created=publish`);
        expect(statusText((await view(admin, created.location!)).html)).toBe(publishedText(def, true));
        const opened = await view(admin, def.adminPath);
        expect(opened.status).toBe(302);
        expect(opened.location).toBe(edit(def, id));
      } else {
        expect(created.status).toBe(200);
        expect(statusText(created.html)).toBe(publishedText(def, true));
        const page = (await view(admin, def.adminPath)).html;
        // One "Edit" per entry (and per singleton sharing a list's page), naming it for screen readers.
        expect(page).toMatch(new RegExp(`<a\\b[^>]*href="${escapeRe(edit(def, id))}"[^>]*>Edit<span class="sr-only">`));
        expect(hasCreateForm(page, def)).toBe(def.kind === "list");
      }

      const editor = await view(admin, edit(def, id));
      expect(editor.status).toBe(200);
      expect(h1(editor.html)).toEqual([editTitle(def)]);
      expect(title(editor.html)).toBe(`${editTitle(def)} | Settings | Rankwell`);
      const listPage = adminPages.find((p) => p.path === def.adminPath)!;
      if (def.kind === "singleton" && alone) expect(editor.html).toMatch(/<a\b[^>]*href="\/setting"[^>]*>Back to settings<\/a>/);
      else expect(editor.html).toMatch(new RegExp(`<a\\b[^>]*href="${escapeRe(def.adminPath)}"[^>]*>Back to ${escapeRe(listPage.title)}</a>`));
      for (const value of Object.values(values)) if (value) expect(editor.html).toContain(value);

      const changed = sampleValues(def, 2);
      // A sensitive section (the payment account) is changed with each field typed twice (issue 21).
      const repeated = def.sensitive ? Object.fromEntries(Object.entries(changed).map(([name, value]) => [`${name}Repeat`, value])) : {};
      const saved = await post(admin, edit(def, id), { ...formFor(def, "publish", changed), ...repeated });
      expect(saved.status).toBe(200);
      expect(statusText(saved.html)).toBe(publishedText(def, false));
      expect(await records(def)).toEqual([{ _id: id, ...changed }]);
      for (const value of Object.values(changed)) if (value) expect(saved.html).toContain(value);
    });
  }

  for (const alias of all.flatMap((def) => (def.aliasEditPaths ?? []).map((path) => ({ def, path })))) {
    it(`${alias.path} opens the ${alias.def.key} editor`, async () => {
      const [record] = await records(alias.def);
      const page = await view(admin, alias.path.replace(":id", record!._id));
      expect(page.status).toBe(200);
      expect(h1(page.html)).toEqual(["Edit Service item"]);
      expect(page.html).toContain(record!.serviceTitle ?? Object.values(record!)[1]);
    });
  }
});

describe("errors", () => {
  it("shows each field's message next to it, keeps what was typed and stores nothing", async () => {
    const def = sectionDef("banner");
    const [before] = await records(def);
    const typed: Record<string, string> = { ...sampleValues(def, 5), bannerHeading: "", buttonURL: "javascript:alert(1)" };
    const result = await post(admin, edit(def, before!._id), formFor(def, "publish", typed));
    expect(result.status).toBe(400);
    expect(fieldError(result.html, "bannerHeading")).toBe("Heading is required");
    expect(fieldError(result.html, "buttonURL")).toBe("Button link must be an http(s) address or a path on this site");
    expect(fieldError(result.html, "bannerText")).toBeUndefined();
    expect(alertText(result.html)).toBe("Please check these fields: Heading, Button link.");
    expect(statusText(result.html)).toBeUndefined();
    expect(result.html).toContain(typed.bannerText);
    expect(await records(def)).toEqual([before]);
  });

  it("shows errors next to the fields of a list's add form, and adds nothing", async () => {
    const def = sectionDef("faqItems");
    const before = await records(def);
    const result = await post(admin, def.adminPath, formFor(def, "publish", badValues(def)));
    expect(result.status).toBe(400);
    expect(fieldError(result.html, "accodingTitle")).toBe("Question must be at most 200 characters");
    expect(fieldError(result.html, "accodingText")).toBe("Answer must be at most 2000 characters");
    expect(await records(def)).toEqual(before);
  });

  it("refuses a second singleton from a stale create form, leading to the edit screen", async () => {
    const def = sectionDef("logo");
    const [existing] = await records(def);
    const result = await post(admin, def.adminPath, formFor(def, "publish", sampleValues(def, 7)));
    // Refused (409); without JavaScript the page then opens the existing record's edit form.
    expect(result.status).toBe(302);
    expect(result.location).toBe(edit(def, existing!._id));
    expect(await records(def)).toHaveLength(1);
    expect(await records(def)).toEqual([existing]);
  });

  it("answers 404 for an unknown id or an id of another section", async () => {
    const [about] = await records(sectionDef("about"));
    for (const path of [`/banner/${UNKNOWN_ID}`, `/package-edit/${UNKNOWN_ID}`, `/banner/${about!._id}`, `/faq-edit/${about!._id}`]) {
      const page = await view(admin, path);
      expect(page.status, path).toBe(404);
      expect(h1(page.html)).toEqual(["Page not found"]);
    }
    const write = await post(admin, `/banner/${UNKNOWN_ID}`, formFor(sectionDef("banner"), "publish", sampleValues(sectionDef("banner"))));
    expect(write.status).toBe(404);
  });

  it("refuses page-form saves from visitors and customers", async () => {
    const def = sectionDef("banner");
    const [before] = await records(def);
    const asVisitor = await post(visitor, edit(def, before!._id), formFor(def, "publish", sampleValues(def, 8)));
    expect(asVisitor.status).toBe(302);
    expect(asVisitor.location).toMatch(/^\/login\?redirectTo=/);
    const asCustomer = await post(customer, edit(def, before!._id), formFor(def, "publish", sampleValues(def, 8)));
    expect(asCustomer.status).toBe(403);
    const createAsCustomer = await post(customer, sections.faqItems.adminPath, formFor(sectionDef("faqItems"), "publish", sampleValues(sectionDef("faqItems"), 8)));
    expect(createAsCustomer.status).toBe(403);
    expect(await records(def)).toEqual([before]);
    expect(await records(sectionDef("faqItems"))).toHaveLength(1);
  });
});

describe("the about editor at /{id}", () => {
  it("opens for an admin with an About id", async () => {
    const [about] = await records(sectionDef("about"));
    const page = await view(admin, `/${about!._id}`);
    expect(page.status).toBe(200);
    expect(h1(page.html)).toEqual(["Edit About"]);
    const saved = await post(admin, `/${about!._id}`, formFor(sectionDef("about"), "publish", sampleValues(sectionDef("about"), 3)));
    expect(statusText(saved.html)).toBe("About updated. Visitors see it now.");
  });

  it("is the ordinary 404 page for any other single-segment path, and for anyone but an admin", async () => {
    const [about] = await records(sectionDef("about"));
    const [banner] = await records(sectionDef("banner"));
    for (const path of [`/${banner!._id}`, `/${UNKNOWN_ID}`, "/no-such-page"]) {
      const page = await view(admin, path);
      expect(page.status, path).toBe(404);
      expect(h1(page.html)).toEqual(["Page not found"]);
    }
    expect((await post(admin, `/${banner!._id}`, formFor(sectionDef("about"), "publish", sampleValues(sectionDef("about"))))).status).toBe(404);
    for (const client of [visitor, customer]) {
      const page = await view(client, `/${about!._id}`);
      expect(page.status).toBe(404);
      expect(h1(page.html)).toEqual(["Page not found"]);
    }
  });
});

describe("list entries on the admin page", () => {
  // Every list the same way: one "Edit" per entry (no "Edit Now", "Edit FAQs" or title links).
  for (const key of ["serviceItems", "workSteps", "testimonials", "faqItems", "pricingPlans"] as const) {
    it(`${key} entries link to their editor with one "Edit"`, async () => {
      const def = sectionDef(key);
      const [record] = await records(def);
      const html = sectionOf((await view(admin, def.adminPath)).html, def);
      expect(html).toMatch(new RegExp(`<a\\b[^>]*href="${edit(def, record!._id)}"[^>]*>Edit<span class="sr-only">`));
      expect(html).not.toMatch(/Edit Now|Edit FAQs|Edit Pricing|Edit Services/);
      expect(count(html, new RegExp(`href="${escapeRe(edit(def, record!._id))}"`))).toBe(1);
    });
  }

  it("shows pricing plans as cards with name, price as $49.00 and Edit Pricing", async () => {
    const def = sectionDef("pricingPlans");
    const [plan] = await records(def);
    const html = (await view(admin, "/add-pricing")).html;
    expect(html).toContain(`>${plan!.packageName}</p>`);
    // The site's one money format: dollars and cents.
    expect(html).toContain(`>$${Number(plan!.packagePrice).toFixed(2)}</p>`);
  });

  it("moves entries up and down and deletes one after confirmation", async () => {
    const def = sectionDef("faqItems");
    for (const n of [3, 4]) expect(statusText((await post(admin, def.adminPath, formFor(def, "publish", sampleValues(def, n)))).html)).toBe("FAQ item added. Visitors see it now.");
    const ids = (await records(def)).map((r) => r._id);
    expect(ids).toHaveLength(3);

    const page = (await view(admin, def.adminPath)).html;
    expect(count(page, /<summary\b[^>]*>Delete<span class="sr-only">/)).toBe(3);
    expect(count(page, />Yes, delete<span/)).toBe(3);

    // Moving is a draft: the site (the API) keeps its order until the new one is published.
    const down = await post(admin, def.adminPath, formFor(def, "move-down", {}, ids[0]));
    expect(statusText(down.html)).toBe("FAQ item moved down. The new order is a draft: publish it to show it on the site.");
    expect((await records(def)).map((r) => r._id)).toEqual(ids);
    await post(admin, def.adminPath, formFor(def, "move-up", {}, ids[2]));
    // The first entry cannot move further up.
    await post(admin, def.adminPath, formFor(def, "move-up", {}, ids[1]));
    expect((await records(def)).map((r) => r._id)).toEqual(ids);
    const published = await post(admin, def.adminPath, { _intent: "publish-order", _section: def.key });
    expect(statusText(published.html)).toBe("New order of faq items published. Visitors see it now.");
    expect((await records(def)).map((r) => r._id)).toEqual([ids[1], ids[2], ids[0]]);

    const removed = await post(admin, def.adminPath, formFor(def, "delete", {}, ids[0]));
    expect(removed.html).toMatch(new RegExp(`role="status"[^>]*><span>${escapeRe(`${singular(def.label)} deleted. It is in the trash, from where it can be restored.`)}</span>`));
    expect(removed.html).toMatch(new RegExp(`name="_id" value="${ids[0]}"/><button type="submit" value="undo-delete"[^>]*name="_intent">Undo</button>`));
    expect((await records(def)).map((r) => r._id)).toEqual([ids[1], ids[2]]);
    // Undo: back from the trash, to its place (first).
    const undone = await post(admin, def.adminPath, formFor(def, "undo-delete", {}, ids[0]));
    expect(statusText(undone.html)).toBe("FAQ item restored to its place.");
    expect((await records(def)).map((r) => r._id)).toEqual([ids[1], ids[2], ids[0]]);
    await post(admin, def.adminPath, formFor(def, "delete", {}, ids[0]));
    const again = await post(admin, def.adminPath, formFor(def, "delete", {}, ids[0]));
    expect(again.status).toBe(404);
    expect(alertText(again.html)).toBe("FAQ items not found");
  });

  it("refuses a form that names a section of another page", async () => {
    const result = await post(admin, "/edit-service", formFor(sectionDef("faqItems"), "publish", sampleValues(sectionDef("faqItems"), 9)));
    expect(result.status).toBe(400);
    expect(await records(sectionDef("faqItems"))).toHaveLength(2);
  });
});

describe("the public landing page", () => {
  it("shows what an admin saved through the admin screens", async () => {
    const banner = sectionDef("banner");
    const faq = sectionDef("faqItems");
    const plans = sectionDef("pricingPlans");
    const [bannerRecord] = await records(banner);
    const [faqRecord] = await records(faq);
    const [plan] = await records(plans);

    const heading = "Grow your traffic with Rankwell";
    const question = "How soon will my site rank higher";
    const point = "A monthly ranking report";
    for (const [def, id, values] of [
      [banner, bannerRecord!._id, { ...sampleValues(banner, 4), bannerHeading: heading }],
      [faq, faqRecord!._id, { ...sampleValues(faq, 4), accodingTitle: question }],
      [plans, plan!._id, { ...sampleValues(plans, 4), packageName: "Premium", packagePointOne: point }],
    ] as const) {
      const saved = await post(admin, edit(def, id), formFor(def, "publish", values));
      expect(statusText(saved.html)).toBe(publishedText(def, false));
    }

    const home = await view(visitor, "/");
    expect(home.status).toBe(200);
    expect(h1(home.html)[0]).toContain(heading);
    expect(home.html).toContain(question);
    expect(home.html).toContain(point);
  });
});
