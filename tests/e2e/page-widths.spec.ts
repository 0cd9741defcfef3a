import { type Browser, type BrowserContext, expect, type Page, test } from "@playwright/test";
import { matchRoutes } from "react-router";
import { PAGES } from "../../app/pages.ts";
import { requiredRole, type Access } from "../../app/auth/roles.ts";
import { adminPages } from "../../app/content/admin/admin-pages.ts";
import { allSections } from "../../app/content/registry/sections.ts";
import { e2eEnv } from "../../playwright.config.ts";
import { ensurePaymentAccount, mailTo, makeAdmin, makeEditor, register } from "./helpers.ts";

/**
 * Nothing is wider than the screen, and nothing is clipped, on any page of the page table
 * (app/pages.ts), with the longest values people really enter: a 60-character email address
 * (each account's own), a 200-character URL in every link and image field of the site's content,
 * long names and an address on an order, a long contact message, and a history and an audit entry
 * whose before and after are two such URLs. Every row is opened as a visitor, a customer, an
 * Editor and an Admin (whatever each gets: the page, a sign-in page or a refusal), at a phone's
 * 390 px and a desktop's 1440 px. At both sizes the document may not scroll sideways and no
 * element may reach past the right edge outside a box that scrolls on its own; such a box must be
 * focusable (keyboard users scroll it). At 1440 px no element with text may be cut off (its
 * content wider than a box that hides or scrolls the rest). Failures name the offending elements.
 */

const stamp = Date.now().toString(36).slice(-6);

/** An address of exactly 60 characters (a person's long name at a company's long domain). */
function email60(who: string): string {
  const domain = "@marketing.example-enterprises.co.uk";
  const local = `${who}.${stamp}.maximilian-konstantin-hohenzollern`.slice(0, 60 - domain.length);
  expect((local + domain).length).toBe(60);
  return local + domain;
}

/** A URL of exactly 200 characters, ending in `tail` (so two of them differ only at the end). */
function url200(tail: string): string {
  const head = "https://www.example-agency-with-a-long-name.co.uk/campaigns/2026/spring-search-visibility/landing-pages/local-seo-checklist-for-independent-bakeries?utm_source=newsletter&utm_medium=email&utm_campaign=";
  const url = `${head}${"x".repeat(200)}`.slice(0, 200 - tail.length) + tail;
  expect(url.length).toBe(200);
  return url;
}

const LONG_URL = url200("first");
const LONG_URL_AFTER = url200("second");
/** A one-segment address of 120 characters: a page's or an article's slug as an editor might write it. */
const LONG_SLUG = "local-seo-checklist-for-independent-bakeries-and-coffee-shops-in-kensington-chelsea-and-the-royal-borough-spring-2026".padEnd(120, "x");
const ORDER = {
  name: "Maximilian Alexander Konstantin von Hohenzollern-Sigmaringen-Wittelsbach",
  address: "Apartment 1204, Building C, Sir Christopher Wren Residential Quarter, 1234 Kensington High Street Extension, Royal Borough of Kensington and Chelsea, London W8 4PT",
  country: "United Kingdom of Great Britain and Northern Ireland",
};
const MESSAGE = {
  name: "Anne-Marie Fitzgerald-Montgomery-Oyelaran",
  subject: "Question about the Premium plan for our multi-location independent bakery franchise",
  message: `Hello, we run eleven bakeries and would like to know whether the Premium plan covers every location. Our current landing page is ${LONG_URL} and our booking page is ${LONG_URL_AFTER}. Thank you!`,
};

// ---- The pages to visit: every row of the page table ----

type Role = "visitor" | "customer" | "Editor" | "Admin";
const ROLES: Role[] = ["visitor", "customer", "Editor", "Admin"];

/** Rows not measured, each with why. */
const SKIPPED: Record<string, string> = {
  "*": "every other path: the 404 page, measured through /no-such-page-here",
  "/logout": "an action (signs out), not a screen",
  "/sitemap.xml": "XML for crawlers, not a screen",
  "/robots.txt": "plain text for crawlers, not a screen",
  "/all-subscriber/csv": "a CSV download, not a screen",
  "/orders/:id/files/:fileId/:name": "a file download, not a screen",
  "/orders/:id/documents/:docId": "a PDF download (an invoice or credit note), not a screen",
  "/admin/reports/money.csv": "a CSV download, not a screen",
  "/blog/feed.xml": "an Atom feed for readers' apps, not a screen",
  "/_page/*": "the internal route a one-segment created page is handed to (the demo page /local-seo/ is measured through the links it is reached by)",
};

