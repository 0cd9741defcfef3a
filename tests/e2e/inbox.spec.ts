import { type Browser, expect, type Page, test } from "@playwright/test";
import { mailTo, makeAdmin, register, uniqueEmail } from "./helpers.ts";

/**
 * The landing page ships no JavaScript (issue 10): its forms are plain posts. A visitor's
 * browser with JavaScript off shows that they work as they are.
 */
async function visitorWithoutJavaScript(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false });
  return context.newPage();
}

/** Signs up a fresh person in this browser and makes them an admin. */
async function becomeAdmin(page: Page) {
  const email = uniqueEmail("inbox-admin");
  await register(page, email);
  await makeAdmin(page, email);
}

test("a visitor's message from the landing page (no JavaScript) reaches the admin, who marks it read", async ({ page, browser }) => {
  // Two browser contexts (the visitor's, the admin's) and a sign-up: more than the default budget on a busy machine.
  test.slow();
  const subject = `Question ${Date.now()}`;
  const visitor = await visitorWithoutJavaScript(browser);
  await visitor.goto("/");
  let form = visitor.locator("form").filter({ has: visitor.getByRole("button", { name: "Send message" }) });
  // A mistake is shown on /contact, next to the field, with the form to correct it.
  await form.getByRole("button", { name: "Send message" }).click();
  await expect(visitor).toHaveURL(/\/contact$/);
  form = visitor.locator("form").filter({ has: visitor.getByRole("button", { name: "Send message" }) });
  await expect(form.getByLabel("Name", { exact: true })).toHaveAccessibleDescription("Name is required");

  await form.getByLabel("Name", { exact: true }).fill("Grace Hopper");
  await form.getByLabel("Email", { exact: true }).fill("grace@example.com");
  await form.getByLabel("Phone number").fill("+1 555 010 9999");
  await form.getByLabel("Subject").fill(subject);
  await form.getByLabel("Message", { exact: true }).fill("How soon can the Premium package start?");
  await form.getByRole("button", { name: "Send message" }).click();

  await expect(visitor).toHaveURL(/\/thanks\?sent=1$/);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText("Thank you!");
  await expect(visitor.getByRole("status")).toHaveText("Your message has been sent.");
  await expect(visitor.getByText("We have received your message and will get back to you as soon as possible.")).toBeVisible();
  await expect(visitor.getByRole("link", { name: "Back to the home page" })).toBeVisible();
  await visitor.context().close();

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

test("a visitor subscribes from the landing page's footer (no JavaScript), the admin sees the email, and the mailed link unsubscribes", async ({ page, browser }) => {
  const reader = uniqueEmail("reader");
  const visitor = await visitorWithoutJavaScript(browser);
  await visitor.goto("/");
  await visitor.getByLabel("Email for updates").fill("not-an-email");
  await visitor.getByRole("button", { name: "Subscribe", exact: true }).click();
  await expect(visitor.getByLabel("Email for updates")).toHaveAccessibleDescription("Provide a Valid Email");
  await visitor.getByLabel("Email for updates").fill(reader);
  await visitor.getByRole("button", { name: "Subscribe", exact: true }).click();
  // Back on the page the form was posted from, with the confirmation.
  await expect(visitor.getByRole("status").filter({ hasText: "You are subscribed. Thank you." })).toBeVisible();
  await expect(visitor).toHaveURL(/\/\?subscribed=1(#subscribe-form)?$/);
  await visitor.context().close();

  await becomeAdmin(page);
  await page.goto("/all-subscriber/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Subscribers");
  await expect(page.getByRole("cell", { name: reader })).toBeVisible();

  // Only the subscriber has the link: it came by mail.
  const link = (await mailTo(reader)).text.match(/https?:\/\/\S+\/unsubscribe\/\S+/)![0];
  await page.goto(link);
  await expect(page.getByText(`Stop sending updates to ${reader}?`)).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("You are unsubscribed");

  await page.goto("/all-subscriber/");
  await expect(page.getByRole("cell", { name: reader })).toHaveCount(0);
});
