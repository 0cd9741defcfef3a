/**
 * Cropping around a focal point (docs/decisions/0039-image-alt-text-and-focal-point.md): the
 * largest region of the wanted proportions that fits the image, placed so the focal point is as
 * near its centre as the image's edges allow. Plain arithmetic, shared by the server that cuts
 * the bytes and the tests.
 */

export interface Region {
  left: number;
  top: number;
  width: number;
  height: number;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The region of a `width` × `height` image with proportions `ratio` (width / height) around `focal` (percent). */
export function focalRegion(width: number, height: number, ratio: number, focal: { x: number; y: number }): Region {
  const wide = width / height > ratio;
  const w = wide ? Math.max(1, Math.min(width, Math.round(height * ratio))) : width;
  const h = wide ? height : Math.max(1, Math.min(height, Math.round(width / ratio)));
  const left = clamp(Math.round((focal.x / 100) * width - w / 2), 0, width - w);
  const top = clamp(Math.round((focal.y / 100) * height - h / 2), 0, height - h);
  return { left, top, width: w, height: h };
}

/** CSS `object-position` for an image the page crops itself (object-fit: cover). */
export const objectPosition = (focal: { x: number; y: number }) => `${focal.x}% ${focal.y}%`;
