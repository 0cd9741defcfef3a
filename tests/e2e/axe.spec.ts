import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { matchRoutes } from "react-router";
import type { Result } from "axe-core";
import routes from "../../app/routes.ts";
import { type Access, pageAccess } from "../../app/access.ts";
import { sections } from "../../app/content/registry/sections.ts";
import { e2eEnv } from "../../playwright.config.ts";
import { ensurePaymentAccount, makeAdmin, openAccountMenu, register, uniqueEmail } from "./helpers.ts";

/**
 * axe-core in Chromium over every page of app/routes.ts, at a phone's 390×844 and a desktop's
 * 1440×900: public pages signed out, customer pages as a customer, admin screens as an admin, and
 * the 404 page. Each must have a title and no axe violation at all (every rule axe runs by
 * default, best practices included). A page with a parameter (an order, a message, an edit
 * screen) is reached through the links of the pages before it, so it shows real data.
 */

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;

/** Not screens: an action, a download, feeds for crawlers. */
const NOT_SCREENS = new Set(["/blog/feed.xml", "/_page/*", "/logout", "/all-subscriber/csv", "/admin/reports/money.csv", "/sitemap.xml", "/robots.txt", "/orders/:id/files/:fileId/:name", "/orders/:id/documents/:docId"]);

/** Pages whose parameter no page links to: opened with a made-up value (their "not valid" screen). */
const MADE_UP: Record<string, string> = { "/invitation/:token": "/invitation/not-a-real-token", "/unsubscribe/:token": "/unsubscribe/not-a-real-token" };

/** An alias edit path opens the same record as its section's edit path: "/main-service-edit/:id" → "/service-edit/:id". */
const ALIASES = Object.values(sections).flatMap((def) => ("aliasEditPaths" in def && def.aliasEditPaths ? def.aliasEditPaths.map((alias: string) => [alias, def.editPath] as const) : []));

type Who = "visitor" | "customer" | "admin";
/** PayPal's return page is public (PayPal sends the buyer back), but it shows the buyer's order. */
const OWNER_PAGES = new Set(["/received-payment/:id"]);
const who = (path: string, access: Access): Who => (OWNER_PAGES.has(path) || access === "user" ? "customer" : access === "public" ? "visitor" : "admin");

const patterns = Object.entries(pageAccess)
  .filter(([path]) => !NOT_SCREENS.has(path))
  .map(([path, access]) => ({ path, who: who(path, access) }));
const patternRoutes = patterns.map((p) => ({ path: p.path }));

/** Which entry of the access table a URL opens (ranked as the router ranks routes). */
const patternOf = (url: string) => (matchRoutes(patternRoutes, new URL(url, e2eEnv.APP_URL).pathname)?.at(-1)?.route as { path: string } | undefined)?.path;

test("the access table lists every page of app/routes.ts, so this test visits them all", () => {
  type R = { path?: string; children?: R[] };
  const flat = (rs: R[]): string[] => rs.flatMap((r) => [...(r.path !== undefined ? [`/${r.path}`] : []), ...flat(r.children ?? [])]);
  const missing = flat(routes as R[]).filter((path) => path !== "/*" && !(path in pageAccess));
  expect(missing).toEqual([]);
});

interface Finding {
  url: string;
  viewport: string;
  rule: string;
  impact: string;
  nodes: string[];
}

async function audit(page: Page, label: string): Promise<Finding[]> {
  const findings: Finding[] = [];
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    const size = `${viewport.width}×${viewport.height}`;
    if (!(await page.title()).trim()) findings.push({ url: label, viewport: size, rule: "empty <title>", impact: "serious", nodes: [] });
    await page.evaluate(axeSource);
    const violations = await page.evaluate(() => (window as unknown as { axe: { run: (c: Document) => Promise<{ violations: Result[] }> } }).axe.run(document).then((r) => r.violations));
    for (const v of violations) findings.push({ url: label, viewport: size, rule: v.id, impact: v.impact ?? "", nodes: v.nodes.map((n) => `${n.target.join(" ")}: ${n.failureSummary?.split("\n").slice(1).join(" ").trim()}`) });
  }
  await page.setViewportSize(VIEWPORTS[1]);
  return findings;
}