const ROWS = PAGES.filter((row) => !(row.path in SKIPPED));
const routesOfRows = ROWS.map((row) => ({ path: row.path }));
/** Which row a URL opens, ranked as the router ranks routes. */
const rowOf = (pathname: string) => (matchRoutes(routesOfRows, pathname)?.at(-1)?.route as { path: string } | undefined)?.path;

/** PayPal's return page is public (PayPal sends the buyer back), but it shows the buyer's order only to the buyer. */
const OWNER_PAGES = new Set(["/received-payment/:id"]);

/** Whether `role` should get the page itself (not a sign-in page or a refusal). */
function opens(role: Role, path: string, access: Access): boolean {
  // Someone else's order is refused to Editors and Admins on the customer's pages, as it should be.
  if ((access === "user" || OWNER_PAGES.has(path)) && path.includes(":")) return role === "customer";
  if (access === "public") return true;
  if (access === "user") return role !== "visitor";
  const needed = requiredRole(access);
  return role === "Admin" || (role === "Editor" && needed === "Editor");
}

/**
 * Pages that send a signed-in person on, so landing elsewhere is no failure there: the sign-in
 * pages, the landing after sign-in, and a section page of one singleton once it has its record
 * (it opens the record's edit form, which is measured as a row of its own).
 */
const LEADS_ON = new Set([
  "/login",
  "/register",
  "/reset",
  "/login/two-factor",
  "/login/passkey",
  "/signed-in",
  ...adminPages.filter((page) => page.sections.length === 1 && page.sections[0]!.kind === "singleton").map((page) => page.path),
]);

// ---- Measuring ----

interface Finding {
  role: Role;
  url: string;
  width: number;
  problem: string;
}

/**
 * Runs in the page: what is too wide or cut off. An element counts once, at the outermost point
 * where it overflows (its children are not listed again).
 */
function measure(checkClipped: boolean) {
  const vw = window.innerWidth;
  const doc = document.documentElement;
  const selector = (el: Element): string => {
    const parts: string[] = [];
    for (let e: Element | null = el; e && e !== document.body && parts.length < 4; e = e.parentElement) {
      const classes = [...e.classList].filter((c) => !c.includes(":")).slice(0, 3);
      parts.unshift(`${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""}${classes.length ? `.${classes.join(".")}` : ""}`);
    }
    return parts.join(" > ");
  };
  const text = (el: Element) => (el.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 50);
  const hidden = (el: Element, cs: CSSStyleDeclaration) => cs.clip !== "auto" || cs.clipPath !== "none" || (el as HTMLElement).offsetWidth <= 1;
  const scrolls = (cs: CSSStyleDeclaration) => cs.overflowX !== "visible";
  const problems: string[] = [];
  if (doc.scrollWidth > vw) problems.push(`the page is ${doc.scrollWidth} px wide`);
  const reported = new Set<Element>();
  for (const el of document.body.querySelectorAll("*")) {
    const cs = getComputedStyle(el);
    if (cs.display === "none" || hidden(el, cs)) continue;
    // Past the right edge, outside any box that scrolls or hides its overflow (the page's own scrolling is what is measured).
    const rect = el.getBoundingClientRect();
    if (rect.right > vw + 0.5 && rect.width > 0) {
      let inBox = false;
      let ancestorReported = false;
      for (let a = el.parentElement; a && a !== document.body && a !== doc; a = a.parentElement) {
        if (reported.has(a)) ancestorReported = true;
        if (scrolls(getComputedStyle(a))) inBox = true;
      }
      if (!inBox && !ancestorReported && cs.position !== "fixed") {
        reported.add(el);
        problems.push(`${selector(el)} reaches ${Math.round(rect.right)} px ("${text(el)}")`);
      }
    }
    if (!scrolls(cs) || el.scrollWidth <= el.clientWidth + 1 || ["INPUT", "TEXTAREA", "SELECT", "HTML", "BODY"].includes(el.tagName)) continue;
    if (!text(el)) continue;
    // A box that scrolls sideways must take the keyboard's focus, or contain something that does.
    const focusable = (el as HTMLElement).tabIndex >= 0 || el.querySelector("a[href], button, input, select, textarea, [tabindex]") !== null;
    if ((cs.overflowX === "auto" || cs.overflowX === "scroll") && !focusable) problems.push(`${selector(el)} scrolls sideways but takes no focus`);
    if (checkClipped) problems.push(`${selector(el)} cuts off ${el.scrollWidth - el.clientWidth} px of its ${el.clientWidth} px (overflow-x: ${cs.overflowX}; "${text(el)}")`);
  }
  return problems;
}

