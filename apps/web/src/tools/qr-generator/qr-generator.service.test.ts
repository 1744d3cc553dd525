import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PNG } from 'pngjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';
import { NOT_UNICODE_ERROR } from '../../lib/unicode';
import { crc32 } from './png';
import {
  BLANK_TEXT,
  clampSize,
  createQr,
  ERROR_CORRECTION_LEVELS,
  generateQr,
  isErrorCorrectionLevel,
  MAX_BYTES,
  qrAltText,
  QUIET_ZONE,
  rasterLayout,
  renderSvg,
  tooMuchText,
  QR_MODES,
  textMode,
  type QrMode,
  type ErrorCorrectionLevel,
  type QrSymbol,
} from './qr-generator.service';

// An independent decoder (ZXing-C++) checks that the codes are standard QR codes any reader can read.
beforeAll(async () => {
  const wasm = readFileSync(createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
    fireImmediately: true,
  });
});

const build = (text: string, level: ErrorCorrectionLevel = 'M'): QrSymbol => {
  const result = createQr({ text, level });
  if (!result.ok) throw new Error(result.error);
  return result.value;
};

/** The two-bit level indicator read back from the symbol's format information (ISO/IEC 18004 §7.9). */
function formatLevel(qr: QrSymbol): ErrorCorrectionLevel {
  const at = (row: number, column: number) => qr.modules[row * qr.moduleCount + column] ?? 0;
  // Bits 14..9 sit in row 8, columns 0–5; the mask 101010000010010 is XORed onto all 15 bits.
  const high = (at(8, 0) << 1) | at(8, 1);
  const unmasked = high ^ 0b10;
  return (['M', 'L', 'H', 'Q'] as const)[unmasked]!;
}

describe('clampSize (min 100, max 500, default 200)', () => {
  it.each<[string | number, number, boolean]>([
    ['200', 200, false],
    ['100', 100, false],
    ['500', 500, false],
    [321, 321, false],
    [' 250 ', 250, false],
    ['99', 100, true],
    ['0', 100, true],
    ['-50', 100, true],
    ['501', 500, true],
    ['100000', 500, true],
    ['250.4', 250, true],
    ['99.6', 100, true],
    ['', 200, true],
    ['   ', 200, true],
    ['abc', 200, true],
    ['1e3', 500, true],
    ['Infinity', 200, true],
  ])('%j → %i', (raw, size, adjusted) => {
    const choice = clampSize(raw);
    expect(choice.size).toBe(size);
    expect(choice.note !== undefined).toBe(adjusted);
  });

  it('explains what it changed', () => {
    expect(clampSize('600').note).toBe('Size must be between 100 and 500 pixels; using 500.');
    expect(clampSize('x').note).toBe('Size must be a number of pixels; using 200.');
    expect(clampSize('150.5').note).toBe('Size is a whole number of pixels; using 151.');
  });
});

