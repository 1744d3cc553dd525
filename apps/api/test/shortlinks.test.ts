import jwt from 'jsonwebtoken';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import {
  isTypableText,
  SHORT_CODE_ALPHABET,
  SHORTLINK_LIMITS,
  SHORTLINK_MESSAGES,
  type Shortlink,
  type ShortlinkExportRow,
  type ShortlinkPage,
  withRuleDefaults,
} from '@toolvault/shared';
import type { Clock } from '../src/lib/clock';
import { memoryCounterStore } from '../src/counters/counter-store';
import { createShortlinkService } from '../src/services/shortlink.service';
import { ADMIN_PASSWORD, buildApp, JWT_SECRET, TEST_SESSION_ID, memoryRepositories } from './helpers';

/** A clock tests can move; tokens are signed for its time, since the app verifies them against it. */
function testClock(start = '2025-03-15T12:00:00.000Z') {
  let now = new Date(start);
  const clock: Clock = () => new Date(now);
  return {
    clock,
    set: (iso: string) => void (now = new Date(iso)),
    advance: (ms: number) => void (now = new Date(now.getTime() + ms)),
    token: () =>
      jwt.sign({ iat: Math.floor(now.getTime() / 1000) }, JWT_SECRET, {
        algorithm: 'HS256',
        expiresIn: '1h',
        subject: 'admin',
        jwtid: TEST_SESSION_ID,
      }),
  };
}

function setup(options: Parameters<typeof buildApp>[0] = {}) {
  const time = testClock();
  const built = buildApp({ clock: time.clock, ...options });
  const auth = () => ({ Authorization: `Bearer ${time.token()}` });
  const create = (body: object) => request(built.app).post('/api/shortlinks').set(auth()).send(body);
  /** Every link, newest first, read page by page. */
  const list = async () => {
    const links: Shortlink[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res = await request(built.app).get('/api/shortlinks').query({ limit: 100, cursor }).set(auth());
      expect(res.status).toBe(200);
      const page = res.body as ShortlinkPage;
      links.push(...page.items);
      cursor = page.nextCursor;
    }
    return links;
  };
  return { ...built, time, auth, create, list };
}

const LINK = { title: 'Docs', targetUrl: 'https://example.com/docs' };

const { invalidUrl, required, credentialsInUrl } = SHORTLINK_MESSAGES;

/** Targets an attacker might try; each is a 400 with a clear message. */
const HOSTILE_TARGETS: [string, string][] = [
  ['javascript:alert(1)', invalidUrl],
  [' javascript:alert(1)', invalidUrl],
  ['JaVaScRiPt:alert(1)', invalidUrl],
  ['java\tscript:alert(1)', invalidUrl],
  ['data:text/html,x', invalidUrl],
  ['file:///etc/passwd', invalidUrl],
  ['//evil.com', invalidUrl],
  ['evil.com', invalidUrl],
  ['http://', invalidUrl],
  ['https://user:pass@host.example', credentialsInUrl],
  [`https://example.com/${'a'.repeat(SHORTLINK_LIMITS.url)}`, 'Target URL must be at most 2048 characters'],
];

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

