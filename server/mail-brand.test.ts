import { describe, expect, it } from "vitest";
import { mailLogo } from "./mail-brand.ts";

describe("the mail's logo", () => {
  it("is the logo section's image when mail clients show its type, with its size from a library address", () => {
    expect(mailLogo("/media/0123456789abcdef0123456789abcdef-200x50-logo.png")).toEqual({ url: "/media/0123456789abcdef0123456789abcdef-200x50-logo.png", width: 200, height: 50 });
    expect(mailLogo("https://cdn.example/brand.JPG?v=2")).toEqual({ url: "https://cdn.example/brand.JPG?v=2" });
  });

  it("is none for SVG, WebP or AVIF (Gmail and Outlook show none of them): the site's name stands in", () => {
    for (const ext of ["svg", "webp", "avif"]) expect(mailLogo(`/media/0123456789abcdef0123456789abcdef-200x50-logo.${ext}`)).toBeUndefined();
  });
});