async function measureBoth(page: Page, role: Role, url: string, findings: Finding[]) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 900 });
    // Let the new width lay out before measuring.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    for (const problem of await page.evaluate(measure, width >= 1440)) findings.push({ role, url, width, problem });
  }
}

// ---- The people and the records the pages show ----

const people: Record<Exclude<Role, "visitor">, string> = { customer: email60("customer"), Editor: email60("editor"), Admin: email60("admin") };
const origin = { Origin: e2eEnv.APP_URL };
const contexts = new Map<Role, BrowserContext>();
/** A URL for each parameter row, from the seeded records and the links of the pages visited. */
const urls = new Map<string, string>();
const restore: (() => Promise<unknown>)[] = [];

async function newContext(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: e2eEnv.APP_URL, viewport: { width: 1440, height: 900 } });
  // Pictures and fonts do not change a layout that gives them their own box; skipping them keeps this quick.
  await context.route(/\.(png|jpe?g|gif|webp|avif|svg|woff2?|ttf)(\?.*)?$/i, (route) => route.abort());
  return context.newPage();
}

/**
 * Puts the 200-character URL in every link and image field, and a 120-character slug in every
 * address field, of one record of each content section, keeping the originals to put back.
 */
async function longContent(admin: Page) {
  for (const def of allSections()) {
    if (def.sensitive) continue;
    const longFields = Object.entries(def.fields).filter(([, field]) => ["url", "image", "email", "slug"].includes(field.kind));
    if (!longFields.length) continue;
    const list = (await (await admin.request.get(`/api${def.api.list}`)).json()) as ({ _id: string } & Record<string, string>)[];
    const record = list[0];
    if (!record) continue;
    const original = Object.fromEntries(Object.keys(def.fields).map((name) => [name, record[name] ?? ""]));
    const long = { ...original, ...Object.fromEntries(longFields.map(([name, field]) => [name, field.kind === "email" ? people.Admin : field.kind === "slug" ? LONG_SLUG : LONG_URL])) };
    const path = `/api${def.api.update.replace(":id", record._id)}`;
    const answer = await admin.request.put(path, { data: long, headers: origin });
    expect(answer.status(), `${path}: ${await answer.text()}`).toBe(200);
    restore.push(async () => expect((await admin.request.put(path, { data: original, headers: origin })).status(), `${path} put back`).toBe(200));
    if (def.key === "banner") {
      // A second change whose before and after differ only at the end: history and the audit log must tell them apart.
      const again = await admin.request.put(path, { data: { ...long, buttonURL: LONG_URL_AFTER }, headers: origin });
      expect(again.status()).toBe(200);
      urls.set("/admin/history/:id", `/admin/history/${record._id}`);
      // And an unpublished draft differing only at the end too, for the drafts list and the edit screen's comparison.
      const edit = def.editPath.replace(":id", record._id);
      const draft = await admin.request.post(edit, { form: { ...long, buttonURL: url200("draft"), _intent: "draft", _section: def.key }, headers: origin });
      expect(await draft.text()).toContain("Draft saved.");
      restore.unshift(() => admin.request.post(edit, { form: { _intent: "discard", _section: def.key }, headers: origin }));
    }
  }
}

async function placeOrder(page: Page, plan: string): Promise<string> {
  await page.goto("/pricing/");
  await page.getByRole("article", { name: plan }).getByRole("link").click();
  await page.getByLabel("Your name").fill(ORDER.name);
  await page.getByLabel("Address").fill(ORDER.address);
  await page.getByLabel("Country").fill(ORDER.country);
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/pending-order\?placed=/);
  return new URL(page.url()).searchParams.get("placed")!;
}

test.describe.configure({ mode: "serial" });

test.afterAll(async () => {
  // Put the content back as it was: later specs read the demo content.
  for (const undo of restore) await undo();
  for (const context of contexts.values()) await context.close();
});

