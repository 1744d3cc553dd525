import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../lib/simulation';
import { NOT_UNICODE_ERROR } from '../../lib/unicode';
import {
  capacityBytes,
  extractMessage,
  HEADER_BYTES,
  HIDE_REQUIRED,
  hideMessage,
  MAGIC,
  NO_MESSAGE_FOUND,
  stegoFileName,
  tooLongMessage,
  utf8Length,
} from './steganography.service';

/** An opaque RGBA image of `pixels` pixels filled with pseudo-random colours. */
function randomImage(pixels: number, seed = 1, alpha: (index: number) => number = () => 255): Uint8ClampedArray {
  const random = seededRandom(seed);
  const data = new Uint8ClampedArray(pixels * 4);
  for (let i = 0; i < pixels; i++) {
    data[i * 4] = Math.floor(random() * 256);
    data[i * 4 + 1] = Math.floor(random() * 256);
    data[i * 4 + 2] = Math.floor(random() * 256);
    data[i * 4 + 3] = alpha(i);
  }
  return data;
}

/** Pixels needed for a payload of `bytes` message bytes: 3 bits per pixel. */
const pixelsFor = (bytes: number) => Math.ceil(((bytes + HEADER_BYTES) * 8) / 3);

describe('capacityBytes = ⌊3 × opaque pixels / 8⌋ − 8', () => {
  it.each([
    ['empty image', 0, 0],
    ['1 pixel', 1, 0],
    ['21 pixels: 63 bits, 7 bytes < header', 21, 0],
    ['22 pixels: 66 bits, 8 bytes = header only', 22, 0],
    ['24 pixels: 72 bits, 9 bytes', 24, 1],
    ['100 pixels: 300 bits, 37 bytes', 100, 29],
    ['640×480', 640 * 480, 115_192],
    ['1920×1080', 1920 * 1080, 777_592],
  ])('%s → %i', (_label, pixels, expected) => {
    expect(capacityBytes(randomImage(pixels))).toBe(expected);
  });

  it.each([
    ['every pixel translucent', () => 254, 0],
    ['every pixel transparent', () => 0, 0],
    ['half the pixels opaque', (i: number) => (i % 2 === 0 ? 255 : 128), 29],
  ])('skips pixels that are not fully opaque: %s', (_label, alpha, expected) => {
    expect(capacityBytes(randomImage(200, 3, alpha))).toBe(expected);
  });
});

describe('hide → extract round trip', () => {
  it.each([
    ['ASCII', 'Hello, World!'],
    ['one character', 'x'],
    ['emoji and combining marks', 'Grüße 👋🏽 日本語 😀 👨‍👩‍👧'],
    ['multi-line with CRLF and tabs', 'line one\nline two\r\n\tindented\n\n'],
    ['NUL and control characters', 'a\u0000b\u0007c'],
    ['looks like the marker', 'TVSG\u0000\u0000\u0000\u0004TVSG'],
    ['a leading byte-order mark', '\uFEFFbom'],
    ['only a byte-order mark', '\uFEFF'],
    ['two byte-order marks', '\uFEFF\uFEFFx\uFEFF'],
    ['a replacement character the user typed', 'a\uFFFDb'],
  ])('%s', (_label, message) => {
    const image = randomImage(pixelsFor(utf8Length(message)) + 7, 11);
    const hidden = hideMessage({ pixels: image, message });
    expect(hidden.ok).toBe(true);
    if (!hidden.ok) return;
    expect(hidden.value.messageBytes).toBe(utf8Length(message));
    expect(extractMessage(hidden.value.pixels)).toEqual({ ok: true, value: message });
  });

  it('fits a message of exactly the capacity, and refuses one byte more', () => {
    const image = randomImage(400, 5); // 1200 bits → 150 bytes → 142 for the message
    expect(capacityBytes(image)).toBe(142);
    const exact = 'é'.repeat(71); // 142 bytes in UTF-8
    const hidden = hideMessage({ pixels: image, message: exact });
    expect(hidden.ok && extractMessage(hidden.value.pixels)).toEqual({ ok: true, value: exact });
    expect(hideMessage({ pixels: image, message: `${exact}a` })).toEqual({
      ok: false,
      error: tooLongMessage(143, 142),
    });
  });

  it('round-trips through an image with translucent pixels, leaving them and every alpha untouched', () => {
    const image = randomImage(600, 8, (i) => (i % 3 === 0 ? 100 : 255));
    const message = 'skip the see-through pixels ✓';
    const hidden = hideMessage({ pixels: image, message });
    expect(hidden.ok).toBe(true);
    if (!hidden.ok) return;
    for (let i = 0; i < image.length; i += 4) {
      expect(hidden.value.pixels[i + 3]).toBe(image[i + 3]);
      if (image[i + 3] !== 255) expect(hidden.value.pixels.subarray(i, i + 4)).toEqual(image.subarray(i, i + 4));
    }
    expect(extractMessage(hidden.value.pixels)).toEqual({ ok: true, value: message });
  });

  it('changes each colour channel by at most 1, and only the channels it needs', () => {
    const image = randomImage(1000, 9);
    const message = 'abc';
    const hidden = hideMessage({ pixels: image, message });
    if (!hidden.ok) throw new Error(hidden.error);
    const usedChannels = (HEADER_BYTES + 3) * 8;
    let channel = 0;
    for (let i = 0; i < image.length; i++) {
      if (i % 4 === 3) continue;
      expect(Math.abs(hidden.value.pixels[i]! - image[i]!)).toBeLessThanOrEqual(1);
      if (channel >= usedChannels) expect(hidden.value.pixels[i]).toBe(image[i]);
      channel++;
    }
  });

  it('does not modify the input buffer', () => {
    const image = randomImage(500, 4);
    const before = new Uint8ClampedArray(image);
    hideMessage({ pixels: image, message: 'secret' });
    expect(image).toEqual(before);
  });

  it('writes the marker and a big-endian length first, most significant bit first', () => {
    const image = new Uint8ClampedArray(100 * 4).fill(255);
    const hidden = hideMessage({ pixels: image, message: 'A' });
    if (!hidden.ok) throw new Error(hidden.error);
    const bits = Array.from(hidden.value.pixels.filter((_v, i) => i % 4 !== 3).slice(0, 72), (v) => v & 1);
    const bytes = Array.from({ length: 9 }, (_v, i) => parseInt(bits.slice(i * 8, i * 8 + 8).join(''), 2));
    expect(bytes).toEqual([...MAGIC, 0, 0, 0, 1, 0x41]);
  });
});

