import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sections } from "~/content/registry/sections.ts";
// Loading content's image lookup hands it to the library (as the server's services do).
import "~/content/workflow/images.server.ts";
import { findImagesWithoutAlt } from "~/media/missing-alt.server.ts";
import { png, svg } from "../fixtures/images.ts";
import { signedUpClient, startTestServer, type TestClient, type TestServer } from "../setup/server.ts";

/**
 * Alt text and focal points on library images (decision 0039), over HTTP on SQLite and
 * PostgreSQL: an upload with alt text, decorative, or neither (the admin form refuses neither,
 * naming the field, and stores nothing; the API takes it as missing); the public page drawing the
 * library's alt text (alt="" when decorative); an alt change reaching a cached page; the SEO
 * report's images without alt; and a focal point that moves the crop.
 */

let server: TestServer;
let editor: TestClient;
let visitor: TestClient;
beforeAll(async () => {
  server = await startTestServer();
  editor = await signedUpClient(server, "alt-editor@example.com", "quiet-harbor-42", { role: "Editor" });
  visitor = server.client();
});
afterAll(async () => server?.close());

type Item = { id: string; url: string; name: string; altText: string | null; decorative: boolean; focal: { x: number; y: number } };

/** The API upload (multipart), with any text fields. */
async function apiUpload(bytes: Buffer, fileName: string, fields: Record<string, string> = {}) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append("file", new Blob([new Uint8Array(bytes)]), fileName);
  const response = await editor.fetch("/api/media", { method: "POST", body });
  return { status: response.status, body: (await response.json()) as { item: Item; fields?: Record<string, string>; error?: string } };
}

/** The library screen's upload form, as the browser sends it. */
async function formUpload(bytes: Buffer, fileName: string, fields: Record<string, string>) {
  const body = new FormData();
  body.append("requireAlt", "1");
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  body.append("file", new Blob([new Uint8Array(bytes)], { type: "image/png" }), fileName);
  const response = await editor.fetch("/admin/media", { method: "POST", body });
  return { status: response.status, html: await response.text() };
}

const total = async () => (await editor.json("GET", "/api/media?pageSize=1")).body.total as number;
const byName = async (name: string) => ((await editor.json("GET", `/api/media?q=${encodeURIComponent(name)}`)).body.items as Item[]).find((i) => i.name === name)!;
const team = (teamMemberImg: string, teamMemberName: string) => ({ teamMemberImg, teamMemberName, teamMemberTitle: "Strategist" });
const imgWithName = (html: string, slug: string) => [...html.matchAll(/<img[^>]*>/g)].map((m) => m[0]).find((tag) => tag.includes(`-${slug}.`));

describe("uploading with alt text", () => {
  it("the library's form takes alt text, or Decorative, and stores it", async () => {
    const described = await formUpload(await png(300, 200), "described.png", { alt: "  A chart of  rankings rising " });
    expect(described.status).toBe(200);
    expect(described.html).toContain("described.png is uploaded");
    expect((await byName("described.png")).altText).toBe("A chart of rankings rising");

    const decorative = await formUpload(await png(310, 200), "swirl.png", { alt: "", decorative: "on" });
    expect(decorative.status).toBe(200);
    const swirl = await byName("swirl.png");
    expect([swirl.altText, swirl.decorative]).toEqual([null, true]);
  });

  it("the library's form refuses neither, with the message next to Alt text, and stores nothing", async () => {
    const before = await total();
    const refused = await formUpload(await png(320, 200), "nameless.png", { alt: "   " });
    expect(refused.status).toBe(400);
    expect(refused.html).toContain("Describe the image, or mark it decorative.");
    // The message is tied to the Alt text input.
    const input = refused.html.match(/<input[^>]*name="alt"[^>]*>/)?.[0] ?? "";
    expect(input).toContain('aria-invalid="true"');
    const errorId = input.match(/aria-describedby="([^" ]+)/)?.[1];
    expect(refused.html).toMatch(new RegExp(`id="${errorId}"[^>]*>Describe the image, or mark it decorative.`));
    expect(await total()).toBe(before);
  });

  it("refuses alt text and Decorative together, naming Alt text", async () => {
    const { status, body } = await apiUpload(await png(330, 200), "both.png", { alt: "A cat", decorative: "on", requireAlt: "1" });
    expect(status).toBe(400);
    expect(body.error).toBe("Please check the field: Alt text.");
    expect(body.fields?.alt).toMatch(/decorative image has no alt text/);
  });

  it("an API upload may leave both out: the alt text is then missing", async () => {
    const { status, body } = await apiUpload(await png(340, 200), "api.png");
    expect(status).toBe(201);
    expect([body.item.altText, body.item.decorative]).toEqual([null, false]);
    // Set later through the API.
    const put = await editor.json("PUT", `/api/media/${body.item.id}`, { alt: "Added by a script" });
    expect(put.status).toBe(200);
    expect(put.body.item.altText).toBe("Added by a script");
    const bad = await editor.json("PUT", `/api/media/${body.item.id}`, { focalX: 140, focalY: 20 });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("Please check the field: Focal point, horizontal %.");
  });
});

