/** Pure pixel arithmetic on RGBA buffers (ImageData.data), no DOM. */

/** Luma weights 0.299, 0.587, 0.114 (ITU-R BT.601). */
export const LUMA_WEIGHTS = { r: 0.299, g: 0.587, b: 0.114 } as const;

/** The grey level of one colour, rounded to the nearest integer 0–255. */
export function luma(r: number, g: number, b: number): number {
  return Math.min(255, Math.round(LUMA_WEIGHTS.r * r + LUMA_WEIGHTS.g * g + LUMA_WEIGHTS.b * b));
}

// Per-channel tables: three lookups and one rounding per pixel instead of three multiplications.
const RED = new Float64Array(256);
const GREEN = new Float64Array(256);
const BLUE = new Float64Array(256);
for (let value = 0; value < 256; value += 1) {
  RED[value] = LUMA_WEIGHTS.r * value;
  GREEN[value] = LUMA_WEIGHTS.g * value;
  BLUE[value] = LUMA_WEIGHTS.b * value;
}

/**
 * Replaces R, G and B of every RGBA pixel with its luma; alpha is kept.
 * Returns the same buffer.
 */
export function grayscaleInPlace<T extends Uint8ClampedArray | Uint8Array>(rgba: T): T {
  const end = rgba.length - (rgba.length % 4);
  for (let i = 0; i < end; i += 4) {
    const grey = Math.min(255, Math.round(RED[rgba[i]!]! + GREEN[rgba[i + 1]!]! + BLUE[rgba[i + 2]!]!));
    rgba[i] = grey;
    rgba[i + 1] = grey;
    rgba[i + 2] = grey;
  }
  return rgba;
}
