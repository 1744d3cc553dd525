import { describe, expect, it } from 'vitest';
import {
  cosSin,
  coverCrop,
  fitInside,
  fitWithin,
  padPlacement,
  rotatedBounds,
  rotationMatrix,
  type Matrix,
} from './geometry';

const apply = ([a, b, c, d, e, f]: Matrix, x: number, y: number) => [a * x + c * y + e, b * x + d * y + f];

describe('rotatedBounds (w′ = |w cos θ| + |h sin θ|, h′ = |w sin θ| + |h cos θ|, rounded)', () => {
  it.each([
    [0, 400, 300],
    [90, 300, 400],
    [180, 400, 300],
    [270, 300, 400],
    [360, 400, 300],
    [-90, 300, 400],
    [-180, 400, 300],
    [-270, 300, 400],
    [-360, 400, 300],
    // 400·cos45 + 300·sin45 = 494.97 both ways
    [45, 495, 495],
    [-45, 495, 495],
    // 400·0.866 + 300·0.5 = 496.4; 400·0.5 + 300·0.866 = 459.8
    [30, 496, 460],
    [-30, 496, 460],
    [60, 460, 496],
    [135, 495, 495],
    // 400·cos1.5° + 300·sin1.5° = 399.86 + 7.85 = 407.7; 400·sin1.5° + 300·cos1.5° = 10.47 + 299.9 = 310.4
    [1.5, 408, 310],
    [0.0001, 400, 300],
  ])('400 × 300 turned %s° → %i × %i', (degrees, width, height) => {
    expect(rotatedBounds({ width: 400, height: 300 }, degrees)).toEqual({ width, height });
  });

  it.each([
    [{ width: 1, height: 1 }, 45, { width: 1, height: 1 }],
    [{ width: 1, height: 1 }, 90, { width: 1, height: 1 }],
    [{ width: 1, height: 100 }, 90, { width: 100, height: 1 }],
    [{ width: 4000, height: 3000 }, 90, { width: 3000, height: 4000 }],
  ])('%j turned %s° → %j', (size, degrees, expected) => {
    expect(rotatedBounds(size, degrees)).toEqual(expected);
  });
});

describe('cosSin', () => {
  it.each([
    [0, 1, 0],
    [90, 0, 1],
    [180, -1, 0],
    [270, 0, -1],
    [360, 1, 0],
    [-90, 0, -1],
    [-270, 0, 1],
    [450, 0, 1],
  ])('%s° is exact: cos %s, sin %s', (degrees, cos, sin) => {
    expect(cosSin(degrees)).toEqual({ cos, sin });
  });
});

describe('rotationMatrix', () => {
  it('turns 90° clockwise onto whole pixels: (x, y) → (h − y, x)', () => {
    const { size, matrix } = rotationMatrix({ width: 4, height: 2 }, 90);
    expect(size).toEqual({ width: 2, height: 4 });
    expect(matrix).toEqual([0, 1, -1, 0, 2, 0]);
    expect(apply(matrix, 0, 0)).toEqual([2, 0]); // top-left corner → top-right
    expect(apply(matrix, 4, 2)).toEqual([0, 4]); // bottom-right corner → bottom-left
  });

  it.each([
    [0, [1, 0, 0, 1, 0, 0]],
    [180, [-1, 0, 0, -1, 4, 2]],
    [-90, [0, -1, 1, 0, 0, 4]],
    [360, [1, 0, 0, 1, 0, 0]],
  ])('%s° on 4 × 2 is the exact matrix %j', (degrees, matrix) => {
    expect(rotationMatrix({ width: 4, height: 2 }, degrees).matrix).toEqual(matrix);
  });

  it.each([30, 45, -45, 1.5, 200])('%s° keeps the image centre at the canvas centre', (degrees) => {
    const source = { width: 400, height: 300 };
    const { size, matrix } = rotationMatrix(source, degrees);
    const [x, y] = apply(matrix, 200, 150);
    expect(x).toBeCloseTo(size.width / 2, 9);
    expect(y).toBeCloseTo(size.height / 2, 9);
  });
});