describe("on the public page", () => {
  let described: Item;
  let decorative: Item;
  let bare: Item;
  beforeAll(async () => {
    described = (await apiUpload(svg(undefined, 'width="160" height="160"'), "ada.svg", { alt: "Ada at her desk" })).body.item;
    decorative = (await apiUpload(svg('<circle r="5" fill="#000"/>', 'width="160" height="160"'), "pattern.svg", { decorative: "on" })).body.item;
    bare = (await apiUpload(svg('<rect width="5" height="9" fill="#111"/>', 'width="160" height="160"'), "grace.svg")).body.item;
    for (const [url, name] of [
      [described.url, "Ada"],
      [decorative.url, "Pattern"],
      [bare.url, "Grace"],
    ]) {
      expect((await editor.json("POST", `/api${sections.teamMembers.api.create}`, team(url!, name!))).status).toBe(201);
    }
  });

  it("draws the library's alt text, alt=\"\" for a decorative file, and the block's own text for one without", async () => {
    const { html } = await visitor.page("/");
    expect(imgWithName(html, "ada")).toContain('alt="Ada at her desk"');
    expect(imgWithName(html, "pattern")).toContain('alt=""');
    expect(imgWithName(html, "grace")).toContain('alt="Grace"');
  });

  it("shows a changed alt text at once, though the page was cached", async () => {
    await visitor.page("/");
    const cached = await visitor.fetch("/");
    expect(cached.headers.get("x-cache")).toBe("hit");
    await cached.text();
    const saved = await editor.form(`/admin/media/${described.id}`, { alt: "Ada presenting the audit", focalX: "50", focalY: "50" });
    expect(saved.status).toBe(200);
    const { html } = await visitor.page("/");
    expect(imgWithName(html, "ada")).toContain('alt="Ada presenting the audit"');
  });

  it("places an SVG portrait (not cut: drawn whole) around its focal point with object-position", async () => {
    expect((await editor.json("PUT", `/api/media/${decorative.id}`, { focalX: 20, focalY: 80 })).status).toBe(200);
    const { html } = await visitor.page("/");
    expect(imgWithName(html, "pattern")).toMatch(/style="object-position:\s*20% 80%"/);
    // The centre is CSS's default: nothing is written for it.
    expect(imgWithName(html, "grace")).not.toContain("object-position");
  });

  it("the item view refuses neither alt text nor Decorative, naming the field, and keeps what was stored", async () => {
    const refused = await editor.form(`/admin/media/${described.id}`, { alt: "", focalX: "50", focalY: "50" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Describe the image, or mark it decorative.");
    expect((await editor.json("GET", `/api/media/${described.id}`)).body.altText).toBe("Ada presenting the audit");
  });

  it("findImagesWithoutAlt lists a published image without alt text, not a decorative or described one", async () => {
    const findings = await findImagesWithoutAlt(server.services.db);
    const ours = findings.filter((f) => ["ada.svg", "pattern.svg", "grace.svg"].some((n) => f.label.startsWith(n)));
    expect(ours).toEqual([
      {
        kind: "image-without-alt",
        label: "grace.svg, used by Team members: “Grace” (Photo)",
        detail: expect.stringContaining("grace.svg has no alt text and is not marked decorative"),
        fixUrl: `/admin/media/${bare.id}`,
      },
    ]);
    // An unused file without alt text is no finding: no page shows it.
    expect(findings.some((f) => f.label.startsWith("api.png"))).toBe(false);
    // Described, it is gone from the report.
    await editor.form(`/admin/media/${bare.id}`, { alt: "Grace", focalX: "50", focalY: "50" });
    expect((await findImagesWithoutAlt(server.services.db)).some((f) => f.label.startsWith("grace.svg"))).toBe(false);
  });
});

describe("the focal point", () => {
  /** Left half black, right half white: where a square is cut shows in its mean brightness. */
  const halves = async () => {
    const width = 800;
    const height = 400;
    const pixels = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) for (let x = width / 2; x < width; x++) pixels.fill(255, (y * width + x) * 3, (y * width + x) * 3 + 3);
    return sharp(pixels, { raw: { width, height, channels: 3 } }).png().toBuffer();
  };
  const brightness = async (bytes: Buffer) => (await sharp(bytes).stats()).channels[0]!.mean;

  it("moves the square crop, under a new address, and the page uses it", async () => {
    const photo = (await apiUpload(await halves(), "halves.png", { alt: "Black and white" })).body.item;
    expect((await editor.json("POST", `/api${sections.teamMembers.api.create}`, team(photo.url, "Halves"))).status).toBe(201);

    const cropOn = async () => {
      const { html } = await visitor.page("/");
      const tag = imgWithName(html, "halves") ?? "";
      const src = tag.match(/src="([^"]+)"/)?.[1] ?? "";
      expect(src).toMatch(/\.square160-f\d+-\d+\.webp$/);
      const response = await visitor.fetch(src);
      expect(response.status).toBe(200);
      const bytes = Buffer.from(await response.arrayBuffer());
      expect(await sharp(bytes).metadata()).toMatchObject({ width: 160, height: 160, format: "webp" });
      return { src, brightness: await brightness(bytes) };
    };

    const centre = await cropOn();
    expect(centre.src).toMatch(/-f50-50\.webp$/);
    expect(centre.brightness).toBeGreaterThan(100);
    expect(centre.brightness).toBeLessThan(155);

    expect((await editor.form(`/admin/media/${photo.id}`, { alt: "Black and white", focalX: "0", focalY: "50" })).status).toBe(200);
    const left = await cropOn();
    expect(left.src).toMatch(/-f0-50\.webp$/);
    expect(left.brightness).toBeLessThan(5);

    expect((await editor.json("PUT", `/api/media/${photo.id}`, { focalX: 100, focalY: 50 })).status).toBe(200);
    const right = await cropOn();
    expect(right.brightness).toBeGreaterThan(250);

    // The old address (a page cached elsewhere) is sent to the current crop; a made-up one is a 404.
    const old = await visitor.fetch(left.src);
    expect(old.status).toBe(302);
    expect(old.headers.get("location")).toBe(right.src);
    expect((await visitor.fetch(right.src.replace("square160", "square161"))).status).toBe(404);
  });
});
