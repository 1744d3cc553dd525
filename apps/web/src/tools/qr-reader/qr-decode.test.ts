/**
 * Runs the reader's own ZXing call (qr-decode.ts) in Node against codes made
 * here with the `qrcode` package, drawn the way zxing-cpp's sample images vary
 * (scale, rotation, inversion, a busy margin), each with its expected text.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PNG } from 'pngjs';
import qrcode, { type QRCodeSegment } from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule } from 'zxing-wasm/reader';
import { readQrText } from './qr-decode';

const require = createRequire(import.meta.url);

beforeAll(async () => {
  const wasm = readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm'));
  await prepareZXingModule({
    overrides: { wasmBinary: wasm.buffer.slice(wasm.byteOffset, wasm.byteOffset + wasm.byteLength) },
    fireImmediately: true,
  });
});

interface Drawing {
  /** Pixels per module. */
  scale?: number;
  /** Quarter turns clockwise. */
  turns?: 0 | 1 | 2 | 3;
  /** Light modules on dark. */
  inverted?: boolean;
  /** Grey pixels with a pattern around the quiet zone, as in a photo of a page. */
  busyMargin?: number;
}

/** A PNG of the symbol qrcode builds for `content`, drawn as `drawing` says. */
function samplePng(
  content: string | QRCodeSegment[],
  level: 'L' | 'M' | 'Q' | 'H' = 'M',
  { scale = 4, turns = 0, inverted = false, busyMargin = 0 }: Drawing = {},
): Uint8Array {
  const toSJISFunc = require('qrcode/helper/to-sjis') as (text: string) => number;
  const qr = qrcode.create(content, { errorCorrectionLevel: level, toSJISFunc });
  const modules = qr.modules.size;
  const quiet = 4;
  const side = (modules + 2 * quiet) * scale + 2 * busyMargin;
  const png = new PNG({ width: side, height: side });
  const dark = (x: number, y: number): boolean => {
    // Undo the rotation: which unrotated pixel lands at (x, y).
    const [ux, uy] = [
      [x, y],
      [y, side - 1 - x],
      [side - 1 - x, side - 1 - y],
      [side - 1 - y, x],
    ][turns]!;
    const mx = Math.floor((ux! - busyMargin) / scale) - quiet;
    const my = Math.floor((uy! - busyMargin) / scale) - quiet;
    if (ux! < busyMargin || uy! < busyMargin || ux! >= side - busyMargin || uy! >= side - busyMargin) {
      return (ux! + uy!) % 7 === 0;
    }
    return mx >= 0 && my >= 0 && mx < modules && my < modules && qr.modules.get(my, mx) === 1;
  };
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const value = dark(x, y) !== inverted ? 0 : 255;
      png.data.set([value, value, value, 255], (y * side + x) * 4);
    }
  }
  return new Uint8Array(PNG.sync.write(png));
}

describe('readQrText gives the exact characters the code holds', () => {
  it.each<[string, string]>([
    ['ESC between letters', 'a\u001bb'],
    ['GS1 element strings separated by GS', '\u001d0109501101530003\u001d17201225\u001d10ABC123'],
    ['tabs', 'name\tvalue\tmore\t'],
    ['CRLF line breaks', 'line one\r\nline two\r\n'],
    ['ESC, tab and CRLF together (none spelled out)', '\u001b[1mbold\u001b[0m\tcol\r\nnext'],
    ['NUL and DEL', 'a\u0000b\u007fc'],
    ['every C0 control character', Array.from({ length: 32 }, (_v, i) => String.fromCharCode(i)).join('')],
    ['angle brackets that look like escapes', '<ESC><GS><HT><CR><LF>'],
    ['UTF-8 text', 'Grüße 👋🏽 日本語'],
    ['Latin-1 letters', 'café naïve'],
    ['a byte-order mark first', '\uFEFFbom'],
    ['spaces at both ends', '  padded  '],
  ])('%s', async (_label, text) => {
    expect(await readQrText(samplePng(text))).toBe(text);
  });
});

describe('zxing-cpp-style sample images with their expected text', () => {
  it.each<[string, string | QRCodeSegment[], 'L' | 'M' | 'Q' | 'H', Drawing, string]>([
    ['ISO/IEC 18004 numeric example, version 1-M', '01234567', 'M', {}, '01234567'],
    ['ISO/IEC 18004 alphanumeric example, version 1-Q', 'HELLO WORLD', 'Q', {}, 'HELLO WORLD'],
    ['Kanji mode (Shift JIS)', [{ data: '点茗', mode: 'kanji' }], 'M', {}, '点茗'],
    [
      'mixed numeric, alphanumeric and byte segments',
      [
        { data: '0123456789', mode: 'numeric' },
        { data: 'ABC $%*+-./:', mode: 'alphanumeric' },
        { data: Buffer.from('lower case'), mode: 'byte' },
      ],
      'L',
      {},
      '0123456789ABC $%*+-./:lower case',
    ],
    ['URL, one pixel per module', 'http://www.google.com/', 'L', { scale: 1 }, 'http://www.google.com/'],
    [
      'URL, large modules',
      'https://example.com/toolvault?x=1&y=2',
      'H',
      { scale: 12 },
      'https://example.com/toolvault?x=1&y=2',
    ],
    [
      'turned a quarter',
      'MEBKM:TITLE:zxing;URL:https\\://github.com/zxing-cpp;;',
      'M',
      { turns: 1 },
      'MEBKM:TITLE:zxing;URL:https\\://github.com/zxing-cpp;;',
    ],
    ['upside down', 'tel:+15551234567', 'Q', { turns: 2 }, 'tel:+15551234567'],
    ['turned three quarters', 'WIFI:S:Home;T:WPA;P:p\\;w;;', 'M', { turns: 3 }, 'WIFI:S:Home;T:WPA;P:p\\;w;;'],
    ['inverted (light on dark)', 'inverted', 'M', { inverted: true }, 'inverted'],
    [
      'busy margin around the quiet zone',
      'BEGIN:VCARD\r\nFN:Ada\r\nEND:VCARD',
      'M',
      { busyMargin: 20 },
      'BEGIN:VCARD\r\nFN:Ada\r\nEND:VCARD',
    ],
    ['version 40-L full of digits', '7'.repeat(7089), 'L', { scale: 2 }, '7'.repeat(7089)],
  ])('%s', async (_label, content, level, drawing, expected) => {
    expect(await readQrText(samplePng(content, level, drawing))).toBe(expected);
  });

  it.each<[string, Uint8Array]>([
    ['a blank image', new Uint8Array(PNG.sync.write(Object.assign(new PNG({ width: 50, height: 50 }), {})))],
    ['bytes that are not an image', new Uint8Array([1, 2, 3, 4])],
  ])('finds nothing in %s', async (_label, image) => {
    expect(await readQrText(image)).toBeUndefined();
  });
});