describe('hideMessage refuses', () => {
  it.each([
    ['an empty message', randomImage(1000), '', HIDE_REQUIRED],
    ['a message longer than the capacity', randomImage(100), 'x'.repeat(30), tooLongMessage(30, 29)],
    ['any message in an image below the header size', randomImage(20), 'x', tooLongMessage(1, 0)],
    ['a message in a fully transparent image', randomImage(1000, 1, () => 0), 'x', tooLongMessage(1, 0)],
    [
      'a message whose characters fit but whose UTF-8 bytes do not',
      randomImage(100),
      '😀'.repeat(8),
      tooLongMessage(32, 29),
    ],
    // Text that is not valid Unicode gets the same refusal as in Base64 and URL, never a U+FFFD in its place.
    ['a lone high surrogate', randomImage(1000), 'ab\uD83D', NOT_UNICODE_ERROR],
    ['a lone low surrogate first', randomImage(1000), '\uDE00x', NOT_UNICODE_ERROR],
    ['surrogates in the wrong order', randomImage(1000), '\uDE00\uD83D', NOT_UNICODE_ERROR],
  ])('%s', (_label, pixels, message, error) => {
    expect(hideMessage({ pixels, message })).toEqual({ ok: false, error });
  });

  it('names the sizes in its message', () => {
    expect(tooLongMessage(1234, 29)).toBe(
      'The message is 1,234 bytes, but this image can hold at most 29 bytes. Use a larger image or a shorter message.',
    );
    expect(tooLongMessage(5, 0)).toBe('This image is too small to hold a message. Choose a larger image.');
  });
});

describe('extractMessage finds nothing', () => {
  /** Writes raw payload bytes into the low bits, bypassing hideMessage's checks. */
  function withPayload(image: Uint8ClampedArray, payload: number[]): Uint8ClampedArray {
    const out = new Uint8ClampedArray(image);
    let channel = 0;
    for (const byte of payload) {
      for (let bit = 7; bit >= 0; bit--) {
        while (channel % 4 === 3) channel++;
        out[channel] = (out[channel]! & 0xfe) | ((byte >> bit) & 1);
        channel++;
      }
    }
    return out;
  }

  it.each([
    ['an empty image', new Uint8ClampedArray(0)],
    ['a tiny image', randomImage(10)],
    ['random pixels', randomImage(10_000, 42)],
    ['a white image', new Uint8ClampedArray(10_000 * 4).fill(255)],
    ['a black opaque image', new Uint8ClampedArray(10_000 * 4).map((_v, i) => (i % 4 === 3 ? 255 : 0))],
    ['a wrong marker', withPayload(randomImage(1000), [0x54, 0x56, 0x53, 0x48, 0, 0, 0, 1, 0x41])],
    ['a length of zero', withPayload(randomImage(1000), [...MAGIC, 0, 0, 0, 0])],
    ['a length one above the capacity', withPayload(randomImage(1000), [...MAGIC, 0, 0, 1, 0x70])], // 368; capacity 367
    ['a corrupted length of 2³² − 1', withPayload(randomImage(1000), [...MAGIC, 255, 255, 255, 255])],
    ['bytes that are not UTF-8', withPayload(randomImage(1000), [...MAGIC, 0, 0, 0, 2, 0xc3, 0x28])],
  ])('%s', (_label, pixels) => {
    expect(extractMessage(pixels)).toEqual({ ok: false, error: NO_MESSAGE_FOUND });
  });

  it('but does find a payload of exactly the capacity written by hand', () => {
    const image = randomImage(1000);
    expect(capacityBytes(image)).toBe(367);
    const body = Array.from({ length: 367 }, () => 0x41);
    expect(extractMessage(withPayload(image, [...MAGIC, 0, 0, 1, 0x6f, ...body]))).toEqual({
      ok: true,
      value: 'A'.repeat(367),
    });
  });

  it('after the low bits are disturbed, as a lossy re-encode would', () => {
    const hidden = hideMessage({ pixels: randomImage(1000), message: 'fragile' });
    if (!hidden.ok) throw new Error(hidden.error);
    const damaged = hidden.value.pixels.map((value, i) => (i % 4 === 3 ? value : value ^ 1));
    expect(extractMessage(damaged)).toEqual({ ok: false, error: NO_MESSAGE_FOUND });
  });
});

describe('utf8Length and stegoFileName', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['é', 2],
    ['€', 3],
    ['😀', 4],
    ['a\nb', 3],
  ])('utf8Length(%j) = %i', (text, bytes) => {
    expect(utf8Length(text)).toBe(bytes);
  });

  it.each([
    ['photo.jpg', 'stego_photo.png'],
    ['photo.png', 'stego_photo.png'],
    ['my.holiday.webp', 'stego_my.holiday.png'],
    ['noextension', 'stego_noextension.png'],
    ['', 'stego_image.png'],
  ])('%j → %j', (name, expected) => {
    expect(stegoFileName(name)).toBe(expected);
  });
});
