import { describe, expect, it } from 'vitest';
import { snapToStep, stepFrom } from './slider';

const maxSize = { min: 100, max: 4000, step: 100 };
const quality = { min: 10, max: 100, step: 5 };

describe('snapToStep', () => {
  it.each([
    [maxSize, 1920, 1900],
    [maxSize, 1950, 2000],
    [maxSize, 1080, 1100],
    [maxSize, 100, 100],
    [maxSize, 4000, 4000],
    [maxSize, 0, 100],
    [maxSize, 99999, 4000],
    [maxSize, Number.NaN, 100],
    [quality, 82, 80],
    [quality, 83, 85],
    [quality, 9, 10],
  ])('%j: %s → %s', (scale, value, expected) => {
    expect(snapToStep(value, scale)).toBe(expected);
  });
});

describe('stepFrom', () => {
  it.each([
    [1920, 1, 1, 2000],
    [1920, -1, 1, 1900],
    [1080, 1, 1, 1100],
    [1080, -1, 1, 1000],
    [2000, 1, 1, 2100],
    [2000, -1, 1, 1900],
    [1920, 1, 10, 2900],
    [1920, -1, 10, 1000],
    [4000, 1, 1, 4000],
    [100, -1, 1, 100],
    [150, -1, 10, 100],
  ] as const)('%s, direction %s × %s → %s', (value, direction, count, expected) => {
    expect(stepFrom(value, direction, maxSize, count)).toBe(expected);
  });
});
