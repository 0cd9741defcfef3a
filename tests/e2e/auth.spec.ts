import { expect, test } from "@playwright/test";
import { mailTo, logIn, makeAdmin, openAccountMenu, register, signOut, uniqueEmail } from "./helpers.ts";

test("register, log out and log back in", async ({ page }) => {
  const email = uniqueEmail("reg");
  await page.goto("/register");
  await page.getByRole("button", { name: "Register" }).click();
  await expect(page.getByText("Email is Required")).toBeVisible();
  await expect(page.getByText("Password is Required")).toBeVisible();

  await register(page, email);
  await expect(page.getByRole("status")).toContainText(`Welcome to Rankwell! Your account ${email} is ready.`);
  await expect(page.getByRole("link", { name: "Log in" })).toHaveCount(0);

  await openAccountMenu(page);
  await page.getByRole("banner").getByRole("link", { name: "Dashboard", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(email);
  await page.getByRole("main").getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();

  await page.getByRole("link", { name: "Log in" }).click();
  await logIn(page, email, "wrong-password");
  await expect(page.getByRole("alert")).toHaveText("Incorrect email or password. Please try again.");
  await logIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the guard sends a visitor to log in and back to where they were going", async ({ page }) => {
  const email = uniqueEmail("guard");
  await register(page, email);
  await page.goto("/dashboard");
  await signOut(page);

  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("reset a forgotten password through the mailed link", async ({ page }) => {
  const email = uniqueEmail("reset");
  await register(page, email, "first-password");
  await page.goto("/dashboard");
  await signOut(page);

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByRole("status")).toContainText("we have sent it a link");

  const link = (await mailTo(email, /Reset/)).text.match(/https?:\/\/\S+/)![0];
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password").fill("second-password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByRole("status")).toContainText("Your password is changed");

  await page.getByRole("link", { name: "Log in with your new password" }).click();
  await logIn(page, email, "second-password");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("only an admin sees the Admin button and the admin dashboard", async ({ page }) => {
  const email = uniqueEmail("admin");
  await register(page, email);
  await openAccountMenu(page);
  await expect(page.getByRole("link", { name: "Dashboard", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Admin", exact: true })).toHaveCount(0);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You don't have any permission");

  await makeAdmin(page, email);
  await page.goto("/");
  // In the header itself, not only in the Account menu.
  await page.getByRole("banner").getByRole("link", { name: "Admin", exact: true }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin dashboard");
});