describe('POST /api/shortlinks as guest (no token)', () => {
  it('refuses the fields only the admin may set, naming them, and stores nothing', async () => {
    const { app, list } = setup();
    const res = await request(app)
      .post('/api/shortlinks')
      .send({ ...LINK, shortCode: 'chosen', description: 'd', tags: ['t'], clickCount: 99 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      error: 'Unknown fields: shortCode, description, tags, clickCount',
      code: 'UNKNOWN_FIELDS',
    });
    expect(await list()).toEqual([]);
  });

  it('creates a link from title, target and image only', async () => {
    const { app, list } = setup();
    const res = await request(app)
      .post('/api/shortlinks')
      .send({ ...LINK, metaImage: 'https://example.com/a.png' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ...LINK, metaImage: 'https://example.com/a.png', description: '', tags: [] });
    expect(res.body.shortCode).toMatch(/^[A-Za-z0-9]{6}$/);
    expect(res.body.clickCount).toBe(0);
    expect(await list()).toHaveLength(1);
  });

  it.each(HOSTILE_TARGETS)('refuses the target %j with 400', async (targetUrl, message) => {
    const res = await request(setup().app)
      .post('/api/shortlinks')
      .send({ ...LINK, targetUrl });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(message);
  });

  it('answers 400 when title or target is blank, without using up the minute', async () => {
    const { app } = setup();
    const blank = await request(app).post('/api/shortlinks').send({ title: '', targetUrl: '' });
    expect(blank.status).toBe(400);
    expect(blank.body.error).toBe(required);
    expect((await request(app).post('/api/shortlinks').send(LINK)).status).toBe(201);
  });

  it('allows one creation per minute per client, whatever X-Forwarded-For says (TRUST_PROXY=0)', async () => {
    const { app, time, list } = setup();
    expect((await request(app).post('/api/shortlinks').set('X-Forwarded-For', '203.0.113.1').send(LINK)).status).toBe(
      201,
    );
    time.advance(15_000);
    const second = await request(app).post('/api/shortlinks').set('X-Forwarded-For', '203.0.113.2').send(LINK);
    expect(second.status).toBe(429);
    expect(second.body).toEqual({ error: SHORTLINK_MESSAGES.guestRateLimited, code: 'GUEST_RATE_LIMITED' });
    expect(second.headers['retry-after']).toBe('45');
    time.advance(44_999);
    expect((await request(app).post('/api/shortlinks').send(LINK)).headers['retry-after']).toBe('1');
    time.advance(1);
    expect((await request(app).post('/api/shortlinks').send(LINK)).status).toBe(201);
    expect(await list()).toHaveLength(2);
  });

  it('keys on the forwarded client when TRUST_PROXY=1', async () => {
    const { app } = setup({ config: { trustProxy: 1 } });
    const from = (ip: string) => request(app).post('/api/shortlinks').set('X-Forwarded-For', ip).send(LINK);
    expect((await from('203.0.113.1')).status).toBe(201);
    expect((await from('203.0.113.2')).status).toBe(201);
    expect((await from('203.0.113.1')).status).toBe(429);
  });

  it.each([
    ['another address in the same /64', '2001:db8:1:2:ffff::9', 429],
    ['another /64 of the same /56', '2001:db8:1:ff::1', 429],
    ['another /56', '2001:db8:1:100::1', 201],
  ])('keys an IPv6 client by its /56: %s', async (_label, next, status) => {
    const { app } = setup({ config: { trustProxy: 1 } });
    const from = (ip: string) => request(app).post('/api/shortlinks').set('X-Forwarded-For', ip).send(LINK);
    expect((await from('2001:db8:1:2::1')).status).toBe(201);
    expect((await from(next)).status).toBe(status);
  });

  it('creates exactly one link for 20 concurrent guest creations from one client', async () => {
    const { app, list } = setup();
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        request(app)
          .post('/api/shortlinks')
          .send({ ...LINK, title: `Race ${i}` }),
      ),
    );
    const statuses = responses.map((res) => res.status).sort();
    expect(statuses).toEqual([201, ...Array(19).fill(429)]);
    expect(await list()).toHaveLength(1);
  });

  it('does not limit the admin', async () => {
    const { create } = setup();
    for (let i = 0; i < 3; i += 1) expect((await create(LINK)).status).toBe(201);
  });

  it('answers 401 for a token that is present but invalid, and creates nothing', async () => {
    const { app, list } = setup();
    for (const header of ['Bearer not-a-token', 'Bearer ', 'Basic abc']) {
      const res = await request(app).post('/api/shortlinks').set('Authorization', header).send(LINK);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('UNAUTHORIZED');
    }
    expect(await list()).toEqual([]);
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

describe('GET /api/shortlink/:shortCode', () => {
  it('answers the public fields and never counts', async () => {
    const { create, app, list } = setup();
    await create({ ...LINK, shortCode: 'pub123', description: 'd', tags: ['secret-tag'] });
    const res = await request(app).get('/api/shortlink/pub123');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      shortCode: 'pub123',
      targetUrl: LINK.targetUrl,
      title: 'Docs',
      description: 'd',
      metaImage: '',
    });
    expect((await list())[0]?.clickCount).toBe(0);
  });

  it.each(['nope12', 'api', 'a', '%zz'])('answers 404 for %s', async (code) => {
    const res = await request(setup().app).get(`/api/shortlink/${code}`);
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Shortlink not found');
  });
});

