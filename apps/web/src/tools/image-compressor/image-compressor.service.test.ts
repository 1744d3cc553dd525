import { describe, expect, it } from 'vitest';
import { MAX_SIZE, QUALITY, compressOperation, compressedFileName, compressedSize } from './image-compressor.service';

describe('compressedSize (scale down proportionally to fit, never up)', () => {
  it.each([
    ['4000 × 3000 into the defaults', { width: 4000, height: 3000 }, {}, { width: 1440, height: 1080 }],
    ['3000 × 4000 (portrait) into the defaults', { width: 3000, height: 4000 }, {}, { width: 810, height: 1080 }],
    ['a wide panorama', { width: 8000, height: 2000 }, {}, { width: 1920, height: 480 }],
    ['a small image is unchanged', { width: 800, height: 600 }, {}, { width: 800, height: 600 }],
    ['exactly the maxima is unchanged', { width: 1920, height: 1080 }, {}, { width: 1920, height: 1080 }],
    ['a 1 × 1 pixel', { width: 1, height: 1 }, {}, { width: 1, height: 1 }],
    [
      'the smallest maxima',
      { width: 4000, height: 3000 },
      { maxWidth: 100, maxHeight: 100 },
      { width: 100, height: 75 },
    ],
    [
      'the largest maxima never enlarge',
      { width: 640, height: 480 },
      { maxWidth: 4000, maxHeight: 4000 },
      { width: 640, height: 480 },
    ],
    [
      'width is the limit',
      { width: 4000, height: 1000 },
      { maxWidth: 1000, maxHeight: 4000 },
      { width: 1000, height: 250 },
    ],
  ])('%s', (_name, source, options, expected) => {
    expect(compressedSize(source, options)).toEqual(expected);
  });
});

describe('compressOperation', () => {
  it('defaults as designed: quality 80, max 1920 × 1080', () => {
    expect(compressOperation()).toEqual({ kind: 'compress', quality: 80, maxWidth: 1920, maxHeight: 1080 });
  });

  it('passes the chosen slider values', () => {
    expect(compressOperation({ quality: 55, maxWidth: 800, maxHeight: 600 })).toEqual({
      kind: 'compress',
      quality: 55,
      maxWidth: 800,
      maxHeight: 600,
    });
  });

  it('has the designed slider ranges', () => {
    expect(QUALITY).toEqual({ min: 10, max: 100, step: 5, default: 80 });
    expect(MAX_SIZE).toEqual({ min: 100, max: 4000, step: 100, defaultWidth: 1920, defaultHeight: 1080 });
  });
});

describe('compressedFileName (always .jpg)', () => {
  it.each([
    ['photo.png', 'compressed_photo.jpg'],
    ['photo.jpeg', 'compressed_photo.jpg'],
    ['a.b.webp', 'compressed_a.b.jpg'],
    ['', 'compressed_image.jpg'],
  ])('%j → %j', (name, expected) => {
    expect(compressedFileName(name)).toBe(expected);
  });
});
