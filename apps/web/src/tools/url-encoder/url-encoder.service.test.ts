import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../lib/simulation';
import { ENCODE_FAILED, INVALID_URL_ENCODING, urlDecode, urlEncode } from './url-encoder.service';

const ROWS: [text: string, encoded: string][] = [
  ['', ''],
  ['hello', 'hello'],
  ['hello world', 'hello%20world'],
  ["unreserved -_.!~*'()", "unreserved%20-_.!~*'()"],
  ['a+b=c&d', 'a%2Bb%3Dc%26d'],
  ['https://example.com/a b?q=1&r=ü#frag', 'https%3A%2F%2Fexample.com%2Fa%20b%3Fq%3D1%26r%3D%C3%BC%23frag'],
  ['100%', '100%25'],
  ['é', '%C3%A9'],
  ['日本語', '%E6%97%A5%E6%9C%AC%E8%AA%9E'],
  ['😀', '%F0%9F%98%80'],
  ['line\nbreak\ttab', 'line%0Abreak%09tab'],
  ['<script>"x"</script>', '%3Cscript%3E%22x%22%3C%2Fscript%3E'],
];

describe('urlEncode', () => {
  it.each(ROWS)('%j → %j', (text, encoded) => {
    expect(urlEncode(text)).toEqual({ ok: true, value: encoded });
  });

  it.each([['\uD800'], ['a\uDFFFb'], ['x😀'.slice(0, 2)]])('refuses a lone surrogate %j', (text) => {
    expect(urlEncode(text)).toEqual({ ok: false, error: ENCODE_FAILED });
  });
});

describe('urlDecode', () => {
  it.each(ROWS)('%j ← %j', (text, encoded) => {
    expect(urlDecode(encoded)).toEqual({ ok: true, value: text });
  });

  it.each([
    ['lower-case hex', '%c3%a9', 'é'],
    ['plus stays a plus', 'a+b', 'a+b'],
    ['already plain text', 'plain text?', 'plain text?'],
    ['reserved characters left as they are', 'a%2Fb/c', 'a/b/c'],
  ])('%s', (_label, encoded, text) => {
    expect(urlDecode(encoded)).toEqual({ ok: true, value: text });
  });

  it.each([
    ['a bare percent', '%'],
    ['one hex digit', '%4'],
    ['not hex', '%zz'],
    ['percent at the end', '100%'],
    ['truncated UTF-8 sequence', '%E0%A4%A'],
    ['lone continuation byte', '%80'],
    ['lead byte without continuation', '%C3'],
    ['overlong encoding', '%C0%AF'],
    ['encoded surrogate', '%ED%A0%80'],
  ])('refuses %s: %j', (_label, encoded) => {
    expect(urlDecode(encoded)).toEqual({ ok: false, error: INVALID_URL_ENCODING });
  });
});

describe('round trip', () => {
  const ALPHABET = ['a', 'Z', '9', ' ', '%', '+', '&', '=', '?', '/', '#', 'é', '日', '😀', '👋🏽', '\n'];
  const random = seededRandom(3986);
  const strings = Array.from({ length: 200 }, () =>
    Array.from({ length: Math.floor(random() * 30) }, () => ALPHABET[Math.floor(random() * ALPHABET.length)]).join(''),
  );

  it('urlDecode(urlEncode(text)) === text for 200 seeded random strings', () => {
    for (const text of strings) {
      const encoded = urlEncode(text);
      expect(encoded.ok).toBe(true);
      if (encoded.ok) expect(urlDecode(encoded.value)).toEqual({ ok: true, value: text });
    }
  });
});