test("the longest realistic values are in place", async ({ browser }) => {
  test.setTimeout(120_000);
  const admin = await newContext(browser);
  contexts.set("Admin", admin.context());
  await register(admin, people.Admin);
  await makeAdmin(admin, people.Admin);
  await ensurePaymentAccount(admin);
  await longContent(admin);
  // A redirect to a 200-character address: the redirects list has a row, and its edit screen is reached.
  await admin.goto("/admin/redirects");
  await admin.getByLabel("From path").fill("/an-address-that-moved-elsewhere/");
  await admin.getByLabel("To", { exact: true }).fill(LONG_URL);
  await admin.getByRole("button", { name: "Add redirect" }).click();
  await expect(admin.getByRole("status")).toContainText(/created|added/i);

  const editor = await newContext(browser);
  contexts.set("Editor", editor.context());
  await register(editor, people.Editor);
  await makeEditor(editor, people.Editor);

  // A customer with a paid order (its payments table has rows) and an unpaid one (Pay now, cancel).
  const customer = await newContext(browser);
  contexts.set("customer", customer.context());
  await register(customer, people.customer);
  const paid = await placeOrder(customer, "Premium");
  await customer.goto(`/pay-now/${paid}`);
  await customer.getByRole("button", { name: "Pay with PayPal" }).click();
  await customer.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(customer.getByText("Payment received.")).toBeVisible({ timeout: 10_000 });
  const unpaid = await placeOrder(customer, "Basic");
  urls.set("/orders/:id", `/orders/${paid}`);
  urls.set("/orders/:id/brief", `/orders/${paid}/brief`);
  urls.set("/received-payment/:id", `/received-payment/${paid}`);
  urls.set("/pay-now/:id", `/pay-now/${unpaid}`);
  urls.set("/order-cancelled/:id", `/order-cancelled/${unpaid}`);
  urls.set("/admin/orders/:id", `/admin/orders/${paid}`);
  urls.set("/admin/payment-status/:id", `/admin/payment-status/${paid}`);

  // A long contact message, a subscriber and an invitation, each for a 60-character address.
  const visitor = await newContext(browser);
  contexts.set("visitor", visitor.context());
  const sent = await visitor.request.post("/api/add-message", { data: { ...MESSAGE, email: email60("writer"), number: "+44 (0) 20 7946 0958 / 1234" }, headers: origin });
  expect(sent.status(), await sent.text()).toBeLessThan(300);
  const invited = email60("invited");
  const invite = await admin.request.post("/api/add-user", { data: { userEmail: invited, userRole: "Editor" }, headers: origin });
  expect(invite.status(), await invite.text()).toBeLessThan(300);
  urls.set("/invitation/:token", new URL((await mailTo(invited)).text.match(/https?:\/\/\S+\/invitation\/\S+/)![0]).pathname);
  const subscriber = email60("subscriber");
  const subscribed = await visitor.request.post("/api/add-subscriber", { data: { subemail: subscriber }, headers: origin });
  expect(subscribed.status(), await subscribed.text()).toBeLessThan(300);
  urls.set("/unsubscribe/:token", new URL((await mailTo(subscriber)).text.match(/https?:\/\/\S+\/unsubscribe\/[\w-]+/)![0]).pathname);

  // A template item with long links, so the items list and its edit screen show them.
  const item = await admin.request.post("/api/add-item", { data: { format: "Instagram", canvaLink: LONG_URL, imageLink: LONG_URL_AFTER, category: "Seasonal promotions for independent bakeries", freeOrPaid: "Paid" }, headers: origin });
  expect(item.status(), await item.text()).toBeLessThan(300);
});

/** The row a link leads to, if it has a parameter (a lone `/:id` takes only a record id, not any one-segment path). */
function noteLink(href: string) {
  if (!href.startsWith("/") || href.startsWith("//")) return;
  const pathname = new URL(href.replaceAll("&amp;", "&"), e2eEnv.APP_URL).pathname;
  const pattern = rowOf(pathname);
  if (pattern?.includes(":") && !urls.has(pattern) && (pattern !== "/:id" || /^\/[0-9a-f]{24}$/.test(pathname))) urls.set(pattern, pathname);
}

/**
 * Finds a URL for each parameter row: the server's HTML of every page the Admin and the customer
 * open (no drawing, so it is quick), round by round, taking the first link to each pattern.
 */
