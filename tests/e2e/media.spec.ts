import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { e2eEnv } from "../../playwright.config.ts";
import { makeEditor, register, uniqueEmail } from "./helpers.ts";

/**
 * An editor uploads a photo to the media library, picks it for the banner in the banner's form,
 * and a visitor's browser draws it on the landing page at its own proportions from a resized copy.
 * An image field also uploads on its own. The library refuses to delete a file the banner uses.
 */

const stamp = Date.now().toString(36);

/** A 1280 × 720 photo-like PNG (a gradient), different in every run. */
async function photo(seed: number): Promise<Buffer> {
  const width = 1280;
  const height = 720;
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    pixels[i * 3] = (i % width) / 5;
    pixels[i * 3 + 1] = Math.floor(i / width) / 3;
    pixels[i * 3 + 2] = seed % 256;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
}

test("an editor picks an uploaded image for the banner and a visitor sees it, sized, on the landing page", async ({ page, browser }) => {
  const email = uniqueEmail("media-editor");
  await register(page, email);
  await makeEditor(page, email);

  // The library, from the admin sidebar.
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin", exact: true }).getByRole("link", { name: "Media library" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Media library" })).toBeVisible();
  const fileName = `harbour-${stamp}.png`;
  await page.getByLabel("Image file").setInputFiles({ name: fileName, mimeType: "image/png", buffer: await photo(Date.now()) });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(`${fileName} is uploaded (1280 × 720).`);
  const url = await page.getByLabel(`Address of ${fileName}`).inputValue();
  expect(url).toMatch(new RegExp(`^/media/[0-9a-f]{32}-1280x720-harbour-${stamp}\\.png$`));

  // The banner's form: its image field opens the library, and a click on the image chooses it.
  // The banner's page opens its edit form.
  await page.goto("/edit-banner");
  await expect(page.getByRole("heading", { level: 1, name: "Edit Banner" })).toBeVisible();
  await page.getByRole("button", { name: "Choose from library for Image" }).click();
  const dialog = page.getByRole("dialog", { name: "Choose an image for “Image”" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: fileName }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel("Image", { exact: true })).toHaveValue(url);
  await expect(page.getByRole("img", { name: "Current image" })).toHaveAttribute("src", url.replace(/\.png$/, ".w160.webp"));
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(/^Banner (saved|updated)\. Visitors see it now\.$/);

  // A visitor: the banner image is drawn from a resized copy, in a box of the photo's proportions.
  const visitor = await browser.newContext({ baseURL: e2eEnv.APP_URL, viewport: { width: 1280, height: 800 } });
  const home = await visitor.newPage();
  await home.goto("/");
  const banner = home.locator("#home img");
  await expect(banner).toHaveAttribute("src", url);
  await expect(banner).toHaveAttribute("width", "1280");
  await expect(banner).toHaveAttribute("height", "720");
  await expect.poll(() => banner.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
  expect(await banner.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\.w\d+\.webp$/);
  const box = (await banner.boundingBox())!;
  expect(box.width / box.height).toBeCloseTo(1280 / 720, 1);
  await visitor.close();

  // The library will not delete what the banner uses, and says where it is used.
  await page.goto(`/admin/media?q=${encodeURIComponent(fileName)}`);
  await page.getByText(`Delete: ${fileName}`).click();
  await page.getByRole("button", { name: `Yes, delete ${fileName}` }).click();
  await expect(page.getByRole("alert")).toHaveText(`${fileName} is used by Banner (Image). Choose another image there first, then delete this one.`);
});

test("an image field uploads a new image into the library and uses it", async ({ page }) => {
  const email = uniqueEmail("media-field");
  await register(page, email);
  await makeEditor(page, email);
  await page.goto("/edit-about");
  await expect(page.getByRole("heading", { level: 1, name: "Edit About" })).toBeVisible();
  const fileName = `about-${stamp}.png`;
  await page.getByLabel("Upload a new image for Image").setInputFiles({ name: fileName, mimeType: "image/png", buffer: await photo(Date.now() + 1) });
  await expect(page.getByRole("status")).toContainText(`${fileName} is uploaded (1280 × 720).`);
  await expect(page.getByLabel("Image", { exact: true })).toHaveValue(new RegExp(`^/media/[0-9a-f]{32}-1280x720-about-${stamp}\\.png$`));
  // Hold the page's data reload that follows the publish: until it lands, the form is about to be
  // drawn afresh, so the image buttons wait (an image picked then would vanish with the old form).
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\.data(\?|$)/, async (route) => {
    if (route.request().method() === "GET") await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const upload = page.getByLabel("Upload a new image for Image");
  await expect(upload).toBeDisabled();
  await expect(page.getByRole("button", { name: "Choose from library for Image" })).toBeDisabled();
  release();
  await expect(page.getByRole("status")).toHaveText(/^About (saved|updated)\. Visitors see it now\.$/);
  await expect(upload).toBeEnabled();
  await page.unroute(/\.data(\?|$)/);

  // A file the library refuses is refused right there, next to the field.
  await upload.setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("not a picture") });
  await expect(page.getByRole("alert")).toHaveText("notes.png is not a PNG, JPEG, WebP, AVIF or SVG image.");
});
