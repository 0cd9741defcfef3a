import { expect, test } from "@playwright/test";
import { axeViolations } from "./axe-check.ts";
import { makeEditor, register, uniqueEmail } from "./helpers.ts";

/**
 * The SEO toolkit in Chromium (issue 23, items 4 and 5): an Editor opens the landing page's search
 * appearance, types a title too long for a search result, sees the preview warn as they type,
 * publishes, and a visitor's page carries the new <title>; the SEO report runs and lists what it
 * finds. axe finds nothing on either screen, at a phone's and a desktop's width.
 */


test.beforeEach(async ({ page }) => {
  // Signing up an Editor (two-step sign-in included) and two axe runs take a while on a busy 2-core machine.
  test.setTimeout(120_000);
  const email = uniqueEmail("seo-editor");
  await register(page, email);
  await makeEditor(page, email);
});

test("an Editor writes the landing page's search title, is warned it is long, publishes, and the page's title changes", async ({ page, browser }) => {
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin", exact: true }).getByRole("link", { name: "Search appearance", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Search appearance" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("link", { name: /^Edit\s*: Landing page$/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Search appearance" })).toBeVisible();

  const preview = page.getByRole("region", { name: "Search result preview" });
  // Empty fields: the preview shows what the page's content gives, and says so.
  await expect(preview).toContainText("Meta title and meta description are empty");
  await expect(preview.getByTestId("serp-title")).toHaveText(/^Rankwell \| /);

  const title = `Rankwell SEO agency: clear plans, fair prices, reports ${Date.now().toString(36)}`.padEnd(70, "!").slice(0, 70);
  expect(title).toHaveLength(70);
  await page.getByLabel("Meta title").fill(title);
  await expect(preview.getByTestId("serp-title")).toHaveText(/^Rankwell SEO agency: clear plans, fair prices, reports.*…$/);
  await expect(preview.getByRole("list", { name: "Search result warnings" })).toContainText("The title has 70 characters: search results cut it after about 60.");
  expect(await axeViolations(page)).toEqual([]);

  await page.getByRole("complementary", { name: "Publishing" }).getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("status").first()).toHaveText("Search appearance updated. Visitors see it now.");

  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto("/");
  await expect(visitor).toHaveTitle(title);
  await visitor.context().close();
});

test("the SEO report runs on request and lists each problem with a link to fix it", async ({ page }) => {
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin", exact: true }).getByRole("link", { name: "SEO report", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "SEO report" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("button", { name: "Run the report" }).click();
  await expect(page.getByRole("status")).toContainText(/^Checked \d+ pages and \d+ link targets/);
  await expect(page.getByRole("button", { name: "Run the report again" })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
