import { describe, expect, it } from 'vitest';
import {
  checkHttpUrl,
  isAllowedShortCode,
  isHttpUrl,
  isLoopbackHost,
  isOwnShortlinkUrl,
  parseTagsText,
  SHORTLINK_LIMITS,
  SHORTLINK_MESSAGES,
  shortUrl,
  ZAnalyticsQuery,
  ZGuestShortlinkInput,
  ZShortlinkIdParams,
  ZShortlinkImportRow,
  ZShortlinkInput,
  ZShortlinkUpdate,
  ZShortlinkExportQuery,
  ZShortlinkListQuery,
} from './shortlinks';

const { invalidUrl, required, credentialsInUrl, reservedCode, invalidCode } = SHORTLINK_MESSAGES;
const longUrl = `https://example.com/${'a'.repeat(SHORTLINK_LIMITS.url)}`;

/** Targets an attacker might try (docs/decisions/0002-server-enforces-rules.md); each must be refused. */
const HOSTILE_URLS: [label: string, url: string, message: string][] = [
  ['javascript scheme', 'javascript:alert(1)', invalidUrl],
  ['leading space javascript', ' javascript:alert(1)', invalidUrl],
  ['mixed case javascript', 'JaVaScRiPt:alert(1)', invalidUrl],
  ['tab inside the scheme', 'java\tscript:alert(1)', invalidUrl],
  ['newline inside the scheme', 'java\nscript:alert(1)', invalidUrl],
  ['data URL', 'data:text/html,x', invalidUrl],
  ['base64 data URL', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==', invalidUrl],
  ['file URL', 'file:///etc/passwd', invalidUrl],
  ['vbscript', 'vbscript:msgbox(1)', invalidUrl],
  ['ftp', 'ftp://example.com/file', invalidUrl],
  ['protocol-relative', '//evil.com', invalidUrl],
  ['no scheme', 'evil.com', invalidUrl],
  ['no scheme with path', 'evil.com/path', invalidUrl],
  ['http without slashes', 'http:evil.com', invalidUrl],
  ['http with no host', 'http://', invalidUrl],
  ['https with no host', 'https:///path', invalidUrl],
  ['backslash after the slashes', 'https://\\evil.com', invalidUrl],
  ['tab inside the host', 'http://exa\tmple.com', invalidUrl],
  ['space inside', 'https://example.com/a b', invalidUrl],
  ['credentials (phishing pattern)', 'https://user:pass@host.example', credentialsInUrl],
  ['user only', 'https://bank.example@evil.example', credentialsInUrl],
  ['too long', longUrl, invalidUrl],
  ['empty', '', invalidUrl],
];

const VALID_URLS: [label: string, url: string][] = [
  ['http', 'http://example.com'],
  ['https with path, query and fragment', 'https://example.com/a/b?c=d&e=f#g'],
  ['upper-case scheme', 'HTTPS://EXAMPLE.COM/'],
  ['port', 'http://localhost:8080/x'],
  ['IPv4 host', 'http://127.0.0.1/'],
  ['IPv6 host', 'http://[::1]:3000/'],
  ['IDN host', 'https://bücher.example/'],
  ['percent-encoded path', 'https://example.com/%20x'],
  ['at the length cap', `https://example.com/${'a'.repeat(SHORTLINK_LIMITS.url - 20)}`],
];

describe('checkHttpUrl', () => {
  it.each(HOSTILE_URLS)('refuses %s', (_label, url, message) => {
    expect(checkHttpUrl(url)).toEqual({ ok: false, error: message });
    expect(isHttpUrl(url)).toBe(false);
  });

  it.each(VALID_URLS)('accepts %s', (_label, url) => {
    const check = checkHttpUrl(url);
    expect(check.ok).toBe(true);
    expect(isHttpUrl(url)).toBe(true);
  });
});

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

  it('update and guest schemas drop what they do not take', () => {
    const body = { ...base, shortCode: 'custom1', description: 'd', tags: ['a'], clickCount: 5 };
    expect(ZShortlinkUpdate.parse(body)).toEqual({
      ...base,
      description: 'd',
      metaImage: '',
      tags: ['a'],
      redirectMode: 'preview',
    });
    expect(ZGuestShortlinkInput.parse(body)).toEqual({ ...base, metaImage: '' });
  });
});

