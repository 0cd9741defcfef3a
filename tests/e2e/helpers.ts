import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";
import { E2E_DIR, e2eEnv } from "../../playwright.config.ts";

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

export async function register(page: Page, email: string, password = "secret123") {
  await page.goto("/register");
  await expect(page.getByRole("heading", { level: 1, name: "Register" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page).toHaveURL(/\/\?welcome=1$/);
}

/** Opens the header's account menu (a <details>: Admin, Dashboard, My orders, Sign out). */
export async function openAccountMenu(page: Page) {
  await page.getByRole("banner").getByText("Account", { exact: true }).click();
}

/** Signs in on the login page (waiting for it first: after a link click the old page may still show). */
export async function logIn(page: Page, email: string, password = "secret123") {
  await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
}

/** Signs out from the header's account menu and waits until the site shows the signed-out header. */
export async function signOut(page: Page) {
  await openAccountMenu(page);
  await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Log in", exact: true })).toBeVisible();
}

/** Grants the Admin role with the documented command, against the e2e database. */
export function makeAdmin(email: string) {
  execFileSync(process.execPath, ["server/cli.ts", "add", email], { env: { ...process.env, ...e2eEnv }, stdio: "pipe" });
}

/** Grants the Editor role the same way. */
export function makeEditor(email: string) {
  execFileSync(process.execPath, ["server/cli.ts", "add", email, "--role", "Editor"], { env: { ...process.env, ...e2eEnv }, stdio: "pipe" });
}

/**
 * The one mail sent to `to` (with a subject matching `subject`, if given), once the queue has
 * delivered it. Never "the newest": the queue does not deliver in the order of the requests, so
 * a test that mails one address more than once tells the mails apart by subject.
 */
export async function mailTo(to: string, subject?: RegExp): Promise<{ subject: string; text: string }> {
  const dir = join(E2E_DIR, "outbox");
  const matching = (): { to: string; subject: string; text: string }[] =>
    (existsSync(dir) ? readdirSync(dir) : [])
      .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")))
      .filter((m) => m.to === to && (!subject || subject.test(m.subject)));
  // Mail is queued with what caused it and delivered by the job worker a moment later.
  await expect.poll(() => matching().length, { message: `no mail to ${to}`, timeout: 10_000 }).toBeGreaterThan(0);
  const mails = matching();
  if (mails.length > 1) throw new Error(`${mails.length} mails to ${to}${subject ? ` with a subject matching ${subject}` : ""}: tell them apart by subject`);
  return mails[0]!;
}

/** Makes sure the site has a payment account: the admin on `admin` sets one if there is none. */
export async function ensurePaymentAccount(admin: Page) {
  await admin.goto("/admin");
  await admin.getByRole("main").getByRole("link", { name: /^Payment(?!s)/ }).click();
  await admin.waitForURL(/\/(add-paypal-Email|paypal-email\/[0-9a-f]{24})$/);
  if (admin.url().endsWith("/add-paypal-Email")) {
    await admin.getByLabel("PayPal email that receives payments").fill("sales@rankwell.test");
    await admin.getByRole("button", { name: /^Create/ }).click();
    await expect(admin.getByRole("status")).toHaveText("Payment account saved.");
  }
}
