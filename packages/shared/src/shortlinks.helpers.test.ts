// The shortlinks' helpers and the rules client and server share: tags text, allowed and generated
// short codes with their random source, the reserved route words, and UTC days.
import { describe, expect, it } from 'vitest';
import { PAGE_PREFIXES, PAGE_SEGMENTS, RESERVED_SEGMENTS, SERVER_SEGMENTS, TOOL_SLUGS } from './routes';
import {
  cryptoRandomIndex,
  generateShortCode,
  pooledWords,
  randomIndexFrom,
  SHORT_CODE_ALPHABET,
  SHORT_CODE_LENGTH,
  type RandomIndex,
} from './short-codes';
import {
  DAY_MS,
  isAllowedShortCode,
  isSameUtcDay,
  utcDayKey,
  utcDayStart,
  parseTagsText,
  shortUrl,
} from './shortlinks';

describe('helpers', () => {
  it.each<[string, string[]]>([
    ['', []],
    ['a', ['a']],
    [' a , b ,, c ,', ['a', 'b', 'c']],
    [' , ', []],
  ])('parseTagsText(%j)', (text, tags) => {
    expect(parseTagsText(text)).toEqual(tags);
  });

  it.each<[string, boolean]>([
    ['abc123', true],
    ['my-link_1', true],
    ['API', false],
    ['login', false],
    ['sample-shortlinks.json', false],
    ['ab', false],
    ['', false],
  ])('isAllowedShortCode(%j)', (code, allowed) => {
    expect(isAllowedShortCode(code)).toBe(allowed);
  });

  it('shortUrl joins origin and code', () => {
    expect(shortUrl('https://toolvault.example/', 'abc123')).toBe('https://toolvault.example/abc123');
    expect(shortUrl('http://localhost:3000', 'x1y2z3')).toBe('http://localhost:3000/x1y2z3');
  });
});