async function discover() {
  for (const role of ["Admin", "customer"] as const) {
    const request = contexts.get(role)!.request;
    const fetched = new Set<string>();
    for (;;) {
      const todo = ROWS.filter((row) => !fetched.has(row.path) && opens(role, row.path, row.access) && (!row.path.includes(":") || urls.has(row.path)));
      if (!todo.length) break;
      await Promise.all(
        todo.map(async (row) => {
          fetched.add(row.path);
          const response = await request.get(urls.get(row.path) ?? row.path);
          // A page that sends on (a singleton's section page opens its edit form) leads where it lands.
          noteLink(new URL(response.url()).pathname);
          const html = await response.text();
          for (const [, href] of html.matchAll(/<a [^>]*href="([^"]+)"/g)) noteLink(href!);
        }),
      );
    }
  }
  // An alias edit path opens the same record as its section's edit path (no page links to it).
  for (const def of allSections()) {
    const primary = urls.get(def.editPath);
    for (const alias of def.aliasEditPaths ?? []) if (primary) urls.set(alias, alias.replace(":id", primary.split("/").at(-1)!));
  }
}

const PARALLEL = 3;
/** One line per problem, with the people and pages that have it (the header's problems show on every page). */
function report(findings: Finding[]): string[] {
  const where = new Map<string, string[]>();
  for (const f of findings) {
    const key = `${f.width ? `@${f.width}px ` : ""}${f.problem}`;
    where.set(key, [...(where.get(key) ?? []), `${f.role} ${f.url}`]);
  }
  return [...where].map(([problem, pages]) => `${problem}\n      on ${pages.length} page(s): ${pages.slice(0, 4).join(", ")}${pages.length > 4 ? ", …" : ""}`);
}

test("every page of the page table fits at 390 and 1440 px, as visitor, customer, Editor and Admin", async () => {
  // Some 460 page views and 230 pages drawn at two widths: five minutes on a busy shared two-core machine.
  test.setTimeout(600_000);
  await discover();
  const missing = ROWS.filter((row) => row.path.includes(":") && !urls.has(row.path)).map((row) => row.path);
  expect(missing, "rows with a parameter no page links to").toEqual([]);

  // What each person gets for each row: the page itself, drawn and measured; or a refusal (a
  // sign-in page, "no permission", a 404), asked without drawing and measured once per kind.
  type Visit = { role: Role; url: string; row: string; own: boolean };
  const visits: Visit[] = [];
  const refusals = new Map<string, Visit>();
  await Promise.all(
    ROLES.map(async (role) => {
      for (const row of ROWS) {
        const url = urls.get(row.path) ?? row.path;
        if (opens(role, row.path, row.access)) {
          visits.push({ role, url, row: row.path, own: true });
          continue;
        }
        const answer = await contexts.get(role)!.request.get(url, { maxRedirects: 0 });
        const kind = `${role} ${answer.status()} ${new URL(answer.headers().location ?? url, e2eEnv.APP_URL).pathname}`;
        if (!refusals.has(kind)) refusals.set(kind, { role, url, row: row.path, own: false });
      }
    }),
  );
  visits.push(...refusals.values(), ...ROLES.map((role) => ({ role, url: "/no-such-page-here", row: "*", own: false })));

  // A few tabs per person at once, taking the next visit as they finish.
  const findings: Finding[] = [];
  const queue = [...visits];
  const tab = new Map<string, Page>();
  const worker = async (n: number) => {
    for (let visit = queue.shift(); visit; visit = queue.shift()) {
      const key = `${visit.role}/${n}`;
      if (!tab.has(key)) tab.set(key, await contexts.get(visit.role)!.newPage());
      const page = tab.get(key)!;
      const response = await page.goto(visit.url);
      const landed = new URL(page.url()).pathname.replace(/(.)\/$/, "$1");
      if (visit.own && !LEADS_ON.has(visit.row) && ((response?.status() ?? 0) >= 400 || rowOf(landed) !== visit.row)) {
        findings.push({ role: visit.role, url: visit.url, width: 0, problem: `did not open (${response?.status()}, landed on ${landed}): nothing was measured` });
      }
      await measureBoth(page, visit.role, visit.url, findings);
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, (_, n) => worker(n)));
  expect(visits.filter((v) => v.own).length).toBeGreaterThan(200);
  expect(report(findings)).toEqual([]);
});

test("a long before/after pair reads differently in the audit log", async () => {
  const admin = await contexts.get("Admin")!.newPage();
  await admin.goto("/admin/audit-log");
  const row = admin.getByRole("row").filter({ hasText: "second" }).first();
  await expect(row).toContainText("first");
  await expect(row).toContainText("second");
});
