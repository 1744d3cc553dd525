import { withRuleDefaults } from '@toolvault/shared';
import { SHORT_CODE_ALPHABET, SHORTLINK_MESSAGES, type RandomIndex, type Shortlink } from '@toolvault/shared';
import { describe, expect, it, vi } from 'vitest';
import {
  chartModel,
  checkGuestLimit,
  classifyGuestError,
  countLabel,
  createWithRetry,
  displayHost,
  EMPTY_FORM,
  exportFileName,
  formFromLink,
  parseImportFile,
  parseStoredGuestLink,
  parseStoredTimestamp,
  percentOf,
  rateLimitDetail,
  summaryStats,
  tabIndexAfterKey,
  validateCreateForm,
  validateGuestForm,
  validateUpdateForm,
  type LinkFormValues,
} from './shortlink-manager.service';

const link = (id: number, clickCount: number, createdAt: string, extra: Partial<Shortlink> = {}): Shortlink => ({
  id,
  shortCode: `code${id}`,
  targetUrl: `https://example.com/${id}`,
  title: `Link ${id}`,
  description: '',
  metaImage: '',
  tags: [],
  clickCount,
  createdAt,
  redirectMode: 'preview',
  ...withRuleDefaults({}),
  createdBy: null,
  updatedBy: null,
  hasPassword: false,
  folderId: null,
  archived: false,
  ...extra,
});

describe('summaryStats', () => {
  it.each<[string, [number, number, number], ReturnType<typeof summaryStats>]>([
    ['no links', [0, 0, 0], { totalLinks: 0, totalClicks: 0, createdToday: 0, averageClicks: 0 }],
    [
      "today's count as the server sends it, past the 5 newest links",
      [20_000, 11, 11],
      { totalLinks: 20_000, totalClicks: 11, createdToday: 11, averageClicks: 0 },
    ],
    [
      'average rounds half up (5 / 2 = 2.5 → 3)',
      [2, 5, 0],
      { totalLinks: 2, totalClicks: 5, createdToday: 0, averageClicks: 3 },
    ],
    [
      'average rounds down (4 / 3 = 1.33 → 1)',
      [3, 4, 3],
      { totalLinks: 3, totalClicks: 4, createdToday: 3, averageClicks: 1 },
    ],
  ])('%s', (_name, [totalLinks, totalClicks, createdToday], expected) => {
    expect(summaryStats({ totalLinks, totalClicks, createdToday })).toEqual(expected);
  });
});

describe('checkGuestLimit', () => {
  const T = 1_700_000_000_000;
  it.each<[string, number | null, number, ReturnType<typeof checkGuestLimit>]>([
    ['never created', null, T, { allowed: true }],
    ['just created', T, T, { allowed: false, remainingSeconds: 60 }],
    ['after 1 ms', T, T + 1, { allowed: false, remainingSeconds: 60 }],
    ['after 59.001 s', T, T + 59_001, { allowed: false, remainingSeconds: 1 }],
    ['after 45 s', T, T + 45_000, { allowed: false, remainingSeconds: 15 }],
    ['exactly 60 s later', T, T + 60_000, { allowed: true }],
    ['much later', T, T + 3_600_000, { allowed: true }],
    ['timestamp slightly in the future blocks a full minute', T + 5_000, T, { allowed: false, remainingSeconds: 60 }],
    ['timestamp far in the future (clock moved) does not block forever', T + 3_600_000, T, { allowed: true }],
    ['NaN timestamp', Number.NaN, T, { allowed: true }],
  ])('%s', (_name, last, now, expected) => {
    expect(checkGuestLimit(last, now)).toEqual(expected);
  });
});

describe('stored guest values', () => {
  it.each<[string | null, number | null]>([
    [null, null],
    ['', null],
    ['  ', null],
    ['1700000000000', 1_700_000_000_000],
    ['abc', null],
    ['-5', null],
    ['Infinity', null],
  ])('timestamp %j → %j', (text, expected) => {
    expect(parseStoredTimestamp(text)).toBe(expected);
  });

  const stored = link(9, 0, '2024-05-01T00:00:00Z');
  it.each<[string, string | null, Shortlink | null]>([
    ['absent', null, null],
    ['empty', '', null],
    ['not JSON', '{oops', null],
    ['JSON null', 'null', null],
    ['an array', '[]', null],
    ['missing shortCode', JSON.stringify({ targetUrl: 'https://a.example', title: 't' }), null],
    ['a shortlink', JSON.stringify(stored), stored],
  ])('guest link: %s', (_name, text, expected) => {
    expect(parseStoredGuestLink(text)).toEqual(expected);
  });

  it.each<[number | null, string]>([
    [null, 'You can only create one shortlink per minute as a guest.'],
    [0, 'You can only create one shortlink per minute as a guest.'],
    [1, 'You can only create one shortlink per minute as a guest. Try again in 1 second.'],
    [42, 'You can only create one shortlink per minute as a guest. Try again in 42 seconds.'],
  ])('rate limit detail for %j', (seconds, expected) => {
    expect(rateLimitDetail(seconds)).toBe(expected);
  });
});

