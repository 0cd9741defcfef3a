import { expect, type Page, test } from "@playwright/test";
import { lastMailTo, makeAdmin, register, uniqueEmail } from "./helpers.ts";

/** The subscribe form adds its fetcher marker once React has hydrated the page. */
async function hydrated(page: Page) {
  await expect(page.locator('input[name="via"][value="fetcher"]')).toHaveCount(1);
}

/** Signs up a fresh person in this browser and makes them an admin. */
async function becomeAdmin(page: Page) {
  const email = uniqueEmail("inbox-admin");
  await register(page, email);
  makeAdmin(email);
}

test("a visitor's message from the landing page reaches the admin, who marks it read", async ({ page }) => {
  const subject = `Question ${Date.now()}`;
  await page.goto("/");
  await hydrated(page);
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Send message" }) });
  // A mistake is shown in place: the visitor stays in the landing page's contact section.
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(form.getByLabel("Name", { exact: true })).toHaveAccessibleDescription("Name is required");
  await expect(page).toHaveURL(/\/$/);

  await form.getByLabel("Name", { exact: true }).fill("Grace Hopper");
  await form.getByLabel("Email", { exact: true }).fill("grace@example.com");
  await form.getByLabel("Phone number").fill("+1 555 010 9999");
  await form.getByLabel("Subject").fill(subject);
  await form.getByLabel("Message", { exact: true }).fill("How soon can the Premium package start?");
  await form.getByRole("button", { name: "Send message" }).click();

  await expect(page).toHaveURL(/\/thanks\?sent=1$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Thank you!");
  await expect(page.getByRole("status")).toHaveText("Your message has been sent.");
  await expect(page.getByText("We have received your message and will get back to you as soon as possible.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to the home page" })).toBeVisible();

  await becomeAdmin(page);
  await page.goto("/all-messages/");
  const unreadRow = page.getByRole("table", { name: /^Unread/ }).getByRole("row").filter({ hasText: subject });
  await unreadRow.getByRole("link", { name: /View message/ }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Message from Grace Hopper");
  await expect(page.getByText("How soon can the Premium package start?")).toBeVisible();
  await expect(page.getByText("Unread", { exact: true })).toBeVisible();
  await page.getByRole("button", { name: "Mark as read" }).click();
  await expect(page.getByRole("status")).toHaveText("The message is marked as read.");
  await expect(page.getByRole("button", { name: "Mark as read" })).toHaveCount(0);

  await page.getByRole("link", { name: "Back to all messages" }).click();
  await expect(page.getByRole("table", { name: /^Read/ }).getByRole("row").filter({ hasText: subject })).toBeVisible();
  await expect(page.getByRole("table", { name: /^Unread/ }).getByRole("row").filter({ hasText: subject })).toHaveCount(0);
});

test("/contact shows a wrong field next to it, then sends", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact us");
  const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Send message" }) });
  await form.getByLabel("Name", { exact: true }).fill("Alan Turing");
  await form.getByLabel("Email", { exact: true }).fill("alan-at-example");
  await form.getByLabel("Phone number").fill("020 7946 0000");
  await form.getByLabel("Subject").fill("Standard plan");
  await form.getByLabel("Message", { exact: true }).fill("Is the Standard plan monthly?");
  await form.getByRole("button", { name: "Send message" }).click();

  const email = form.getByLabel("Email", { exact: true });
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription("Provide a Valid Email");
  await expect(page).toHaveURL(/\/contact$/);

  await email.fill("alan@example.com");
  // The phone number is optional.
  await form.getByLabel("Phone number").fill("");
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(page).toHaveURL(/\/thanks\?sent=1$/);
  await expect(page.getByRole("status")).toHaveText("Your message has been sent.");
});

test("a visitor subscribes from the footer, the admin sees the email, and the mailed link unsubscribes", async ({ page }) => {
  const reader = uniqueEmail("reader");
  await page.goto("/");
  await hydrated(page);
  await page.getByLabel("Email for updates").fill("not-an-email");
  await page.getByRole("button", { name: "Subscribe", exact: true }).click();
  await expect(page.getByLabel("Email for updates")).toHaveAccessibleDescription("Provide a Valid Email");
  await page.getByLabel("Email for updates").fill(reader);
  await page.getByRole("button", { name: "Subscribe", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "You are subscribed. Thank you." })).toBeVisible();
  // The field is emptied once the subscription is stored.
  await expect(page.getByLabel("Email for updates")).toHaveValue("");
  // Through the fetcher: the visitor stays on the page they were reading, with no reload.
  await expect(page).toHaveURL(/\/$/);

  await becomeAdmin(page);
  await page.goto("/all-subscriber/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Subscribers");
  await expect(page.getByRole("cell", { name: reader })).toBeVisible();

  // Only the subscriber has the link: it came by mail.
  const link = (await lastMailTo(reader)).text.match(/https?:\/\/\S+\/unsubscribe\/\S+/)![0];
  await page.goto(link);
  await expect(page.getByText(`Stop sending updates to ${reader}?`)).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are unsubscribed");

  await page.goto("/all-subscriber/");
  await expect(page.getByRole("cell", { name: reader })).toHaveCount(0);
});
