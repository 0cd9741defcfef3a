import { type Browser, expect, type Page, test } from "@playwright/test";
import { e2eEnv } from "../../playwright.config.ts";
import { csv, pdf } from "../fixtures/office.ts";
import { ensurePaymentAccount, mailTo, makeAdmin, register, uniqueEmail } from "./helpers.ts";

/**
 * The order as the place where the work happens (issue 20), as its two sides use it: the customer
 * orders and pays through the stand-in, fills in the brief, asks a question with a file; the agency
 * answers with a file, starts, delivers; the customer asks for changes; the agency delivers again;
 * the customer approves. Each side follows the links of the mails it gets. Run with the customer
 * on a phone and the agency on a desktop, and the other way round.
 */

async function newPage(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: e2eEnv.APP_URL, viewport: { width, height: width < 600 ? 844 : 900 } });
  return context.newPage();
}

/** The path of the order link in a mail. */
const linkOf = (mail: { text: string }) => new URL(/https?:\/\/\S+\/(admin\/)?orders\/[0-9a-f]{24}/.exec(mail.text)![0]).pathname;

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), page.url()).toBeLessThanOrEqual(await page.evaluate(() => window.innerWidth));
}


for (const [customerWidth, agencyWidth] of [
  [390, 1440],
  [1440, 390],
] as const) {
  test(`order, pay, brief, talk, deliver, change, deliver, approve (customer ${customerWidth} px, agency ${agencyWidth} px)`, async ({ browser }) => {
    test.setTimeout(120_000);
    const admin = await newPage(browser, agencyWidth);
    const adminEmail = uniqueEmail("portal-admin");
    await register(admin, adminEmail);
    await makeAdmin(admin, adminEmail);
    await ensurePaymentAccount(admin);

    // The customer orders Standard and pays through the stand-in.
    const customer = await newPage(browser, customerWidth);
    const email = uniqueEmail("portal-customer");
    await register(customer, email);
    await customer.goto("/pricing/");
    await customer.getByRole("article", { name: "Standard" }).getByRole("link").click();
    await customer.getByLabel("Your name").fill("Ada Lovelace");
    await customer.getByLabel("Address").fill("12 Analytical Row, London");
    await customer.getByLabel("Country").fill("United Kingdom");
    await customer.getByRole("button", { name: "Place order" }).click();
    await customer.getByRole("table", { name: /Orders to pay/ }).getByRole("link", { name: /^Pay now/ }).click();
    await customer.getByRole("button", { name: "Pay with PayPal" }).click();
    await customer.getByRole("button", { name: "Pay", exact: true }).click();
    await expect(customer.getByText("Payment received.")).toBeVisible({ timeout: 10_000 });

    // From the dashboard to the order: the next step is the brief.
    await customer.goto("/dashboard");
    await customer.getByRole("region", { name: "Waiting for you", exact: true }).getByRole("link", { name: "Fill in your brief" }).click();
    await expect(customer.getByRole("heading", { level: 1 })).toHaveText("Your Standard order");
    await expect(customer.getByRole("region", { name: "Next step", exact: true })).toContainText("Fill in your brief");
    await noSidewaysScroll(customer);
    await customer.getByRole("region", { name: "Next step", exact: true }).getByRole("link", { name: "Fill in your brief" }).click();
    await expect(customer.getByRole("heading", { level: 1 })).toHaveText("Your brief");
    // Sending without the website: the error sits next to the field; a part can be saved.
    await customer.getByLabel("Goals").fill("More calls from search");
    await customer.getByRole("button", { name: "Send brief" }).click();
    await expect(customer.getByLabel("Your website (required)")).toHaveAttribute("aria-invalid", "true");
    await expect(customer.getByText("Your website is required")).toBeVisible();
    await customer.getByRole("button", { name: "Save for later" }).click();
    await expect(customer.getByRole("status")).toContainText("Your brief is saved");
    await customer.getByLabel("Your website (required)").fill("https://www.lovelace-engines.example");
    await customer.getByLabel("Target keywords").fill("analytical engine\nengine repair london");
    await customer.getByRole("button", { name: "Send brief" }).click();
    await expect(customer.getByRole("status")).toHaveText("Thank you: your brief is sent.");
    const briefMail = await mailTo(adminEmail, /^Brief received/);

    // A question with a file, from the customer's order page.
    await customer.getByRole("link", { name: "Back to the order" }).click();
    await customer.getByLabel("Your message").fill("Can you also look at our old site?");
    await customer.getByLabel("Attach files (optional)").setInputFiles({ name: "old-rankings.csv", mimeType: "text/csv", buffer: csv() });
    await customer.getByRole("button", { name: "Send message" }).click();
    await expect(customer.getByRole("status")).toHaveText("Message sent.");
    await expect(customer.getByRole("region", { name: "Conversation", exact: true }).getByRole("link", { name: "old-rankings.csv" })).toBeVisible();

    // The agency opens the order from the brief's mail: reads the brief and the message, answers with a file.
    await admin.goto(linkOf(briefMail));
    await expect(admin.getByRole("heading", { level: 1 })).toHaveText("Standard order");
    await expect(admin.getByRole("region", { name: "Next step", exact: true })).toContainText("Brief received, start the work");
    await expect(admin.getByRole("region", { name: "Brief", exact: true })).toContainText("https://www.lovelace-engines.example");
    await expect(admin.getByRole("region", { name: "Conversation", exact: true })).toContainText("Can you also look at our old site?");
    expect(linkOf(await mailTo(adminEmail, /^New message from Ada Lovelace/))).toBe(new URL(admin.url()).pathname);
    await admin.getByLabel("Your message").fill("Yes. Here is our plan.");
    await admin.getByLabel("Attach files (optional)").setInputFiles({ name: "plan.pdf", mimeType: "application/pdf", buffer: pdf("plan") });
    await admin.getByRole("button", { name: "Send message" }).click();
    await expect(admin.getByRole("status")).toHaveText("Message sent. The customer is told by mail.");
    await admin.getByRole("button", { name: "Start the work" }).click();
    await expect(admin.getByRole("status")).toHaveText("Work started. The customer is told by mail.");
    await noSidewaysScroll(admin);

    // The customer downloads the agency's file from the mail's order link.
    await customer.goto(linkOf(await mailTo(email, /^New message about your Standard order/)));
    const download = customer.waitForEvent("download");
    await customer.getByRole("region", { name: "Conversation", exact: true }).getByRole("link", { name: "plan.pdf" }).click();
    expect((await download).suggestedFilename()).toBe("plan.pdf");

    // The agency delivers.
    await admin.getByLabel("Summary for the customer").fill("Your audit: 12 fixes, in order of impact.");
    await admin.getByLabel("Files (the report, the audit)").setInputFiles({ name: "audit.pdf", mimeType: "application/pdf", buffer: pdf("audit") });
    await admin.getByRole("button", { name: "Deliver", exact: true }).click();
    await expect(admin.getByRole("status")).toHaveText("Delivered. The customer is told by mail.");

    // The customer reviews it from the mail and asks for changes.
    await customer.goto(linkOf(await mailTo(email, /is ready to review$/)));
    await expect(customer.getByRole("region", { name: "Next step", exact: true })).toContainText("Review the report");
    await expect(customer.getByRole("region", { name: "Delivered work", exact: true })).toContainText("Your audit: 12 fixes");
    await customer.getByLabel("What should change").fill("Please add the blog pages.");
    await customer.getByRole("button", { name: "Ask for changes" }).click();
    await expect(customer.getByRole("status")).toContainText("Your request for changes is sent.");

    // The agency starts on the changes and delivers again.
    await admin.goto(linkOf(await mailTo(adminEmail, /^Changes requested/)));
    await expect(admin.getByRole("region", { name: "Next step", exact: true })).toContainText("Changes requested, start on them");
    await admin.getByRole("button", { name: "Start on the changes" }).click();
    await expect(admin.getByRole("status")).toHaveText("Work started. The customer is told by mail.");
    await admin.getByLabel("Summary for the customer").fill("Now with the blog pages.");
    await admin.getByLabel("Files (the report, the audit)").setInputFiles({ name: "audit-v2.pdf", mimeType: "application/pdf", buffer: pdf("audit 2") });
    await admin.getByRole("button", { name: "Deliver", exact: true }).click();
    await expect(admin.getByRole("status")).toHaveText("Delivered. The customer is told by mail.");

    // The customer approves.
    await customer.reload();
    await expect(customer.getByRole("region", { name: "Delivered work", exact: true }).getByRole("listitem").filter({ hasText: "Delivery 2" })).toContainText("Now with the blog pages.");
    await customer.getByRole("button", { name: "Approve the work" }).click();
    await expect(customer.getByRole("status")).toHaveText("Thank you: the work is approved.");
    await expect(customer.getByRole("region", { name: "Next step", exact: true })).toContainText("You approved the work. Thank you!");
    await noSidewaysScroll(customer);
    const timeline = customer.getByRole("region", { name: "Timeline", exact: true }).getByRole("listitem");
    await expect(timeline).toHaveCount(9);
    await expect(timeline.last()).toContainText("Approved");
    await mailTo(adminEmail, /^Approved:/);

    // The agency's list shows it approved.
    await admin.goto("/total-orders?stage=approved");
    await expect(admin.getByRole("row").filter({ hasText: email })).toContainText("Approved");
  });
}