describe('the shortlink rules, defined once', () => {
  /** Hands out the alphabet positions of `codes`, in order; fails the test when asked for more. */
  const drawing = (...codes: string[]): RandomIndex => {
    const draws = codes.flatMap((code) => [...code].map((char) => SHORT_CODE_ALPHABET.indexOf(char)));
    return (max) => {
      expect(max).toBe(SHORT_CODE_ALPHABET.length);
      const next = draws.shift();
      if (next === undefined) throw new Error('more draws than expected');
      return next;
    };
  };

  it('generates 6 characters of A–Z a–z 0–9', () => {
    expect(SHORT_CODE_LENGTH).toBe(6);
    expect(SHORT_CODE_ALPHABET).toBe('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789');
  });

  it.each<[string, string[], string]>([
    ['the first draw when it is free', ['Zz09aB'], 'Zz09aB'],
    ['a reserved word is drawn again', ['vendor', 'abc123'], 'abc123'],
    ['reserved words match in any case', ['ASSETS', 'Vendor', 'x1y2z3'], 'x1y2z3'],
  ])('generateShortCode: %s', (_label, codes, expected) => {
    const source = drawing(...codes);
    expect(generateShortCode(source)).toBe(expected);
    expect(() => source(SHORT_CODE_ALPHABET.length)).toThrow('more draws than expected');
  });

  it('generateShortCode gives up (a bug, not user input) on a source that only draws reserved words', () => {
    expect(() => generateShortCode(drawing(...Array<string>(100).fill('assets')))).toThrow();
  });

  it('generateShortCode with crypto draws allowed codes of the alphabet', () => {
    for (let i = 0; i < 200; i += 1) {
      const code = generateShortCode();
      expect(code).toMatch(/^[A-Za-z0-9]{6}$/);
      expect(isAllowedShortCode(code)).toBe(true);
    }
  });

  /** A word source that hands out `words` in order, then fails. */
  const words =
    (...values: number[]) =>
    (array: Uint32Array) => {
      const next = values.shift();
      if (next === undefined) throw new Error('more words than expected');
      array[0] = next;
    };

  it.each<[string, number[], number, number]>([
    ['0 is the first index', [0], 62, 0],
    ['the word modulo max', [123], 62, 123 % 62],
    ['the largest accepted word (2^32 - 5) is index 61', [2 ** 32 - 5], 62, 61],
    ['words at or above 2^32 - 4 are drawn again (no modulo bias)', [2 ** 32 - 4, 2 ** 32 - 1, 7], 62, 7],
    ['a power of two rejects nothing', [2 ** 32 - 1], 64, 63],
    ['max 1 is always 0', [2 ** 32 - 1], 1, 0],
  ])('randomIndexFrom: %s', (_label, values, max, expected) => {
    expect(randomIndexFrom(words(...values))(max)).toBe(expected);
  });

  it.each([0, -1, 1.5, 2 ** 32 + 1, Number.NaN])('randomIndexFrom refuses max %d', (max) => {
    expect(() => randomIndexFrom(words(0))(max)).toThrow(RangeError);
  });

  it('pooledWords hands out every word of each fill once, in order, and fills again when the pool is empty', () => {
    let fills = 0;
    const source = pooledWords((array) => {
      fills += 1;
      for (let i = 0; i < array.length; i += 1) array[i] = fills * 10_000 + i;
    });
    const first = new Uint32Array(3);
    source(first);
    expect([...first]).toEqual([10_000, 10_001, 10_002]);
    expect(fills).toBe(1);
    // The rest of the first fill (1,024 words), then the start of a second one.
    const rest = new Uint32Array(1024);
    source(rest);
    expect(rest[1020]).toBe(11_023);
    expect([...rest.subarray(1021)]).toEqual([20_000, 20_001, 20_002]);
    expect(fills).toBe(2);
  });

  it('cryptoRandomIndex stays in range', () => {
    for (let i = 0; i < 500; i += 1) expect(cryptoRandomIndex(62)).toBeGreaterThanOrEqual(0);
    const seen = new Set(Array.from({ length: 2000 }, () => cryptoRandomIndex(10)));
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('reserves exactly the route table: tools, pages, page prefixes and the server segments', () => {
    expect([...RESERVED_SEGMENTS].sort()).toEqual(
      [...TOOL_SLUGS, ...PAGE_SEGMENTS, ...PAGE_PREFIXES, ...SERVER_SEGMENTS].sort(),
    );
    for (const word of RESERVED_SEGMENTS) {
      expect(isAllowedShortCode(word)).toBe(false);
      expect(isAllowedShortCode(word.toUpperCase())).toBe(false);
    }
  });

  it.each<[string, string, number, string]>([
    ['midnight UTC is its own day', '2024-05-15T00:00:00.000Z', Date.UTC(2024, 4, 15), '2024-05-15'],
    ['the last millisecond UTC', '2024-05-15T23:59:59.999Z', Date.UTC(2024, 4, 15), '2024-05-15'],
    [
      'an offset is read as UTC (still the 14th there)',
      '2024-05-15T01:00:00.000+02:00',
      Date.UTC(2024, 4, 14),
      '2024-05-14',
    ],
    ['a leap day', '2024-02-29T12:00:00.000Z', Date.UTC(2024, 1, 29), '2024-02-29'],
  ])('UTC days: %s', (_label, iso, start, key) => {
    expect(utcDayStart(new Date(iso))).toBe(start);
    expect(utcDayStart(Date.parse(iso))).toBe(start);
    expect(utcDayKey(Date.parse(iso))).toBe(key);
    expect(utcDayKey(start + DAY_MS - 1)).toBe(key);
  });

  it.each<[string, string, string, boolean]>([
    ['same UTC date', '2024-05-15T00:00:00.000Z', '2024-05-15T23:59:59.999Z', true],
    ['across UTC midnight', '2024-05-14T23:59:59.999Z', '2024-05-15T00:00:00.000Z', false],
    [
      'two local dates east of UTC, one UTC date',
      '2024-05-15T23:30:00.000+02:00',
      '2024-05-16T00:30:00.000+02:00',
      true,
    ],
    ['not a date', 'not a date', '2024-05-15T00:00:00.000Z', false],
  ])('isSameUtcDay: %s', (_label, a, b, same) => {
    expect(isSameUtcDay(Date.parse(a), Date.parse(b))).toBe(same);
  });
});