/** A random source that hands out the alphabet positions of `codes`, in order. */
function drawing(...codes: string[]): RandomIndex {
  const draws = codes.flatMap((code) => [...code].map((char) => SHORT_CODE_ALPHABET.indexOf(char)));
  return () => {
    const next = draws.shift();
    if (next === undefined) throw new Error('more draws than expected');
    return next;
  };
}

const form = (values: Partial<LinkFormValues>): LinkFormValues => ({ ...EMPTY_FORM, ...values });

describe('validateCreateForm', () => {
  it.each<[string, Partial<LinkFormValues>, ReturnType<typeof validateCreateForm>]>([
    ['empty form', {}, { ok: false, error: SHORTLINK_MESSAGES.required }],
    [
      'blank title',
      { title: '   ', targetUrl: 'https://a.example' },
      { ok: false, error: SHORTLINK_MESSAGES.required },
    ],
    ['missing target', { title: 'A' }, { ok: false, error: SHORTLINK_MESSAGES.required }],
    [
      'javascript: target',
      { title: 'A', targetUrl: 'javascript:alert(1)' },
      { ok: false, error: SHORTLINK_MESSAGES.invalidUrl },
    ],
    [
      'scheme-less target',
      { title: 'A', targetUrl: 'example.com' },
      { ok: false, error: SHORTLINK_MESSAGES.invalidUrl },
    ],
    [
      'data: meta image',
      { title: 'A', targetUrl: 'https://a.example', metaImage: 'data:image/png;base64,AA' },
      { ok: false, error: SHORTLINK_MESSAGES.invalidUrl },
    ],
    [
      'reserved code',
      { title: 'A', targetUrl: 'https://a.example', shortCode: 'blog' },
      { ok: false, error: SHORTLINK_MESSAGES.reservedCode },
    ],
    [
      'code with a slash',
      { title: 'A', targetUrl: 'https://a.example', shortCode: 'a/b/c' },
      { ok: false, error: SHORTLINK_MESSAGES.invalidCode },
    ],
    [
      'minimal: empty code means generate, tags empty',
      { title: ' OWASP ', targetUrl: ' https://owasp.org/ ' },
      {
        ok: true,
        value: {
          title: 'OWASP',
          targetUrl: 'https://owasp.org/',
          shortCode: undefined,
          description: '',
          metaImage: '',
          tags: [],
          redirectMode: 'preview',
          ...withRuleDefaults({}),
          folderId: null,
        },
      },
    ],
    [
      'full: tags split on commas, trimmed, empties dropped',
      {
        title: 'RFC',
        targetUrl: 'https://www.rfc-editor.org/rfc/rfc8446',
        shortCode: 'tls13',
        metaImage: 'https://img.example/a.png',
        description: ' TLS ',
        tags: ' rfc, tls ,, crypto ,',
        redirectMode: 'direct',
      },
      {
        ok: true,
        value: {
          title: 'RFC',
          targetUrl: 'https://www.rfc-editor.org/rfc/rfc8446',
          shortCode: 'tls13',
          description: 'TLS',
          metaImage: 'https://img.example/a.png',
          tags: ['rfc', 'tls', 'crypto'],
          redirectMode: 'direct',
          ...withRuleDefaults({}),
          folderId: null,
        },
      },
    ],
  ])('%s', (_name, values, expected) => {
    expect(validateCreateForm(form(values))).toEqual(expected);
  });
});

describe('validateUpdateForm and formFromLink', () => {
  it('drops the short code from the update body and round-trips tags and the redirect mode', () => {
    const existing = link(3, 4, '2024-05-01T00:00:00Z', {
      tags: ['a', 'b c'],
      description: 'd',
      redirectMode: 'direct',
    });
    const values = formFromLink(existing);
    expect(values.tags).toBe('a, b c');
    expect(values.redirectMode).toBe('direct');
    expect(validateUpdateForm(values)).toEqual({
      ok: true,
      value: {
        title: 'Link 3',
        targetUrl: 'https://example.com/3',
        description: 'd',
        metaImage: '',
        tags: ['a', 'b c'],
        redirectMode: 'direct',
        ...withRuleDefaults({}),
        folderId: null,
      },
    });
  });

  it('reads a link without a redirect mode (an older answer) as the preview page', () => {
    const { redirectMode: _dropped, ...older } = link(1, 0, '2024-05-01T00:00:00Z');
    expect(formFromLink(older as Shortlink).redirectMode).toBe('preview');
    expect(EMPTY_FORM.redirectMode).toBe('preview');
  });

  it.each<[string, Partial<LinkFormValues>, string]>([
    ['empty', {}, SHORTLINK_MESSAGES.required],
    ['bad target', { title: 'x', targetUrl: 'ftp://files.example' }, SHORTLINK_MESSAGES.invalidUrl],
  ])('refuses %s', (_name, values, error) => {
    expect(validateUpdateForm(form(values))).toEqual({ ok: false, error });
  });
});

