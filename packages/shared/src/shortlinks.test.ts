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
  SHORTLINK_LIMITS,
  SHORTLINK_MESSAGES,
  shortUrl,
} from './shortlinks';
import {
  ZAnalyticsWindowQuery,
  ZGuestShortlinkInput,
  ZShortlinkIdParams,
  ZShortlinkImportRow,
  ZShortlinkInput,
  ZShortlinkUpdate,
  ZShortlinkExportQuery,
  ZShortlinkListQuery,
} from './shortlinks.schemas';
import { requestIssue } from './text.schemas';
import type { z } from './zod';

const { invalidUrl, required, reservedCode, invalidCode } = SHORTLINK_MESSAGES;

describe('ZShortlinkInput', () => {
  const base = { title: 'Docs', targetUrl: 'https://example.com/docs' };

  it('fills defaults and trims', () => {
    expect(
      ZShortlinkInput.parse({ title: '  Docs ', targetUrl: ' https://example.com/docs ', tags: [' a ', '', ' b'] }),
    ).toEqual({
      title: 'Docs',
      targetUrl: 'https://example.com/docs',
      shortCode: undefined,
      description: '',
      metaImage: '',
      tags: ['a', 'b'],
      redirectMode: 'preview',
      validFrom: null,
      validUntil: null,
      maxVisits: null,
      fallbackUrl: null,
      redirectStatus: 302,
    });
  });

  it('treats null optional fields and an empty code as absent', () => {
    expect(
      ZShortlinkInput.parse({ ...base, shortCode: ' ', description: null, metaImage: null, tags: null }),
    ).toMatchObject({ shortCode: undefined, description: '', metaImage: '', tags: [] });
  });

  const firstError = (body: unknown) => {
    const result = ZShortlinkInput.safeParse(body);
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  it.each<[string, unknown, string | undefined]>([
    ['valid', base, undefined],
    ['empty body', {}, required],
    ['not an object', [], required],
    ['null', null, required],
    ['blank title', { ...base, title: '   ' }, required],
    ['missing target', { title: 'Docs' }, required],
    ['blank target', { ...base, targetUrl: ' ' }, required],
    ['both blank', { title: '', targetUrl: '' }, required],
    ['javascript target', { ...base, targetUrl: 'javascript:alert(1)' }, invalidUrl],
    ['data meta image', { ...base, metaImage: 'data:image/png;base64,AAAA' }, invalidUrl],
    ['valid meta image', { ...base, metaImage: 'https://example.com/a.png' }, undefined],
    [
      'title too long',
      { ...base, title: 'x'.repeat(SHORTLINK_LIMITS.title + 1) },
      'Title must be at most 200 characters',
    ],
    ['title at the cap', { ...base, title: 'x'.repeat(SHORTLINK_LIMITS.title) }, undefined],
    [
      'description too long',
      { ...base, description: 'x'.repeat(SHORTLINK_LIMITS.description + 1) },
      'Description must be at most 500 characters',
    ],
    ['too many tags', { ...base, tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'At most 20 tags are allowed'],
    ['tag too long', { ...base, tags: ['x'.repeat(51)] }, 'Each tag must be at most 50 characters'],
    ['tags not a list', { ...base, tags: 'a,b' }, 'Tags must be a list of text'],
    ['title not text', { ...base, title: 42 }, required],
    ['reserved code', { ...base, shortCode: 'api' }, reservedCode],
    ['reserved code, other case', { ...base, shortCode: 'Blog' }, reservedCode],
    ['tool slug as code', { ...base, shortCode: 'hash-generator' }, reservedCode],
    ['code with a slash', { ...base, shortCode: 'a/b/c' }, invalidCode],
    ['code too short', { ...base, shortCode: 'ab' }, invalidCode],
    ['code too long', { ...base, shortCode: 'a'.repeat(33) }, invalidCode],
    ['valid code', { ...base, shortCode: 'Ab3_-x' }, undefined],
    ['direct redirect', { ...base, redirectMode: 'direct' }, undefined],
    ['unknown redirect mode', { ...base, redirectMode: 'instant' }, "redirectMode must be 'preview' or 'direct'"],
  ])('%s', (_label, body, message) => {
    expect(firstError(body)).toBe(message);
  });

  it('update and guest schemas refuse what they do not take, naming it', () => {
    const body = { ...base, shortCode: 'custom1', description: 'd', tags: ['a'], clickCount: 5 };
    const unknown = (result: { error?: { issues: z.core.$ZodIssue[] } }) =>
      requestIssue(result.error?.issues ?? []).message;
    expect(unknown(ZShortlinkInput.safeParse(body))).toBe('Unknown field: clickCount');
    expect(unknown(ZShortlinkUpdate.safeParse(body))).toBe('Unknown fields: shortCode, clickCount');
    expect(unknown(ZGuestShortlinkInput.safeParse(body))).toBe(
      'Unknown fields: shortCode, description, tags, clickCount',
    );
    const { shortCode: _code, clickCount: _count, ...update } = body;
    expect(ZShortlinkUpdate.parse(update)).toEqual({
      ...base,
      description: 'd',
      metaImage: '',
      tags: ['a'],
      redirectMode: 'preview',
      validFrom: null,
      validUntil: null,
      maxVisits: null,
      fallbackUrl: null,
      redirectStatus: 302,
    });
    expect(ZGuestShortlinkInput.parse({ ...base, metaImage: null })).toEqual({ ...base, metaImage: '' });
  });
});

describe('ZShortlinkImportRow', () => {
  const base = { title: 'Docs', targetUrl: 'https://example.com/docs' };
  it.each<[string, unknown, boolean]>([
    ['plain row', base, true],
    ['export row', { ...base, clickCount: 3, createdAt: '2024-05-01T10:00:00.000Z', id: 9 }, true],
    ['a field no export has', { ...base, colour: 'red' }, false],
    ['export row with rules', { ...base, maxVisits: 3, redirectStatus: 308, validUntil: '2030-01-01T00:00:00Z' }, true],
    ['negative clickCount', { ...base, clickCount: -1 }, false],
    ['fractional clickCount', { ...base, clickCount: 1.5 }, false],
    ['clickCount past 32 bits', { ...base, clickCount: 2 ** 31 }, true],
    ['clickCount at the cap', { ...base, clickCount: SHORTLINK_LIMITS.importClickCount }, true],
    ['clickCount past the cap', { ...base, clickCount: SHORTLINK_LIMITS.importClickCount + 1 }, false],
    ['bad createdAt', { ...base, createdAt: 'yesterday' }, false],
    ['empty', {}, false],
  ])('%s', (_label, row, valid) => {
    expect(ZShortlinkImportRow.safeParse(row).success).toBe(valid);
  });
});

describe('ZShortlinkIdParams', () => {
  it.each<[string, number | undefined]>([
    ['1', 1],
    ['42', 42],
    ['0', undefined],
    ['-1', undefined],
    ['1.5', undefined],
    ['abc', undefined],
    ['', undefined],
    ['01', undefined],
    ['99999999999999999', undefined],
  ])('%j', (id, expected) => {
    const result = ZShortlinkIdParams.safeParse({ id });
    expect(result.success ? result.data.id : undefined).toBe(expected);
  });
});

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

describe('ZShortlinkListQuery', () => {
  const limitError = 'limit must be a whole number from 1 to 100';
  it('fills defaults', () => {
    expect(ZShortlinkListQuery.parse({})).toEqual({
      limit: 25,
      cursor: undefined,
      q: undefined,
      tag: undefined,
      sort: 'newest',
      status: 'all',
      folder: undefined,
      archived: false,
    });
    expect(
      ZShortlinkListQuery.parse({
        limit: '100',
        q: '  git ',
        tag: ' ',
        sort: 'title',
        cursor: 'abc_-1',
        folder: 'none',
        archived: 'true',
      }),
    ).toEqual({
      limit: 100,
      cursor: 'abc_-1',
      q: 'git',
      tag: undefined,
      sort: 'title',
      status: 'all',
      folder: 'none',
      archived: true,
    });
    expect(ZShortlinkListQuery.parse({ folder: '12' }).folder).toBe(12);
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['limit 0', { limit: '0' }, limitError],
    ['limit 101', { limit: '101' }, limitError],
    ['limit abc', { limit: 'abc' }, limitError],
    ['limit empty', { limit: '' }, limitError],
    ['limit negative', { limit: '-1' }, limitError],
    ['limit twice', { limit: ['1', '2'] }, limitError],
    ['cursor with a slash', { cursor: 'a/b' }, 'Invalid cursor'],
    ['cursor too long', { cursor: 'a'.repeat(1501) }, 'Invalid cursor'],
    ['sort not listed', { sort: 'id; DROP TABLE' }, 'sort must be one of newest, clicks, title'],
    ['q too long', { q: 'x'.repeat(201) }, 'Search text must be at most 200 characters'],
    ['tag too long', { tag: 'x'.repeat(51) }, 'A tag is at most 50 characters'],
  ])('%s → 400', (_label, query, message) => {
    const result = ZShortlinkListQuery.safeParse(query);
    expect(result.success ? undefined : result.error.issues[0]?.message).toBe(message);
  });
});

describe('ZAnalyticsWindowQuery and ZShortlinkExportQuery', () => {
  it.each<[unknown, string | undefined]>([
    [{}, '30d'],
    [{ range: '7d' }, '7d'],
    [{ range: 'all' }, 'all'],
    [{ range: '365d' }, undefined],
    [{ range: '' }, undefined],
    [{ from: '2025-03-01', to: '2025-03-02' }, 'custom'],
    [{ from: '2025-03-01' }, undefined],
    [{ from: '2025-03-02', to: '2025-03-01' }, undefined],
    [{ range: '30d', step: 'hour' }, undefined],
    [{ range: '7d', step: 'hour' }, '7d'],
  ])('range %j → %s', (query, range) => {
    const result = ZAnalyticsWindowQuery.safeParse(query);
    expect(result.success ? result.data.range : undefined).toBe(range);
  });

  it.each<[unknown, string | undefined]>([
    [{}, 'json'],
    [{ format: 'csv' }, 'csv'],
    [{ format: 'xml' }, undefined],
  ])('format %j → %s', (query, format) => {
    const result = ZShortlinkExportQuery.safeParse(query);
    expect(result.success ? result.data.format : undefined).toBe(format);
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
