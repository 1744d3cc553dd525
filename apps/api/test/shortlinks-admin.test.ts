// The admin's shortlink routes: creating a link (with a chosen or generated code), the token every
// admin route needs, the list, and updating and deleting a link.
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  isTypableText,
  SHORT_CODE_ALPHABET,
  SHORTLINK_MESSAGES,
  type Shortlink,
  type ShortlinkPage,
  withRuleDefaults,
} from '@toolvault/shared';
import { memoryCounterStore } from '../src/counters/counter-store';
import { createShortlinkService } from '../src/services/shortlink.service';
import { ADMIN_PASSWORD, buildApp, JWT_SECRET, TEST_SESSION_ID, memoryRepositories } from './helpers';
import { HOSTILE_TARGETS, LINK, setup, testClock } from './shortlinks-support';

const { invalidUrl, required } = SHORTLINK_MESSAGES;

describe('POST /api/shortlinks as admin', () => {
  it('creates a link with a generated 6-character code', async () => {
    const { create, time } = setup();
    const res = await create({ ...LINK, description: ' About ', tags: [' a ', '', 'b'], metaImage: '' });
    expect(res.status).toBe(201);
    const link = res.body as Shortlink;
    expect(link).toEqual({
      id: expect.any(Number),
      shortCode: expect.stringMatching(/^[A-Za-z0-9]{6}$/),
      targetUrl: LINK.targetUrl,
      title: 'Docs',
      description: 'About',
      metaImage: '',
      tags: ['a', 'b'],
      clickCount: 0,
      createdAt: time.clock().toISOString(),
      redirectMode: 'preview',
      // The test session is the Owner's (person 1, display name 'Owner').
      createdBy: { id: 1, name: 'Owner' },
      updatedBy: null,
      hasPassword: false,
      // No rules: always active, redirected with a 302.
      validFrom: null,
      validUntil: null,
      maxVisits: null,
      fallbackUrl: null,
      redirectStatus: 302,
      folderId: null,
      archived: false,
    });
    expect([...link.shortCode].every((char) => SHORT_CODE_ALPHABET.includes(char))).toBe(true);
  });

  it('keeps a supplied code and answers 409 when it exists', async () => {
    const { create, list } = setup();
    expect((await create({ ...LINK, shortCode: 'my-docs' })).body.shortCode).toBe('my-docs');
    const again = await create({ ...LINK, title: 'Other', shortCode: 'my-docs' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'Short code already exists', code: 'SHORT_CODE_TAKEN' });
    expect(await list()).toHaveLength(1);
  });

  it('treats codes as case-sensitive, like the generated ones', async () => {
    const { create } = setup();
    expect((await create({ ...LINK, shortCode: 'AbCdEf' })).status).toBe(201);
    expect((await create({ ...LINK, shortCode: 'abcdef' })).status).toBe(201);
  });

  it.each(['api', 'blog', 'login', 'about', 'hash-generator', 'shortlink-manager', 'assets', 'API', 'Blog-Admin'])(
    'refuses the reserved code %s with 400',
    async (shortCode) => {
      const res = await setup().create({ ...LINK, shortCode });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'This short code is reserved', code: 'VALIDATION' });
    },
  );

  it.each(HOSTILE_TARGETS)('refuses the target %j with 400', async (targetUrl, message) => {
    const { create, list } = setup();
    const res = await create({ ...LINK, targetUrl });
    expect(res.status).toBe(400);
    // A control character in any text has its own code; the URL field keeps its own words for it.
    const code = isTypableText(targetUrl) ? 'VALIDATION' : 'INVALID_CHARACTERS';
    expect(res.body).toEqual({ error: message, code });
    expect(await list()).toEqual([]);
  });

  it.each<[string, object, string]>([
    ['an empty body', {}, required],
    ['a blank title', { ...LINK, title: '  ' }, required],
    ['no target', { title: 'Docs' }, required],
    ['a title over 200 characters', { ...LINK, title: 'x'.repeat(201) }, 'Title must be at most 200 characters'],
    ['a description over 500', { ...LINK, description: 'x'.repeat(501) }, 'Description must be at most 500 characters'],
    ['a javascript: meta image', { ...LINK, metaImage: 'javascript:alert(1)' }, invalidUrl],
    ['21 tags', { ...LINK, tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, 'At most 20 tags are allowed'],
    ['a tag over 50 characters', { ...LINK, tags: ['x'.repeat(51)] }, 'Each tag must be at most 50 characters'],
    ['a code with a slash', { ...LINK, shortCode: 'a/b' }, SHORTLINK_MESSAGES.invalidCode],
  ])('answers 400 for %s', async (_label, body, message) => {
    const res = await setup().create(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, code: 'VALIDATION' });
  });

  it.each([
    ['the same host', 'toolvault.test', 'https://toolvault.test/abc123', 400],
    ['the same host, other case and a query', 'toolvault.test', 'http://TOOLVAULT.test/abc123?x=1', 400],
    ['the same host on another port', 'toolvault.test:3000', 'http://toolvault.test:3001/abc123', 400],
    ['a page of this site', 'toolvault.test', 'https://toolvault.test/hash-generator', 201],
    ['the home page', 'toolvault.test', 'https://toolvault.test/', 201],
    ['another host', 'toolvault.test', 'https://other.test/abc123', 201],
  ])('links to %s → %i', async (_label, host, targetUrl, status) => {
    const { app, auth } = setup();
    const res = await request(app)
      .post('/api/shortlinks')
      .set(auth())
      .set('Host', host)
      .send({ ...LINK, targetUrl });
    expect(res.status).toBe(status);
    if (status === 400) expect(res.body.error).toBe(SHORTLINK_MESSAGES.selfLink);
  });
});

