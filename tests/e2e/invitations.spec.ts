import { expect, test } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { mailTo, makeAdmin, register, uniqueEmail } from "./helpers.ts";

/**
 * An admin invites an editor; the role applies only once the editor follows the link mailed to
 * the address (issue 11, item 1). The admin then finds the acceptance in the audit log.
 */
test("an admin invites an editor, who follows the mailed link and then works on the content", async ({ page, browser }) => {
  const adminEmail = uniqueEmail("inviting-admin");
  const editorEmail = uniqueEmail("invited-editor");
  await register(page, adminEmail);
  await makeAdmin(page, adminEmail);

  await page.goto("/add-user");
  await page.getByLabel("Email", { exact: true }).fill(editorEmail);
  await page.getByLabel("Role").selectOption("Editor");
  await page.getByRole("button", { name: "Add user" }).click();
  await expect(page.getByRole("status")).toContainText(`An invitation was mailed to ${editorEmail}`);
  const pending = page.getByRole("table", { name: /Invited, not yet accepted/ });
  await expect(pending.getByRole("row", { name: new RegExp(editorEmail) })).toContainText("Editor");
  await expect(page.getByRole("table", { name: /^Users/ })).not.toContainText(editorEmail);

  // The editor, in a browser of their own, opens the mailed link and creates the account there.
  const mail = await mailTo(editorEmail, /invited/);
  const link = mail.text.match(/https?:\/\/\S+\/invitation\/\S+/)![0];
  const editorContext = await browser.newContext();
  const editor = await editorContext.newPage();
  await editor.goto(link);
  await expect(editor.getByRole("heading", { level: 1, name: "Your invitation" })).toBeVisible();
  await expect(editor.getByLabel("Email", { exact: true })).toHaveValue(editorEmail);
  await editor.getByLabel("Password", { exact: true }).fill("editor-secret");
  await editor.getByRole("button", { name: "Create account and accept" }).click();

  // The role waits for a second factor (issue 22): the editor sets up an authenticator app, then the admin area opens.
  await expect(editor.getByRole("heading", { level: 1, name: "Authenticator app" })).toBeVisible();
  await expect(editor.getByText("Your Editor role needs a second factor")).toBeVisible();
  await editor.getByLabel("Your password", { exact: true }).fill("editor-secret");
  await editor.getByRole("button", { name: "Set up the authenticator app" }).click();
  const key = (await editor.getByTestId("totp-secret").textContent())!.replace(/\s+/g, "");
  await editor.getByLabel("Code from the app").fill(new TOTP({ secret: Secret.fromBase32(key) }).generate());
  await editor.getByRole("button", { name: "Turn on two-step sign-in" }).click();

  await expect(editor.getByRole("heading", { level: 1, name: "Admin dashboard" })).toBeVisible();
  const sidebar = editor.getByRole("navigation", { name: "Admin", exact: true });
  await expect(sidebar.getByRole("link", { name: "Admin users" })).toHaveCount(0);
  await sidebar.getByRole("link", { name: "Banner", exact: true }).click();
  await expect(editor.getByRole("heading", { level: 1, name: "Banner" })).toBeVisible();
  // The link is spent.
  await editor.goto(link);
  await expect(editor.getByText("This invitation link does not work any more")).toBeVisible();
  await editorContext.close();

  // The admin sees the editor as active, and the acceptance in the audit log.
  // Users are listed by address, ten a page: other tests' role holders may come first.
  const row = page.getByRole("table", { name: /^Users/ }).getByRole("row", { name: new RegExp(editorEmail) });
  for (let n = 1; n <= 30; n++) {
    await page.goto(`/add-user?page=${n}`);
    if ((await row.count()) > 0 || (await page.getByRole("table", { name: /^Users/ }).getByRole("row").count()) <= 1) break;
  }
  await expect(row).toContainText("Editor");
  await page.getByRole("navigation", { name: "Admin", exact: true }).getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
  await page.getByLabel("Kind of action").selectOption({ label: "Users and roles" });
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/kind=people/);
  const entries = page.getByRole("table", { name: /Entries/ });
  // Who acted, on whom: the admin granted, the editor accepted.
  const about = (action: string) => entries.getByRole("row").filter({ hasText: action }).filter({ hasText: editorEmail });
  await expect(about("Role granted")).toContainText(adminEmail);
  await expect(about("Invitation accepted")).toContainText("Accepted the Editor role");
});
