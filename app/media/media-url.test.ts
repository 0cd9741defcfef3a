import { describe, expect, it } from "vitest";
import { cropPath, cropped, cropWidths, isMediaPath, mediaPath, parseMediaPath, slugOf, srcSet, thumbnailSrc, variantPath, variantWidths } from "./media-url.ts";

const hash = "0123456789abcdef0123456789abcdef";
const photo = { hash, width: 1000, height: 500, slug: "team-photo", ext: "png" as const };

describe("media URLs", () => {
  it("carry the hash, the size and the name, and read back the same", () => {
    expect(mediaPath(photo)).toBe(`/media/${hash}-1000x500-team-photo.png`);
    expect(parseMediaPath(mediaPath(photo))).toEqual({ ...photo, variant: undefined });
    expect(variantPath(photo, 640)).toBe(`/media/${hash}-1000x500-team-photo.w640.webp`);
    expect(parseMediaPath(variantPath(photo, 640))).toEqual({ ...photo, ext: "webp", variant: 640 });
  });

  it("tell a library original from everything else an image field may hold", () => {
    expect(isMediaPath(mediaPath(photo))).toBe(true);
    for (const other of [
      variantPath(photo, 640),
      "/images/logo.svg",
      "https://example.com/media/x.png",
      `/media/${hash}-1000x500-team-photo.gif`,
      `/media/${hash}-0x500-team-photo.png`,
      `/media/${hash}-1000x500-Team.png`,
      `/media/${hash}-1000x500-team-photo.png?x=1`,
      `/media/${hash}-1000x500-team-photo.w640.png`,
      `/media/../${hash}-1000x500-team-photo.png`,
    ]) {
      expect(isMediaPath(other), other).toBe(false);
    }
  });

  it("offer resized copies narrower than the original, and none for an SVG", () => {
    expect(variantWidths(photo)).toEqual([160, 320, 640, 960]);
    expect(variantWidths({ ext: "png", width: 160 })).toEqual([]);
    expect(variantWidths({ ext: "svg", width: 4000 })).toEqual([]);
    expect(srcSet(photo)).toBe(`${variantPath(photo, 160)} 160w, ${variantPath(photo, 320)} 320w, ${variantPath(photo, 640)} 640w, ${variantPath(photo, 960)} 960w, ${mediaPath(photo)} 1000w`);
    expect(srcSet({ ...photo, ext: "svg" })).toBeUndefined();
  });

  it("show the small copy as a thumbnail, and other addresses as they are", () => {
    expect(thumbnailSrc(mediaPath(photo))).toBe(variantPath(photo, 160));
    expect(thumbnailSrc(mediaPath({ ...photo, width: 120, height: 60 }))).toBe(mediaPath({ ...photo, width: 120, height: 60 }));
    expect(thumbnailSrc("https://images.example.com/a.jpg")).toBe("https://images.example.com/a.jpg");
  });

  it("make URL words of file names", () => {
    expect(slugOf("Team photo (2).JPG")).toBe("team-photo-2");
    expect(slugOf("Café Résumé.png")).toBe("cafe-resume");
    expect(slugOf("😀.png")).toBe("image");
    expect(slugOf(`${"a".repeat(80)}.png`)).toHaveLength(60);
  });
});

describe("cropped copies", () => {
  const ref = { hash: "a".repeat(32), width: 1000, height: 500, slug: "team", ext: "jpg" as const };
  it("name their shape, width and focal point, and parse back", () => {
    const path = cropPath(ref, { shape: "square", width: 320, x: 30, y: 60 });
    expect(path).toBe(`/media/${"a".repeat(32)}-1000x500-team.square320-f30-60.webp`);
    expect(parseMediaPath(path)?.crop).toEqual({ shape: "square", width: 320, x: 30, y: 60 });
    expect(isMediaPath(path)).toBe(false);
  });
  it("are made only as wide as the region cut out, and none for SVG", () => {
    expect(cropWidths(ref, "square")).toEqual([160, 320]);
    expect(cropWidths({ ...ref, ext: "svg" }, "square")).toEqual([]);
    expect(cropped(ref, "square", { x: 20, y: 50 }, 160)?.src).toMatch(/\.square160-f20-50\.webp$/);
  });
  it("refuse a focal point over 100%", () => {
    expect(parseMediaPath(`/media/${"a".repeat(32)}-1000x500-team.square320-f130-60.webp`)).toBeUndefined();
  });
});