describe('short code generation', () => {
  const indexes = (word: string) => [...word].map((char) => SHORT_CODE_ALPHABET.indexOf(char));

  it('draws again when the code is taken or a fixed route', async () => {
    const { db } = memoryRepositories();
    const time = testClock();
    await db.shortlinks.insert({
      ...LINK,
      shortCode: 'aaaaaa',
      description: '',
      metaImage: '',
      tags: [],
      clickCount: 0,
      createdAt: time.clock().toISOString(),
      redirectMode: 'preview',
    });
    // 'aaaaaa' is taken and 'vendor' is reserved, so the third draw wins.
    const draws = [...indexes('aaaaaa'), ...indexes('vendor'), ...indexes('Zz09aB')];
    const service = createShortlinkService({
      shortlinks: db.shortlinks,
      visits: db.shortlinkClicks,
      users: db.users,
      clock: time.clock,
      counters: memoryCounterStore(time.clock),
      randomIndex: (max) => {
        expect(max).toBe(62);
        const next = draws.shift();
        if (next === undefined) throw new Error('more draws than expected');
        return next;
      },
    });
    const result = await service.createAsAdmin(
      {
        ...LINK,
        shortCode: undefined,
        description: '',
        metaImage: '',
        tags: [],
        redirectMode: 'preview',
        ...withRuleDefaults({}),
      },
      { ownHosts: [] },
      1,
    );
    expect(result.ok && result.value.shortCode).toBe('Zz09aB');
    expect(draws).toEqual([]);
  });
});

