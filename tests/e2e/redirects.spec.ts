import { expect, test } from "@playwright/test";
import { axeViolations } from "./axe-check.ts";
import { makeEditor, register, uniqueEmail } from "./helpers.ts";

/**
 * Redirects and the 404 monitor in Chromium (issue 23, items 6 and 7): an Editor adds a redirect
 * and a visitor follows it; a visitor meets a missing URL, the Editor sees it on the monitor and
 * redirects it in one step. Both screens pass axe with rows in them, at a phone's and a desktop's width.
 */

test("an Editor adds a redirect and a visitor follows it; a missing URL is redirected from the 404 monitor", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const visitor = await (await browser.newContext()).newPage();
  // A visitor (and a scanner) meet missing URLs.
  expect((await visitor.goto("/our-old-case-study?utm_source=newsletter"))?.status()).toBe(404);
  expect((await visitor.goto("/wp-login.php"))?.status()).toBe(404);

  const email = uniqueEmail("redirect-editor");
  await register(page, email);
  await makeEditor(page, email);

  await page.goto("/admin/redirects");
  await expect(page.getByRole("heading", { level: 1, name: "Redirects" })).toBeVisible();
  // A loop is refused next to the field.
  await page.getByLabel("From path").fill("/old-services/");
  await page.getByLabel("To", { exact: true }).fill("/old-services");
  await page.getByRole("button", { name: "Add redirect" }).click();
  await expect(page.getByRole("alert")).toContainText("Please check the field: To.");
  await expect(page.getByText(/would make a loop/)).toBeVisible();
  // Then the real one.
  await page.getByLabel("To", { exact: true }).fill("/service/");
  await page.getByLabel("Type").selectOption("301");
  await page.getByRole("button", { name: "Add redirect" }).click();
  await expect(page.getByRole("status")).toContainText("The redirect was added.");
  await expect(page.getByRole("cell", { name: "/old-services", exact: true })).toBeVisible();
  expect(await axeViolations(page), "axe on /admin/redirects").toEqual([]);

  await visitor.goto("/old-services/?ref=e2e");
  await expect(visitor).toHaveURL(/\/service\/\?ref=e2e$/);

  await page.goto("/admin/not-found");
  await expect(page.getByRole("heading", { level: 1, name: "404 monitor" })).toBeVisible();
  const missing = page.getByRole("table", { name: /Missing pages/ });
  await expect(missing.getByRole("cell", { name: "/our-old-case-study", exact: true })).toBeVisible();
  await expect(page.getByRole("table", { name: /Scanner requests/ }).getByRole("cell", { name: "/wp-login.php", exact: true })).toBeVisible();
  expect(await axeViolations(page), "axe on /admin/not-found").toEqual([]);

  await page.getByText("Redirect this: /our-old-case-study", { exact: true }).click();
  await page.getByLabel("Target path for /our-old-case-study").fill("/pricing/");
  await page.getByRole("button", { name: "Create redirect from /our-old-case-study" }).click();
  await expect(page.getByRole("status")).toContainText("Redirect created: /our-old-case-study now goes to /pricing/.");
  await expect(missing.getByRole("cell", { name: "/our-old-case-study", exact: true })).toHaveCount(0);

  await visitor.goto("/our-old-case-study");
  await expect(visitor).toHaveURL(/\/pricing\/$/);
});