/**
 * Visits every page the person may open: first those without a parameter, then, round by round,
 * a page for each parameter pattern found among the links seen so far.
 */
async function auditAll(page: Page, as: Who, known: Record<string, string> = {}): Promise<{ findings: Finding[]; visited: string[] }> {
  const mine = patterns.filter((p) => p.who === as);
  const todo = new Map(mine.filter((p) => !p.path.includes(":")).map((p) => [p.path, p.path]));
  for (const [pattern, url] of Object.entries({ ...MADE_UP, ...known })) if (mine.some((p) => p.path === pattern)) todo.set(pattern, url);
  const done = new Set<string>();
  const links = new Set<string>();
  const findings: Finding[] = [];
  while (todo.size) {
    for (const [pattern, url] of todo) {
      todo.delete(pattern);
      done.add(pattern);
      const response = await page.goto(url);
      expect(response?.status(), url).toBeLessThan(pattern in MADE_UP ? 500 : 400);
      findings.push(...(await audit(page, url)));
      const hrefs = await page.evaluate(() => [...document.querySelectorAll("a[href]")].map((a) => a.getAttribute("href")!));
      // Where a redirect led counts as reached too (a singleton's page opens its edit form).
      links.add(new URL(page.url()).pathname);
      for (const href of hrefs) if (href.startsWith("/") && !href.startsWith("//")) links.add(href);
    }
    for (const link of links) {
      const pattern = patternOf(link);
      if (pattern && !done.has(pattern) && !todo.has(pattern) && mine.some((p) => p.path === pattern)) todo.set(pattern, link);
      for (const [alias, primary] of ALIASES) {
        const id = pattern === primary ? link.split("/").at(-1) : undefined;
        if (id && !done.has(alias) && !todo.has(alias) && mine.some((p) => p.path === alias)) todo.set(alias, alias.replace(":id", id));
      }
    }
  }
  const unreached = mine.map((p) => p.path).filter((p) => !done.has(p));
  expect(unreached, `no link leads to these ${as} pages`).toEqual([]);
  return { findings, visited: [...done] };
}

const report = (findings: Finding[]) => findings.map((f) => `${f.url} @${f.viewport}: ${f.rule} (${f.impact})\n    ${f.nodes.slice(0, 3).join("\n    ")}`);

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: e2eEnv.APP_URL, viewport: VIEWPORTS[1] });
  return context.newPage();
}

test.describe.configure({ mode: "serial" });

test("every public page, signed out, and the 404 page", async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await newPage(browser);
  const { findings } = await auditAll(page, "visitor");
  await page.goto("/no-such-page-here");
  findings.push(...(await audit(page, "/no-such-page-here (404)")));
  expect(await page.title()).toBe("Page not found | Rankwell");
  // The phone menu, open.
  await page.setViewportSize(VIEWPORTS[0]);
  await page.goto("/");
  await page.getByRole("banner").getByText("Menu", { exact: true }).click();
  await page.evaluate(axeSource);
  const open = await page.evaluate(() => (window as unknown as { axe: { run: (c: Element) => Promise<{ violations: Result[] }> } }).axe.run(document.querySelector("header")!).then((r) => r.violations.map((v) => v.id)));
  expect(open, "the open phone menu").toEqual([]);
  expect(report(findings)).toEqual([]);
});

test("every customer page, as a customer with an order", async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await newPage(browser);
  await register(page, uniqueEmail("axe-customer"));
  // The welcome after registering, then an order so the tables and order pages have a row.
  const welcome = await audit(page, "/?welcome=1");
  await page.goto("/pricing/");
  const orderNow = (await page.getByRole("article", { name: "Basic" }).getByRole("link").getAttribute("href"))!;
  await page.getByRole("article", { name: "Basic" }).getByRole("link").click();
  await page.getByLabel("Your name").fill("Ada Lovelace");
  await page.getByLabel("Address").fill("12 Analytical Row, London");
  await page.getByLabel("Country").fill("United Kingdom");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/pending-order\?placed=/);
  const orderId = new URL(page.url()).searchParams.get("placed")!;
  const confirmation = await audit(page, "/pending-order?placed=… (order confirmation)");
  const { findings } = await auditAll(page, "customer", {
    "/order-now/:id": orderNow,
    // Without PayPal's key the cancel page only asks: the order stays as it is.
    "/order-cancelled/:id": `/order-cancelled/${orderId}`,
    "/received-payment/:id": `/received-payment/${orderId}`,
  });
  // The account menu, open.
  await page.goto("/dashboard");
  await openAccountMenu(page);
  findings.push(...(await audit(page, "/dashboard with the account menu open")));
  expect(report([...welcome, ...confirmation, ...findings])).toEqual([]);
});

