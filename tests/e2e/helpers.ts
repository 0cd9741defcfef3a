import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";
import { TOTP, URI } from "otpauth";
import { E2E_DIR, e2eEnv } from "../../playwright.config.ts";

/** The password the helpers register with (not a common one: the site refuses those). */
export const PASSWORD = "quiet-harbor-42";

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

export async function register(page: Page, email: string, password = PASSWORD) {
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

/**
 * Signs in on the login page (waiting for it first: after a link click the old page may still
 * show). With `totp` (an account with an authenticator app), answers the second step with a code.
 */
export async function logIn(page: Page, email: string, password = PASSWORD, totp?: TOTP) {
  await expect(page.getByRole("heading", { level: 1, name: "Log in" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log in" }).click();
  if (!totp) return;
  await expect(page.getByRole("heading", { level: 1, name: "Two-step sign-in" })).toBeVisible();
  await page.getByLabel("Code from your authenticator app").fill(totp.generate());
  await page.getByRole("button", { name: "Continue" }).click();
}

/** Signs out from the header's account menu and waits until the site shows the signed-out header. */
export async function signOut(page: Page) {
  await openAccountMenu(page);
  await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Log in", exact: true })).toBeVisible();
}

/** Follows the verification link mailed to `email` (as the signed-in browser of `page`). */
export async function verifyAddress(page: Page, email: string) {
  const mail = await mailTo(email, /Verify/);
  const link = mail.text.match(/https?:\/\/\S+\/verify-email\?token=\S+/)![0];
  const answer = await page.request.get(link);
  expect(await answer.text()).toContain("your address is verified");
}

/**
 * Sets up an authenticator app for the signed-in account of `page` through better-auth's calls
 * (what /account/two-factor does), so this browser's session has proved a second factor. Answers
 * the TOTP, to compute codes at the next sign-in.
 */
export async function enrolTotp(page: Page, password = PASSWORD): Promise<TOTP> {
  const origin = { Origin: e2eEnv.APP_URL };
  const started = await page.request.post("/api/auth/two-factor/enable", { data: { password }, headers: origin });
  expect(started.status()).toBe(200);
  const totp = URI.parse(((await started.json()) as { totpURI: string }).totpURI) as TOTP;
  const verified = await page.request.post("/api/auth/two-factor/verify-totp", { data: { code: totp.generate() }, headers: origin });
  expect(verified.status()).toBe(200);
  return totp;
}

/**
 * Makes the registered, signed-in person of `page` a role holder as an operator would: the
 * address verified (the mailed link), the role granted with the documented command against the
 * e2e database, and a second factor set up (an Admin or Editor needs one). Answers their TOTP.
 */
async function grant(page: Page, email: string, role: "Admin" | "Editor"): Promise<TOTP> {
  await verifyAddress(page, email);
  execFileSync(process.execPath, ["server/cli.ts", "add", email, "--role", role], { env: { ...process.env, ...e2eEnv }, stdio: "pipe" });
  return enrolTotp(page);
}

export const makeAdmin = (page: Page, email: string) => grant(page, email, "Admin");
export const makeEditor = (page: Page, email: string) => grant(page, email, "Editor");

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
