import { type Browser, expect, type Page, test } from "@playwright/test";
import { e2eEnv } from "../../playwright.config.ts";
import { ensurePaymentAccount, mailTo, makeAdmin, register, uniqueEmail } from "./helpers.ts";

/**
 * A customer orders the Premium plan, pays with PayPal Checkout (the Orders v2 REST flow, the
 * default) through the local stand-in's approval page and sees it paid; a second order is
 * cancelled there; the admin sees the sale and delivers the order.
 */

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: e2eEnv.APP_URL });
  return context.newPage();
}

const dollars = (text: string) => Number((/\$([\d,]+\.\d{2})/.exec(text)?.[1] ?? "NaN").replace(/,/g, ""));


async function totalSales(admin: Page): Promise<number> {
  await admin.goto("/admin");
  const section = admin.getByRole("region", { name: "Total Sales" });
  return dollars((await section.textContent()) ?? "");
}

async function placeOrder(page: Page, plan: string) {
  await page.goto("/pricing/");
  await page.getByRole("article", { name: plan }).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Order the ${plan} plan`);
  const price = dollars(await page.getByLabel("Price").inputValue());
  await page.getByLabel("Your name").fill("Ada Lovelace");
  await page.getByLabel("Address").fill("12 Analytical Row, London");
  await page.getByLabel("Country").fill("United Kingdom");
  await page.getByRole("button", { name: "Place order" }).click();
  await expect(page).toHaveURL(/\/pending-order\?placed=[0-9a-f]{24}$/);
  return price;
}

test("order Premium, pay through the stand-in, cancel a second order; the admin delivers it", async ({ page, browser }) => {
  test.setTimeout(60_000);
  const admin = await newPage(browser);
  const adminEmail = uniqueEmail("orders-admin");
  await register(admin, adminEmail);
  await makeAdmin(admin, adminEmail);
  await ensurePaymentAccount(admin);
  const salesBefore = await totalSales(admin);

  // The customer registers and orders Premium.
  const email = uniqueEmail("orders-customer");
  await register(page, email);
  const price = await placeOrder(page, "Premium");
  expect(price).toBeGreaterThan(0);
  const pending = page.getByRole("table", { name: /Orders to pay/ });
  await expect(pending.getByRole("row")).toHaveCount(2);
  await expect(pending.getByRole("row").nth(1)).toContainText(`$${price.toFixed(2)}`);
  await pending.getByRole("link", { name: /^Pay now/ }).click();

  // Pay: Pay Now creates the PayPal order and sends us to the stand-in's approval page; Pay there
  // returns us to the site, which captures.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pay for your order");
  await page.getByRole("button", { name: "Pay with PayPal" }).click();
  await expect(page).toHaveURL(/\/paypal-standin\/checkoutnow\?token=[A-Z0-9]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("PayPal stand-in — test payment, no money moves");
  await expect(page.getByText(`${price.toFixed(2)} USD`)).toBeVisible();
  await expect(page.getByText("Premium", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(/\/received-payment\/[0-9a-f]{24}/);
  await expect(page.getByText("Payment received.")).toBeVisible({ timeout: 10_000 });
  expect((await mailTo(email, /^Receipt/)).subject).toBe("Receipt: your Premium plan is paid");

  // The dashboard: Paid, and Total Spent is the price.
  await page.getByRole("link", { name: "Go to your dashboard" }).click();
  await expect(page.getByRole("link", { name: /^Total Spent/ })).toContainText(`$${price.toFixed(2)}`);
  const myOrders = page.getByRole("table", { name: "My Orders" });
  await expect(myOrders.getByRole("row").nth(1)).toContainText("Paid");

  // A second order, cancelled at the stand-in.
  await placeOrder(page, "Basic");
  await page.getByRole("table", { name: /Orders to pay/ }).getByRole("link", { name: /^Pay now/ }).click();
  await page.getByRole("button", { name: "Pay with PayPal" }).click();
  await page.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(page).toHaveURL(/\/order-cancelled\/[0-9a-f]{24}/);
  await expect(page.getByText("You have cancelled the payment")).toBeVisible();
  // The page stays (no jump to the dashboard) and offers the plan again, prefilled from this order.
  await page.waitForTimeout(2_000);
  await expect(page).toHaveURL(/\/order-cancelled\/[0-9a-f]{24}/);
  await page.getByRole("link", { name: /^Order this plan again/ }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Order the Basic plan");
  await expect(page.getByLabel("Your name")).toHaveValue("Ada Lovelace");
  await expect(page.getByLabel("Address")).toHaveValue("12 Analytical Row, London");
  await expect(page.getByLabel("Country")).toHaveValue("United Kingdom");
  await page.goto("/dashboard");
  await expect(myOrders.getByRole("row").nth(1)).toContainText("Cancelled");
  await expect(myOrders.getByRole("row").nth(2)).toContainText("Paid");
  await expect(page.getByRole("link", { name: /^Total Spent/ })).toContainText(`$${price.toFixed(2)}`);

  // The admin sees the sale and delivers the order.
  expect(await totalSales(admin)).toBeCloseTo(salesBefore + price, 2);
  await admin.getByRole("main").getByRole("link", { name: /^Orders/ }).click();
  await expect(admin).toHaveURL(/\/total-orders$/);
  const row = admin.getByRole("row").filter({ hasText: email }).filter({ hasText: "Premium" });
  await expect(row).toContainText("Paid");
  await row.getByRole("link", { name: /^Update/ }).click();
  await admin.getByLabel("Delivered").check();
  await admin.getByRole("button", { name: "Update status" }).click();
  await expect(admin.getByRole("status")).toHaveText("Order status updated.");
  await admin.getByRole("link", { name: "Back to all orders" }).click();
  await expect(admin.getByRole("row").filter({ hasText: email }).filter({ hasText: "Premium" })).toContainText("Delivered");

  // Admin, Payments (from the sidebar): the order's capture at the return page is listed as paid.
  await admin.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Payments", exact: true }).click();
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Payments");
  const events = admin.getByRole("table", { name: /^Payment notifications and events/ });
  await expect(events.getByRole("row").filter({ hasText: "Return page" }).filter({ hasText: `$${price.toFixed(2)}` }).first()).toContainText("paid");

  // The customer sees it delivered too.
  await page.goto("/my-order");
  await expect(page.getByRole("table", { name: /Your orders/ }).getByRole("row").filter({ hasText: "Paid" })).toContainText("Delivered");
});
