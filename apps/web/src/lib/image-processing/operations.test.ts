import { describe, expect, it } from 'vitest';
import { LOAD_FAILED_MESSAGE, planImage, resizeFormat, type ImageOperation, type ImagePlan } from './operations';

const photo = { width: 4000, height: 3000 };
const whole = { x: 0, y: 0, width: 4000, height: 3000 };

describe('planImage', () => {
  it.each<[string, ImageOperation, Partial<ImagePlan>]>([
    [
      'rotate 90°: PNG, enlarged canvas, exact matrix',
      { kind: 'rotate', degrees: 90 },
      {
        width: 3000,
        height: 4000,
        crop: whole,
        draw: { kind: 'transform', matrix: [0, 1, -1, 0, 3000, 0] },
        format: 'png',
        background: null,
      },
    ],
    [
      'grayscale: PNG, same size, luma pass',
      { kind: 'grayscale' },
      {
        width: 4000,
        height: 3000,
        grayscale: true,
        format: 'png',
        background: null,
        draw: { kind: 'scale' },
      },
    ],
    [
      'compress with the defaults: JPEG 0.8 on white, 1440 × 1080',
      { kind: 'compress', quality: 80, maxWidth: 1920, maxHeight: 1080 },
      { width: 1440, height: 1080, format: 'jpeg', quality: 0.8, background: '#ffffff', grayscale: false },
    ],
    [
      'compress never scales up',
      { kind: 'compress', quality: 10, maxWidth: 4000, maxHeight: 4000 },
      { width: 4000, height: 3000, quality: 0.1 },
    ],
    [
      'resize cover (presets): exact size, centre crop, scaled',
      { kind: 'resize', width: 1920, height: 1080, fit: 'cover' },
      {
        width: 1920,
        height: 1080,
        crop: { x: 0, y: 375, width: 4000, height: 2250 },
        draw: { kind: 'scale' },
        format: 'png',
      },
    ],
    [
      'resize contain (custom, aspect kept)',
      { kind: 'resize', width: 1000, height: 1000, fit: 'contain' },
      { width: 1000, height: 750, crop: whole },
    ],
    [
      'resize fill (custom, aspect off)',
      { kind: 'resize', width: 1000, height: 1000, fit: 'fill' },
      { width: 1000, height: 1000, crop: whole },
    ],
    [
      'resize to JPG: flattened on white, the browsers’ default quality',
      { kind: 'resize', width: 1000, height: 1000, fit: 'contain', format: 'jpeg' },
      { width: 1000, height: 750, format: 'jpeg', quality: 0.92, background: '#ffffff' },
    ],
    [
      'resize to WEBP: transparency kept',
      { kind: 'resize', width: 1000, height: 1000, fit: 'contain', format: 'webp' },
      { width: 1000, height: 750, format: 'webp', quality: 0.92, background: null },
    ],
    [
      'resize to the same format as a source of unknown type: PNG',
      { kind: 'resize', width: 1000, height: 1000, fit: 'contain', format: 'source' },
      { width: 1000, height: 750, format: 'png', background: null },
    ],
    [
      'resize pad (presets, Fit): exact size, whole image centred on the colour',
      { kind: 'resize', width: 1920, height: 1080, fit: 'pad', background: '#102030' },
      {
        width: 1920,
        height: 1080,
        crop: whole,
        place: { x: 240, y: 0, width: 1440, height: 1080 },
        background: '#102030',
        draw: { kind: 'scale' },
        format: 'png',
      },
    ],
    [
      'convert to JPG: chosen quality, white background',
      { kind: 'convert', format: 'jpeg', quality: 90 },
      { width: 4000, height: 3000, format: 'jpeg', quality: 0.9, background: '#ffffff' },
    ],
    [
      'convert to WEBP: full quality',
      { kind: 'convert', format: 'webp' },
      { format: 'webp', quality: 1, background: null },
    ],
    ['convert to PNG: lossless, no quality', { kind: 'convert', format: 'png' }, { format: 'png', background: null }],
  ])('%s', (_name, operation, expected) => {
    const plan = planImage(operation, photo);
    expect(plan.ok).toBe(true);
    if (plan.ok) expect(plan.value).toMatchObject(expected);
  });

  it('gives PNG conversions no quality at all', () => {
    const plan = planImage({ kind: 'convert', format: 'png', quality: 50 }, photo);
    expect(plan.ok && 'quality' in plan.value).toBe(false);
  });

  it.each<[string, ImageOperation, { width: number; height: number }, string]>([
    ['an empty source', { kind: 'grayscale' }, { width: 0, height: 0 }, LOAD_FAILED_MESSAGE],
    ['a NaN angle', { kind: 'rotate', degrees: Number.NaN }, photo, 'The angle must be a number'],
    [
      'quality 0',
      { kind: 'compress', quality: 0, maxWidth: 100, maxHeight: 100 },
      photo,
      'Quality must be between 1 and 100',
    ],
    [
      'quality above 100',
      { kind: 'convert', format: 'jpeg', quality: 101 },
      photo,
      'Quality must be between 1 and 100',
    ],
    ['a JPG without quality', { kind: 'convert', format: 'jpeg' }, photo, 'Quality must be between 1 and 100'],
    [
      'a fractional maximum',
      { kind: 'compress', quality: 80, maxWidth: 10.5, maxHeight: 100 },
      photo,
      'Maximum sizes must be whole pixels',
    ],
    [
      'a padded resize without a colour',
      { kind: 'resize', width: 100, height: 100, fit: 'pad' },
      photo,
      'The padding colour must be a #rrggbb colour',
    ],
    [
      'a padded resize with a colour name',
      { kind: 'resize', width: 100, height: 100, fit: 'pad', background: 'red' },
      photo,
      'The padding colour must be a #rrggbb colour',
    ],
    [
      'a zero resize',
      { kind: 'resize', width: 0, height: 10, fit: 'fill' },
      photo,
      'Width and height must be whole pixels',
    ],
  ])('refuses %s', (_name, operation, source, error) => {
    expect(planImage(operation, source)).toEqual({ ok: false, error });
  });

  it.each<[string, ImageOperation, { width: number; height: number }]>([
    ['a side over 16 384 px', { kind: 'resize', width: 20000, height: 10, fit: 'fill' }, photo],
    ['over 64 megapixels', { kind: 'resize', width: 10000, height: 10000, fit: 'fill' }, photo],
    ['a rotation that outgrows the limit', { kind: 'rotate', degrees: 45 }, { width: 12000, height: 12000 }],
  ])('refuses a result of %s', (_name, operation, source) => {
    const plan = planImage(operation, source);
    expect(plan.ok).toBe(false);
    if (!plan.ok) expect(plan.error).toMatch(/^The result would be \d+ × \d+ pixels, more than this browser can draw/);
  });
});

describe('resizeFormat', () => {
  it.each([
    [undefined, 'image/jpeg', 'png'],
    ['png', 'image/jpeg', 'png'],
    ['webp', 'image/png', 'webp'],
    ['source', 'image/jpeg', 'jpeg'],
    ['source', 'image/webp', 'webp'],
    ['source', 'image/png', 'png'],
    ['source', 'image/gif', 'png'],
    ['source', '', 'png'],
  ] as const)('%s for a %j file writes %s', (format, type, expected) => {
    expect(resizeFormat(format, type)).toBe(expected);
  });

  it('keeps a JPEG source a JPEG when asked for the same format', () => {
    const plan = planImage(
      { kind: 'resize', width: 100, height: 100, fit: 'fill', format: 'source' },
      {
        ...photo,
        type: 'image/jpeg',
      },
    );
    expect(plan).toMatchObject({ ok: true, value: { format: 'jpeg', quality: 0.92, background: '#ffffff' } });
  });
});
