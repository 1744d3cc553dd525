/**
 * Pure geometry of the image tools: rotated bounds, fitting and cropping.
 * No DOM here, so every rule is a table test in node (docs/decisions/0012-code-habits.md).
 */

export interface Size {
  width: number;
  height: number;
}

export interface Rect extends Size {
  x: number;
  y: number;
}

/** A 2-D affine transform in canvas `setTransform(a, b, c, d, e, f)` order. */
export type Matrix = readonly [a: number, b: number, c: number, d: number, e: number, f: number];

/** Turns −0 into 0, so results compare and print cleanly. */
const clean = (value: number) => value + 0;

/**
 * cos θ and sin θ for an angle in degrees, exact (0, ±1) for multiples of 90°
 * so quarter turns map pixels onto pixels without resampling.
 */
export function cosSin(degrees: number): { cos: number; sin: number } {
  if (degrees % 90 === 0) {
    const quarter = (((degrees / 90) % 4) + 4) % 4;
    const table = [
      { cos: 1, sin: 0 },
      { cos: 0, sin: 1 },
      { cos: -1, sin: 0 },
      { cos: 0, sin: -1 },
    ] as const;
    return table[quarter]!;
  }
  const radians = (degrees * Math.PI) / 180;
  return { cos: Math.cos(radians), sin: Math.sin(radians) };
}

/**
 * The drawing area is enlarged to fit the rotated
 * bounds — w' = |w cos θ| + |h sin θ|, h' = |w sin θ| + |h cos θ|, rounded
 * (never below one pixel).
 */
export function rotatedBounds({ width, height }: Size, degrees: number): Size {
  const { cos, sin } = cosSin(degrees);
  return {
    width: Math.max(1, Math.round(Math.abs(width * cos) + Math.abs(height * sin))),
    height: Math.max(1, Math.round(Math.abs(width * sin) + Math.abs(height * cos))),
  };
}

/**
 * The rotation as a canvas transform: the source centre lands on the centre of
 * the enlarged canvas. Positive angles turn clockwise, as on screen (the
 * canvas y axis points down).
 */
export function rotationMatrix(source: Size, degrees: number): { size: Size; matrix: Matrix } {
  const size = rotatedBounds(source, degrees);
  const { cos, sin } = cosSin(degrees);
  const [a, b, c, d] = [cos, sin, -sin, cos];
  const e = size.width / 2 - (a * source.width) / 2 - (c * source.height) / 2;
  const f = size.height / 2 - (b * source.width) / 2 - (d * source.height) / 2;
  return { size, matrix: [clean(a), clean(b), clean(c), clean(d), clean(e), clean(f)] };
}

const scaled = ({ width, height }: Size, scale: number): Size => ({
  width: Math.max(1, Math.round(width * scale)),
  height: Math.max(1, Math.round(height * scale)),
});

/**
 * Images larger than the maxima are scaled down
 * proportionally to fit, never up.
 */
export function fitWithin(source: Size, max: Size): Size {
  const scale = Math.min(1, max.width / source.width, max.height / source.height);
  return scale >= 1 ? { width: source.width, height: source.height } : scaled(source, scale);
}

/**
 * With "maintain aspect ratio" the image is fitted
 * within the width × height box — scaled up or down, proportions kept.
 */
export function fitInside(source: Size, box: Size): Size {
  return scaled(source, Math.min(box.width / source.width, box.height / source.height));
}

/**
 * The centred part of the source that, scaled, covers `target` exactly
 * (CSS `object-fit: cover`): same aspect ratio as the target, as large as the
 * source allows.
 */
export function coverCrop(source: Size, target: Size): Rect {
  const scale = Math.max(target.width / source.width, target.height / source.height);
  const width = Math.min(source.width, Math.max(1, Math.round(target.width / scale)));
  const height = Math.min(source.height, Math.max(1, Math.round(target.height / scale)));
  return {
    x: Math.floor((source.width - width) / 2),
    y: Math.floor((source.height - height) / 2),
    width,
    height,
  };
}

/**
 * Where the whole source lands inside `box` when it is fitted and padded
 * (CSS `object-fit: contain` on a canvas of exactly the box): scaled to fit,
 * proportions kept, centred; the rest of the box is padding. Never larger
 * than the box, never below one pixel.
 */
export function padPlacement(source: Size, box: Size): Rect {
  const fitted = fitInside(source, box);
  const width = Math.min(box.width, fitted.width);
  const height = Math.min(box.height, fitted.height);
  return { x: Math.floor((box.width - width) / 2), y: Math.floor((box.height - height) / 2), width, height };
}