describe('ZShortlinkImportRow', () => {
  const base = { title: 'Docs', targetUrl: 'https://example.com/docs' };
  it.each<[string, unknown, boolean]>([
    ['plain row', base, true],
    ['export row', { ...base, clickCount: 3, createdAt: '2024-05-01T10:00:00.000Z', id: 9 }, true],
    ['negative clickCount', { ...base, clickCount: -1 }, false],
    ['fractional clickCount', { ...base, clickCount: 1.5 }, false],
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

describe('isOwnShortlinkUrl', () => {
  const hosts = ['toolvault.example', 'localhost:3000'];
  it.each<[string, boolean]>([
    ['https://toolvault.example/abc123', true],
    ['https://TOOLVAULT.example/abc123/', true],
    ['http://localhost:3000/abc123?x=1', true],
    ['http://localhost:3000/%61bc123', true],
    ['https://toolvault.example/', false],
    ['https://toolvault.example/hash-generator', false],
    ['https://toolvault.example/blog/post', false],
    ['https://toolvault.example/api/shortlink/abc123', false],
    ['http://localhost:4000/abc123', false],
    ['https://example.com/abc123', false],
    ['https://toolvault.example:443/abc123', true],
    ['https://toolvault.example:8443/abc123', false],
  ])('%s → %s', (url, expected) => {
    const check = checkHttpUrl(url);
    if (!check.ok) throw new Error(`test row ${url} is not a valid URL`);
    expect(isOwnShortlinkUrl(check.url, hosts)).toBe(expected);
  });

  // The server on port 3000 by any loopback name or address; other ports are other servers.
  it.each<[string, boolean]>([
    ['http://localhost:3000/abc123', true],
    ['http://LOCALHOST.:3000/abc123', true],
    ['http://app.localhost:3000/abc123', true],
    ['http://127.0.0.1:3000/abc123', true],
    ['http://127.1:3000/abc123', true],
    ['http://127.255.0.9:3000/abc123', true],
    ['http://2130706433:3000/abc123', true],
    ['http://0x7f.0.0.1:3000/abc123', true],
    ['http://0.0.0.0:3000/abc123', true],
    ['http://[::1]:3000/abc123', true],
    ['http://[0:0:0:0:0:0:0:1]:3000/abc123', true],
    ['http://[::ffff:127.0.0.1]:3000/abc123', true],
    ['http://[::]:3000/abc123', true],
    ['http://127.0.0.1:3001/abc123', false],
    ['http://127.0.0.1/abc123', false],
    ['http://localhost:3000/hash-generator', false],
    ['http://128.0.0.1:3000/abc123', false],
    ['http://localhost.example:3000/abc123', false],
  ])('on port 3000: %s → %s', (url, expected) => {
    const check = checkHttpUrl(url);
    if (!check.ok) throw new Error(`test row ${url} is not a valid URL`);
    expect(isOwnShortlinkUrl(check.url, [], 3000)).toBe(expected);
  });

  it.each([
    ['localhost', true],
    ['127.0.0.1', true],
    ['[::1]', true],
    ['example.com', false],
    ['10.0.0.1', false],
    ['[::2]', false],
    ['', false],
  ])('isLoopbackHost(%j) → %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
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
    });
    expect(ZShortlinkListQuery.parse({ limit: '100', q: '  git ', tag: ' ', sort: 'title', cursor: 'abc_-1' })).toEqual(
      { limit: 100, cursor: 'abc_-1', q: 'git', tag: undefined, sort: 'title' },
    );
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

describe('ZAnalyticsQuery and ZShortlinkExportQuery', () => {
  it.each<[unknown, string | undefined]>([
    [{}, '30d'],
    [{ range: '7d' }, '7d'],
    [{ range: 'all' }, 'all'],
    [{ range: '365d' }, undefined],
    [{ range: '' }, undefined],
  ])('range %j → %s', (query, range) => {
    const result = ZAnalyticsQuery.safeParse(query);
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
