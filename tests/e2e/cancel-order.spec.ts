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

test("a visitor choosing a plan is told why to sign in, creates an account and lands on the order form", async ({ page }) => {
  await page.goto("/pricing/");
  await page.getByRole("article", { name: "Premium" }).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
  await expect(page.getByText("Log in or create an account to order Premium.")).toBeVisible();
  const create = page.getByRole("link", { name: "Create an account" });
  const logIn = page.getByRole("button", { name: "Log in" });
  // As prominent as Log in: the same size and colour.
  const [createBox, logInBox] = [await create.boundingBox(), await logIn.boundingBox()];
  expect(Math.round(createBox!.width)).toBe(Math.round(logInBox!.width));
  expect(Math.round(createBox!.height)).toBe(Math.round(logInBox!.height));
  const background = (el: Element) => getComputedStyle(el).backgroundColor;
  expect(await create.evaluate(background)).toBe(await logIn.evaluate(background));
  await create.click();
  await expect(page.getByRole("heading", { level: 1, name: "Register" })).toBeVisible();
  await expect(page.getByText("Create an account to order Premium; the order form follows.")).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(uniqueEmail("plan-visitor"));
  await page.getByLabel("Password", { exact: true }).fill("quiet-harbor-42");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Order the Premium plan");
});
