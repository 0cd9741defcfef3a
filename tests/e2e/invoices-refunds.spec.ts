import { readFileSync } from "node:fs";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { e2eEnv } from "../../playwright.config.ts";
import { axeViolations } from "./axe-check.ts";
import { ensurePaymentAccount, makeAdmin, register, uniqueEmail } from "./helpers.ts";

/**
 * Issue 24: an Admin sets the seller's details; a customer pays through the PayPal stand-in and
 * opens the invoice from My orders (a PDF); the Admin refunds half from the order page and sees
 * the order's totals, Total Sales and the revenue chart change.
 */

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: e2eEnv.APP_URL, acceptDownloads: true });
  return context.newPage();
}


const dollars = (text: string) => Number((/\$([\d,]+\.\d{2})/.exec(text)?.[1] ?? "NaN").replace(/,/g, ""));

async function totalSales(admin: Page): Promise<number> {
  await admin.goto("/admin");
  return dollars((await admin.getByRole("region", { name: "Total Sales" }).textContent()) ?? "");
}

/** The dashboard's revenue chart: its caption's 12-month total and the description its picture carries (month by month). */
async function revenueChart(admin: Page): Promise<{ total: number; description: string }> {
  await admin.goto("/admin");
  const figure = admin.locator("figure", { has: admin.getByRole("img", { name: /^Revenue by month/ }) });
  return { total: dollars((await figure.locator("figcaption").textContent()) ?? ""), description: (await figure.locator("svg desc").textContent()) ?? "" };
}

test("a customer pays and opens the invoice from My orders; an Admin refunds half and the totals change", async ({ page, browser }) => {
  test.setTimeout(90_000);
  const admin = await newPage(browser);
  const adminEmail = uniqueEmail("invoice-admin");
  await register(admin, adminEmail);
  await makeAdmin(admin, adminEmail);
  await ensurePaymentAccount(admin);

  // The seller's details, once, from the sidebar.
  await admin.goto("/admin");
  await admin.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Invoicing", exact: true }).click();
  await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Invoicing");
  await admin.getByLabel("Legal name").fill("Rankwell Search Ltd");
  await admin.getByLabel("Address").fill("1 Harbour Street\nBristol");
  await admin.getByLabel("Tax or VAT number").fill("GB123456789");
  await admin.getByLabel("Number prefix").fill("E2E-");
  await admin.getByRole("button", { name: "Save" }).click();
  await expect(admin.getByRole("status")).toContainText("Invoice details saved.");
  const salesBefore = await totalSales(admin);
  const chartBefore = await revenueChart(admin);

  // The customer orders Premium and pays through the stand-in.
  const email = uniqueEmail("invoice-customer");
  await register(page, email);
  await page.goto("/pricing/");
  await page.getByRole("article", { name: "Premium" }).getByRole("link").click();
  const price = dollars(await page.getByLabel("Price").inputValue());
  await page.getByLabel("Your name").fill("Ada Lovelace");
  await page.getByLabel("Address").fill("12 Analytical Row, London");
  await page.getByLabel("Country").fill("United Kingdom");
  await page.getByRole("button", { name: "Place order" }).click();
  await page.getByRole("table", { name: /Orders to pay/ }).getByRole("link", { name: /^Pay now/ }).click();
  await page.getByRole("button", { name: "Pay with PayPal" }).click();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page.getByText("Payment received.")).toBeVisible({ timeout: 10_000 });

  // My orders: the invoice, a PDF with its number, the seller and the amount.
  await page.goto("/my-order");
  const link = page.getByRole("table", { name: /Your orders/ }).getByRole("link", { name: /^E2E-\d{6}/ });
  const number = ((await link.textContent()) ?? "").match(/E2E-\d{6}/)![0];
  const orderId = /\/orders\/([0-9a-f]{24})\//.exec((await link.getAttribute("href")) ?? "")![1]!;
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe(`${number}.pdf`);
  const bytes = readFileSync((await download.path())!);
  expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
  const pdf = await PDFDocument.load(bytes);
  expect(pdf.getTitle()).toBe(`Invoice ${number}`);
  expect(pdf.getAuthor()).toBe("Rankwell Search Ltd");

  // The order page: the invoice and the billing form, accessible.
  await page.goto(`/orders/${orderId}`);
  await expect(page.getByRole("link", { name: `Invoice ${number} (PDF)` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Billing details" }).getByLabel("VAT id")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  // The Admin refunds half from the order page.
  await admin.goto(`/admin/orders/${orderId}`);
  const money = admin.getByRole("region", { name: "Payment and refunds" });
  await expect(money).toContainText(`Refunded$0.00`);
  const half = Math.floor(price * 50) / 100;
  await money.getByLabel("Amount to refund (USD)").fill(half.toFixed(2));
  await money.getByLabel("Reason").fill("Half of the work was not needed");
  await money.getByRole("button", { name: "Refund through PayPal" }).click();
  await expect(admin.getByRole("status")).toHaveText(`Refunded $${half.toFixed(2)} through PayPal.`);
  await expect(money).toContainText(`Refunded$${half.toFixed(2)}`);
  await expect(money).toContainText(`Net$${(price - half).toFixed(2)}`);
  await expect(money.getByRole("table", { name: "Refunds of this order" })).toContainText("Half of the work was not needed");
  expect(await axeViolations(admin)).toEqual([]);
  expect(await totalSales(admin)).toBeCloseTo(salesBefore + price - half, 2);
  // The revenue chart moved by the same amount: the payment in, half of it back out.
  const chartAfter = await revenueChart(admin);
  expect(chartAfter.total).toBeCloseTo(chartBefore.total + price - half, 2);
  expect(chartAfter.description).not.toBe(chartBefore.description);
});
