import { describe, expect, it } from "vitest";
import { describeOtherType, sniffImageType } from "./file-types.ts";

const bytes = (...parts: (string | number[] | Buffer)[]) => Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p))));
const ftyp = (major: string, ...compatible: string[]) => {
  const body = bytes("ftyp", major, [0, 0, 0, 0], ...compatible);
  return bytes([0, 0, 0, body.length + 4], body, [0, 0, 0, 8]);
};

describe("file types from the bytes", () => {
  it("know the five the library takes", () => {
    expect(sniffImageType(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], "rest"))).toBe("png");
    expect(sniffImageType(bytes([0xff, 0xd8, 0xff, 0xe0], "JFIF"))).toBe("jpg");
    expect(sniffImageType(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "))).toBe("webp");
    expect(sniffImageType(ftyp("avif", "mif1", "miaf"))).toBe("avif");
    expect(sniffImageType(ftyp("mif1", "avif"))).toBe("avif");
    expect(sniffImageType(bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe("svg");
    const prolog = '\uFEFF<?xml version="1.0"?>\n<!-- made by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "x">\n<svg>';
    expect(sniffImageType(Buffer.from(prolog, "utf8"))).toBe("svg");
  });

  it("do not go by what a file is called or claims in its first words", () => {
    expect(sniffImageType(bytes("GIF89a"))).toBeUndefined();
    expect(sniffImageType(bytes("<html><svg></svg></html>"))).toBeUndefined();
    expect(sniffImageType(bytes("just text mentioning <svg>"))).toBeUndefined();
    expect(sniffImageType(ftyp("heic", "mif1"))).toBeUndefined();
    expect(sniffImageType(bytes("RIFF", [1, 2, 3, 4], "WAVE"))).toBeUndefined();
    expect(sniffImageType(Buffer.alloc(0))).toBeUndefined();
  });

  it("name common other types for the refusal", () => {
    expect(describeOtherType(bytes("GIF89a"))).toBe("a GIF image");
    expect(describeOtherType(bytes("%PDF-1.7"))).toBe("a PDF document");
    expect(describeOtherType(ftyp("heic", "mif1"))).toBe("a HEIC image (save it as JPEG first)");
    expect(describeOtherType(bytes("<!DOCTYPE html><html>"))).toBe("an HTML page");
    expect(describeOtherType(bytes("plain words"))).toBeUndefined();
  });
});
