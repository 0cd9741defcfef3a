import { expect, test } from "@playwright/test";
import { rgbPng } from "./png.ts";
import { e2eEnv } from "../../playwright.config.ts";
import { axeViolations } from "./axe-check.ts";
import { makeEditor, register, uniqueEmail } from "./helpers.ts";

/**
 * Issue 23: an Editor writes an article with a cover image from the media library and an image
 * with alt text in its body, previews it, publishes it, and a visitor reads it; axe finds nothing
 * on /blog/, the article, a tag page, a created page and the new admin screens, at a phone's and
 * a desktop's width.
 */

const stamp = Date.now().toString(36);

async function photo(seed: number): Promise<Buffer> {
  const blue = Date.now() % 256;
  return rgbPng(1200, 675, () => [40, seed % 256, blue]);
}

for (const width of [390, 1440]) {
  test(`an editor writes, previews and publishes an article, and a visitor reads it (${width} px)`, async ({ page, browser }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    const email = uniqueEmail(`article-editor-${width}`);
    await register(page, email);
    await makeEditor(page, email);

    // A picture in the library.
    await page.goto("/admin/media");
    const fileName = `cover-${stamp}-${width}.png`;
    await page.getByLabel("Image file").setInputFiles({ name: fileName, mimeType: "image/png", buffer: await photo(width) });
    await page.getByLabel("Alt text", { exact: true }).fill(`Boats moored in the harbour at dawn ${width}`);
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page.getByRole("status")).toContainText(`${fileName} is uploaded`);
    const url = await page.getByLabel(`Address of ${fileName}`).inputValue();

    // The article, from the Articles screen.
    await page.goto("/admin/articles");
    await expect(page.getByRole("heading", { level: 1, name: "Articles" })).toBeVisible();
    const slug = `harbour-notes-${stamp}-${width}`;
    await page.getByLabel("Address (slug)").fill(slug);
    await page.getByLabel("Title", { exact: true }).fill(`Harbour notes ${width}`);
    await page.getByLabel("Excerpt").fill("What a harbour teaches about local search.");
    await page.getByRole("button", { name: "Choose from library for Cover image" }).click();
    const dialog = page.getByRole("dialog", { name: "Choose an image for “Cover image”" });
    await dialog.getByRole("button", { name: fileName }).click();
    await expect(page.getByLabel("Cover image", { exact: true })).toHaveValue(url);
    await page.getByLabel("Body", { exact: true }).fill(`Boats come in at dawn.\n\n## What we learned\n\n![A harbour at dawn](${url})\n\nShow up where people look.`);
    await page.getByLabel("Author").fill("Dana Writer");
    await page.getByLabel("Publish date").fill("2026-05-01");
    await page.getByLabel("Tags").fill("local seo, harbours");
    await page.getByRole("button", { name: "Save draft" }).click();
    await expect(page.getByRole("status")).toContainText("draft");

    // Its edit screen: the preview shows the draft; visitors do not see it yet.
    await page.getByRole("link", { name: `Harbour notes ${width}` }).first().click();
    await page.getByRole("link", { name: "Preview with the draft" }).click();
    await expect(page.getByRole("region", { name: "Preview" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: `Harbour notes ${width}` })).toBeVisible();
    await expect(page.getByRole("img", { name: "A harbour at dawn" })).toBeVisible();
    const visitor = await (await browser.newContext({ baseURL: e2eEnv.APP_URL, viewport: { width, height: 900 } })).newPage();
    expect((await visitor.goto(`/blog/${slug}/`))?.status()).toBe(404);

    // Publish from the preview.
    await page.getByRole("button", { name: "Publish" }).click();
    await expect(page.getByRole("status")).toContainText("Visitors see it now");

    // The visitor reads it, from the blog.
    await visitor.goto("/blog/");
    await visitor.getByRole("link", { name: `Harbour notes ${width}` }).click();
    await expect(visitor).toHaveURL(new RegExp(`/blog/${slug}/$`));
    await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(`Harbour notes ${width}`);
    await expect(visitor.getByRole("img", { name: "A harbour at dawn" })).toBeVisible();
    // The cover, with the alt text given at upload.
    await expect(visitor.getByRole("img", { name: `Boats moored in the harbour at dawn ${width}` })).toBeVisible();
    await expect(visitor.getByText("By Dana Writer")).toBeVisible();
    expect(await axeViolations(visitor)).toEqual([]);
    await visitor.getByRole("link", { name: "harbours" }).click();
    await expect(visitor.getByRole("heading", { level: 1 })).toContainText("harbours");
    expect(await axeViolations(visitor)).toEqual([]);
    await visitor.goto("/blog/");
    expect(await axeViolations(visitor)).toEqual([]);
    // The demo's created page.
    await visitor.goto("/local-seo/");
    await expect(visitor.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await axeViolations(visitor)).toEqual([]);

    // The new admin screens.
    for (const path of ["/admin/articles", "/admin/pages"]) {
      await page.goto(path);
      expect(await axeViolations(page)).toEqual([]);
    }
    await page.goto("/admin/articles");
    await page.getByRole("link", { name: `Harbour notes ${width}` }).first().click();
    expect(await axeViolations(page)).toEqual([]);
  });
}
