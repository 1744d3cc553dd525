import { describe, expect, it } from 'vitest';
import { planImage } from '../../lib/image-processing/operations';
import {
  CUSTOM,
  MODE_OPTIONS,
  PRESETS,
  parseDimension,
  resizeOperation,
  largerPngNote,
  resizedFileName,
  resizedFormatLabel,
  type ResizeChoice,
} from './image-resizer.service';

const custom = (width: string, height: string, keepAspect = true): ResizeChoice => ({
  mode: CUSTOM,
  width,
  height,
  keepAspect,
});

/** The output size and source crop a choice gives for a source (via the worker's own planner). */
function plan(choice: ResizeChoice, source: { width: number; height: number }) {
  const operation = resizeOperation(choice);
  if (!operation.ok) throw new Error(operation.error);
  const planned = planImage(operation.value, source);
  if (!planned.ok) throw new Error(planned.error);
  const { width, height, crop, place, background } = planned.value;
  return { width, height, crop, ...(place ? { place, background } : {}) };
}

describe('presets', () => {
  it('are the designed seven, in order, after Custom', () => {
    expect(MODE_OPTIONS.map((option) => option.label)).toEqual([
      'Custom',
      'HD (1280x720)',
      'Full HD (1920x1080)',
      '4K (3840x2160)',
      'Instagram (1080x1080)',
      'Facebook Cover (851x315)',
      'Twitter Header (1500x500)',
      'LinkedIn Banner (1584x396)',
    ]);
  });

  it.each([
    ['hd', { x: 0, y: 375, width: 4000, height: 2250 }],
    ['full-hd', { x: 0, y: 375, width: 4000, height: 2250 }],
    ['4k', { x: 0, y: 375, width: 4000, height: 2250 }],
    ['instagram', { x: 500, y: 0, width: 3000, height: 3000 }],
    ['facebook-cover', { x: 0, y: 759, width: 4000, height: 1481 }],
    ['twitter-header', { x: 0, y: 833, width: 4000, height: 1333 }],
    ['linkedin-banner', { x: 0, y: 1000, width: 4000, height: 1000 }],
  ])('%s on a 4000 × 3000 photo: exactly the preset size, from the centred crop %j', (mode, crop) => {
    const preset = PRESETS.find((candidate) => candidate.id === mode)!;
    expect(plan({ ...custom('', ''), mode: preset.id }, { width: 4000, height: 3000 })).toEqual({
      width: preset.width,
      height: preset.height,
      crop,
    });
  });

  const sources = [
    ['landscape', { width: 4000, height: 3000 }],
    ['portrait', { width: 3000, height: 4000 }],
    ['square', { width: 1000, height: 1000 }],
    ['tiny', { width: 16, height: 9 }],
  ] as const;
  const rows = PRESETS.flatMap((preset) =>
    sources.map(([kind, source]) => [preset.name, kind, preset, source] as const),
  );

  it.each(rows)(
    '%s from a %s source: exact size, centred crop of the preset shape touching two edges',
    (_n, _k, preset, source) => {
      const { width, height, crop } = plan({ ...custom('', ''), mode: preset.id, keepAspect: true }, source);
      expect({ width, height }).toEqual({ width: preset.width, height: preset.height });
      expect(crop.width === source.width || crop.height === source.height).toBe(true);
      expect(crop.x).toBe(Math.floor((source.width - crop.width) / 2));
      expect(crop.y).toBe(Math.floor((source.height - crop.height) / 2));
      // Within a pixel of the preset's shape.
      expect(Math.abs(crop.width / crop.height - preset.width / preset.height)).toBeLessThan(
        (preset.width / preset.height) * (1 / Math.min(crop.width, crop.height)) + 1e-9,
      );
    },
  );

  it('ignore the custom fields and the aspect checkbox', () => {
    expect(resizeOperation({ mode: 'hd', width: 'junk', height: '', keepAspect: false })).toEqual({
      ok: true,
      value: { kind: 'resize', width: 1280, height: 720, fit: 'cover' },
    });
  });
});

describe('presets with Fit (keep everything, pad with a colour)', () => {
  const sources = [
    ['landscape', { width: 4000, height: 3000 }],
    ['portrait', { width: 3000, height: 4000 }],
    ['square', { width: 1000, height: 1000 }],
    ['tiny', { width: 16, height: 9 }],
  ] as const;
  const rows = PRESETS.flatMap((preset) =>
    sources.map(([kind, source]) => [preset.name, kind, preset, source] as const),
  );

  it.each(rows)(
    '%s from a %s source: exact size, the whole image centred, touching two edges, on the colour',
    (_n, _k, preset, source) => {
      const choice = { ...custom('', ''), mode: preset.id, presetFit: 'fit', padColour: '#123abc' } as const;
      const { width, height, crop, place, background } = plan(choice, source);
      expect({ width, height }).toEqual({ width: preset.width, height: preset.height });
      expect(crop).toEqual({ x: 0, y: 0, ...source });
      expect(background).toBe('#123abc');
      expect(place!.width === preset.width || place!.height === preset.height).toBe(true);
      expect(place!.x).toBe(Math.floor((preset.width - place!.width) / 2));
      expect(place!.y).toBe(Math.floor((preset.height - place!.height) / 2));
      // Proportions kept to within the rounding of one pixel.
      expect(Math.abs(place!.width / place!.height - source.width / source.height)).toBeLessThan(
        (source.width / source.height) * (1 / Math.min(place!.width, place!.height)) + 1e-9,
      );
    },
  );

  it.each([
    ['Fill is the default', {}, { fit: 'cover' }],
    ['Fill', { presetFit: 'fill', padColour: '#000000' }, { fit: 'cover' }],
    ['Fit pads with white by default', { presetFit: 'fit' }, { fit: 'pad', background: '#ffffff' }],
    ['Fit with a chosen colour', { presetFit: 'fit', padColour: '#000000' }, { fit: 'pad', background: '#000000' }],
  ] as const)('%s', (_name, extra, expected) => {
    expect(resizeOperation({ mode: 'instagram', width: '', height: '', keepAspect: true, ...extra })).toEqual({
      ok: true,
      value: { kind: 'resize', width: 1080, height: 1080, ...expected },
    });
  });

  it('does not change custom mode', () => {
    expect(resizeOperation({ ...custom('200', '100'), presetFit: 'fit' })).toEqual({
      ok: true,
      value: { kind: 'resize', width: 200, height: 100, fit: 'contain' },
    });
  });
});