describe('admin routes need a valid token', () => {
  const routes: [method: 'get' | 'post' | 'put' | 'delete', path: string][] = [
    ['get', '/api/shortlinks'],
    ['put', '/api/shortlinks/1'],
    ['delete', '/api/shortlinks/1'],
    ['get', '/api/shortlinks/export'],
    ['post', '/api/shortlinks/import'],
    ['get', '/api/shortlinks/analytics'],
    ['get', '/api/shortlinks/summary'],
    ['get', '/api/shortlinks/tags'],
    ['get', '/api/shortlinks/1/analytics'],
    ['get', '/api/shortlinks?limit=abc'],
  ];
  const expired = () =>
    jwt.sign({ iat: Math.floor(Date.parse('2025-03-15T09:00:00Z') / 1000) }, JWT_SECRET, {
      algorithm: 'HS256',
      expiresIn: '1h',
      subject: 'admin',
      jwtid: TEST_SESSION_ID,
    });

  it.each(routes)('%s %s → 401 without, with a bad and with an expired token', async (method, path) => {
    const { app } = setup();
    for (const header of [undefined, 'Bearer nope', `Bearer ${expired()}`]) {
      const call = request(app)[method](path);
      if (header) call.set('Authorization', header);
      const res = await call.send(method === 'post' ? [] : LINK);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Unauthorized', code: 'UNAUTHORIZED' });
    }
  });

  it('accepts the token of POST /api/admin/login', async () => {
    const { app } = buildApp();
    const login = await request(app).post('/api/admin/login').send({ password: ADMIN_PASSWORD });
    const res = await request(app).get('/api/shortlinks').set('Authorization', `Bearer ${login.body.token}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [], nextCursor: null, total: 0 });
  });
});

describe('GET /api/shortlinks', () => {
  it('lists newest first, uncached', async () => {
    const { create, time, app, auth } = setup();
    await create({ ...LINK, title: 'First' });
    time.advance(1000);
    await create({ ...LINK, title: 'Second' });
    const res = await request(app).get('/api/shortlinks').set(auth());
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect((res.body as ShortlinkPage).items.map((link) => link.title)).toEqual(['Second', 'First']);
    expect(res.body).toMatchObject({ nextCursor: null, total: 2 });
  });
});

describe('PUT /api/shortlinks/:id', () => {
  it('updates the fields and keeps the code, count and date', async () => {
    const { create, app, auth } = setup();
    const created = (await create({ ...LINK, shortCode: 'keepme' })).body as Shortlink;
    const res = await request(app)
      .put(`/api/shortlinks/${created.id}`)
      .set(auth())
      .send({
        title: ' New ',
        targetUrl: 'https://example.org/',
        description: 'd',
        metaImage: 'https://example.org/i.png',
        tags: ['x'],
      });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ...created,
      title: 'New',
      targetUrl: 'https://example.org/',
      description: 'd',
      metaImage: 'https://example.org/i.png',
      tags: ['x'],
      updatedBy: { id: 1, name: 'Owner' },
    });
  });

  it('refuses a new code: a link keeps its own (UNKNOWN_FIELDS)', async () => {
    const { create, app, auth } = setup();
    const created = (await create({ ...LINK, shortCode: 'keepme' })).body as Shortlink;
    const res = await request(app)
      .put(`/api/shortlinks/${created.id}`)
      .set(auth())
      .send({ ...LINK, shortCode: 'other' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Unknown field: shortCode', code: 'UNKNOWN_FIELDS' });
  });

  it.each([
    ['abc', 400, 'Shortlink id must be a positive integer'],
    ['0', 400, 'Shortlink id must be a positive integer'],
    ['-1', 400, 'Shortlink id must be a positive integer'],
    ['1.5', 400, 'Shortlink id must be a positive integer'],
    ['999', 404, 'Shortlink not found'],
  ])('id %s → %i', async (id, status, error) => {
    const { app, auth } = setup();
    const res = await request(app).put(`/api/shortlinks/${id}`).set(auth()).send(LINK);
    expect(res.status).toBe(status);
    expect(res.body.error).toBe(error);
  });

  it.each(HOSTILE_TARGETS)('refuses the target %j', async (targetUrl, message) => {
    const { create, app, auth } = setup();
    const created = (await create(LINK)).body as Shortlink;
    const res = await request(app)
      .put(`/api/shortlinks/${created.id}`)
      .set(auth())
      .send({ ...LINK, targetUrl });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('answers 400 for a blank title', async () => {
    const { create, app, auth } = setup();
    const created = (await create(LINK)).body as Shortlink;
    const res = await request(app)
      .put(`/api/shortlinks/${created.id}`)
      .set(auth())
      .send({ ...LINK, title: '' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(required);
  });
});

describe('DELETE /api/shortlinks/:id', () => {
  it('deletes (204), then 404', async () => {
    const { create, app, auth, list } = setup();
    const created = (await create(LINK)).body as Shortlink;
    const res = await request(app).delete(`/api/shortlinks/${created.id}`).set(auth());
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect(await list()).toEqual([]);
    const again = await request(app).delete(`/api/shortlinks/${created.id}`).set(auth());
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ error: 'Shortlink not found', code: 'SHORTLINK_NOT_FOUND' });
  });

  it('answers 400 for an id that is not a positive integer', async () => {
    const { app, auth } = setup();
    expect((await request(app).delete('/api/shortlinks/x').set(auth())).status).toBe(400);
  });
});
