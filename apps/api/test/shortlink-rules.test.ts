import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { RULE_MESSAGES, SHORTLINK_CSV_COLUMNS } from '@toolvault/shared';
import { ENGINE_APP_NOW, engineApp, type EngineApp } from './engine-app';
import { ENGINES } from './engines';
import { CHROME } from './helpers';

/*
 * Per-link rules on both engines, with the app's clock fixed at ENGINE_APP_NOW (2025-03-15 12:00 UTC):
 * stored and answered, refused when wrong, and applied to every kind of visit.
 */

const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const PAST = '2025-03-15T11:59:59.999Z';
const FUTURE = '2025-03-15T12:00:00.001Z';
const LINK = { title: 'Docs', targetUrl: 'https://example.com/docs' };

describe.each(ENGINES)('per-link rules on %s', (engine) => {
  let t: EngineApp;
  afterEach(async () => t?.close());

  const create = async (body: Record<string, unknown>) => {
    const res = await request(t.app)
      .post('/api/shortlinks')
      .set(t.auth)
      .send({ ...LINK, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as Record<string, unknown> & { id: number; clickCount: number };
  };
  const page = (code: string, userAgent = CHROME) =>
    request(t.app).get(`/${code}`).set('Accept', 'text/html').set('User-Agent', userAgent);
  const json = (code: string, userAgent = CHROME) =>
    request(t.app).get(`/${code}`).set('Accept', 'application/json').set('User-Agent', userAgent);
  const clicksOf = async (id: number) => {
    const listed = await request(t.app).get('/api/shortlinks?limit=100').set(t.auth);
    return (listed.body.items as { id: number; clickCount: number }[]).find((link) => link.id === id)?.clickCount;
  };

  it('stores the rules, answers them, changes them and keeps them through export and import', async () => {
    t = await engineApp(engine);
    const rules = {
      validFrom: '2025-03-01T10:00:00+02:00',
      validUntil: '2025-04-01T00:00:00Z',
      maxVisits: 100,
      fallbackUrl: 'HTTPS://Fallback.example/gone',
      redirectStatus: 308,
    };
    const link = await create({ ...rules, shortCode: 'rule01', redirectMode: 'direct' });
    const stored = {
      validFrom: '2025-03-01T08:00:00.000Z',
      validUntil: '2025-04-01T00:00:00.000Z',
      maxVisits: 100,
      fallbackUrl: 'https://fallback.example/gone',
      redirectStatus: 308,
    };
    expect(link).toMatchObject(stored);
    const listed = await request(t.app).get('/api/shortlinks').set(t.auth);
    expect(listed.body.items[0]).toMatchObject(stored);

    const changed = await request(t.app)
      .put(`/api/shortlinks/${link.id}`)
      .set(t.auth)
      .send({ ...LINK, redirectMode: 'direct', maxVisits: null, validFrom: '', redirectStatus: 301 });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      validFrom: null,
      validUntil: null,
      maxVisits: null,
      fallbackUrl: null,
      redirectStatus: 301,
    });
    await request(t.app)
      .put(`/api/shortlinks/${link.id}`)
      .set(t.auth)
      .send({ ...LINK, ...rules, redirectMode: 'direct' });

    const exported = await request(t.app).get('/api/shortlinks/export?format=json').set(t.auth);
    expect(exported.body[0]).toMatchObject(stored);
    const csv = await request(t.app).get('/api/shortlinks/export?format=csv').set(t.auth);
    const [header, row] = csv.text.trim().split(/\r?\n/);
    expect(header).toBe(SHORTLINK_CSV_COLUMNS.join(','));
    expect(row).toContain(',2025-03-01T08:00:00.000Z,2025-04-01T00:00:00.000Z,100,https://fallback.example/gone,308,');

    await request(t.app).delete(`/api/shortlinks/${link.id}`).set(t.auth);
    const imported = await request(t.app).post('/api/shortlinks/import').set(t.auth).send(exported.body);
    expect(imported.status).toBe(201);
    expect((await request(t.app).get('/api/shortlinks').set(t.auth)).body.items[0]).toMatchObject({
      shortCode: 'rule01',
      ...stored,
    });
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    [
      'window in the wrong order',
      { validFrom: FUTURE, validUntil: PAST },
      'FIELDS_CONFLICT',
      RULE_MESSAGES.windowOrder,
    ],
    ['an equal window', { validFrom: PAST, validUntil: PAST }, 'FIELDS_CONFLICT', RULE_MESSAGES.windowOrder],
    ['validFrom without a zone', { validFrom: '2025-03-15T12:00' }, 'VALIDATION', RULE_MESSAGES.invalidFrom],
    ['validUntil not a date', { validUntil: 'soon' }, 'VALIDATION', RULE_MESSAGES.invalidUntil],
    ['validUntil as an object', { validUntil: { $gt: '' } }, 'VALIDATION', RULE_MESSAGES.invalidUntil],
    ['maxVisits 0', { maxVisits: 0 }, 'VALIDATION', RULE_MESSAGES.maxVisits],
    ['maxVisits as text', { maxVisits: '5' }, 'VALIDATION', RULE_MESSAGES.maxVisits],
    ['maxVisits huge', { maxVisits: 1e300 }, 'VALIDATION', RULE_MESSAGES.maxVisits],
    ['redirectStatus 303', { redirectStatus: 303 }, 'VALIDATION', RULE_MESSAGES.redirectStatus],
    ['redirectStatus as a list', { redirectStatus: [301] }, 'VALIDATION', RULE_MESSAGES.redirectStatus],
    [
      'fallback javascript:',
      { fallbackUrl: 'javascript:alert(1)' },
      'VALIDATION',
      'Only valid http(s) URLs are allowed.',
    ],
    [
      'fallback data:',
      { fallbackUrl: 'data:text/html,<script>alert(1)</script>' },
      'VALIDATION',
      'Only valid http(s) URLs are allowed.',
    ],
    [
      'fallback with a control character',
      { fallbackUrl: 'https://a.example/\u0000' },
      'INVALID_CHARACTERS',
      'Only valid http(s) URLs are allowed.',
    ],
    [
      'fallback on this server',
      { fallbackUrl: 'http://localhost/x' },
      'SHORTLINK_OWN_ADDRESS',
      "Links to this server's own addresses (localhost or its IP addresses) are not allowed.",
    ],
  ])('refuses %s with 400', async (_label, rules, code, message) => {
    t = await engineApp(engine);
    const res = await request(t.app)
      .post('/api/shortlinks')
      .set(t.auth)
      .send({ ...LINK, ...rules });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, code });
    const update = await create({ shortCode: 'upd001' });
    const put = await request(t.app)
      .put(`/api/shortlinks/${update.id}`)
      .set(t.auth)
      .send({ ...LINK, ...rules });
    expect(put.status).toBe(400);
    expect(put.body.code).toBe(code);
  });

  it('refuses a fallback that is one of its own short links', async () => {
    t = await engineApp(engine);
    const res = await request(t.app)
      .post('/api/shortlinks')
      .set(t.auth)
      .set('Host', 'short.example')
      .send({ ...LINK, fallbackUrl: 'https://short.example/abc123' });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('SHORTLINK_SELF_LINK');
  });

  it('refuses rules from a guest, and in an import row', async () => {
    t = await engineApp(engine);
    const guest = await request(t.app)
      .post('/api/shortlinks')
      .send({ ...LINK, maxVisits: 3 });
    expect(guest.status).toBe(400);
    expect(guest.body.code).toBe('UNKNOWN_FIELDS');
    const imported = await request(t.app)
      .post('/api/shortlinks/import')
      .set(t.auth)
      .send([LINK, { ...LINK, validFrom: FUTURE, validUntil: PAST }]);
    expect(imported.status).toBe(400);
    expect(imported.body.error).toBe(`Row 2: ${RULE_MESSAGES.windowOrder}`);
  });

  describe('visits', () => {
    it.each([
      ['expired', { validUntil: ENGINE_APP_NOW }, 410, 'SHORTLINK_EXPIRED', RULE_MESSAGES.expired],
      ['not active yet', { validFrom: FUTURE }, 404, 'SHORTLINK_NOT_ACTIVE', RULE_MESSAGES.notActiveYet],
    ])(
      'of a link %s: the page and its request say so, for people and crawlers, and count nothing',
      async (_label, rules, status, code, heading) => {
        t = await engineApp(engine);
        const preview = await create({ ...rules, shortCode: 'gone01' });
        const direct = await create({ ...rules, shortCode: 'gone02', redirectMode: 'direct' });
        for (const short of ['gone01', 'gone02']) {
          for (const agent of [CHROME, BOT]) {
            const html = await page(short, agent);
            expect(html.status).toBe(status);
            expect(html.text).toContain(`<h1>${heading}</h1>`);
            expect(html.text).toContain('<a href="/">Return to Home</a>');
            expect(html.headers['cache-control']).toBe('no-store');
          }
          const answer = await json(short);
          expect(answer.status).toBe(status);
          expect(answer.body).toEqual({ error: heading, code });
          expect(answer.body).not.toHaveProperty('targetUrl');
        }
        expect(await clicksOf(preview.id)).toBe(0);
        expect(await clicksOf(direct.id)).toBe(0);
      },
    );

    it('of an inactive link with a fallback: a 302 there for every page request, the URL in the JSON', async () => {
      t = await engineApp(engine);
      const fallbackUrl = 'https://fallback.example/sorry';
      const preview = await create({ validUntil: PAST, fallbackUrl, shortCode: 'fall01' });
      await create({
        validFrom: FUTURE,
        fallbackUrl,
        shortCode: 'fall02',
        redirectMode: 'direct',
        redirectStatus: 301,
      });
      for (const code of ['fall01', 'fall02']) {
        for (const agent of [CHROME, BOT]) {
          const res = await page(code, agent);
          expect(res.status).toBe(302);
          expect(res.headers.location).toBe(fallbackUrl);
        }
      }
      const expired = await json('fall01');
      expect(expired.status).toBe(410);
      expect(expired.body).toEqual({ error: RULE_MESSAGES.expired, code: 'SHORTLINK_EXPIRED', fallbackUrl });
      const scheduled = await json('fall02');
      expect(scheduled.status).toBe(404);
      expect(scheduled.body).toMatchObject({ code: 'SHORTLINK_NOT_ACTIVE', fallbackUrl });
      expect(await clicksOf(preview.id)).toBe(0);
    });

    it('redirects a direct link with its own status until its visit limit, then sends the fallback', async () => {
      t = await engineApp(engine);
      const link = await create({
        shortCode: 'lim001',
        redirectMode: 'direct',
        redirectStatus: 307,
        maxVisits: 2,
        fallbackUrl: 'https://fallback.example/',
      });
      const first = await page('lim001');
      expect([first.status, first.headers.location]).toEqual([307, 'https://example.com/docs']);
      // The redirect page's request counts too.
      const second = await json('lim001');
      expect(second.status).toBe(200);
      expect(second.body).toEqual({
        shortCode: 'lim001',
        targetUrl: 'https://example.com/docs',
        title: 'Docs',
        description: '',
        metaImage: '',
      });
      const third = await page('lim001');
      expect([third.status, third.headers.location]).toEqual([302, 'https://fallback.example/']);
      expect((await json('lim001')).status).toBe(410);
      expect(await clicksOf(link.id)).toBe(2);
      // Raising the limit makes it active again: nothing was deleted.
      await request(t.app)
        .put(`/api/shortlinks/${link.id}`)
        .set(t.auth)
        .send({ ...LINK, redirectMode: 'direct', maxVisits: 3 });
      expect((await page('lim001')).status).toBe(302);
      expect((await page('lim001')).status).toBe(410);
      expect(await clicksOf(link.id)).toBe(3);
    });

    it('answers a 302 for a direct link without a status of its own', async () => {
      t = await engineApp(engine);
      await create({ shortCode: 'plain1', redirectMode: 'direct' });
      expect((await page('plain1')).status).toBe(302);
    });
  });

  it('lists links by status', async () => {
    t = await engineApp(engine);
    await create({ shortCode: 'act001' });
    await create({ shortCode: 'act002', validFrom: PAST, validUntil: FUTURE, maxVisits: 5 });
    await create({ shortCode: 'exp001', validUntil: PAST });
    await create({ shortCode: 'sch001', validFrom: FUTURE });
    const limited = await create({ shortCode: 'lim001', maxVisits: 1 });
    await json('lim001');
    expect(await clicksOf(limited.id)).toBe(1);
    const codes = async (query: string) => {
      const res = await request(t.app).get(`/api/shortlinks${query}`).set(t.auth);
      expect(res.status).toBe(200);
      return {
        codes: (res.body.items as { shortCode: string }[]).map((link) => link.shortCode).sort(),
        total: res.body.total,
      };
    };
    expect(await codes('?status=active')).toEqual({ codes: ['act001', 'act002'], total: 2 });
    expect(await codes('?status=inactive')).toEqual({ codes: ['exp001', 'lim001', 'sch001'], total: 3 });
    expect((await codes('?status=all')).total).toBe(5);
    expect((await codes('')).total).toBe(5);
    expect(await codes('?status=inactive&q=exp')).toEqual({ codes: ['exp001'], total: 1 });
    expect(await codes('?status=inactive&sort=clicks&limit=1')).toMatchObject({ codes: ['lim001'], total: 3 });
    const bad = await request(t.app).get('/api/shortlinks?status=expired').set(t.auth);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'status must be one of all, active, inactive', code: 'VALIDATION' });
    const hostile = await request(t.app).get("/api/shortlinks?status=active' OR 1=1--").set(t.auth);
    expect(hostile.status).toBe(400);
  });

  it("answers the redirect page's lookup of an inactive link as its click would, counting nothing", async () => {
    t = await engineApp(engine);
    const lookup = (code: string) => request(t.app).get(`/api/shortlink/${code}`).set('User-Agent', CHROME);
    await create({ shortCode: 'look01', validUntil: FUTURE });
    await create({ shortCode: 'look02', validUntil: PAST });
    await create({ shortCode: 'look03', validUntil: PAST, fallbackUrl: 'https://fallback.example/' });
    await create({ shortCode: 'look04', validFrom: FUTURE });
    const used = await create({ shortCode: 'look05', maxVisits: 1 });
    await json('look05');

    const open = await lookup('look01');
    expect([open.status, open.body.targetUrl]).toEqual([200, 'https://example.com/docs']);
    const ended = await lookup('look02');
    expect([ended.status, ended.body]).toEqual([410, { error: RULE_MESSAGES.expired, code: 'SHORTLINK_EXPIRED' }]);
    const withFallback = await lookup('look03');
    expect([withFallback.status, withFallback.body]).toEqual([
      410,
      { error: RULE_MESSAGES.expired, code: 'SHORTLINK_EXPIRED', fallbackUrl: 'https://fallback.example/' },
    ]);
    const early = await lookup('look04');
    expect([early.status, early.body.code]).toEqual([404, 'SHORTLINK_NOT_ACTIVE']);
    const usedUp = await lookup('look05');
    expect([usedUp.status, usedUp.body.code]).toEqual([410, 'SHORTLINK_EXPIRED']);
    // No answer of the lookup leaks the target of an inactive link, and none counts.
    for (const res of [ended, withFallback, early, usedUp]) expect(JSON.stringify(res.body)).not.toContain('/docs');
    expect(await clicksOf(used.id)).toBe(1);
  });
});
