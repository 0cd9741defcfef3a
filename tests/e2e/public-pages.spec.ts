import { expect, type Page, test } from "@playwright/test";

/**
 * The public pages on a phone (360 px) and a desktop (1440 px), with the demo content the e2e
 * server starts with. Other specs may edit content, so these check structure, not wording.
 */

const noSideScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);

/** Presses Tab until the link named `name` has focus, as a keyboard user would. */
async function tabTo(page: Page, name: string) {
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim());
    if (focused === name) return;
  }
  throw new Error(`never reached "${name}" with Tab`);
}

for (const [device, viewport] of [
  ["phone", { width: 360, height: 780 }],
  ["desktop", { width: 1440, height: 900 }],
] as const) {
  test.describe(`${device} (${viewport.width} px)`, () => {
    test.use({ viewport });

    test("the landing page shows every section and fits the screen", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("banner").getByRole("img", { name: "Rankwell home" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Log in" })).toBeVisible();
      for (const id of ["home", "services", "about", "features", "video", "process", "experience", "pricing", "team", "testimonial", "faq", "contact"]) {
        const section = page.locator(`section#${id}`);
        await section.scrollIntoViewIfNeeded();
        await expect(section, id).toBeVisible();
      }
      await expect(page.getByRole("region", { name: "Rankwell in numbers" })).toBeVisible();
      await expect(page.locator("#pricing article")).toHaveCount(3);
      await expect(page.getByRole("heading", { name: "Send us a message" })).toBeVisible();
      const footer = page.getByRole("contentinfo");
      await expect(footer.getByRole("img", { name: "Rankwell home" })).toBeVisible();
      await expect(footer.getByLabel("Email for updates")).toBeVisible();
      for (const network of ["YouTube", "Facebook", "Instagram"]) await expect(footer.getByRole("link", { name: `Rankwell on ${network}` })).toBeVisible();
      await noSideScroll(page);
    });

    test("the header's links work from the keyboard (through the Menu button below 1024 px)", async ({ page }) => {
      const openMenu = async () => {
        if (viewport.width >= 1024) return;
        await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
        await tabTo(page, "Menu");
        await page.keyboard.press("Enter");
        await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
      };
      await page.goto("/");
      await page.keyboard.press("Tab");
      await expect(page.getByRole("link", { name: "Skip to content" })).toBeFocused();
      await openMenu();
      await tabTo(page, "Pricing");
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/pricing\/$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.goto("/");
      await openMenu();
      await tabTo(page, "Contact us");
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/#contact$/);
      await expect(page.locator("#contact h2")).toBeInViewport();
      // The compact header stays on screen, and every link in it is at least 44 px tall.
      await expect(page.getByRole("banner")).toBeInViewport();
      for (const link of await page.getByRole("banner").getByRole("link").all()) {
        if (await link.isVisible()) expect((await link.boundingBox())!.height, await link.textContent() ?? "").toBeGreaterThanOrEqual(viewport.width < 640 ? 44 : 0);
      }
    });

    test("an anchor link lands on its section, from another page and on the landing page itself", async ({ page }) => {
      // Sections below the first screen are laid out only when near it (decision 0042), with a
      // placeholder height until then: the jump must still end on its section, under the header.
      const landedOn = async (id: string) => {
        await expect
          .poll(async () => {
            const [sectionTop, headerBottom, scrolled] = await page.evaluate((target) => {
              const header = document.querySelector("header")!.getBoundingClientRect();
              return [document.getElementById(target)!.getBoundingClientRect().top, header.bottom, window.scrollY];
            }, id);
            const gap = Math.round(sectionTop - headerBottom);
            return gap >= -1 && gap <= 40 ? "right under the header" : `${gap} px below the header (scrolled to ${Math.round(scrolled)})`;
          }, { message: `#${id} after the jump`, timeout: 3000 })
          .toBe("right under the header");
      };
      for (const id of ["about", "pricing", "testimonial", "contact"]) {
        await page.goto("/pricing/");
        const link = page.locator(`a[href="/#${id}"]`);
        if (await link.count()) await link.first().dispatchEvent("click");
        else await page.goto(`/#${id}`);
        await expect(page).toHaveURL(new RegExp(`/#${id}$`));
        await landedOn(id);
        // The same link on the landing page: a jump within the document.
        await page.evaluate(() => window.scrollTo(0, 0));
        await page.locator(`a[href="/#${id}"]`).first().dispatchEvent("click");
        await landedOn(id);
      }
    });

    test("the FAQ opens and closes from the keyboard", async ({ page }) => {
      await page.goto("/");
      const first = page.locator("#faq details").first();
      const answer = first.locator("p");
      await expect(answer).toBeHidden();
      await first.locator("summary").focus();
      await page.keyboard.press("Enter");
      await expect(answer).toBeVisible();
      await page.keyboard.press("Enter");
      await expect(answer).toBeHidden();
    });

    test("ordering a plan from the pricing cards sends a visitor to log in", async ({ page }) => {
      await page.goto("/");
      const order = page.locator("#pricing article").first().getByRole("link");
      const href = await order.getAttribute("href");
      expect(href).toMatch(/^\/order-now\/[0-9a-f]{24}$/);
      await order.click();
      await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(href!)}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Log in");
    });

    test("/pricing/ and /service/ work on this screen", async ({ page }) => {
      await page.goto("/pricing/");
      await expect(page.getByRole("heading", { level: 1, name: "Pricing" })).toBeVisible();
      const cards = page.locator("main article");
      await expect(cards).toHaveCount(3);
      // Cheapest first; the demo marks Standard as the most popular (issue 21).
      await expect(cards.nth(0).getByRole("heading", { level: 2 })).toHaveText("Basic");
      await expect(cards.nth(1).getByRole("heading", { level: 2 })).toHaveText("Standard");
      await expect(cards.nth(2).getByRole("heading", { level: 2 })).toHaveText("Premium");
      await expect(cards.nth(1).getByText("Most popular", { exact: true })).toBeVisible();
      await expect(page.getByText("Most popular", { exact: true })).toHaveCount(1);
      // Every point the plan has (the demo Premium plan has ten), as on the landing page.
      await expect(cards.nth(2).locator("li")).toHaveCount(10);
      await expect(cards.nth(0).getByRole("link")).toHaveAttribute("href", /^\/order-now\/[0-9a-f]{24}$/);
      await noSideScroll(page);

      await page.goto("/service/");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our services");
      await expect(page.getByText(/^\d+\+$/).first()).toBeVisible();
      // The experience section's skill bars, as on the landing page.
      for (const percent of ["85%", "65%", "79%"]) await expect(page.getByText(percent, { exact: true })).toBeVisible();
      await noSideScroll(page);
    });
  });
}
