import { expect, test } from "@playwright/test";
import { rgbPng } from "./png.ts";
import { e2eEnv } from "../../playwright.config.ts";
import { axeViolations } from "./axe-check.ts";
import { makeEditor, register, uniqueEmail } from "./helpers.ts";

/**
 * An editor uploads a photo to the media library, picks it for the banner in the banner's form,
 * and a visitor's browser draws it on the landing page at its own proportions from a resized copy.
 * An image field also uploads on its own. The library refuses to delete a file the banner uses.
 */

const stamp = Date.now().toString(36);

/** A 1280 × 720 photo-like PNG (a gradient), different in every run. */
async function photo(seed: number): Promise<Buffer> {
  return rgbPng(1280, 720, (x, y) => [Math.floor(x / 5), Math.floor(y / 3), seed % 256]);
}

test("an editor picks an uploaded image for the banner and a visitor sees it, sized, on the landing page", async ({ page, browser }) => {
  // Two uploads (one refused), a publish and a visitor: more than the default on a busy machine.
  test.setTimeout(60_000);
  const email = uniqueEmail("media-editor");
  await register(page, email);
  await makeEditor(page, email);

  // The library, from the admin sidebar.
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin", exact: true }).getByRole("link", { name: "Media library" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Media library" })).toBeVisible();
  const fileName = `harbour-${stamp}.png`;
  await page.getByLabel("Image file").setInputFiles({ name: fileName, mimeType: "image/png", buffer: await photo(Date.now()) });
  // Neither alt text nor Decorative: refused, the message next to Alt text.
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByLabel("Alt text", { exact: true })).toHaveAccessibleDescription(/Describe the image, or mark it decorative\./);
  await page.getByLabel("Image file").setInputFiles({ name: fileName, mimeType: "image/png", buffer: await photo(Date.now()) });
  await page.getByLabel("Alt text", { exact: true }).fill("The harbour at dawn");
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
  await expect(page.getByText("Alt text: “The harbour at dawn”")).toBeVisible();
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(/^Banner (saved|updated)\. Visitors see it now\.$/);

  // A visitor: the banner image is drawn from a resized copy, in a box of the photo's proportions.
  const visitor = await browser.newContext({ baseURL: e2eEnv.APP_URL, viewport: { width: 1280, height: 800 } });
  const home = await visitor.newPage();
  await home.goto("/");
  const banner = home.locator("#home img");
  await expect(banner).toHaveAttribute("src", url);
  await expect(banner).toHaveAttribute("alt", "The harbour at dawn");
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
  // Asked first: alt text or Decorative.
  await page.getByRole("button", { name: "Upload image" }).click();
  await expect(page.getByLabel("Alt text", { exact: true })).toHaveAccessibleDescription(/Describe the image, or mark it decorative\./);
  await page.getByLabel(/^Decorative/).check();
  await page.getByRole("button", { name: "Upload image" }).click();
  await expect(page.getByRole("status")).toContainText(`${fileName} is uploaded (1280 × 720).`);
  await expect(page.getByText("Alt text: Decorative (empty alt text)")).toBeVisible();
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
  await page.getByLabel("Alt text", { exact: true }).fill("Notes");
  await page.getByLabel("Alt text", { exact: true }).press("Enter");
  await expect(page.getByRole("alert")).toHaveText("notes.png is not a PNG, JPEG, WebP, AVIF or SVG image.");
});


test("an image without alt text is flagged on the image field; its own screen sets alt text and focal point", async ({ page, request }) => {
  test.setTimeout(60_000);
  const email = uniqueEmail("media-alt");
  await register(page, email);
  await makeEditor(page, email);
  // An API client's upload may leave the alt text out.
  const fileName = `noalt-${stamp}.png`;
  const cookies = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const uploaded = await request.post("/api/media", { headers: { Cookie: cookies, Origin: e2eEnv.APP_URL }, multipart: { file: { name: fileName, mimeType: "image/png", buffer: await photo(Date.now() + 2) } } });
  expect(uploaded.status()).toBe(201);
  const { item } = (await uploaded.json()) as { item: { id: string; url: string } };

  // The image field warns, with a link to the library.
  await page.goto("/edit-about");
  await page.getByLabel("Image", { exact: true }).fill(item.url);
  await expect(page.getByText("This image has no alt text: add it in the media library")).toBeVisible();
  const fix = page.getByRole("link", { name: new RegExp(`^Add alt text to ${fileName}`) });
  await expect(fix).toHaveAttribute("href", `/admin/media/${item.id}`);

  // The library lists it as without alt text; its own screen sets it, with the keyboard.
  await page.goto(`/admin/media?q=${encodeURIComponent(fileName)}`);
  await expect(page.getByText("Alt text: No alt text")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole("link", { name: `Alt text and focal point of ${fileName}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: fileName })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
  await page.getByLabel("Alt text", { exact: true }).fill("Boats in the harbour");
  await page.getByLabel("Focal point, horizontal %").fill("20");
  await page.getByLabel("Focal point, vertical %").fill("70");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toHaveText(`${fileName} is saved: “Boats in the harbour”, focal point 20% 70%.`);
  // A click on the picture places the point too (the fields follow).
  const picture = page.getByRole("button", { name: /^Focal point: click the image/ });
  const box = (await picture.boundingBox())!;
  await picture.click({ position: { x: box.width * 0.75, y: box.height * 0.25 } });
  await expect(page.getByLabel("Focal point, horizontal %")).toHaveValue(/^7[4-6]$/);
  await expect(page.getByLabel("Focal point, vertical %")).toHaveValue(/^2[4-6]$/);

  // The image field now shows the alt text instead of the warning.
  await page.goto("/edit-about");
  await page.getByLabel("Image", { exact: true }).fill(item.url);
  await expect(page.getByText("Alt text: “Boats in the harbour”")).toBeVisible();
});
