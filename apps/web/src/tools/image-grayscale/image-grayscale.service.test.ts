import { describe, expect, it } from 'vitest';
import {
  GRAYSCALE_MESSAGE,
  LUMA_WEIGHTS,
  grayscaleFileName,
  grayscaleInPlace,
  grayscaleOperation,
} from './image-grayscale.service';

describe('grayscale of known pixels (luma 0.299 R + 0.587 G + 0.114 B)', () => {
  it.each([
    ['pure red', [255, 0, 0, 255], 76],
    ['pure green', [0, 255, 0, 255], 150],
    ['pure blue', [0, 0, 255, 255], 29],
    ['white', [255, 255, 255, 255], 255],
    ['black', [0, 0, 0, 255], 0],
    ['mid grey', [128, 128, 128, 255], 128],
    ['translucent orange (alpha 77)', [255, 128, 0, 77], 151],
  ])('%s → %i, alpha kept', (_name, pixel, grey) => {
    expect([...grayscaleInPlace(new Uint8ClampedArray(pixel))]).toEqual([grey, grey, grey, pixel[3]]);
  });

  it('uses the designed weights, which sum to 1', () => {
    expect(LUMA_WEIGHTS).toEqual({ r: 0.299, g: 0.587, b: 0.114 });
  });
});

describe('grayscale request, name and message', () => {
  it('asks for a grayscale pass', () => {
    expect(grayscaleOperation()).toEqual({ kind: 'grayscale' });
    expect(GRAYSCALE_MESSAGE).toBe('Image converted to grayscale successfully!');
  });

  it.each([
    ['photo.jpg', 'grayscale_photo.png'],
    ['diagram.png', 'grayscale_diagram.png'],
    ['', 'grayscale_image.png'],
  ])('%j → %j', (name, expected) => {
    expect(grayscaleFileName(name)).toBe(expected);
  });
});
