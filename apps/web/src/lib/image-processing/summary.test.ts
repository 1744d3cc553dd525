import { describe, expect, it } from 'vitest';
import { describeSizeChange, formatDimensions } from './summary';

describe('describeSizeChange', () => {
  it.each([
    [1000, 250, { reduction: 75, smaller: true, text: '75.0% smaller' }],
    [1000, 999, { reduction: 0.1, smaller: true, text: '0.1% smaller' }],
    [3, 2, { reduction: 33.3, smaller: true, text: '33.3% smaller' }],
    [1000, 1000, { reduction: 0, smaller: false, text: 'No change' }],
    [1000, 1500, { reduction: -50, smaller: false, text: '50.0% larger' }],
    [100000, 100004, { reduction: 0, smaller: false, text: '0.0% larger' }],
    [0, 0, { reduction: 0, smaller: false, text: 'No change' }],
    [0, 10, { reduction: 0, smaller: false, text: '0.0% larger' }],
  ])('%i → %i bytes: %j', (before, after, expected) => {
    expect(describeSizeChange(before, after)).toEqual(expected);
  });
});

describe('formatDimensions', () => {
  it.each([
    [1440, 1080, '1440 × 1080 px'],
    [1, 1, '1 × 1 px'],
  ])('%i × %i', (width, height, text) => {
    expect(formatDimensions(width, height)).toBe(text);
  });
});
