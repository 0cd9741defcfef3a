// `npm run screenshots`: pictures of the screens people use, for the README. Starts the production
// build (build first: the npm script does) on a temporary SQLite database with demo content,
// makes an admin and a customer with orders, and saves into docs/screenshots/:
//   admin-dashboard-1440.png  the admin dashboard at 1440×900
//   phone-order-390.png       a phone's order confirmation with Pay now, at 390×844
// Port: SCREENSHOT_PORT (3242). Browser: CHROMIUM_PATH (/usr/bin/chromium).
import { execFileSync } from "node:child_process";
import { mkdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "@playwright/test";
import { startDemoServer } from "./lib/demo-server.ts";

const port = Number(process.env.SCREENSHOT_PORT ?? 3242);
const url = `http://localhost:${port}`;
const outDir = "docs/screenshots";

async function newPage(browser: Browser, width: number, height: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: url, viewport: { width, height } });
  return context.newPage();
}

async function register(page: Page, email: string) {
  await page.goto("/register");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill("quiet-harbor-42");
  await page.getByRole("button", { name: "Register" }).click();
  await page.waitForURL(/\?welcome=1$/);
}

async function order(page: Page, plan: string, name: string) {
  await page.goto("/pricing/");
  await page.getByRole("article", { name: plan }).getByRole("link").click();
  await page.getByLabel("Your name").fill(name);
  await page.getByLabel("Address").fill("12 Analytical Row, London");
  await page.getByLabel("Country").fill("United Kingdom");
  await page.getByRole("button", { name: "Place order" }).click();
  await page.waitForURL(/\/pending-order\?placed=/);
}

async function shoot(page: Page, file: string) {
  const path = join(outDir, file);
  await page.screenshot({ path, animations: "disabled", caret: "hide" });
  console.log(`[screenshots] ${path} (${Math.round(statSync(path).size / 1024)} KB)`);
}

async function main() {
  mkdirSync(outDir, { recursive: true });
  const server = await startDemoServer({ name: "screenshots", port, env: { RATE_LIMIT_PER_MINUTE: "1000", RATE_LIMIT_PER_ACCOUNT: "1000" } });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  try {
    // A customer on a phone orders twice; the second order's confirmation is the phone picture.
    const phone = await newPage(browser, 390, 844);
    await register(phone, "ada@example.com");
    await order(phone, "Basic", "Ada Lovelace");
    await order(phone, "Premium", "Ada Lovelace");
    await shoot(phone, "phone-order-390.png");

    // An admin (granted as the command line does) sees the orders on the dashboard.
    const desk = await newPage(browser, 1440, 900);
    await register(desk, "admin@example.com");
    execFileSync(process.execPath, ["server/cli.ts", "add", "admin@example.com"], { env: server.env, stdio: "pipe" });
    await desk.goto("/admin");
    await shoot(desk, "admin-dashboard-1440.png");
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