describe('custom mode', () => {
  it.each([
    ['landscape into a square, aspect kept', { width: 400, height: 300 }, custom('200', '200'), 200, 150],
    ['portrait into a square, aspect kept', { width: 300, height: 400 }, custom('200', '200'), 150, 200],
    ['square into a wide box, aspect kept', { width: 500, height: 500 }, custom('300', '100'), 100, 100],
    ['landscape enlarged to fit, aspect kept', { width: 400, height: 300 }, custom('1600', '1600'), 1600, 1200],
    ['landscape stretched, aspect off', { width: 400, height: 300 }, custom('200', '200', false), 200, 200],
    ['portrait stretched, aspect off', { width: 300, height: 400 }, custom('640', '100', false), 640, 100],
    ['square stretched, aspect off', { width: 500, height: 500 }, custom('300', '100', false), 300, 100],
  ])('%s', (_name, source, choice, width, height) => {
    expect(plan(choice, source)).toMatchObject({ width, height, crop: { x: 0, y: 0, ...source } });
  });

  it.each([
    [custom('', '100'), 'Width is required'],
    [custom('100', ''), 'Height is required'],
    [custom('12.5', '100'), 'Width must be a whole number of pixels'],
    [custom('-5', '100'), 'Width must be a whole number of pixels'],
    [custom('100', 'abc'), 'Height must be a whole number of pixels'],
    [custom('0', '100'), 'Width must be between 1 and 16384 pixels'],
    [custom('100', '20000'), 'Height must be between 1 and 16384 pixels'],
  ])('refuses %j: %s', (choice, error) => {
    expect(resizeOperation(choice)).toEqual({ ok: false, error });
  });
});

describe('parseDimension', () => {
  it.each([
    ['1', 1],
    ['800', 800],
    [' 1920 ', 1920],
    ['16384', 16384],
    ['007', 7],
  ])('%j → %i', (text, value) => {
    expect(parseDimension('Width', text)).toEqual({ ok: true, value });
  });

  it.each(['', '0', '1e3', '3.0', '+5', '16385'])('%j is refused', (text) => {
    expect(parseDimension('Width', text).ok).toBe(false);
  });
});

describe('resizedFileName', () => {
  it.each([
    ['photo.jpg', 'resized_photo.png'],
    ['banner.webp', 'resized_banner.png'],
    ['', 'resized_image.png'],
  ])('%j → %j', (name, expected) => {
    expect(resizedFileName(name)).toBe(expected);
  });

  it.each([
    ['photo.jpg', 'jpeg', 'image/jpeg', 'resized_photo.jpg'],
    ['photo.jpg', 'webp', 'image/jpeg', 'resized_photo.webp'],
    ['photo.jpeg', 'source', 'image/jpeg', 'resized_photo.jpg'],
    ['art.webp', 'source', 'image/webp', 'resized_art.webp'],
    ['anim.gif', 'source', 'image/gif', 'resized_anim.png'],
  ] as const)('%j saved as %s (a %s file) → %j', (name, format, type, expected) => {
    expect(resizedFileName(name, format, type)).toBe(expected);
  });
});

describe('the output format', () => {
  it('is asked for only when it is not PNG, in presets and custom mode alike', () => {
    const custom = { mode: 'custom', width: '10', height: '20', keepAspect: true } as const;
    expect(resizeOperation({ ...custom, format: 'png' })).toEqual({
      ok: true,
      value: { kind: 'resize', width: 10, height: 20, fit: 'contain' },
    });
    expect(resizeOperation({ ...custom, format: 'webp' })).toMatchObject({ ok: true, value: { format: 'webp' } });
    expect(resizeOperation({ ...custom, mode: 'hd', format: 'source' })).toEqual({
      ok: true,
      value: { kind: 'resize', width: 1280, height: 720, fit: 'cover', format: 'source' },
    });
  });

  it.each([
    ['png', 'image/jpeg', 'PNG'],
    ['jpeg', 'image/png', 'JPG'],
    ['source', 'image/webp', 'WEBP'],
    ['source', 'image/bmp', 'PNG'],
  ] as const)('%s for a %s file is labelled %s', (format, type, label) => {
    expect(resizedFormatLabel(format, type)).toBe(label);
  });

  it.each([
    ['png', 2000, 1000, true],
    ['png', 1000, 1000, false],
    ['jpeg', 2000, 1000, false],
  ] as const)('a %s of %i bytes from %i bytes: note %s', (format, out, source, shown) => {
    expect(largerPngNote(format, out, source) !== null).toBe(shown);
  });
});
