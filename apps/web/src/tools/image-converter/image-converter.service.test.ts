import { describe, expect, it } from 'vitest';
import { QUALITY, TARGET_FORMATS, convertOperation, convertedFileName, takesQuality } from './image-converter.service';

describe('convertOperation (quality for JPG only)', () => {
  it.each([
    ['png', 50, { kind: 'convert', format: 'png' }],
    ['webp', 50, { kind: 'convert', format: 'webp' }],
    ['jpg', 50, { kind: 'convert', format: 'jpeg', quality: 50 }],
    ['jpg', undefined, { kind: 'convert', format: 'jpeg', quality: 90 }],
    ['jpg', 10, { kind: 'convert', format: 'jpeg', quality: 10 }],
  ] as const)('%s at %s → %j', (format, quality, expected) => {
    expect(convertOperation(format, quality)).toEqual(expected);
  });

  it('shows the quality slider for JPG only, 10–100 step 5, default 90', () => {
    expect(TARGET_FORMATS.filter(takesQuality)).toEqual(['jpg']);
    expect(QUALITY).toEqual({ min: 10, max: 100, step: 5, default: 90 });
  });
});

describe('convertedFileName', () => {
  it.each([
    ['photo.png', 'jpg', 'converted_photo.jpg'],
    ['photo.jpg', 'webp', 'converted_photo.webp'],
    ['photo.webp', 'png', 'converted_photo.png'],
    ['archive.tar.png', 'jpg', 'converted_archive.tar.jpg'],
    ['', 'png', 'converted_image.png'],
  ] as const)('%j as %s → %j', (name, format, expected) => {
    expect(convertedFileName(name, format)).toBe(expected);
  });
});
