import { describe, expect, it } from "vitest";
import { focalRegion, objectPosition } from "./focal-crop.ts";

describe("focalRegion", () => {
  it("keeps the centre by default: a landscape image cut square loses its sides evenly", () => {
    expect(focalRegion(1000, 500, 1, { x: 50, y: 50 })).toEqual({ left: 250, top: 0, width: 500, height: 500 });
  });

  it("moves the square towards the focal point", () => {
    expect(focalRegion(1000, 500, 1, { x: 30, y: 50 })).toEqual({ left: 50, top: 0, width: 500, height: 500 });
  });

  it("stops at the image's edges", () => {
    expect(focalRegion(1000, 500, 1, { x: 0, y: 0 })).toEqual({ left: 0, top: 0, width: 500, height: 500 });
    expect(focalRegion(1000, 500, 1, { x: 100, y: 100 })).toEqual({ left: 500, top: 0, width: 500, height: 500 });
  });

  it("cuts a portrait image in height, around the focal row", () => {
    expect(focalRegion(400, 1200, 1, { x: 50, y: 20 })).toEqual({ left: 0, top: 40, width: 400, height: 400 });
    expect(focalRegion(400, 1200, 1, { x: 50, y: 90 })).toEqual({ left: 0, top: 800, width: 400, height: 400 });
  });

  it("cuts a wide social image (1200 × 630) out of a square", () => {
    const region = focalRegion(1000, 1000, 1200 / 630, { x: 50, y: 70 });
    expect(region).toEqual({ left: 0, top: 438, width: 1000, height: 525 });
    expect(region.top + region.height).toBeLessThanOrEqual(1000);
  });

  it("takes the whole image when it already has the proportions", () => {
    expect(focalRegion(640, 640, 1, { x: 10, y: 90 })).toEqual({ left: 0, top: 0, width: 640, height: 640 });
  });
});

it("objectPosition says the focal point in CSS", () => {
  expect(objectPosition({ x: 30, y: 70 })).toBe("30% 70%");
});