describe('export and import', () => {
  const rows = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      title: `Link ${i + 1}`,
      targetUrl: `https://example.com/${i + 1}`,
      description: '',
      metaImage: '',
      tags: [],
    }));

  it('round-trips: export → delete all → import → the same links', async () => {
    const { create, app, auth, list, time } = setup();
    await create({
      ...LINK,
      shortCode: 'one111',
      tags: ['a', 'b'],
      description: 'First',
      metaImage: 'https://i.example/1.png',
    });
    time.advance(60_000);
    await create({ title: 'Two', targetUrl: 'http://example.org/?q=1&r=2#frag' });
    time.advance(60_000);
    await create({ title: 'Three <b>', targetUrl: 'https://example.net/', shortCode: 'three3' });
    await request(app).get('/one111').set('Accept', 'application/json');
    await request(app).get('/one111').set('Accept', 'application/json');
    const before = await list();

    const exported = await request(app).get('/api/shortlinks/export').set(auth());
    expect(exported.status).toBe(200);
    const body = exported.body as ShortlinkExportRow[];
    expect(body.map((row) => Object.keys(row).sort())).toEqual(
      Array(3).fill([
        'archived',
        'clickCount',
        'createdAt',
        'createdBy',
        'description',
        'fallbackUrl',
        'folderId',
        'maxVisits',
        'metaImage',
        'redirectMode',
        'redirectStatus',
        'shortCode',
        'tags',
        'targetUrl',
        'title',
        'validFrom',
        'validUntil',
      ]),
    );
    expect(body.map((row) => row.title)).toEqual(['Docs', 'Two', 'Three <b>']);
    expect(body.map((row) => row.createdBy)).toEqual(['owner', 'owner', 'owner']);

    for (const link of before) await request(app).delete(`/api/shortlinks/${link.id}`).set(auth());
    expect(await list()).toEqual([]);

    const imported = await request(app).post('/api/shortlinks/import').set(auth()).send(body);
    expect(imported.status).toBe(201);
    expect(imported.body).toEqual({ imported: 3 });
    const withoutId = (links: Shortlink[]) => links.map(({ id: _id, ...link }) => link);
    expect(withoutId(await list())).toEqual(withoutId(before));
  });

  it('imports the original sample format (no code, count or date) with generated codes', async () => {
    const { app, auth, list, time } = setup();
    const sample = [
      { targetUrl: 'https://github.com', title: 'GitHub', metaImage: '', description: 'Code', tags: ['dev'] },
      {
        targetUrl: 'https://owasp.org',
        title: 'OWASP',
        metaImage: 'https://owasp.org/x.png',
        description: '',
        tags: [],
      },
    ];
    const res = await request(app).post('/api/shortlinks/import').set(auth()).send(sample);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ imported: 2 });
    const links = await list();
    expect(links.map((link) => link.title).sort()).toEqual(['GitHub', 'OWASP']);
    for (const link of links) {
      expect(link.shortCode).toMatch(/^[A-Za-z0-9]{6}$/);
      expect(link.clickCount).toBe(0);
      expect(link.createdAt).toBe(time.clock().toISOString());
    }
  });

  it('inserts nothing when row 3 of 5 is bad', async () => {
    const { app, auth, list } = setup();
    const body = rows(5);
    body[2] = { ...body[2]!, targetUrl: 'javascript:alert(1)' };
    const res = await request(app).post('/api/shortlinks/import').set(auth()).send(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: `Row 3: ${invalidUrl}`, code: 'VALIDATION' });
    expect(await list()).toEqual([]);
  });

  it.each<[string, (body: object[]) => void, string]>([
    ['a blank title', (body) => Object.assign(body[1]!, { title: ' ' }), `Row 2: ${required}`],
    [
      'a reserved code',
      (body) => Object.assign(body[4]!, { shortCode: 'login' }),
      'Row 5: This short code is reserved',
    ],
    [
      'a row that is no object',
      (body) => (body[0] = 'x' as unknown as object),
      'Row 1: Each row must be an object with title and targetUrl',
    ],
    [
      'a bad clickCount',
      (body) => Object.assign(body[3]!, { clickCount: -2 }),
      'Row 4: clickCount must be a whole number of 0 or more',
    ],
  ])('reports %s by row number', async (_label, spoil, error) => {
    const { app, auth, list } = setup();
    const body = rows(5);
    spoil(body);
    const res = await request(app).post('/api/shortlinks/import').set(auth()).send(body);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe(error);
    expect(await list()).toEqual([]);
  });

  it('answers 409 for a code repeated in the file or already stored, inserting nothing', async () => {
    const { app, auth, list, create } = setup();
    const body = rows(5).map((row, i) => ({ ...row, shortCode: `code-${i}` }));
    body[3]!.shortCode = 'code-1';
    const inFile = await request(app).post('/api/shortlinks/import').set(auth()).send(body);
    expect(inFile.status).toBe(409);
    expect(inFile.body).toEqual({ error: 'Row 4: Short code already exists', code: 'SHORT_CODE_TAKEN' });
    expect(await list()).toEqual([]);

    await create({ ...LINK, shortCode: 'code-2' });
    const stored = await request(app)
      .post('/api/shortlinks/import')
      .set(auth())
      .send(rows(5).map((row, i) => ({ ...row, shortCode: `code-${i}` })));
    expect(stored.status).toBe(409);
    expect(stored.body.error).toBe('Row 3: Short code already exists');
    expect(await list()).toHaveLength(1);
  });

  it.each<[string, string]>([
    ['an object', '{"title":"x"}'],
    ['a string', '"x"'],
    ['no JSON at all', '{not json'],
  ])('answers "Invalid JSON file format" for %s', async (_label, text) => {
    const { app, auth } = setup();
    const res = await request(app)
      .post('/api/shortlinks/import')
      .set(auth())
      .set('Content-Type', 'application/json')
      .send(text);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Invalid JSON file format', code: 'SHORTLINK_IMPORT_INVALID' });
  });

  it('takes 1000 rows of a body above the app-wide 100 kB limit, and refuses 10,001', async () => {
    const { app, auth, list } = setup();
    const big = rows(1000).map((row) => ({ ...row, description: 'x'.repeat(300) }));
    expect(JSON.stringify(big).length).toBeGreaterThan(300_000);
    const res = await request(app).post('/api/shortlinks/import').set(auth()).send(big);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ imported: 1000 });
    expect(await list()).toHaveLength(1000);
    const tooMany = await request(app).post('/api/shortlinks/import').set(auth()).send(rows(10_001));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe('At most 10000 shortlinks can be imported at once');
  });

  it('keeps the 100 kB limit on every other route', async () => {
    const { create } = setup();
    const res = await create({ ...LINK, description: 'x'.repeat(120_000) });
    expect(res.status).toBe(413);
  });
});