describe('fitWithin (compressor: scale down to fit the maxima, never up)', () => {
  it.each([
    [
      { width: 4000, height: 3000 },
      { width: 1920, height: 1080 },
      { width: 1440, height: 1080 },
    ],
    [
      { width: 3000, height: 4000 },
      { width: 1920, height: 1080 },
      { width: 810, height: 1080 },
    ],
    [
      { width: 4000, height: 1000 },
      { width: 1920, height: 1080 },
      { width: 1920, height: 480 },
    ],
    [
      { width: 1920, height: 1080 },
      { width: 1920, height: 1080 },
      { width: 1920, height: 1080 },
    ],
    [
      { width: 800, height: 600 },
      { width: 1920, height: 1080 },
      { width: 800, height: 600 },
    ],
    [
      { width: 1, height: 1 },
      { width: 100, height: 100 },
      { width: 1, height: 1 },
    ],
    [
      { width: 10000, height: 10 },
      { width: 100, height: 100 },
      { width: 100, height: 1 },
    ],
    [
      { width: 2000, height: 2000 },
      { width: 100, height: 4000 },
      { width: 100, height: 100 },
    ],
  ])('%j into %j → %j', (source, max, expected) => {
    expect(fitWithin(source, max)).toEqual(expected);
  });
});

describe('fitInside (resizer with aspect ratio: fit the box, up or down)', () => {
  it.each([
    [
      { width: 400, height: 300 },
      { width: 200, height: 200 },
      { width: 200, height: 150 },
    ],
    [
      { width: 300, height: 400 },
      { width: 200, height: 200 },
      { width: 150, height: 200 },
    ],
    [
      { width: 500, height: 500 },
      { width: 200, height: 100 },
      { width: 100, height: 100 },
    ],
    [
      { width: 400, height: 300 },
      { width: 1600, height: 1600 },
      { width: 1600, height: 1200 },
    ],
    [
      { width: 1000, height: 1 },
      { width: 10, height: 10 },
      { width: 10, height: 1 },
    ],
  ])('%j into %j → %j', (source, box, expected) => {
    expect(fitInside(source, box)).toEqual(expected);
  });
});

describe('coverCrop (centred part with the target shape)', () => {
  it.each([
    [
      { width: 4000, height: 3000 },
      { width: 1920, height: 1080 },
      { x: 0, y: 375, width: 4000, height: 2250 },
    ],
    [
      { width: 4000, height: 3000 },
      { width: 1080, height: 1080 },
      { x: 500, y: 0, width: 3000, height: 3000 },
    ],
    [
      { width: 1920, height: 1080 },
      { width: 1920, height: 1080 },
      { x: 0, y: 0, width: 1920, height: 1080 },
    ],
    [
      { width: 100, height: 100 },
      { width: 1500, height: 500 },
      { x: 0, y: 33, width: 100, height: 33 },
    ],
    [
      { width: 300, height: 900 },
      { width: 851, height: 315 },
      { x: 0, y: 394, width: 300, height: 111 },
    ],
  ])('%j to %j → %j', (source, target, expected) => {
    expect(coverCrop(source, target)).toEqual(expected);
  });
});

describe('padPlacement (fit the whole image inside the box, centred, padding around it)', () => {
  it.each([
    [
      'landscape into Full HD: full height, bars left and right',
      { width: 4000, height: 3000 },
      { width: 1920, height: 1080 },
      { x: 240, y: 0, width: 1440, height: 1080 },
    ],
    [
      'landscape into a square: bars above and below',
      { width: 4000, height: 3000 },
      { width: 1080, height: 1080 },
      { x: 0, y: 135, width: 1080, height: 810 },
    ],
    [
      'portrait into a banner',
      { width: 300, height: 900 },
      { width: 1584, height: 396 },
      { x: 726, y: 0, width: 132, height: 396 },
    ],
    [
      'same shape: no padding',
      { width: 1280, height: 720 },
      { width: 1920, height: 1080 },
      { x: 0, y: 0, width: 1920, height: 1080 },
    ],
    [
      'a small image is scaled up',
      { width: 100, height: 100 },
      { width: 1500, height: 500 },
      { x: 500, y: 0, width: 500, height: 500 },
    ],
    [
      'an odd gap puts the extra pixel after the image',
      { width: 10, height: 10 },
      { width: 851, height: 315 },
      { x: 268, y: 0, width: 315, height: 315 },
    ],
    [
      'a very wide source keeps at least one pixel',
      { width: 10000, height: 1 },
      { width: 100, height: 100 },
      { x: 0, y: 49, width: 100, height: 1 },
    ],
    ['a one-pixel box', { width: 4000, height: 3000 }, { width: 1, height: 1 }, { x: 0, y: 0, width: 1, height: 1 }],
  ])('%s', (_name, source, box, expected) => {
    const placed = padPlacement(source, box);
    expect(placed).toEqual(expected);
    expect(placed.x + placed.width).toBeLessThanOrEqual(box.width);
    expect(placed.y + placed.height).toBeLessThanOrEqual(box.height);
  });
});
