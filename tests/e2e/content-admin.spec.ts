import { expect, test } from "@playwright/test";
import { e2eEnv } from "../../playwright.config.ts";
import { makeAdmin, register, uniqueEmail } from "./helpers.ts";

/**
 * An admin edits the banner, a pricing plan and an FAQ item through the admin screens: the banner's
 * page opens its edit form, with the publish panel; it is saved as a draft first (visitors do not
 * see it; the preview, in a new tab, does), then published. Each
 * publish shows the spec's success text, and a visitor then finds the new text on the landing page.
 * The server starts with demo content; where a section is still empty, the admin creates it
 * through the same screens first.
 */

const stamp = Date.now().toString(36);

test("an admin edits banner, pricing and FAQ; a visitor sees the changes on the landing page", async ({ page, browser }) => {
  const email = uniqueEmail("content-admin");
  await register(page, email);
  await makeAdmin(page, email);

  // Banner: a singleton. Its page is its edit form (or, while the site has none, its create form).
  await page.goto("/setting");
  await page.getByRole("main").getByRole("link", { name: "Banner", exact: true }).click();
  if (await page.getByRole("heading", { level: 1, name: "Banner" }).isVisible()) {
    await page.getByLabel("Heading", { exact: true }).fill("First heading");
    await page.getByLabel("Highlighted text").fill("for people who search");
    await page.getByLabel("Details").fill("We help small businesses get found.");
    await page.getByLabel("Image", { exact: true }).fill("https://images.example.com/banner.svg");
    await page.getByLabel("Button text").fill("See plans");
    await page.getByLabel("Button link").fill("/#pricing");
    await page.getByRole("button", { name: "Publish", exact: true }).click();
  }
  await expect(page.getByRole("heading", { level: 1, name: "Edit Banner" })).toBeVisible();
  const panel = page.getByRole("complementary", { name: "Publishing" });
  await expect(panel.getByText(/^Status: Published$/)).toBeVisible();
  const heading = `Rank higher ${stamp}`;
  await page.getByLabel("Heading", { exact: true }).fill(heading);
  await panel.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status")).toHaveText("Draft saved. Visitors see it once you publish it.");
  await expect(panel.getByText(/^Status: Draft$/)).toBeVisible();

  // Not on the public site yet; the preview (a new tab) shows it, marked as a preview.
  const outsider = await browser.newContext({ baseURL: e2eEnv.APP_URL });
  const publicPage = await outsider.newPage();
  await publicPage.goto("/");
  await expect(publicPage.getByRole("heading", { level: 1 })).not.toContainText(heading);
  const [preview] = await Promise.all([page.context().waitForEvent("page"), panel.getByRole("button", { name: "Preview" }).click()]);
  await expect(preview).toHaveURL(/\/admin\/preview\?edit=/);
  await expect(preview.getByRole("region", { name: "Preview" })).toBeVisible();
  await expect(preview.getByRole("heading", { level: 1 })).toContainText(heading);
  await preview.close();
  // The editing tab kept its form.
  await expect(page.getByRole("heading", { level: 1, name: "Edit Banner" })).toBeVisible();
  await expect(page.getByLabel("Heading", { exact: true })).toHaveValue(heading);
  await panel.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(/^Banner (saved|updated)\. Visitors see it now\.$/);
  await expect(panel.getByText(/^Status: Published$/)).toBeVisible();
  await publicPage.reload();
  await expect(publicPage.getByRole("heading", { level: 1 })).toContainText(heading);
  await outsider.close();

  // Pricing: a list of plans shown as cards, each with one Edit.
  await page.getByRole("link", { name: "Back to settings" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await page.getByRole("main").getByRole("link", { name: "Pricing plans", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pricing plans" })).toBeVisible();
  if ((await page.getByRole("link", { name: /^Edit\s*:/ }).count()) === 0) {
    await page.getByLabel("Package name").selectOption("Basic");
    await page.getByLabel("Price in US dollars").fill("49");
    await page.getByLabel("Button text").fill("Order now");
    await page.getByLabel("Point 1", { exact: true }).fill("Keyword research");
    await page.getByRole("form", { name: "Add Pricing plan" }).getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText("Pricing plan added. Visitors see it now.");
  }
  await page.getByRole("link", { name: /^Edit\s*:/ }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Pricing plan" })).toBeVisible();
  const point = `Weekly ranking report ${stamp}`;
  await page.getByLabel("Point 1", { exact: true }).fill(point);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Pricing plan updated. Visitors see it now.");

  // FAQ: heading and items on one page; the heading and each item have one Edit.
  await page.goto("/edit-faq");
  await expect(page.getByRole("heading", { level: 1, name: "FAQ heading and FAQ items" })).toBeVisible();
  const items = page.getByRole("region", { name: "FAQ items" });
  if ((await items.getByRole("link", { name: /^Edit\s*:/ }).count()) === 0) {
    if ((await page.getByRole("region", { name: "FAQ heading" }).getByRole("link", { name: /^Edit\s*:\s*FAQ heading/ }).count()) === 0) {
      const headingForm = page.getByRole("form", { name: "FAQ heading" });
      await headingForm.getByLabel("Small heading").fill("FAQ");
      await headingForm.getByLabel("Heading", { exact: true }).fill("Questions people ask");
      await headingForm.getByRole("button", { name: "Publish", exact: true }).click();
      await expect(page.getByRole("status")).toHaveText("FAQ heading saved. Visitors see it now.");
    }
    const itemForm = page.getByRole("form", { name: "Add FAQ item" });
    await itemForm.getByLabel("Question").fill("How long does SEO take?");
    await itemForm.getByLabel("Answer").fill("Most sites see movement within three months.");
    await itemForm.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByRole("status")).toHaveText("FAQ item added. Visitors see it now.");
  }
  await items.getByRole("link", { name: /^Edit\s*:/ }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit FAQ item" })).toBeVisible();
  const question = `Do you report every month ${stamp}?`;
  await page.getByLabel("Question").fill(question);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("FAQ item updated. Visitors see it now.");

  // A visitor (no session) sees the new texts on the landing page.
  const visitor = await browser.newContext({ baseURL: e2eEnv.APP_URL });
  const home = await visitor.newPage();
  await home.goto("/");
  await expect(home.getByRole("heading", { level: 1 })).toContainText(heading);
  await expect(home.getByText(point)).toBeVisible();
  await expect(home.getByText(question)).toBeVisible();
  await visitor.close();
});