describe('GET /api/shortlinks/analytics', () => {
  const UA = {
    desktop:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
    mobile:
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
    tablet:
      'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  };
  const COUNTRIES: Record<string, string> = { '8.8.8.8': 'US', '81.2.69.142': 'GB' };
  const geo = {
    lookup: () => Promise.reject(new Error('not used')),
    countryOf: (ip: string) => Promise.resolve(COUNTRIES[ip] ?? null),
  };

  it('is empty but complete without data', async () => {
    const { app, auth } = setup();
    const res = await request(app).get('/api/shortlinks/analytics').set(auth());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      totalLinks: 0,
      totalClicks: 0,
      createdToday: 0,
      averageClicks: 0,
      topLinks: [],
      recentLinks: [],
      topReferrers: [],
      topCountries: [],
      devices: [],
    });
    expect(res.body.clicksPerDay).toHaveLength(30);
    expect(res.body.clicksPerDay.every((day: { clicks: number }) => day.clicks === 0)).toBe(true);
  });

  it('counts a seeded dataset exactly', async () => {
    const { app, auth, time, create } = setup({ config: { trustProxy: 1 }, geo });
    const at = async (iso: string, make: () => Promise<unknown>) => {
      time.set(iso);
      await make();
    };
    const click = (code: string, { ua = UA.desktop, referer = '', ip = '10.0.0.1' } = {}) => {
      const call = request(app)
        .get(`/${code}`)
        .set('Accept', 'application/json')
        .set('User-Agent', ua)
        .set('X-Forwarded-For', ip);
      return referer ? call.set('Referer', referer) : call;
    };
    await at('2025-02-01T10:00:00.000Z', () => create({ ...LINK, title: 'D', shortCode: 'dddddd' }));
    await at('2025-03-14T23:59:59.999Z', () => create({ ...LINK, title: 'B', shortCode: 'bbbbbb' }));
    await at('2025-03-15T00:00:00.000Z', () => create({ ...LINK, title: 'C', shortCode: 'cccccc' }));
    await at('2025-03-15T08:00:00.000Z', () => create({ ...LINK, title: 'A', shortCode: 'aaaaaa' }));

    // Outside the 30 days (first day: 2025-02-14), still in the totals.
    await at('2025-02-13T23:59:59.999Z', () => click('dddddd'));
    await at('2025-02-14T00:00:00.000Z', () => click('cccccc', { ua: UA.tablet, ip: '81.2.69.142' }));
    await at('2025-03-14T09:00:00.000Z', () => click('bbbbbb', { referer: 'https://www.google.com/search?q=x' }));
    await at('2025-03-14T10:00:00.000Z', () =>
      click('bbbbbb', { referer: 'https://www.google.com/search?q=y', ip: '8.8.8.8', ua: UA.mobile }),
    );
    await at('2025-03-15T09:00:00.000Z', () => click('aaaaaa', { referer: 'https://news.ycombinator.com/item?id=1' }));
    await at('2025-03-15T09:01:00.000Z', () =>
      click('aaaaaa', { referer: 'https://news.ycombinator.com/', ip: '8.8.8.8', ua: UA.mobile }),
    );
    await at('2025-03-15T11:59:59.999Z', () => click('aaaaaa', { ip: '8.8.8.8' }));
    // A bot is not a click.
    await at('2025-03-15T11:59:59.999Z', () => click('aaaaaa', { ua: 'Twitterbot/1.0' }));

    time.set('2025-03-15T12:00:00.000Z');
    const res = await request(app).get('/api/shortlinks/analytics').set(auth());
    expect(res.status).toBe(200);
    const body = res.body;
    expect(body).toMatchObject({ totalLinks: 4, totalClicks: 7, createdToday: 2, averageClicks: 2 });
    expect(body.topLinks.map((link: Shortlink) => [link.title, link.clickCount])).toEqual([
      ['A', 3],
      ['B', 2],
      ['C', 1],
      ['D', 1],
    ]);
    expect(body.recentLinks.map((link: Shortlink) => link.title)).toEqual(['A', 'C', 'B', 'D']);
    expect(body.clicksPerDay).toHaveLength(30);
    expect(body.clicksPerDay[0]).toEqual({ date: '2025-02-14', clicks: 1 });
    expect(body.clicksPerDay[28]).toEqual({ date: '2025-03-14', clicks: 2 });
    expect(body.clicksPerDay[29]).toEqual({ date: '2025-03-15', clicks: 3 });
    expect(body.clicksPerDay.slice(1, 28).every((day: { clicks: number }) => day.clicks === 0)).toBe(true);
    expect(body.rangeClicks).toBe(6);
    // The lists follow the range: the click of 2025-02-13 is not in the last 30 days.
    expect(body.topReferrers).toEqual([
      { host: 'news.ycombinator.com', clicks: 2 },
      { host: 'www.google.com', clicks: 2 },
      { host: '(direct)', clicks: 2 },
    ]);
    expect(body.topCountries).toEqual([
      { country: 'US', clicks: 3 },
      { country: 'Unknown', clicks: 2 },
      { country: 'GB', clicks: 1 },
    ]);
    expect(body.devices).toEqual([
      { device: 'desktop', clicks: 3 },
      { device: 'mobile', clicks: 2 },
      { device: 'tablet', clicks: 1 },
    ]);

    const all = (await request(app).get('/api/shortlinks/analytics?range=all').set(auth())).body;
    expect(all).toMatchObject({ range: 'all', totalClicks: 7, rangeClicks: 7 });
    // From the first day with clicks (2025-02-13) to today.
    expect(all.clicksPerDay).toHaveLength(31);
    expect(all.clicksPerDay[0]).toEqual({ date: '2025-02-13', clicks: 1 });
    expect(all.topReferrers).toEqual([
      { host: '(direct)', clicks: 3 },
      { host: 'news.ycombinator.com', clicks: 2 },
      { host: 'www.google.com', clicks: 2 },
    ]);
    expect(all.topCountries).toEqual([
      { country: 'US', clicks: 3 },
      { country: 'Unknown', clicks: 3 },
      { country: 'GB', clicks: 1 },
    ]);
    expect(all.devices).toEqual([
      { device: 'desktop', clicks: 4 },
      { device: 'mobile', clicks: 2 },
      { device: 'tablet', clicks: 1 },
    ]);

    const week = (await request(app).get('/api/shortlinks/analytics?range=7d').set(auth())).body;
    expect(week.clicksPerDay.map((day: { clicks: number }) => day.clicks)).toEqual([0, 0, 0, 0, 0, 2, 3]);
    expect(week.rangeClicks).toBe(5);
    expect(week.devices).toEqual([
      { device: 'desktop', clicks: 3 },
      { device: 'mobile', clicks: 2 },
    ]);

    const bad = await request(app).get('/api/shortlinks/analytics?range=1y').set(auth());
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'range must be one of 7d, 30d, 90d, all', code: 'VALIDATION' });
  });

  it('keeps only the top 5 and the 5 newest, and rounds the average', async () => {
    const { app, auth, time } = setup();
    const body = Array.from({ length: 7 }, (_, i) => ({
      ...LINK,
      title: `L${i}`,
      clickCount: i === 3 ? 0 : i,
      createdAt: new Date(Date.parse('2025-03-01T00:00:00Z') + i * 86_400_000).toISOString(),
    }));
    await request(app).post('/api/shortlinks/import').set(auth()).send(body);
    time.set('2025-03-05T06:00:00.000Z');
    const res = await request(app).get('/api/shortlinks/analytics').set(auth());
    // 0+1+2+0+4+5+6 = 18 clicks over 7 links = 2.57 → 3; L4 (created 2025-03-05) is today's.
    expect(res.body).toMatchObject({ totalLinks: 7, totalClicks: 18, averageClicks: 3, createdToday: 1 });
    expect(res.body.topLinks.map((link: Shortlink) => link.title)).toEqual(['L6', 'L5', 'L4', 'L2', 'L1']);
    expect(res.body.recentLinks.map((link: Shortlink) => link.title)).toEqual(['L6', 'L5', 'L4', 'L3', 'L2']);
  });
});