test("every admin screen, as an admin", async ({ browser }) => {
  test.setTimeout(420_000);
  // A message, so the inbox and its message screen have one.
  const visitor = await newPage(browser);
  await visitor.goto("/contact");
  const form = visitor.locator("form").filter({ has: visitor.getByRole("button", { name: /^Send/ }) });
  await form.getByLabel("Name", { exact: true }).fill("Grace Hopper");
  await form.getByLabel("Email", { exact: true }).fill("grace@example.com");
  await form.getByLabel(/^Phone number/).fill("+1 555 010 9999");
  await form.getByLabel("Subject").fill("Axe check");
  await form.getByLabel("Message", { exact: true }).fill("A message for the inbox.");
  await form.getByRole("button", { name: /^Send/ }).click();
  await expect(visitor).toHaveURL(/\/thanks/);

  const page = await newPage(browser);
  const email = uniqueEmail("axe-admin");
  await register(page, email);
  await makeAdmin(page, email);
  // A payment account, so its edit screen exists.
  await ensurePaymentAccount(page);
  // An order, so the order screens have one.
  await page.goto("/pricing/");
  await page.getByRole("article", { name: "Premium" }).getByRole("link").click();
  await page.getByLabel("Your name").fill("Alan Turing");
  await page.getByLabel("Address").fill("1 Bletchley Park");
  await page.getByLabel("Country").fill("United Kingdom");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/pending-order/);
  // A template item, so its edit screen is linked from the list.
  await page.goto("/add-item");
  await page.getByLabel("Format").selectOption("Instagram");
  await page.getByLabel("Canva link").fill("https://www.canva.com/design/axe");
  await page.getByLabel("Image link").fill("https://images.example.com/axe.png");
  await page.getByLabel("Category").fill("Axe check");
  await page.getByLabel("Free or paid").selectOption("Free");
  await page.getByRole("button", { name: "Add item" }).click();
  await expect(page.getByRole("status")).toBeVisible();
  // A redirect, so its edit screen is linked from the list.
  await page.goto("/admin/redirects");
  await page.getByLabel("From path").fill("/axe-old-page/");
  await page.getByLabel("To", { exact: true }).fill("/service/");
  await page.getByRole("button", { name: "Add redirect" }).click();
  await expect(page.getByRole("status")).toBeVisible();
  const { findings, visited } = await auditAll(page, "admin");
  expect(visited.length).toBeGreaterThan(20);
  expect(report(findings)).toEqual([]);
});

/**
 * The business at a glance (the admin dashboard's charts, with their tables opened) and the
 * Reports screen (a range, and a refused date), with a paid order so the charts have bars.
 */
