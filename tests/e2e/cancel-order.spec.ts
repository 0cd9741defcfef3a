import { expect, test } from "@playwright/test";
import { register, uniqueEmail } from "./helpers.ts";

/**
 * Issue 21: a customer cancels an unpaid order on purpose, from the order's page, after a
 * confirmation step; the order then reads Cancelled and offers no Pay now and no Cancel.
 */
test("a customer cancels an unpaid order after confirming", async ({ page }) => {
  await register(page, uniqueEmail("cancel-customer"));
  await page.goto("/pricing/");
  await page.getByRole("article", { name: "Basic" }).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Order the Basic plan");
  await page.getByLabel("Your name").fill("Grace Hopper");
  await page.getByLabel("Address").fill("1 Compiler Lane, Arlington");
  await page.getByLabel("Country").fill("United States");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/pending-order\?placed=[0-9a-f]{24}$/);

  await page.getByRole("table", { name: /Orders to pay/ }).getByRole("link", { name: /^Basic/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your Basic order");
  // One click only opens the question: nothing is cancelled yet.
  const confirm = page.getByRole("button", { name: "Yes, cancel this order" });
  await expect(confirm).toBeHidden();
  await page.getByText("Cancel order", { exact: true }).click();
  await expect(page.getByText(/Cancel your Basic order\? Nothing has been charged/)).toBeVisible();
  await page.reload();
  await expect(page.getByText("Waiting for payment").first()).toBeVisible();
  await page.getByText("Cancel order", { exact: true }).click();
  await page.getByRole("button", { name: "Yes, cancel this order" }).click();
  await expect(page.getByRole("status")).toHaveText("Your order is cancelled. Nothing was charged.");
  await expect(page.getByText("Cancel order", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Pay now" })).toHaveCount(0);

  await page.goto("/my-order");
  await expect(page.getByRole("table", { name: /Your orders/ }).getByRole("row").nth(1)).toContainText("Cancelled");
});
