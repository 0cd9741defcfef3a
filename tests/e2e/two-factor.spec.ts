import { execFileSync } from "node:child_process";
import { expect, type Page, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { e2eEnv } from "../../playwright.config.ts";
import { logIn, openAccountMenu, PASSWORD, register, signOut, uniqueEmail, verifyAddress } from "./helpers.ts";

/**
 * Issue 22 in Chromium: two-step sign-in with an authenticator app set up on the account page
 * (codes computed here from the key the page shows), and passkeys with Chromium's WebAuthn
 * virtual authenticator (CDP), for a customer and as an Editor's second factor.
 */

/** A platform authenticator that holds discoverable credentials and verifies its user (as a fingerprint reader does). */
async function virtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });
  return { cdp, authenticatorId };
}

test("set up an authenticator app on the account page, then sign in with a code from it", async ({ page }) => {
  const email = uniqueEmail("totp");
  await register(page, email);
  await openAccountMenu(page);
  await page.getByRole("banner").getByRole("link", { name: "Account and security" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await page.getByRole("link", { name: "Set up an authenticator app" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Authenticator app" })).toBeVisible();

  await page.getByLabel("Your password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Set up the authenticator app" }).click();
  await expect(page.getByRole("img", { name: "QR code of your Rankwell authenticator key" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem")).toHaveCount(10);
  const key = (await page.getByTestId("totp-secret").textContent())!.replace(/\s+/g, "");
  const totp = new TOTP({ secret: Secret.fromBase32(key) });

  await page.getByLabel("Code from the app").fill("000000");
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(page.getByText("That code is not right")).toBeVisible();
  await page.getByLabel("Code from the app").fill(totp.generate());
  await page.getByRole("button", { name: "Turn on two-step sign-in" }).click();
  await expect(page).toHaveURL(/\/account\?two-factor=on$/);
  await expect(page.getByText("On: signing in asks for a code from your app")).toBeVisible();

  await signOut(page);
  await page.goto("/login");
  await logIn(page, email, PASSWORD, totp);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Welcome, ${email}`);
});

test("add a passkey with Chromium's virtual authenticator, sign in with it, and use it as an Editor's second factor", async ({ page }) => {
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  const email = uniqueEmail("passkey");
  await register(page, email);
  await page.goto("/account");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Passkey added. You can sign in with it from now on.")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Remove the passkey/ })).toBeVisible();
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.isResidentCredential).toBe(true);

  // The role applies with the passkey as the second factor: verified address, then the command line.
  await verifyAddress(page, email);
  execFileSync(process.execPath, ["server/cli.ts", "add", email, "--role", "Editor"], { env: { ...process.env, ...e2eEnv }, stdio: "pipe" });

  await signOut(page);
  await page.goto("/login");
  await page.getByRole("link", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Sign in with a passkey" })).toBeVisible();
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  // An Editor lands on the admin dashboard.
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin dashboard");

  // Signed in with the passkey alone (no address, no password typed): the admin area opens.
  await page.goto("/setting");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");

  // A password sign-in is one factor: the Editor confirms with the passkey before the admin area.
  await page.goto("/");
  await signOut(page);
  await page.goto("/login?redirectTo=%2Fsetting");
  await logIn(page, email);
  await expect(page).toHaveURL(/\/account\/confirm\?factor=second&redirectTo=%2Fsetting$/);
  await page.getByRole("button", { name: "Confirm with a passkey" }).click();
  await expect(page).toHaveURL(/\/setting$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Settings");
});

test("a passkey that does not verify its user is not a second factor", async ({ page }) => {
  const email = uniqueEmail("no-uv");
  const { cdp, authenticatorId } = await virtualAuthenticator(page);
  await register(page, email);
  await page.goto("/account");
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Passkey added.")).toBeVisible();
  await signOut(page);
  // The same credential, now answering without checking who holds the device.
  await cdp.send("WebAuthn.setUserVerified", { authenticatorId, isUserVerified: false });
  await page.goto("/login/passkey");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByRole("alert")).toBeVisible();
  await expect(page).toHaveURL(/\/login\/passkey$/);
});
