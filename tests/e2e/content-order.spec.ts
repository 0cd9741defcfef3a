import { expect, type Page, test } from "@playwright/test";
import { makeAdmin, register, uniqueEmail } from "./helpers.ts";

/**
 * What the editor sets is what the site shows (issue 14, item 3), on a phone and a desktop:
 * Move up on Steps and Work steps, once published, changes the order on the landing page, numbered by place, and
 * a plan's ten points all show, the same on `/` and `/pricing/`. Each run reads the current order
 * first, so the two viewports (and other specs) can share the e2e database.
 */

/** The titles of a list section's published entries, in the admin list's order (from their Move up buttons). */
async function adminOrder(page: Page): Promise<string[]> {
  const names = await page.getByRole("button", { name: /^Move up\s*:/ }).evaluateAll((buttons) => buttons.map((b) => b.textContent ?? ""));
  return names.map((name) => name.replace(/^Move up\s*:/, "").trim());
}

/** Moves the second entry to the top and publishes the new order; returns it. */
async function moveSecondUp(page: Page, adminPath: string): Promise<string[]> {
  await page.goto(adminPath);
  const before = await adminOrder(page);
  expect(before.length).toBeGreaterThanOrEqual(2);
  const escaped = before[1]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await page.getByRole("button", { name: new RegExp(`^Move up\\s*:\\s*${escaped}$`) }).click();
  await expect(page.getByRole("status")).toContainText("moved up");
  await expect.poll(async () => (await adminOrder(page)).slice(0, 2)).toEqual([before[1], before[0]]);
  // A new order is a draft like any other change: published with its own button (or with the rest).
  await page.getByRole("button", { name: "Publish the order" }).click();
  await expect(page.getByRole("status")).toContainText("published. Visitors see it now.");
  return adminOrder(page);
}

for (const [device, viewport] of [
  ["phone", { width: 390, height: 844 }],
  ["desktop", { width: 1440, height: 900 }],
] as const) {
  test.describe(`${device} (${viewport.width} px)`, () => {
    test.use({ viewport });
    // Each test signs up, edits and reads three pages: more than the default on a busy machine.
    test.setTimeout(90_000);

    test("Move up on Steps and Work steps is the order the landing page shows", async ({ page }) => {
      const email = uniqueEmail(`order-${device}`);
      await register(page, email);
      await makeAdmin(page, email);

      const steps = await moveSecondUp(page, "/step-section");
      const work = await moveSecondUp(page, "/edit-work");

      await page.goto("/");
      const shownSteps = page.locator("section#get-started").getByRole("heading", { level: 3 });
      await expect(shownSteps).toHaveText(steps.map((title, i) => `Step ${String(i + 1).padStart(2, "0")}: ${title}`));
      const shownWork = page.locator("section#process").getByRole("heading", { level: 3 });
      await expect(shownWork).toHaveText(work.slice(0, 4).map((title, i) => `Step ${String(i + 1).padStart(2, "0")}: ${title}`));
    });

    test("a plan with ten points shows all ten on / and /pricing/", async ({ page }) => {
      const email = uniqueEmail(`points-${device}`);
      await register(page, email);
      await makeAdmin(page, email);

      await page.goto("/add-pricing");
      await page.getByRole("link", { name: /^Edit\s*:/ }).first().click();
      await expect(page.getByRole("heading", { level: 1, name: "Edit Pricing plan" })).toBeVisible();
      const plan = await page.getByLabel("Package name").inputValue();
      const points = Array.from({ length: 10 }, (_, i) => `${device} point ${i + 1} ${Date.now().toString(36)}`);
      for (const [i, point] of points.entries()) await page.getByLabel(`Point ${i + 1}`, { exact: true }).fill(point);
      await page.getByRole("button", { name: "Publish", exact: true }).click();
      await expect(page.getByRole("status")).toHaveText("Pricing plan updated. Visitors see it now.");

      for (const path of ["/", "/pricing/"]) {
        await page.goto(path);
        const card = page.getByRole("article", { name: plan, exact: true });
        await expect(card.getByRole("listitem"), path).toHaveText(points);
        await expect(card.getByText(/^\$\d{1,3}(,\d{3})*\.\d{2}/), path).toBeVisible();
      }
    });
  });
}
