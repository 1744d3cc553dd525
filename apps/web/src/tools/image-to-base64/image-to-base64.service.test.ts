import { describe, expect, it } from 'vitest';
import {
  base64FileName,
  decodedBytes,
  estimatedBase64Bytes,
  formatMegabytes,
  INVALID_DATA_URL,
  splitDataUrl,
  summarizeDataUrl,
} from './image-to-base64.service';

const PNG_1x1 =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

describe('Base64 size rule (3/4 of the payload length)', () => {
  it.each([
    // payload, estimate, exact decoded bytes
    ['', 0, 0],
    ['QQ==', 3, 1], // "A": two padding characters
    ['QUI=', 3, 2], // "AB": one padding character
    ['QUJD', 3, 3], // "ABC": no padding
    ['QUJDRA==', 6, 4],
    ['SGVsbG8sIFdvcmxkIQ==', 15, 13], // "Hello, World!"
  ])('%j → estimate %d, exact %d', (payload, estimate, exact) => {
    expect(estimatedBase64Bytes(payload.length)).toBe(estimate);
    expect(decodedBytes(payload)).toBe(exact);
    expect(decodedBytes(payload)).toBe(Buffer.from(payload, 'base64').length);
  });

  it.each([
    [4, 3],
    [1_398_104, 1_048_578],
    [1_398_100, 1_048_575],
  ])('payload of %i characters → %i bytes', (length, bytes) => {
    expect(estimatedBase64Bytes(length)).toBe(bytes);
  });
});

describe('splitDataUrl', () => {
  it.each([
    ['a PNG', PNG_1x1, 'image/png', PNG_1x1.slice('data:image/png;base64,'.length)],
    ['an SVG with a parameter', 'data:image/svg+xml;charset=utf-8;base64,PHN2Zy8+', 'image/svg+xml', 'PHN2Zy8+'],
    ['an empty file', 'data:image/png;base64,', 'image/png', ''],
    ['no media type', 'data:;base64,QQ==', 'application/octet-stream', 'QQ=='],
  ])('%s', (_label, dataUrl, mediaType, payload) => {
    expect(splitDataUrl(dataUrl)).toEqual({ ok: true, value: { mediaType, payload } });
  });

  it.each([
    ['empty', ''],
    ['not a data URL', 'https://example.com/a.png'],
    ['not Base64', 'data:image/png,%89PNG'],
    ['a broken payload', 'data:image/png;base64,QQ'],
    ['characters outside the alphabet', 'data:image/png;base64,QQ-_'],
    ['padding in the middle', 'data:image/png;base64,QQ==QQ=='],
  ])('rejects %s', (_label, dataUrl) => {
    expect(splitDataUrl(dataUrl)).toEqual({ ok: false, error: INVALID_DATA_URL });
  });
});

describe('summarizeDataUrl', () => {
  it('reports the original size, the estimated Base64 size and the data URL length', () => {
    const summary = summarizeDataUrl(PNG_1x1, 70);
    expect(summary.ok).toBe(true);
    if (!summary.ok) return;
    const payload = PNG_1x1.split(',')[1] ?? '';
    expect(summary.value).toMatchObject({
      mediaType: 'image/png',
      originalBytes: 70,
      base64Bytes: (payload.length * 3) / 4,
      dataUrlBytes: PNG_1x1.length,
    });
    expect(Buffer.from(payload, 'base64').length).toBe(70);
  });

  it('passes on an invalid data URL as an error', () => {
    expect(summarizeDataUrl('nonsense', 1)).toEqual({ ok: false, error: INVALID_DATA_URL });
  });
});

describe('formatMegabytes and base64FileName', () => {
  it.each([
    [0, '0.00 MB'],
    [5_000, '0.00 MB'],
    [5_243, '0.01 MB'],
    [1_048_576, '1.00 MB'],
    [1_572_864, '1.50 MB'],
    [10 * 1_048_576, '10.00 MB'],
  ])('%i bytes → %s', (bytes, text) => {
    expect(formatMegabytes(bytes)).toBe(text);
  });

  it.each([
    ['logo.png', 'logo_base64.txt'],
    ['photo.final.jpeg', 'photo.final_base64.txt'],
    ['noext', 'noext_base64.txt'],
    ['', 'image_base64.txt'],
  ])('%j → %j', (name, expected) => {
    expect(base64FileName(name)).toBe(expected);
  });
});
