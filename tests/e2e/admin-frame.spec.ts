import { expect, test } from "@playwright/test";
import { makeAdmin, register, uniqueEmail } from "./helpers.ts";

/** The admin area's own frame: sidebar with the current screen marked, breadcrumb, phone menu. */
test("admin screens sit in the admin frame: sidebar, breadcrumb, no public header or footer", async ({ page }) => {
  const email = uniqueEmail("frame-admin");
  await register(page, email);
  await makeAdmin(page, email);

  await page.goto("/all-messages");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Messages");
  const sidebar = page.getByRole("navigation", { name: "Admin", exact: true });
  await expect(sidebar.getByRole("link", { name: "Messages", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(sidebar.getByRole("list", { name: "Orders and payments" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Dashboard" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toHaveCount(0);
  await expect(page.getByLabel("Email for updates")).toHaveCount(0);

  // A screen opened from an entry: the entry leads back, the breadcrumb names the screen.
  // The Banner entry opens the banner's edit form directly, and stays marked there.
  await sidebar.getByRole("link", { name: "Banner", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Edit Banner");
  await expect(sidebar.getByRole("link", { name: "Banner", exact: true })).toHaveAttribute("aria-current", "true");
  await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Banner");
  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin dashboard");
});

test("on a phone the sidebar is a Menu that opens and closes from the keyboard", async ({ browser }) => {
  const email = uniqueEmail("frame-phone");
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  await register(page, email);
  await makeAdmin(page, email);
  await page.goto("/admin");
  const sidebar = page.getByRole("navigation", { name: "Admin", exact: true });
  await expect(sidebar).toBeHidden();
  await page.getByText("Menu", { exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(sidebar).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await page.keyboard.press("Enter");
  await expect(sidebar).toBeHidden();
  await page.close();
});

test("the Mail screen sits under Inbox and shows what waits and what failed", async ({ page }) => {
  const email = uniqueEmail("mail-admin");
  await register(page, email);
  await makeAdmin(page, email);

  await page.goto("/admin");
  const sidebar = page.getByRole("navigation", { name: "Admin", exact: true });
  await sidebar.getByRole("list", { name: "Inbox" }).getByRole("link", { name: "Mail", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mail");
  await expect(sidebar.getByRole("link", { name: "Mail", exact: true })).toHaveAttribute("aria-current", "page");
  const filters = page.getByRole("navigation", { name: "Mail filters" });
  await expect(filters.getByRole("link", { name: /^Waiting to be sent \(\d+\)$/ })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("table", { name: /^Mail waiting to be sent/ })).toBeVisible();

  await filters.getByRole("link", { name: /^Failed \(\d+\)$/ }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/mail\?status=failed$/);
  await expect(page.getByRole("table", { name: /^Failed mail/ })).toBeVisible();
});