describe('createQr', () => {
  it.each(['', ' ', '\n\t  '])('blank text %j → the designed message', (text) => {
    expect(createQr({ text })).toEqual({ ok: false, error: BLANK_TEXT });
  });

  it.each(ERROR_CORRECTION_LEVELS)('level %s reaches the library and is written in the symbol', (level) => {
    const qr = build('https://example.com', level);
    expect(qr.level).toBe(level);
    expect(formatLevel(qr)).toBe(level);
  });

  it('defaults to level M', () => {
    const result = createQr({ text: 'hello' });
    expect(result.ok && result.value.level).toBe('M');
  });

  it.each<[string, ErrorCorrectionLevel, number]>([
    ['HELLO WORLD', 'Q', 1], // the classic alphanumeric example fits version 1-Q
    ['01234567', 'M', 1],
    ['https://example.com/toolvault?x=1', 'L', 3], // 33 bytes: version 2-L holds 32
    ['https://example.com/toolvault?x=1', 'H', 4],
    ['a'.repeat(2953), 'L', 40],
  ])('%j at %s → version %i (21 + 4 per version modules)', (text, level, version) => {
    const qr = build(text, level);
    expect(qr.version).toBe(version);
    expect(qr.moduleCount).toBe(17 + 4 * version);
    expect(qr.modules.length).toBe(qr.moduleCount ** 2);
  });

  it.each(ERROR_CORRECTION_LEVELS)('level %s holds exactly MAX_BYTES of 8-bit text and refuses one more', (level) => {
    expect(createQr({ text: 'a'.repeat(MAX_BYTES[level]), level }).ok).toBe(true);
    expect(createQr({ text: 'a'.repeat(MAX_BYTES[level] + 1), level })).toEqual({
      ok: false,
      error: tooMuchText(level, 'a'.repeat(MAX_BYTES[level] + 1)),
    });
  });

  it.each(
    ERROR_CORRECTION_LEVELS.flatMap((level) =>
      (['numeric', 'alphanumeric'] as const).map((mode) => [level, mode] as const),
    ),
  )('level %s holds exactly the %s maximum and refuses one more', (level, mode) => {
    const max = QR_MODES[mode].max[level];
    const char = mode === 'numeric' ? '7' : 'A';
    expect(createQr({ text: char.repeat(max), level }).ok).toBe(true);
    expect(createQr({ text: char.repeat(max + 1), level })).toEqual({
      ok: false,
      error: tooMuchText(level, char.repeat(max + 1)),
    });
  });

  it.each<[string, string, ErrorCorrectionLevel, string]>([
    ['UTF-8 bytes for byte mode', '😀'.repeat(400), 'H', '1,600 bytes, but at most 1,273 fit'],
    ['digits for numeric mode', '1'.repeat(7090), 'L', '7,090 digits, but at most 7,089 fit'],
    ['characters for alphanumeric mode', 'HELLO WORLD '.repeat(400), 'M', '4,800 characters, but at most 3,391 fit'],
    ['bytes once one character is outside the 45-character set', `${'1'.repeat(7089)}a`, 'L', '7,090 bytes'],
  ])('counts %s in the capacity message', (_label, text, level, counted) => {
    const refused = createQr({ text, level });
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error).toBe(
      `Too much text for a QR code at error correction level ${level}: ${counted.includes('fit') ? counted : `${counted}, but at most 2,953 fit`}. Shorten the text or choose a lower level.`,
    );
  });

  it.each<[string, QrMode]>([
    ['0123456789', 'numeric'],
    ['HELLO WORLD $%*+-./:', 'alphanumeric'],
    ['hello', 'byte'],
    ['12 34', 'alphanumeric'],
    ['Ü', 'byte'],
  ])('textMode(%j) = %s', (text, mode) => {
    expect(textMode(text)).toBe(mode);
  });

  it.each(['ab\uD83D', '\uDE00', 'x\uDE00\uD83Dy'])('refuses text that is not valid Unicode (%j)', (text) => {
    expect(createQr({ text })).toEqual({ ok: false, error: NOT_UNICODE_ERROR });
  });

  it('has the three finder patterns in the corners', () => {
    const qr = build('finder');
    const n = qr.moduleCount;
    const finder = (top: number, left: number) =>
      Array.from({ length: 7 }, (_r, row) =>
        Array.from({ length: 7 }, (_c, column) => qr.modules[(top + row) * n + left + column]).join(''),
      );
    const expected = ['1111111', '1000001', '1011101', '1011101', '1011101', '1000001', '1111111'];
    expect(finder(0, 0)).toEqual(expected);
    expect(finder(0, n - 7)).toEqual(expected);
    expect(finder(n - 7, 0)).toEqual(expected);
  });
});

describe('rasterLayout: whole pixels per module, centred', () => {
  it.each<[string, number, number, number]>([
    // text, size, scale, offset; version 1 is 21 + 8 = 29 modules wide with the quiet zone
    ['hello', 200, 6, 13],
    ['hello', 100, 3, 6],
    ['hello', 500, 17, 3],
    ['hello', 29 * 4, 4, 0],
    ['a'.repeat(500), 100, 1, 7], // version 15-L (77 + 8 = 85 modules)
  ])('%j at %i px → %i px per module, offset %i', (text, size, scale, offset) => {
    expect(rasterLayout(build(text, 'L'), size)).toEqual({ ok: true, value: { scale, offset } });
  });

  it('refuses a size below one pixel per module', () => {
    expect(rasterLayout(build('a'.repeat(2953), 'L'), 100)).toEqual({
      ok: false,
      error:
        'This code is 185 modules wide (quiet zone included), more than 100 pixels. Choose a size of at least 185 or shorten the text.',
    });
  });
});

