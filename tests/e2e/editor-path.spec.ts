import { expect, test } from "@playwright/test";
import { makeAdmin, register, uniqueEmail } from "./helpers.ts";

/**
 * One path for editors and pictures instead of paths (issue 21, items 3 and 4), in Chromium: the
 * sticky publish panel, Preview in a new tab with "Back to editing" and Publish, a restore that
 * asks first, Undo right after a delete, and a drag-and-drop upload into the media grid.
 */

const stamp = Date.now().toString(36);

test.beforeEach(async ({ page }) => {
  const email = uniqueEmail("editor-path");
  await register(page, email);
  await makeAdmin(page, email);
});

test("the publish panel stays in reach; Preview opens a new tab with Back to editing and Publish", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 700 });
  // The sidebar opens the edit form itself, not a summary of it.
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin", exact: true }).getByRole("link", { name: "Copyright", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit Copyright" })).toBeVisible();
  const panel = page.getByRole("complementary", { name: "Publishing" });
  await expect(panel.getByText(/^Status: Published$/)).toBeVisible();
  expect(await panel.evaluate((el) => getComputedStyle(el).position)).toBe("sticky");

  const text = `© Rankwell ${stamp}`;
  await page.getByLabel("Copyright text").fill(text);
  const [preview] = await Promise.all([page.context().waitForEvent("page"), panel.getByRole("button", { name: "Preview" }).click()]);
  await expect(preview.getByRole("region", { name: "Preview" })).toBeVisible();
  await expect(preview.getByRole("contentinfo")).toContainText(text);
  // A new tab that cannot reach back into the editor's tab.
  expect(await preview.evaluate(() => window.opener)).toBeNull();
  // The editing tab still holds the form and learns that a draft exists.
  await expect(page.getByLabel("Copyright text")).toHaveValue(text);
  await expect(panel.getByText(/^Status: Draft$/)).toBeVisible();

  // Back to editing, from the preview tab, opens the form with the draft.
  await preview.getByRole("link", { name: "Back to editing" }).click();
  await expect(preview.getByRole("heading", { level: 1, name: "Edit Copyright" })).toBeVisible();
  await expect(preview.getByLabel("Copyright text")).toHaveValue(text);
  await preview.goBack();
  await preview.getByRole("region", { name: "Preview" }).getByRole("button", { name: "Publish" }).click();
  await expect(preview.getByRole("status")).toHaveText("Copyright updated. Visitors see it now.");
  await preview.close();
});

test("a restore from the history asks first and can be previewed", async ({ page }) => {
  await page.goto("/add-copyright");
  const panel = page.getByRole("complementary", { name: "Publishing" });
  const before = await page.getByLabel("Copyright text").inputValue();
  await page.getByLabel("Copyright text").fill(`Restore me later ${stamp}`);
  await panel.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Copyright updated. Visitors see it now.");

  await page.getByRole("navigation", { name: "Back" }).getByRole("link", { name: "History" }).click();
  const older = page.getByRole("article").nth(1);
  await expect(older).toContainText(before);
  const [preview] = await Promise.all([page.context().waitForEvent("page"), older.getByRole("link", { name: /^Preview this version/ }).click()]);
  await expect(preview.getByRole("contentinfo")).toContainText(before);
  await expect(preview.getByRole("link", { name: "Back to the history" })).toBeVisible();
  await preview.close();

  // Nothing happens on the first click: it asks.
  await older.getByText(/^Restore this version/).click();
  await expect(older.getByText("Make the version of")).toBeVisible();
  await older.getByRole("button", { name: /^Yes, restore it/ }).click();
  await expect(page.getByRole("status")).toContainText("Restored: the site shows the version of");
  await page.goto("/");
  await expect(page.getByRole("contentinfo")).toContainText(before);
});

test("Undo right after a delete puts the item back where it was", async ({ page }) => {
  await page.goto("/add-contact");
  const title = `Undo me ${stamp}`;
  const form = page.getByRole("form", { name: "Add Contact detail" });
  await form.getByRole("textbox", { name: "Icon" }).fill("https://images.example.com/icon.svg");
  await form.getByLabel("Title", { exact: true }).fill(title);
  await form.getByLabel("Details").fill("Call us any time");
  await form.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Contact detail added. Visitors see it now.");
  const list = page.getByRole("region", { name: "Contact details" });
  // One Edit per entry, with a picture of its icon instead of its address.
  const entry = list.getByRole("listitem").filter({ hasText: title });
  await expect(entry.getByRole("link", { name: new RegExp(`^Edit\\s*:\\s*${title}$`) })).toBeVisible();
  await expect(entry.getByRole("img", { name: /^Icon: icon\.svg$/ })).toBeVisible();
  await expect(entry).not.toContainText("https://images.example.com");

  await entry.locator("summary", { hasText: /^Delete/ }).click();
  await entry.getByRole("button", { name: new RegExp(`^Yes, delete\\s*${title}$`) }).click();
  await expect(page.getByRole("status")).toContainText("Contact detail deleted.");
  await expect(list.getByRole("listitem").filter({ hasText: title })).toHaveCount(0);
  await page.getByRole("status").getByRole("button", { name: "Undo" }).click();
  await expect(page.getByRole("status")).toHaveText("Contact detail restored to its place.");
  await expect(list.getByRole("listitem").filter({ hasText: title })).toHaveCount(1);
});

test("an image dropped on the media library uploads into its grid", async ({ page }) => {
  await page.goto("/admin/media");
  const name = `dropped-${stamp}.svg`;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48" viewBox="0 0 64 48"><rect width="64" height="48" fill="#${stamp.slice(-6).padStart(6, "3")}"/></svg>`;
  const drop = await page.evaluateHandle(
    ({ svg, name }) => {
      const data = new DataTransfer();
      data.items.add(new File([svg], name, { type: "image/svg+xml" }));
      return data;
    },
    { svg, name },
  );
  // Alt text first (or Decorative): the library asks for one with every upload.
  await page.getByLabel("Alt text", { exact: true }).fill("A coloured box");
  const zone = page.getByText("Drop an image here to upload it, or choose a file.").locator("..");
  await zone.dispatchEvent("dragover", { dataTransfer: drop });
  await zone.dispatchEvent("drop", { dataTransfer: drop });
  await expect(page.getByRole("status")).toContainText(`${name} is uploaded`);
  // In the grid as a picture with its name as alt text.
  await expect(page.getByRole("list", { name: "Images" }).getByRole("img", { name }).first()).toBeVisible();
  // The keyboard's way stays: a labelled file input.
  await expect(page.getByLabel("Image file")).toBeVisible();
});

test("on a phone the header's Admin link fits beside Menu and Account", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const admin = page.getByRole("banner").getByRole("link", { name: "Admin", exact: true });
  await expect(admin).toBeVisible();
  expect((await admin.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await admin.click();
  await expect(page.getByRole("heading", { level: 1, name: "Admin dashboard" })).toBeVisible();
});
