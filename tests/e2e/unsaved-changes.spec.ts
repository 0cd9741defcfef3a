import { expect, type Page, test } from "@playwright/test";
import { makeAdmin, register, uniqueEmail } from "./helpers.ts";

/**
 * No lost work: an edit form with unsaved changes asks before the browser leaves it, by the back
 * link, the sidebar, the browser's Back button or closing the tab; after saving it lets go.
 */

async function openFaqItemEditor(page: Page) {
  await page.goto("/edit-faq");
  await page.getByRole("region", { name: "FAQ items" }).getByRole("link", { name: /^Edit\s*:/ }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit FAQ item" })).toBeVisible();
}

const leaveDialog = (page: Page) => page.getByRole("dialog", { name: "Leave without saving?" });

test.beforeEach(async ({ page }) => {
  const email = uniqueEmail("unsaved");
  await register(page, email);
  await makeAdmin(page, email);
});

test("asks before in-app navigation leaves changes behind: stay keeps them, leave drops them", async ({ page }) => {
  await openFaqItemEditor(page);
  const question = page.getByLabel("Question");
  await question.fill("A question typed but not saved");

  // The back link: a dialog; staying keeps the page and what was typed.
  await page.getByRole("link", { name: "Back to FAQ heading and FAQ items" }).click();
  await expect(leaveDialog(page)).toBeVisible();
  await expect(page.getByRole("button", { name: "Stay on this page" })).toBeFocused();
  await page.getByRole("button", { name: "Stay on this page" }).click();
  await expect(leaveDialog(page)).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Edit FAQ item" })).toBeVisible();
  await expect(question).toHaveValue("A question typed but not saved");

  // Escape means stay, too.
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Unpublished changes" }).click();
  await expect(leaveDialog(page)).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(leaveDialog(page)).toBeHidden();
  await expect(question).toHaveValue("A question typed but not saved");

  // The browser's Back button asks as well; leaving goes where it was asked to.
  await page.goBack();
  await expect(leaveDialog(page)).toBeVisible();
  await page.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Edit FAQ item" })).toBeVisible();

  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Unpublished changes" }).click();
  await page.getByRole("button", { name: "Leave without saving" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Unpublished changes" })).toBeVisible();
  await expect(page.getByText("A question typed but not saved")).toHaveCount(0);
});

test("changing a field back to what it was, or saving, lets the page go without a question", async ({ page }) => {
  await openFaqItemEditor(page);
  const question = page.getByLabel("Question");
  const original = await question.inputValue();
  await question.fill(`${original} (edited)`);
  await question.fill(original);
  await page.getByRole("link", { name: "Back to FAQ heading and FAQ items" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "FAQ heading and FAQ items" })).toBeVisible();

  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Edit FAQ item" })).toBeVisible();
  await question.fill(`${original} (saved as a draft)`);
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status")).toHaveText("Draft saved. Visitors see it once you publish it.");
  await page.getByRole("link", { name: "Back to FAQ heading and FAQ items" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "FAQ heading and FAQ items" })).toBeVisible();
  await expect(leaveDialog(page)).toHaveCount(0);

  // Tidy up: discard the draft (a second, deliberate step).
  await page.goBack();
  await page.getByText("Discard the draft", { exact: true }).click();
  await page.getByRole("button", { name: "Yes, discard the draft" }).click();
  await expect(page.getByRole("status")).toHaveText("Draft discarded. The form shows what the site shows.");
  await expect(question).toHaveValue(original);
});

test("closing the tab with unsaved changes gets the browser's prompt; after saving it does not", async ({ page, context }) => {
  await openFaqItemEditor(page);
  const question = page.getByLabel("Question");
  const original = await question.inputValue();
  // Typed with the keyboard: browsers prompt only after the person has interacted with the page.
  await question.click();
  await page.keyboard.type(" more");

  const prompts: string[] = [];
  page.on("dialog", async (dialog) => {
    prompts.push(dialog.type());
    await dialog.dismiss();
  });
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => prompts).toEqual(["beforeunload"]);
  expect(page.isClosed()).toBe(false);

  // Saved: the tab closes without a prompt.
  await question.fill(original);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(/FAQ item updated\. Visitors see it now\.|Nothing changed: this is what the site shows\./);
  const closed = new Promise<void>((resolve) => page.once("close", () => resolve()));
  await page.close({ runBeforeUnload: true });
  await closed;
  expect(prompts).toEqual(["beforeunload"]);
  await context.close();
});