describe('renderSvg', () => {
  it.each<[string, ErrorCorrectionLevel, number, number]>([
    ['hello', 'M', 200, 29],
    ['https://example.com/toolvault?x=1', 'H', 350, 41],
  ])('%j at %s, %i px → viewBox of %i modules', (text, level, size, side) => {
    const svg = renderSvg(build(text, level), size);
    expect(svg).toContain(`viewBox="0 0 ${side} ${side}"`);
    expect(svg).toContain(`width="${size}" height="${size}"`);
    const parsed = new DOMParser().parseFromString(svg, 'image/svg+xml');
    expect(parsed.querySelector('parsererror')).toBeNull();
    expect(parsed.documentElement.getAttribute('xmlns')).toBe('http://www.w3.org/2000/svg');
  });

  it('draws exactly the dark modules, offset by the quiet zone', () => {
    const qr = build('draw me', 'Q');
    const d = /<path fill="#000000" d="([^"]*)"/.exec(renderSvg(qr, 200))?.[1] ?? '';
    const drawn = new Set<number>();
    for (const [, x, y, run] of d.matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
      for (let i = 0; i < Number(run); i++) {
        drawn.add((Number(y) - QUIET_ZONE) * qr.moduleCount + Number(x) - QUIET_ZONE + i);
      }
    }
    const dark = qr.modules.reduce<number[]>((list, value, index) => (value ? [...list, index] : list), []);
    expect([...drawn].sort((a, b) => a - b)).toEqual(dark);
  });
});

describe('generateQr: the PNG is a real PNG that decodes back to the text', () => {
  it.each<[string, number, ErrorCorrectionLevel]>([
    ['https://example.com/toolvault?x=1', 200, 'M'],
    ['hello', 100, 'L'],
    ['Grüße 👋 日本語', 300, 'Q'],
    ['WIFI:S:My Net;T:WPA;P:p@ss;;', 500, 'H'],
    ['line one\nline two', 237, 'M'],
    ['x'.repeat(1000), 500, 'M'],
  ])('%j at %i px, level %s', async (text, size, level) => {
    const result = await generateQr({ text, size, level });
    if (!result.ok) throw new Error(result.error);
    const { png, svg, qr, scale } = result.value;

    expect(Array.from(png.subarray(0, 8))).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const decoded = PNG.sync.read(Buffer.from(png)); // pngjs also checks every chunk's CRC
    expect([decoded.width, decoded.height]).toEqual([size, size]);
    expect(Array.from(decoded.data.subarray(0, 4))).toEqual([255, 255, 255, 255]); // quiet zone is white
    const origin = Math.floor((size - (qr.moduleCount + 2 * QUIET_ZONE) * scale) / 2) + QUIET_ZONE * scale;
    expect(decoded.data[(origin * size + origin) * 4]).toBe(0); // top-left finder is black

    const [read] = await readBarcodes(png, { formats: ['QRCode'] });
    expect(read?.text).toBe(text);
    expect(read?.ecLevel).toBe(level);
    expect(svg).toContain('<svg');
  });

  it.each<[string, string]>([
    ['', BLANK_TEXT],
    ['  ', BLANK_TEXT],
    ['a'.repeat(2332), tooMuchText('M', 'a'.repeat(2332))],
  ])('refuses %j', async (text, error) => {
    expect(await generateQr({ text, size: 200 })).toEqual({ ok: false, error });
  });
});

describe('helpers', () => {
  it.each([
    ['L', true],
    ['H', true],
    ['m', false],
    ['', false],
    [undefined, false],
  ])('isErrorCorrectionLevel(%j) = %s', (value, expected) => {
    expect(isErrorCorrectionLevel(value)).toBe(expected);
  });

  it.each([
    ['https://example.com', 'QR code for: https://example.com'],
    ['😀'.repeat(81), `QR code for: ${'😀'.repeat(80)}…`],
  ])('qrAltText(%j)', (text, alt) => {
    expect(qrAltText(text)).toBe(alt);
  });

  it.each([
    ['', 0x00000000],
    ['IEND', 0xae426082], // the CRC every PNG ends with
    ['123456789', 0xcbf43926], // the CRC-32 check value
  ])('crc32(%j) = %i', (text, crc) => {
    expect(crc32(new TextEncoder().encode(text))).toBe(crc);
  });
});
