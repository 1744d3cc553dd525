import { describe, expect, it } from 'vitest';
import { formatBytes, isImageFile, outputFileName, sizeReduction } from './image-file';

describe('isImageFile', () => {
  it.each([
    ['image/png', true],
    ['image/jpeg', true],
    ['image/webp', true],
    ['image/svg+xml', true],
    ['', false],
    ['text/plain', false],
    ['application/pdf', false],
    ['video/mp4', false],
  ])('%j → %s', (type, expected) => {
    expect(isImageFile({ type })).toBe(expected);
  });
});

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [1024 * 1024, '1.00 MB'],
    [10 * 1024 * 1024 + 52429, '10.05 MB'],
    [-1, '—'],
    [Number.NaN, '—'],
  ])('%d → %s', (bytes, expected) => {
    expect(formatBytes(bytes)).toBe(expected);
  });
});

describe('sizeReduction', () => {
  it.each([
    [1000, 500, 50],
    [1000, 1000, 0],
    [1000, 1500, -50],
    [3000, 1000, 66.7],
    [3, 2, 33.3],
    [0, 100, 0],
  ])('%d → %d is %d%%', (original, next, expected) => {
    expect(sizeReduction(original, next)).toBe(expected);
  });
});

describe('outputFileName', () => {
  it.each([
    ['rotated_', 'photo.jpeg', 'png', 'rotated_photo.png'],
    ['grayscale_', 'my.holiday.photo.webp', 'png', 'grayscale_my.holiday.photo.png'],
    ['resized_', 'noext', 'png', 'resized_noext.png'],
    ['compressed_', '.png', 'jpg', 'compressed_image.jpg'],
  ])('%s + %s → %s', (prefix, name, extension, expected) => {
    expect(outputFileName(prefix, name, extension)).toBe(expected);
  });
});
