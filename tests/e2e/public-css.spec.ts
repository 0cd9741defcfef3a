import { expect, type Page, test } from "@playwright/test";
import { CACHED_PATHS } from "../../app/site/cached-pages.ts";

/**
 * Public pages without JavaScript carry their own, smaller stylesheet (app/site.css: only the
 * utilities found in the public sources; the admin's are in app/app.css). A class used on such a
 * page but missing from that sheet would silently lose its style: every class on every one of
 * them, and on their forms' error states, must have a rule in the page's stylesheet.
 */

/** Classes a page uses that no stylesheet rule names. */
async function unstyledClasses(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const named = new Set<string>();
    const walk = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule) {
          // `.md\:py-20`, `.group-hover\:x:is(:where(.group):hover *)`: every class a selector names, unescaped.
          for (const m of rule.selectorText.matchAll(/\.((?:\\.|[\w-])+)/g)) named.add(m[1]!.replace(/\\(.)/g, "$1"));
        }
        if ("cssRules" in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
    const used = new Set(Array.from(document.querySelectorAll("[class]")).flatMap((el) => Array.from(el.classList)));
    return [...used].filter((c) => !named.has(c)).sort();
  });
}

const staticPages = [...CACHED_PATHS].filter((path) => !/\.(txt|xml)$/.test(path));

test("every class on a public page without JavaScript is styled by its stylesheet", async ({ page }) => {
  for (const path of staticPages) {
    await page.goto(path);
    expect(await page.locator("script[src]").count(), `${path} loads no script`).toBe(0);
    expect(await unstyledClasses(page), path).toEqual([]);
  }
});

test("and on the forms' error states (posted without JavaScript)", async ({ page }) => {
  for (const path of ["/login", "/register", "/reset", "/contact", "/subscribe"]) {
    await page.goto(path);
    // Submit the page's main form empty, as a browser without validation would.
    await page.evaluate(() => document.querySelectorAll("form").forEach((form) => form.setAttribute("novalidate", "")));
    const form = page.locator("main form").first();
    await form.locator("button[type=submit], button:not([type])").first().click();
    await page.waitForLoadState("load");
    expect(await page.getByRole("alert").or(page.locator("[aria-invalid=true]")).count(), `${path} shows errors`).toBeGreaterThan(0);
    expect(await unstyledClasses(page), `${path} with errors`).toEqual([]);
  }
});
