import { describe, expect, it } from 'vitest';
import { grayscaleInPlace, luma } from './pixels';

describe('luma (0.299 R + 0.587 G + 0.114 B, rounded)', () => {
  it.each([
    [[255, 0, 0], 76], // 76.245
    [[0, 255, 0], 150], // 149.685
    [[0, 0, 255], 29], // 29.07
    [[255, 255, 255], 255],
    [[0, 0, 0], 0],
    [[128, 128, 128], 128],
    [[255, 255, 0], 226], // 225.93
    [[0, 255, 255], 179], // 178.755
    [[255, 0, 255], 105], // 105.315
    [[10, 20, 30], 18], // 2.99 + 11.74 + 3.42 = 18.15
  ])('%j → %i', ([r, g, b], grey) => {
    expect(luma(r!, g!, b!)).toBe(grey);
  });
});

describe('grayscaleInPlace', () => {
  it.each([
    ['pure red', [255, 0, 0, 255], [76, 76, 76, 255]],
    ['pure green', [0, 255, 0, 255], [150, 150, 150, 255]],
    ['pure blue', [0, 0, 255, 255], [29, 29, 29, 255]],
    ['white', [255, 255, 255, 255], [255, 255, 255, 255]],
    ['black', [0, 0, 0, 255], [0, 0, 0, 255]],
    ['mid grey', [128, 128, 128, 255], [128, 128, 128, 255]],
    ['half-transparent red keeps its alpha', [255, 0, 0, 128], [76, 76, 76, 128]],
    ['fully transparent keeps alpha 0', [0, 255, 0, 0], [150, 150, 150, 0]],
  ])('%s', (_name, pixel, expected) => {
    expect([...grayscaleInPlace(new Uint8ClampedArray(pixel))]).toEqual(expected);
  });

  it('converts every pixel of a buffer and returns the same buffer', () => {
    const buffer = new Uint8ClampedArray([255, 0, 0, 255, 0, 0, 255, 10]);
    expect(grayscaleInPlace(buffer)).toBe(buffer);
    expect([...buffer]).toEqual([76, 76, 76, 255, 29, 29, 29, 10]);
  });

  it('leaves an empty buffer empty', () => {
    expect([...grayscaleInPlace(new Uint8ClampedArray(0))]).toEqual([]);
  });

  it('ignores a trailing partial pixel (an invalid buffer) instead of reading past the end', () => {
    expect([...grayscaleInPlace(new Uint8Array([255, 0, 0, 255, 9, 9]))]).toEqual([76, 76, 76, 255, 9, 9]);
  });
});