test("the dashboard's charts and tables, and the Reports screen", async ({ browser }) => {
  test.setTimeout(180_000);
  const admin = await newPage(browser);
  const adminEmail = uniqueEmail("axe-reports-admin");
  await register(admin, adminEmail);
  await makeAdmin(admin, adminEmail);
  await ensurePaymentAccount(admin);

  const customer = await newPage(browser);
  await register(customer, uniqueEmail("axe-reports"));
  await customer.goto("/pricing/");
  await customer.getByRole("article", { name: "Standard" }).getByRole("link").click();
  await customer.getByLabel("Your name").fill("Ada Lovelace");
  await customer.getByLabel("Address").fill("12 Analytical Row, London");
  await customer.getByLabel("Country").fill("United Kingdom");
  await customer.getByRole("button", { name: "Place order" }).click();
  await expect(customer).toHaveURL(/\/pending-order\?placed=/);
  const orderId = new URL(customer.url()).searchParams.get("placed")!;
  await customer.goto(`/pay-now/${orderId}`);
  await customer.getByRole("button", { name: "Pay with PayPal" }).click();
  await customer.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(customer.getByText("Payment received.")).toBeVisible({ timeout: 10_000 });

  const findings: Finding[] = [];
  await admin.goto("/admin");
  await expect(admin.getByRole("img", { name: /^Revenue by month, / })).toBeVisible();
  await expect(admin.getByRole("img", { name: "Sales by package" })).toBeVisible();
  await admin.getByText("Revenue by month as a table").click();
  await admin.getByText("Sales by package as a table").click();
  await expect(admin.getByRole("table", { name: "Sales by package" })).toContainText("Standard");
  await expect(admin.getByRole("table", { name: /^Revenue by month/ }).getByRole("row")).toHaveCount(13);
  findings.push(...(await audit(admin, "/admin (charts, tables open)")));

  await admin.getByRole("main").getByRole("link", { name: /^Reports/ }).click();
  await expect(admin).toHaveURL(/\/admin\/reports$/);
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Reports");
  await admin.getByRole("button", { name: "Show" }).click();
  await expect(admin.getByRole("table", { name: /^Money from / })).toContainText("Payments");
  await expect(admin.getByRole("link", { name: /^Download CSV/ })).toBeVisible();
  findings.push(...(await audit(admin, "/admin/reports?from=…&to=…")));
  await admin.goto("/admin/reports?from=2026-02-30");
  await expect(admin.getByText("From must be a date (YYYY-MM-DD)")).toBeVisible();
  findings.push(...(await audit(admin, "/admin/reports?from=2026-02-30 (refused)")));
  expect(report(findings)).toEqual([]);
});

/**
 * The PayPal stand-in's pages are no part of the site (nor of app/routes.ts): its own small HTML,
 * served only in PAYPAL_MODE=standin. Developers and testers pay on them, so they are held to the
 * same bar: the approval page of a REST order, the hosted checkout a Standard `_xclick` form
 * opens, the page saying a checkout has ended, and the stand-in's own home.
 */
test("the PayPal stand-in's pages", async ({ browser }) => {
  test.setTimeout(120_000);
  // A payment account, so Pay now leads to the stand-in.
  const admin = await newPage(browser);
  const adminEmail = uniqueEmail("axe-standin-admin");
  await register(admin, adminEmail);
  await makeAdmin(admin, adminEmail);
  await ensurePaymentAccount(admin);

  const page = await newPage(browser);
  await register(page, uniqueEmail("axe-standin"));
  await page.goto("/pricing/");
  await page.getByRole("article", { name: "Basic" }).getByRole("link").click();
  await page.getByLabel("Your name").fill("Ada Lovelace");
  await page.getByLabel("Address").fill("12 Analytical Row, London");
  await page.getByLabel("Country").fill("United Kingdom");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/pending-order\?placed=/);
  const orderId = new URL(page.url()).searchParams.get("placed")!;
  const findings: Finding[] = [];

  await page.goto(`/pay-now/${orderId}`);
  await page.getByRole("button", { name: "Pay with PayPal" }).click();
  await expect(page).toHaveURL(/\/paypal-standin\/checkoutnow\?token=/);
  findings.push(...(await audit(page, "/paypal-standin/checkoutnow?token=… (approval page)")));

  const app = e2eEnv.APP_URL;
  const opened = await page.request.post("/paypal-standin/cgi-bin/webscr", {
    form: {
      cmd: "_xclick",
      business: "sales@rankwell.test",
      item_name: "Basic",
      amount: "49.00",
      currency_code: "USD",
      return: `${app}/received-payment/${orderId}`,
      cancel_return: `${app}/order-cancelled/${orderId}`,
      notify_url: `${app}/api/paypal/ipn`,
    },
    maxRedirects: 0,
  });
  expect(opened.status()).toBe(303);
  await page.goto(opened.headers().location!);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("PayPal stand-in — test payment, no money moves");
  findings.push(...(await audit(page, "/paypal-standin/checkout/:token (hosted checkout)")));

  expect((await page.goto("/paypal-standin/checkout/EC-ENDED"))?.status()).toBe(404);
  findings.push(...(await audit(page, "/paypal-standin/checkout/EC-ENDED (ended)")));
  expect((await page.goto("/paypal-standin"))?.status()).toBe(200);
  findings.push(...(await audit(page, "/paypal-standin")));
  expect(report(findings)).toEqual([]);
});
