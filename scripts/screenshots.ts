// `npm run screenshots`: pictures of the screens people use, for the README. Starts the production
// build (build first: the npm script does) on a temporary SQLite database with demo content,
// makes an admin and a customer with orders, and saves into docs/screenshots/:
//   admin-dashboard-1440.png  the admin dashboard at 1440×900
//   phone-order-390.png       a phone's order confirmation with Pay now, at 390×844
//   edit-form-1440.png        a section's edit form (the banner) with its publish panel, at 1440×900
// Port: SCREENSHOT_PORT (3242). Browser: CHROMIUM_PATH (/usr/bin/chromium).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { type Browser, chromium, type Page } from "@playwright/test";
import { type TOTP, URI } from "otpauth";
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

/** The verification link mailed to `to` (the outbox folder of the demo server), once the queue delivered it. */
async function verificationLink(outbox: string, to: string): Promise<string> {
  for (let tries = 0; tries < 100; tries++) {
    const mails = existsSync(outbox) ? readdirSync(outbox).map((f) => JSON.parse(readFileSync(join(outbox, f), "utf8")) as { to: string; text: string }) : [];
    const link = mails.find((m) => m.to === to && m.text.includes("/verify-email?token="))?.text.match(/https?:\/\/\S+\/verify-email\?token=\S+/)?.[0];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no verification mail to ${to}`);
}

/** An Admin's role applies with a verified address and a second factor (README, Make yourself an administrator). */
async function makeAdmin(page: Page, email: string, env: NodeJS.ProcessEnv) {
  await page.request.get(await verificationLink(env.OUTBOX_DIR!, email));
  execFileSync(process.execPath, ["server/cli.ts", "add", email], { env, stdio: "pipe" });
  const headers = { Origin: url };
  const started = await page.request.post("/api/auth/two-factor/enable", { data: { password: "quiet-harbor-42" }, headers });
  const totp = URI.parse(((await started.json()) as { totpURI: string }).totpURI) as TOTP;
  await page.request.post("/api/auth/two-factor/verify-totp", { data: { code: totp.generate() }, headers });
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

    // An admin (verified, granted as the command line does, with a second factor) sees the orders on the dashboard.
    const desk = await newPage(browser, 1440, 900);
    await register(desk, "admin@example.com");
    await makeAdmin(desk, "admin@example.com", server.env);
    await desk.goto("/admin");
    await shoot(desk, "admin-dashboard-1440.png");
    // The banner's page opens its edit form, with the publish panel beside it.
    await desk.goto("/edit-banner");
    await shoot(desk, "edit-form-1440.png");
  } finally {
    await browser.close();
    await server.stop();
  }
}

await main();
