import { describe, expect, it } from 'vitest';
import { NOT_UNICODE_ERROR, hasLoneSurrogate, utf8Bytes } from './unicode';

describe('utf8Bytes', () => {
  it.each([
    ['', []],
    ['a', [0x61]],
    ['é', [0xc3, 0xa9]],
    ['😀', [0xf0, 0x9f, 0x98, 0x80]],
    ['\uFEFFbom', [0xef, 0xbb, 0xbf, 0x62, 0x6f, 0x6d]],
  ])('encodes %j exactly', (text, bytes) => {
    const encoded = utf8Bytes(text);
    expect(encoded.ok && Array.from(encoded.value)).toEqual(bytes);
    expect(hasLoneSurrogate(text)).toBe(false);
  });

  it.each([['\uD800'], ['a\uDC00b'], ['x😀'.slice(0, 2)], ['😀'.slice(1)]])(
    'refuses the lone surrogate in %j',
    (text) => {
      expect(hasLoneSurrogate(text)).toBe(true);
      expect(utf8Bytes(text)).toEqual({ ok: false, error: NOT_UNICODE_ERROR });
    },
  );
});
