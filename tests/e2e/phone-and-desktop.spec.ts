import { expect, type Page, test } from "@playwright/test";
import { makeAdmin, openAccountMenu, register, uniqueEmail } from "./helpers.ts";

/**
 * The signed-in screens at a phone's 390×844 and a desktop's 1440×900: the admin sidebar (a Menu
 * button on the phone), a customer's order through to Pay Now, and the header's account menu.
 */

const noSideScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

for (const [device, viewport] of [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1440, height: 900 }],
] as const) {
  const phone = viewport.width < 769;

  test.describe(`${device} (${viewport.width} px)`, () => {
    test.use({ viewport });
    // Registering and granting a role take a few seconds on a busy machine.
    test.describe.configure({ timeout: 60_000 });

    test("admin navigation: the sidebar (behind Menu on a phone) leads to each screen and marks the current one", async ({ page }) => {
      const email = uniqueEmail(`nav-${device}`);
      await register(page, email);
      await makeAdmin(page, email);
      await page.goto("/admin");
      const sidebar = page.getByRole("navigation", { name: "Admin", exact: true });
      const menu = page.getByText("Menu", { exact: true });
      if (phone) {
        await expect(sidebar).toBeHidden();
        await menu.click();
      } else {
        await expect(menu).toBeHidden();
      }
      await expect(sidebar).toBeVisible();
      await expect(sidebar.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
      await sidebar.getByRole("list", { name: "Orders and payments" }).getByRole("link", { name: "All orders", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(/orders/i);
      // On a phone the Menu closes behind the chosen screen; the screen is marked when it opens again.
      if (phone) {
        await expect(sidebar).toBeHidden();
        await menu.click();
      }
      await expect(sidebar.getByRole("link", { name: "All orders", exact: true })).toHaveAttribute("aria-current", "page");
      await expect(sidebar.getByRole("link", { name: "Dashboard" })).not.toHaveAttribute("aria-current");
      await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Dashboard" })).toBeVisible();
      // Admin tables fit the screen: as cards on a phone, with every row's action in reach.
      await noSideScroll(page);
      const update = page.getByRole("table", { name: /^Orders/ }).getByRole("link", { name: /^Update/ }).first();
      if (await update.count()) await expect(update).toBeVisible();
    });

    test("a customer orders, sees the confirmation with Pay now in view, and reaches the PayPal button", async ({ page }) => {
      await register(page, uniqueEmail(`order-${device}`));
      await page.goto("/pricing/");
      await page.getByRole("article", { name: "Standard" }).getByRole("link").click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Order the Standard plan");
      await page.getByLabel("Your name").fill("Ada Lovelace");
      await page.getByLabel("Address").fill("12 Analytical Row, London");
      await page.getByLabel("Country").fill("United Kingdom");
      await page.getByRole("button", { name: "Place order" }).click();

      await expect(page).toHaveURL(/\/pending-order\?placed=[0-9a-f]{24}$/);
      await expect(page.getByRole("heading", { name: "Thank you, your order is placed" })).toBeInViewport();
      const payNow = page.getByRole("link", { name: "Pay now for the Standard plan" });
      await expect(payNow).toBeInViewport();
      expect((await payNow.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      // The order's row: package, amount and its own Pay Now, on screen without sideways scrolling.
      const row = page.getByRole("table", { name: "Orders to pay" }).getByRole("row").nth(1);
      await expect(row).toContainText("Standard");
      await expect(row).toContainText(/\$\d+\.\d{2}/);
      await row.getByRole("link", { name: /^Pay now/ }).scrollIntoViewIfNeeded();
      await expect(row.getByRole("link", { name: /^Pay now/ })).toBeInViewport();
      await noSideScroll(page);

      await payNow.click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Pay for your order");
      await expect(page.getByRole("button", { name: "Pay with PayPal" }).or(page.getByRole("alert"))).toBeInViewport();

      // My orders: package, amount, date, order and payment status, unambiguous.
      await openAccountMenu(page);
      await page.getByRole("banner").getByRole("link", { name: "My orders" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("My orders");
      const mine = page.getByRole("table", { name: /^Your orders/ }).getByRole("row").nth(1);
      await expect(mine).toContainText("Standard");
      await expect(mine).toContainText("Waiting for payment");
      await noSideScroll(page);
    });

    test("the account menu has Dashboard, My orders and Sign out, each a 44 px target", async ({ page }) => {
      await register(page, uniqueEmail(`menu-${device}`));
      await page.goto("/service/");
      await openAccountMenu(page);
      const banner = page.getByRole("banner");
      for (const item of [banner.getByRole("link", { name: "Dashboard", exact: true }), banner.getByRole("link", { name: "My orders" }), banner.getByRole("button", { name: "Sign out" })]) {
        await expect(item).toBeVisible();
        expect((await item.boundingBox())!.height).toBeGreaterThanOrEqual(44);
      }
      await banner.getByRole("link", { name: "Dashboard", exact: true }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(banner.getByRole("link", { name: "My orders" })).toBeHidden();
      await openAccountMenu(page);
      await banner.getByRole("button", { name: "Sign out" }).click();
      await expect(banner.getByRole("link", { name: "Log in" })).toBeVisible();
    });
  });
}
