import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ENDPOINTS } from '@toolvault/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, callApi, failureFrom, networkFailure, serverReason } from './api';
import { noteServerDate, serverNow } from './server-clock';

describe('callApi', () => {
  it("sends the contract route's method to its path, parameters and query filled in", async () => {
    const request = vi.fn(async () => ({ ok: true, value: null }));
    await callApi(
      ENDPOINTS.shortlinkLinkAnalytics,
      { params: { id: 12 }, query: { range: '7d' }, token: 't' },
      request as unknown as typeof apiFetch,
    );
    await callApi(
      ENDPOINTS.blogUpdate,
      { params: { id: 3 }, body: { title: 'x' } },
      request as unknown as typeof apiFetch,
    );
    await callApi(ENDPOINTS.categoryDelete, { params: { id: 4 } }, request as unknown as typeof apiFetch);
    expect(request.mock.calls).toEqual([
      ['/api/shortlinks/12/analytics?range=7d', { method: 'GET', token: 't' }],
      ['/api/blog/posts/3', { method: 'PUT', body: { title: 'x' } }],
      ['/api/categories/4', { method: 'DELETE' }],
    ]);
  });

  it('answers what the request answers', async () => {
    const failure = { ok: false, error: { message: 'Not found', status: 404, code: 'BLOG_POST_NOT_FOUND' } };
    const request = vi.fn(async () => failure);
    expect(
      await callApi(ENDPOINTS.blogRead, { params: { slug: 'gone' } }, request as unknown as typeof apiFetch),
    ).toEqual(failure);
  });
});

describe("apiFetch and the server's clock", () => {
  const deviceNow = Date.parse('2026-03-15T12:00:00.000Z');
  const hourAhead = new Date(deviceNow + 3_600_000).toUTCString();
  afterEach(() => {
    noteServerDate(new Date(deviceNow).toUTCString(), deviceNow + 500, deviceNow + 500);
    vi.useRealTimers();
  });

  it.each([
    ['a signed-in answer sets it', 't', 200, 3_600_500],
    ["a signed-in refusal sets it too: it is the server's time all the same", 't', 403, 3_600_500],
    ['an answer without a token does not: a cache may have kept it', undefined, 200, 0],
  ])('%s', async (_case, token, status, offset) => {
    vi.useFakeTimers({ now: deviceNow, toFake: ['Date'] });
    noteServerDate(new Date(deviceNow).toUTCString(), deviceNow + 500, deviceNow + 500);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({}), { status, headers: { Date: hourAhead } })),
    );
    await apiFetch('/api/shortlinks', token ? { token } : {});
    expect(serverNow() - deviceNow).toBe(offset);
  });
});

describe('failureFrom', () => {
  it("keeps the status, the server's text and code, and a usable Retry-After in whole seconds", () => {
    const body = { error: 'Slow down', code: 'GUEST_RATE_LIMITED' };
    expect(failureFrom(429, body, '41.2')).toEqual({
      message: 'Slow down',
      status: 429,
      code: 'GUEST_RATE_LIMITED',
      retryAfterSeconds: 42,
    });
    for (const header of [null, '', '0', '-3', 'soon']) {
      expect(failureFrom(429, body, header)).not.toHaveProperty('retryAfterSeconds');
    }
    expect(failureFrom(500, 'not json')).toEqual({ message: 'Request failed (500)', status: 500 });
  });
});

describe('serverReason', () => {
  it("is the server's text when it answered with one of our codes", () => {
    expect(serverReason(failureFrom(409, { error: 'Short code already exists', code: 'SHORT_CODE_TAKEN' }))).toBe(
      'Short code already exists',
    );
  });

  it('is undefined for no answer, an answer without our code, or an empty text', () => {
    expect(serverReason(networkFailure())).toBeUndefined();
    expect(serverReason(failureFrom(502, { error: 'Bad Gateway' }))).toBeUndefined();
    expect(serverReason(failureFrom(500, null))).toBeUndefined();
    expect(serverReason(failureFrom(400, { error: ' ', code: 'VALIDATION' }))).toBeUndefined();
  });
});

/** Every source file of the app, tests left out. */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe('API addresses', () => {
  it('no screen writes an /api/ address of its own: they come from ENDPOINTS', () => {
    const src = path.resolve(__dirname, '..');
    const written = sourceFiles(src).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          /['"`]\/api\//.test(line) ? [`${path.relative(src, file)}:${index + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(written).toEqual([]);
  });
});