describe('validateGuestForm', () => {
  it.each<[string, { title: string; targetUrl: string; metaImage: string }, ReturnType<typeof validateGuestForm>]>([
    [
      'empty',
      { title: '', targetUrl: '', metaImage: '' },
      { ok: false, error: { kind: 'required', message: SHORTLINK_MESSAGES.required } },
    ],
    [
      'title only',
      { title: 'x', targetUrl: ' ', metaImage: '' },
      { ok: false, error: { kind: 'required', message: SHORTLINK_MESSAGES.required } },
    ],
    [
      'mixed-case javascript:',
      { title: 'x', targetUrl: 'JaVaScRiPt:alert(1)', metaImage: '' },
      { ok: false, error: { kind: 'invalid-url', message: SHORTLINK_MESSAGES.invalidUrl } },
    ],
    [
      'protocol-relative',
      { title: 'x', targetUrl: '//evil.example', metaImage: '' },
      { ok: false, error: { kind: 'invalid-url', message: SHORTLINK_MESSAGES.invalidUrl } },
    ],
    [
      'valid',
      { title: ' x ', targetUrl: 'http://a.example/p?q=1', metaImage: '' },
      { ok: true, value: { title: 'x', targetUrl: 'http://a.example/p?q=1', metaImage: '' } },
    ],
  ])('%s', (_name, values, expected) => {
    expect(validateGuestForm(values)).toEqual(expected);
  });

  it.each<[string, string]>([
    [SHORTLINK_MESSAGES.required, 'required'],
    [SHORTLINK_MESSAGES.invalidUrl, 'invalid-url'],
    [SHORTLINK_MESSAGES.selfLink, 'other'],
    ['', 'other'],
  ])('validation message %j is a %s problem', (message, kind) => {
    expect(classifyGuestError(message)).toEqual({ kind, message });
  });
});

