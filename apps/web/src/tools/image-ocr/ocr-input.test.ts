import { describe, expect, it } from 'vitest';
import { jpegOrientation, readableAsIs } from './ocr-input';

const bytes = (...parts: (number[] | Uint8Array)[]) => Uint8Array.from(parts.flatMap((part) => [...part]));
const u16 = (value: number, little: boolean) => (little ? [value & 0xff, value >> 8] : [value >> 8, value & 0xff]);
const u32 = (value: number, little: boolean) =>
  little
    ? [value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff, value >>> 24]
    : [value >>> 24, (value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
const ascii = (text: string) => [...text].map((char) => char.charCodeAt(0));

/** An APP1 EXIF segment whose IFD0 holds `tags` (tag, SHORT value), in Intel (II) or Motorola (MM) order. */
function exifSegment(tags: [number, number][], little: boolean): number[] {
  const ifd = [
    ...u16(tags.length, little),
    ...tags.flatMap(([tag, value]) => [
      ...u16(tag, little),
      ...u16(3, little),
      ...u32(1, little),
      ...u16(value, little),
      0,
      0,
    ]),
    ...u32(0, little),
  ];
  const tiff = [...ascii(little ? 'II' : 'MM'), ...u16(42, little), ...u32(8, little), ...ifd];
  const body = [...ascii('Exif'), 0, 0, ...tiff];
  return [0xff, 0xe1, ...u16(body.length + 2, false), ...body];
}
const JFIF = [0xff, 0xe0, 0x00, 0x10, ...ascii('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0];
const SCAN = [0xff, 0xda, 0x00, 0x08, 1, 1, 0, 0, 0x3f, 0, 0x12, 0x34];
const jpeg = (...segments: number[][]) => bytes([0xff, 0xd8], ...segments, SCAN);

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const chunk = (type: string, length: number) => [
  ...u32(length, false),
  ...ascii(type),
  ...new Array<number>(length + 4).fill(0),
];
const png = (...chunks: number[][]) => bytes(PNG, ...chunks);

describe('jpegOrientation', () => {
  it.each([
    ['no EXIF block', jpeg(JFIF), 1],
    ['EXIF without an orientation tag', jpeg(exifSegment([[0x010f, 7]], true)), 1],
    ['Intel order, orientation 1', jpeg(exifSegment([[0x0112, 1]], true)), 1],
    [
      'Intel order, orientation 6 after another tag',
      jpeg(
        exifSegment(
          [
            [0x010f, 2],
            [0x0112, 6],
          ],
          true,
        ),
      ),
      6,
    ],
    ['Motorola order, orientation 8', jpeg(JFIF, exifSegment([[0x0112, 8]], false)), 8],
    ['Motorola order, orientation 3', jpeg(exifSegment([[0x0112, 3]], false)), 3],
    ['an orientation out of range', jpeg(exifSegment([[0x0112, 9]], true)), null],
    [
      'an EXIF block cut by the end of the head',
      bytes([0xff, 0xd8], exifSegment([[0x0112, 6]], true).slice(0, 20)),
      null,
    ],
    ['segments that run past the head', bytes([0xff, 0xd8], JFIF), null],
    [
      'a byte order mark that is neither II nor MM',
      jpeg(exifSegment([[0x0112, 6]], true).map((b, i) => (i === 10 ? 0x58 : b))),
      null,
    ],
  ])('%s: %s', (_name, head, orientation) => {
    expect(jpegOrientation(head)).toBe(orientation);
  });
});

describe('readableAsIs: tesseract.js is given the file itself only when it decodes it as the browser shows it', () => {
  it.each([
    ['a PNG without eXIf', png(chunk('IHDR', 13), chunk('IDAT', 10)), true],
    [
      'a PNG with text and colour chunks first',
      png(chunk('IHDR', 13), chunk('iCCP', 300), chunk('tEXt', 20), chunk('IDAT', 1)),
      true,
    ],
    [
      'a PNG with an eXIf chunk (an orientation the browser honours)',
      png(chunk('IHDR', 13), chunk('eXIf', 30), chunk('IDAT', 1)),
      false,
    ],
    ['a PNG whose chunks before IDAT run past the head', png(chunk('IHDR', 13), [0, 1, 0, 0, ...ascii('iCCP')]), false],
    ['a JPEG without EXIF', jpeg(JFIF), true],
    ['a JPEG with orientation 1', jpeg(exifSegment([[0x0112, 1]], false)), true],
    ['a JPEG turned by its EXIF (6)', jpeg(exifSegment([[0x0112, 6]], true)), false],
    ['a WebP', bytes(ascii('RIFF'), [0, 0, 0, 0], ascii('WEBPVP8 ')), false],
    ['a GIF', bytes(ascii('GIF89a')), false],
    ['a BMP', bytes(ascii('BM'), [0, 0, 0, 0]), false],
    ['nothing', new Uint8Array(0), false],
  ])('%s: %s', (_name, head, expected) => {
    expect(readableAsIs(head)).toBe(expected);
  });
});
