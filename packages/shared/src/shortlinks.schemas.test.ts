// The shortlink request schemas: a link's input, update and guest bodies, import rows, id params, and
// the list, analytics window and export queries.
import { describe, expect, it } from 'vitest';
import { SHORTLINK_LIMITS, SHORTLINK_MESSAGES } from './shortlinks';
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