describe('createWithRetry', () => {
  const input = {
    title: 't',
    targetUrl: 'https://a.example',
    description: '',
    metaImage: '',
    tags: [],
    redirectMode: 'preview' as const,
    ...withRuleDefaults({}),
  };
  const taken = {
    ok: false as const,
    error: { message: SHORTLINK_MESSAGES.shortCodeTaken, code: 'SHORT_CODE_TAKEN' as const },
  };
  const created = { ok: true as const, value: null };
  const random = () => drawing('ABCDEF', 'GHIJKL', 'MNOPQR');

  it('sends a generated code and retries with a new one while it is taken', async () => {
    const send = vi.fn().mockResolvedValueOnce(taken).mockResolvedValueOnce(taken).mockResolvedValueOnce(created);
    expect(await createWithRetry({ ...input, shortCode: undefined }, send, { randomIndex: random() })).toBe(created);
    expect(send.mock.calls.map(([body]) => body.shortCode)).toEqual(['ABCDEF', 'GHIJKL', 'MNOPQR']);
  });

  it('gives up after the attempt limit with the last answer', async () => {
    const send = vi.fn().mockResolvedValue(taken);
    expect(
      await createWithRetry({ ...input, shortCode: undefined }, send, { randomIndex: random(), attempts: 3 }),
    ).toBe(taken);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('does not retry other codes, whatever their text says', async () => {
    const failure = {
      ok: false as const,
      error: { message: SHORTLINK_MESSAGES.shortCodeTaken, code: 'VALIDATION' as const },
    };
    const send = vi.fn().mockResolvedValue(failure);
    expect(await createWithRetry({ ...input, shortCode: undefined }, send, { randomIndex: random() })).toBe(failure);
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('sends a typed code once, so its owner sees the conflict', async () => {
    const send = vi.fn().mockResolvedValue(taken);
    expect(await createWithRetry({ ...input, shortCode: 'mine' }, send, { randomIndex: random() })).toBe(taken);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0]?.[0].shortCode).toBe('mine');
  });
});

describe('parseImportFile', () => {
  const many = JSON.stringify(Array.from({ length: 10_001 }, () => ({})));
  it.each<[string, string, ReturnType<typeof parseImportFile>]>([
    ['empty file', '', { ok: false, error: SHORTLINK_MESSAGES.invalidImport }],
    ['not JSON', '{"title":', { ok: false, error: SHORTLINK_MESSAGES.invalidImport }],
    ['an object', '{"title":"x"}', { ok: false, error: SHORTLINK_MESSAGES.invalidImport }],
    ['a string', '"[]"', { ok: false, error: SHORTLINK_MESSAGES.invalidImport }],
    ['null', 'null', { ok: false, error: SHORTLINK_MESSAGES.invalidImport }],
    ['an empty array', '[]', { ok: false, error: 'The file contains no shortlinks' }],
    ['over the row limit', many, { ok: false, error: 'At most 10,000 shortlinks can be imported at once' }],
    [
      'an array of rows (validated by the server)',
      ' [{"title":"a","targetUrl":"https://a.example"}, 5] ',
      { ok: true, value: [{ title: 'a', targetUrl: 'https://a.example' }, 5] },
    ],
  ])('%s', (_name, text, expected) => {
    expect(parseImportFile(text)).toEqual(expected);
  });
});

describe('chartModel', () => {
  it('lays out bars oldest first, scaled to the busiest day', () => {
    const model = chartModel(
      [
        { date: '2024-05-01', clicks: 0 },
        { date: '2024-05-02', clicks: 4 },
        { date: '2024-05-03', clicks: 1 },
        { date: '2024-05-04', clicks: 2 },
      ],
      { width: 400, height: 100, gap: 2 },
    );
    expect(model.maxClicks).toBe(4);
    expect(model.totalClicks).toBe(7);
    expect(model.peak).toEqual({ date: '2024-05-02', clicks: 4 });
    expect(model.bars.map(({ x, y, width, height }) => ({ x, y, width, height }))).toEqual([
      { x: 1, y: 100, width: 98, height: 0 },
      { x: 101, y: 0, width: 98, height: 100 },
      { x: 201, y: 75, width: 98, height: 25 },
      { x: 301, y: 50, width: 98, height: 50 },
    ]);
  });

  it('keeps one click visible beside a large peak (at least 2 units)', () => {
    const model = chartModel(
      [
        { date: 'a', clicks: 1000 },
        { date: 'b', clicks: 1 },
      ],
      { width: 100, height: 100 },
    );
    expect(model.bars[1]?.height).toBe(2);
  });

  it.each([
    ['no days', []],
    [
      'all zero',
      [
        { date: 'a', clicks: 0 },
        { date: 'b', clicks: 0 },
      ],
    ],
  ])('%s: no peak, no bar height', (_name, days) => {
    const model = chartModel(days, { width: 100, height: 50 });
    expect(model.peak).toBeNull();
    expect(model.maxClicks).toBe(0);
    expect(model.bars.every((bar) => bar.height === 0)).toBe(true);
  });
});

describe('small helpers', () => {
  it.each<[number, string, number, number | null]>([
    [0, 'ArrowRight', 4, 1],
    [3, 'ArrowRight', 4, 0],
    [0, 'ArrowLeft', 4, 3],
    [2, 'ArrowLeft', 4, 1],
    [2, 'Home', 4, 0],
    [1, 'End', 4, 3],
    [1, 'Enter', 4, null],
    [0, 'ArrowRight', 0, null],
  ])('tab %i + %s of %i → %j', (current, key, count, expected) => {
    expect(tabIndexAfterKey(current, key, count)).toBe(expected);
  });

  it.each<[number, string]>([
    [0, '0 shortlinks'],
    [1, '1 shortlink'],
    [7, '7 shortlinks'],
  ])('countLabel(%i)', (count, expected) => {
    expect(countLabel(count)).toBe(expected);
  });

  it.each<[number, number, number]>([
    [1, 4, 25],
    [0, 0, 0],
    [2, 3, 67],
  ])('percentOf(%i, %i) = %i', (value, total, expected) => {
    expect(percentOf(value, total)).toBe(expected);
  });

  it.each<[string, string]>([
    ['https://www.rfc-editor.org/rfc/rfc8446', 'www.rfc-editor.org'],
    ['http://127.0.0.1:8080/x', '127.0.0.1:8080'],
    ['https://bücher.example/', 'xn--bcher-kva.example'],
    ['', ''],
    ['not a url', 'not a url'],
  ])('displayHost(%j)', (url, expected) => {
    expect(displayHost(url)).toBe(expected);
  });

  it('names the export file by the local date and its format', () => {
    expect(exportFileName(new Date(2024, 0, 5, 23, 59))).toBe('shortlinks-2024-01-05.json');
    expect(exportFileName(new Date(2024, 0, 5, 23, 59), 'csv')).toBe('shortlinks-2024-01-05.csv');
    expect(exportFileName(new Date(2024, 0, 5, 23, 59), 'csv', 'clicks')).toBe('shortlink-clicks-2024-01-05.csv');
  });
});
