import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../lib/simulation';
import { decodeBase64, encodeBase64, ENCODE_FAILED, INVALID_BASE64 } from './base64.service';

// RFC 4648 §10 test vectors, then UTF-8 text that must survive the round trip.
const VECTORS: [text: string, base64: string][] = [
  ['', ''],
  ['f', 'Zg=='],
  ['fo', 'Zm8='],
  ['foo', 'Zm9v'],
  ['foob', 'Zm9vYg=='],
  ['fooba', 'Zm9vYmE='],
  ['foobar', 'Zm9vYmFy'],
  ['é', 'w6k='],
  ['café', 'Y2Fmw6k='],
  ['日本語', '5pel5pys6Kqe'],
  ['😀', '8J+YgA=='],
  ['Hello, 世界! 👋🏽 ñ', 'SGVsbG8sIOS4lueVjCEg8J+Ri/Cfj70gw7E='],
  ['\uFEFFbom', '77u/Ym9t'],
  ['line1\nline2\t\0', 'bGluZTEKbGluZTIJAA=='],
];

describe('encodeBase64', () => {
  it.each(VECTORS)('%j → %j', (text, base64) => {
    expect(encodeBase64(text)).toEqual({ ok: true, value: base64 });
  });

  it.each([['\uD800'], ['a\uDC00b'], ['x😀'.slice(0, 2)]])('refuses a lone surrogate %j', (text) => {
    expect(encodeBase64(text)).toEqual({ ok: false, error: ENCODE_FAILED });
  });

  it('encodes input larger than one chunk', () => {
    const text = 'é'.repeat(50_000);
    const encoded = encodeBase64(text);
    expect(encoded.ok && encoded.value.length).toBe(133_336);
    expect(encoded.ok && decodeBase64(encoded.value)).toEqual({ ok: true, value: text });
  });
});

describe('decodeBase64', () => {
  it.each(VECTORS)('%j ← %j', (text, base64) => {
    expect(decodeBase64(base64)).toEqual({ ok: true, value: text });
  });

  it.each([
    ['surrounding whitespace and newlines', '  Zm9v\n', 'foo'],
    ['MIME line breaks inside', 'Zm9v\r\nYmFy\n', 'foobar'],
    ['tabs between groups', 'Zm9v\tYg==', 'foob'],
    ['URL-safe alphabet', '8J-YgA', '😀'],
    ['URL-safe with padding', '8J-YgA==', '😀'],
    ['missing padding (2 left)', 'Zg', 'f'],
    ['missing padding (3 left)', 'Zm8', 'fo'],
    ['underscore for slash', 'w78_', 'ÿ?'],
    ['both alphabets mixed', 'Pz8-w78_', '??>ÿ?'],
  ])('accepts %s', (_label, input, text) => {
    expect(decodeBase64(input)).toEqual({ ok: true, value: text });
  });

  it.each([
    ['characters outside the alphabet', '@@@'],
    ['a dot', 'Zm9v.'],
    ['unicode', 'Zm9v€'],
    ['3 characters that are not UTF-8', 'abc'],
    ['short padded group', 'Zg='],
    ['padding after a full group', 'Zm9v='],
    ['padding only', '===='],
    ['too much padding', 'Z==='],
    ['padding in the middle', 'Zg==Zg=='],
    ['padding first', '=Zg='],
    ['a lone last character', 'Zm9vY'],
    ['one character', 'Z'],
    ['invalid UTF-8 (lone continuation byte)', 'gA=='],
    ['invalid UTF-8 (truncated sequence)', '4oI='],
    ['invalid UTF-8 (overlong)', 'wK8='],
    ['encoded lone surrogate (CESU)', '7aCA'],
    ['valid alphabet, bytes 3f ff 3f are not UTF-8', 'P_8_'],
  ])('refuses %s: %j', (_label, input) => {
    expect(decodeBase64(input)).toEqual({ ok: false, error: INVALID_BASE64 });
  });
});

describe('round trip', () => {
  const ALPHABET = [
    'a',
    'Z',
    '0',
    ' ',
    '\n',
    '+',
    '/',
    '=',
    'é',
    'ß',
    '日',
    '語',
    '😀',
    '👋🏽',
    '🇫🇷',
    '\u0000',
    '\uFEFF',
  ];
  const random = seededRandom(4648);
  const strings = Array.from({ length: 200 }, () =>
    Array.from({ length: Math.floor(random() * 40) }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]).join(''),
  );

  it('decode(encode(text)) === text for 200 seeded random strings', () => {
    for (const text of strings) {
      const encoded = encodeBase64(text);
      expect(encoded.ok).toBe(true);
      if (encoded.ok) expect(decodeBase64(encoded.value)).toEqual({ ok: true, value: text });
    }
  });
});
