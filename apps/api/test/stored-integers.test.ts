import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_STORED_INTEGER, SHORTLINK_LIMITS } from '@toolvault/shared';
import type { Express } from 'express';
import { ENGINES, openTestStorage, type TestStorage } from './engines';
import { adminApp, adminToken } from './helpers';

/**
 * Ids are INTEGER columns, 32 bits on PostgreSQL, while the API takes ids of up to 16 digits and
 * cursors carry numbers of their own. An id past what the database stores names nothing (404) or
 * is in no cursor this API wrote (400): never a query that PostgreSQL fails with 500. Counters are
 * BIGINT on both engines: an import row's clickCount goes up to SHORTLINK_LIMITS.importClickCount,
 * and a count reported (or carried by a cursor) goes up to 2^53 − 1, what a JSON number holds exactly.
 */
const BEYOND = MAX_STORED_INTEGER + 1;
const MAX_COUNT = SHORTLINK_LIMITS.importClickCount;
const cursor = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const post = { title: 'Post', slug: 'post', content: '<p>Post</p>' };
const link = { title: 'Link', targetUrl: 'https://example.com/link' };

type Row = [method: 'get' | 'put' | 'delete' | 'post', url: string, body: unknown, status: number, code: string];

const ROWS: Row[] = [
  ['get', `/api/shortlinks/${BEYOND}/analytics`, undefined, 404, 'SHORTLINK_NOT_FOUND'],
  ['put', `/api/shortlinks/${BEYOND}`, link, 404, 'SHORTLINK_NOT_FOUND'],
  ['delete', `/api/shortlinks/${BEYOND}`, undefined, 404, 'SHORTLINK_NOT_FOUND'],
  ['put', `/api/blog/posts/${BEYOND}`, post, 404, 'BLOG_POST_NOT_FOUND'],
  ['delete', `/api/blog/posts/${BEYOND}`, undefined, 404, 'BLOG_POST_NOT_FOUND'],
  ['post', '/api/blog', { ...post, category_id: BEYOND }, 400, 'UNKNOWN_CATEGORY'],
  ['put', `/api/categories/${BEYOND}`, { name: 'Tools', slug: 'tools' }, 404, 'CATEGORY_NOT_FOUND'],
  ['delete', `/api/categories/${BEYOND}`, undefined, 404, 'CATEGORY_NOT_FOUND'],
  ['get', `/api/contact?cursor=2025-01-01T00:00:00.000Z~${BEYOND}`, undefined, 400, 'VALIDATION'],
  [
    'get',
    `/api/shortlinks?cursor=${cursor(['newest', '2025-01-01T00:00:00.000Z', BEYOND])}`,
    undefined,
    400,
    'VALIDATION',
  ],
  [
    'get',
    `/api/shortlinks?sort=clicks&cursor=${cursor(['clicks', Number.MAX_SAFE_INTEGER + 1, 1])}`,
    undefined,
    400,
    'VALIDATION',
  ],
  ['post', '/api/shortlinks/import', [{ ...link, clickCount: MAX_COUNT + 1 }], 400, 'VALIDATION'],
  // The largest stored id itself is an ordinary one.
  ['delete', `/api/shortlinks/${MAX_STORED_INTEGER}`, undefined, 404, 'SHORTLINK_NOT_FOUND'],
  ['get', `/api/contact?cursor=2025-01-01T00:00:00.000Z~${MAX_STORED_INTEGER}`, undefined, 200, ''],
  // Counts past 32 bits are ordinary ones: in a cursor, and imported.
  ['get', `/api/shortlinks?sort=clicks&cursor=${cursor(['clicks', BEYOND, 1])}`, undefined, 200, ''],
  ['get', `/api/shortlinks?sort=clicks&cursor=${cursor(['clicks', Number.MAX_SAFE_INTEGER, 1])}`, undefined, 200, ''],
  ['post', '/api/shortlinks/import', [{ ...link, clickCount: BEYOND }], 201, ''],
  ['post', '/api/shortlinks/import', [{ ...link, clickCount: MAX_COUNT }], 201, ''],
];

describe.each(ENGINES)('numbers past what the database stores, on %s', (engine) => {
  let storage: TestStorage;
  let app: Express;
  const now = new Date().toISOString();
  beforeAll(async () => {
    storage = await openTestStorage(engine);
    ({ app } = await adminApp(storage.db, now));
  });
  afterAll(async () => {
    await storage?.close();
  });

  it('counts a click on a link imported with the largest count an import keeps', async () => {
    const auth = `Bearer ${adminToken(now)}`;
    const row = { ...link, shortCode: 'most-clicked', clickCount: MAX_COUNT };
    expect((await request(app).post('/api/shortlinks/import').set('Authorization', auth).send([row])).status).toBe(201);
    const click = await request(app)
      .get('/most-clicked')
      .set('Accept', 'application/json')
      .set('User-Agent', 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0');
    expect(click.status, JSON.stringify(click.body)).toBe(200);
    const summary = await request(app).get('/api/shortlinks/summary').set('Authorization', auth);
    expect(summary.body.recent).toContainEqual(
      expect.objectContaining({ shortCode: 'most-clicked', clickCount: MAX_COUNT + 1 }),
    );
  });

  it('keeps a click total past 32 bits (three links imported with the largest count)', async () => {
    const auth = `Bearer ${adminToken(now)}`;
    const before = (await request(app).get('/api/shortlinks/summary').set('Authorization', auth)).body.totalClicks;
    const rows = [1, 2, 3].map((n) => ({
      ...link,
      shortCode: `big-total-${n}`,
      clickCount: MAX_COUNT,
    }));
    const imported = await request(app).post('/api/shortlinks/import').set('Authorization', auth).send(rows);
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const summary = await request(app).get('/api/shortlinks/summary').set('Authorization', auth);
    expect(summary.body.totalClicks).toBe(before + 3 * MAX_COUNT);
  });

  it.each(ROWS)('%s %s', async (method, url, body, status, code) => {
    const agent = request(app);
    const req = agent[method](url).set('Authorization', `Bearer ${adminToken(now)}`);
    const res = await (body === undefined ? req : req.send(body as object));
    expect(res.status, JSON.stringify(res.body)).toBe(status);
    if (code) expect(res.body.code).toBe(code);
  });
});
