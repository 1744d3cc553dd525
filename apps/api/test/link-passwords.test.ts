import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shortlink, ShortlinkPage } from '@toolvault/shared';
import { RATE_LIMITS } from '@toolvault/shared/contract';
import { databaseCounterStore, memoryCounterStore, type CounterStore } from '../src/counters';
import { createRateCountersRepo } from '../src/db/rate-counters.repo';
import { engineApp, type EngineApp } from './engine-app';
import { ENGINES, openTestStorage, type TestStorage } from './engines';
import { CHROME, JWT_SECRET } from './helpers';

/**
 * Password links on both engines: the password is write-only and stored as a scrypt hash; until the
 * unlock, /{code} counts nothing and tells nothing of the target (JSON, page, crawler, direct mode,
 * the public lookup); the unlock cookie is scoped to its link, carries no secret, and dies with a
 * new password; wrong passwords are limited per address and per link.
 */

const CRAWLER = 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)';
const PASSWORD = 'open sesame 42';
const TARGET = 'https://secret-target.example/plans?q=1';
const LINK = {
  title: 'Quarterly plans',
  targetUrl: TARGET,
  description: 'Only for the team',
  metaImage: 'https://img.example/plans.png',
};
const LIMIT = RATE_LIMITS.linkUnlock.limit;

/** Whether any of the link's own words or its target show in a text. */
const leaks = (text: string) =>
  ['secret-target', 'Quarterly plans', 'Only for the team', 'img.example'].filter((word) => text.includes(word));

// Each unlock attempt spends a deliberately slow scrypt.
describe.each(ENGINES)('password links (%s)', { timeout: 60_000 }, (engine) => {
  let built: EngineApp;
  beforeAll(async () => {
    built = await engineApp(engine, {
      config: { trustProxy: 1 },
      counters: memoryCounterStore(() => new Date()),
    });
  });
  afterAll(async () => built.close());

  let made = 0;
  /** A new link with the password (and a code no other test uses). */
  const create = async (body: object = {}) => {
    made++;
    const res = await request(built.app)
      .post('/api/shortlinks')
      .set(built.auth)
      .send({ ...LINK, shortCode: `pw${engine.slice(0, 2)}${made}`, password: PASSWORD, ...body });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body as Shortlink;
  };
  let sent = 0;
  /** Each attempt from an address no request has come from before, unless one is given. */
  const unlock = (code: string, body: unknown, address = `203.0.${Math.floor(++sent / 250)}.${(sent % 250) + 1}`) =>
    request(built.app)
      .post(`/api/shortlink/${code}/unlock`)
      .set('X-Forwarded-For', address)
      .send(body as object);
  const cookieOf = async (code: string, secure = false) => {
    const res = await unlock(code, { password: PASSWORD }).set('X-Forwarded-Proto', secure ? 'https' : 'http');
    expect(res.status).toBe(204);
    const header = res.headers['set-cookie'] as unknown as string[];
    expect(header).toHaveLength(1);
    return { header: header[0]!, cookie: header[0]!.split(';')[0]! };
  };
  const openJson = (code: string, cookie?: string) => {
    const req = request(built.app).get(`/${code}`).set('Accept', 'application/json').set('User-Agent', CHROME);
    return cookie ? req.set('Cookie', cookie) : req;
  };
  const clicksOf = async (code: string) => {
    const res = await request(built.app).get('/api/shortlinks?limit=100').set(built.auth);
    return (res.body as ShortlinkPage).items.find((link) => link.shortCode === code)!.clickCount;
  };

  it('stores only a scrypt hash and answers hasPassword, never the password', async () => {
    const link = await create();
    expect(link.hasPassword).toBe(true);
    expect(JSON.stringify(link)).not.toContain(PASSWORD);
    const lock = await built.db.linkPasswords.lockOf(link.shortCode);
    expect(lock?.passwordHash).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(lock?.passwordHash).not.toContain(PASSWORD);
    const list = await request(built.app).get('/api/shortlinks?limit=100').set(built.auth);
    const listed = (list.body as ShortlinkPage).items.find((item) => item.id === link.id)!;
    expect(listed.hasPassword).toBe(true);
    expect(JSON.stringify(list.body)).not.toContain('scrypt$');
    const plain = await create({ password: undefined });
    expect(plain.hasPassword).toBe(false);
    expect(await built.db.linkPasswords.lockOf(plain.shortCode)).toBeNull();
  });

  it('counts no click and shows nothing of the link before the unlock: JSON, page, crawler, public lookup', async () => {
    const { shortCode } = await create();
    const json = await openJson(shortCode);
    expect(json.status).toBe(403);
    expect(json.body).toEqual({ error: 'This link is protected by a password.', code: 'SHORTLINK_PASSWORD_REQUIRED' });
    expect(json.headers['cache-control']).toBe('no-store');
    for (const agent of [CHROME, CRAWLER]) {
      const page = await request(built.app).get(`/${shortCode}`).set('User-Agent', agent);
      expect(page.status).toBe(200);
      expect(page.text).toContain('<title>Password-protected link</title>');
      expect(page.text).toContain('<meta property="og:title" content="Password-protected link">');
      expect(page.text).not.toContain('og:url');
      expect(page.text).not.toContain('og:image');
      expect(leaks(page.text)).toEqual([]);
    }
    const lookup = await request(built.app).get(`/api/shortlink/${shortCode}`);
    expect(lookup.status).toBe(403);
    expect(lookup.body.code).toBe('SHORTLINK_PASSWORD_REQUIRED');
    expect(leaks(JSON.stringify(lookup.body))).toEqual([]);
    expect(await clicksOf(shortCode)).toBe(0);
  });

  // The engine app's clock stands at 2025-03-15T12:00Z.
  it.each([
    ['ended', { validUntil: '2025-03-01T00:00:00Z' }, 410, 'SHORTLINK_EXPIRED', 'This link has expired'],
    ['not yet open', { validFrom: '2025-04-01T00:00:00Z' }, 404, 'SHORTLINK_NOT_ACTIVE', 'This link is not active yet'],
  ] as const)(
    'an inactive password link (%s) answers as any inactive link, to everyone, with nothing of its target',
    async (_name, rules, status, code, heading) => {
      for (const redirectMode of ['preview', 'direct'] as const) {
        const { shortCode } = await create({ ...rules, redirectMode });
        const json = await openJson(shortCode);
        expect(json.status).toBe(status);
        expect(json.body).toMatchObject({ code });
        for (const agent of [CHROME, CRAWLER]) {
          const page = await request(built.app).get(`/${shortCode}`).set('User-Agent', agent).redirects(0);
          expect(page.status).toBe(status);
          expect(page.text).toContain(`<h1>${heading}</h1>`);
          expect(page.text).not.toContain('Password-protected link');
          expect(leaks(page.text)).toEqual([]);
        }
        const lookup = await request(built.app).get(`/api/shortlink/${shortCode}`);
        expect(lookup.status).toBe(status);
        expect(leaks(JSON.stringify(lookup.body))).toEqual([]);
        expect(await clicksOf(shortCode)).toBe(0);
      }
      // With a fallback, everyone goes there: it is the owner's public way out, not the guarded target.
      const { shortCode } = await create({ ...rules, fallbackUrl: 'https://fallback.example/' });
      for (const agent of [CHROME, CRAWLER]) {
        const page = await request(built.app).get(`/${shortCode}`).set('User-Agent', agent).redirects(0);
        expect(page.status).toBe(302);
        expect(page.headers.location).toBe('https://fallback.example/');
      }
      const json = await openJson(shortCode);
      expect(json.status).toBe(status);
      expect(json.body).toMatchObject({ code, fallbackUrl: 'https://fallback.example/' });
      expect(leaks(JSON.stringify(json.body))).toEqual([]);
    },
  );

  it('a direct link without the cookie gets the page with the form, no 302 and no click; with it, the 302 and one click', async () => {
    const { shortCode } = await create({ redirectMode: 'direct' });
    for (const agent of [CHROME, 'curl/8.5.0']) {
      const page = await request(built.app).get(`/${shortCode}`).set('User-Agent', agent).redirects(0);
      expect(page.status).toBe(200);
      expect(page.headers.location).toBeUndefined();
      expect(leaks(page.text)).toEqual([]);
    }
    expect(await clicksOf(shortCode)).toBe(0);
    const { cookie } = await cookieOf(shortCode);
    const res = await request(built.app)
      .get(`/${shortCode}`)
      .set('User-Agent', CHROME)
      .set('Cookie', cookie)
      .redirects(0);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(TARGET);
    expect(await clicksOf(shortCode)).toBe(1);
  });

  it('a right password sets a signed cookie for that link alone, holding no secret; the retry is counted', async () => {
    const { shortCode, id } = await create();
    const { header, cookie } = await cookieOf(shortCode);
    // Password version 0: the link's first password.
    expect(header).toMatch(new RegExp(`^tv_unlock=v1\\.${id}\\.0\\.\\d+\\.[A-Za-z0-9_-]{43}; `));
    expect(header.split('; ').slice(1)).toEqual([`Path=/${shortCode}`, 'Max-Age=3600', 'HttpOnly', 'SameSite=Lax']);
    const hash = (await built.db.linkPasswords.lockOf(shortCode))!.passwordHash;
    for (const secret of [PASSWORD, ...hash.split('$').slice(4)]) expect(header).not.toContain(secret);
    // The expiry in the cookie is an hour after the (fixed) server time.
    const expires = Number(cookie.split('.')[3]);
    expect(expires * 1000).toBe(Date.parse('2025-03-15T13:00:00.000Z'));
    const res = await openJson(shortCode, cookie);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ shortCode, ...LINK });
    expect(await clicksOf(shortCode)).toBe(1);
  });

  it('sets Secure when the visit came over https', async () => {
    const { shortCode } = await create();
    const { header } = await cookieOf(shortCode, true);
    expect(header.split('; ')).toContain('Secure');
  });

  it("refuses another link's cookie, a forged one and one of an older password", async () => {
    const [a, b] = [await create(), await create()];
    const { cookie } = await cookieOf(a.shortCode);
    expect((await openJson(b.shortCode, cookie)).status).toBe(403);
    // The same fields for b's id, with a's mac: the signature no longer matches.
    const forged = cookie.replace(`.${a.id}.`, `.${b.id}.`);
    expect((await openJson(b.shortCode, forged)).status).toBe(403);
    expect((await openJson(a.shortCode, `${cookie.slice(0, -1)}A`)).status).toBe(403);
    expect((await openJson(a.shortCode, 'tv_unlock=garbage; other=1')).status).toBe(403);
    expect(await clicksOf(b.shortCode)).toBe(0);

    // An update without `password` keeps it, and the cookie.
    const kept = await request(built.app)
      .put(`/api/shortlinks/${a.id}`)
      .set(built.auth)
      .send({ ...LINK, title: 'New' });
    expect(kept.body.hasPassword).toBe(true);
    expect((await openJson(a.shortCode, cookie)).status).toBe(200);
    // A new password ends the earlier cookie.
    const changed = await request(built.app)
      .put(`/api/shortlinks/${a.id}`)
      .set(built.auth)
      .send({ ...LINK, password: 'another password' });
    expect(changed.status).toBe(200);
    expect((await openJson(a.shortCode, cookie)).status).toBe(403);
    expect((await unlock(a.shortCode, { password: PASSWORD })).status).toBe(403);
    expect((await unlock(a.shortCode, { password: 'another password' })).status).toBe(204);
    // null removes it: the link opens for everyone, and hasPassword says so.
    const removed = await request(built.app)
      .put(`/api/shortlinks/${a.id}`)
      .set(built.auth)
      .send({ ...LINK, password: null });
    expect(removed.body.hasPassword).toBe(false);
    expect((await openJson(a.shortCode)).status).toBe(200);
  });

  it('a wrong password answers 403 SHORTLINK_PASSWORD_WRONG and sets no cookie', async () => {
    const { shortCode } = await create();
    const res = await unlock(shortCode, { password: 'open sesame 43' });
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: 'Wrong password. Please try again.', code: 'SHORTLINK_PASSWORD_WRONG' });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('an unknown code answers 404; a link without a password answers 204 and sets nothing', async () => {
    expect((await unlock('nosuchcode', { password: PASSWORD })).body.code).toBe('SHORTLINK_NOT_FOUND');
    const plain = await create({ password: null });
    const res = await unlock(plain.shortCode, { password: 'anything' });
    expect(res.status).toBe(204);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it(`limits wrong passwords to ${LIMIT} per address, on every link; other addresses go on`, async () => {
    const [a, b] = [await create(), await create()];
    const address = '198.18.0.7';
    for (let i = 0; i < LIMIT; i++) {
      const res = await unlock(i % 2 ? a.shortCode : b.shortCode, { password: `wrong ${i}` }, address);
      expect(res.status, `attempt ${i + 1}`).toBe(403);
    }
    const refused = await unlock(a.shortCode, { password: PASSWORD }, address);
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect((await unlock(a.shortCode, { password: PASSWORD })).status).toBe(204);
  });

  it(`limits wrong passwords to ${LIMIT} per link, from any addresses; other links go on`, async () => {
    const [a, b] = [await create(), await create()];
    for (let i = 0; i < LIMIT; i++) expect((await unlock(a.shortCode, { password: `wrong ${i}` })).status).toBe(403);
    const refused = await unlock(a.shortCode, { password: PASSWORD });
    expect(refused.status).toBe(429);
    expect(refused.body.code).toBe('RATE_LIMITED');
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await unlock(b.shortCode, { password: PASSWORD })).status).toBe(204);
  });

  it('right passwords are not counted against either limit', async () => {
    const { shortCode } = await create();
    for (let i = 0; i < LIMIT + 2; i++) {
      expect((await unlock(shortCode, { password: PASSWORD }, '198.18.1.1')).status).toBe(204);
    }
  });

  it.each([
    ['no body', undefined, 400],
    ['an array', [PASSWORD], 400],
    ['a number', { password: 12345678 }, 400],
    ['an empty password', { password: '' }, 400],
    ['a password past the longest a link can have', { password: 'x'.repeat(129) }, 400],
    ['a control character', { password: 'open\u0000sesame' }, 400],
    ['an unknown field', { password: PASSWORD, remember: true }, 400],
    ['a prototype key', JSON.parse('{"password":"x","__proto__":{"admin":true}}'), 400],
  ])('refuses %s with a 4xx JSON error, never a 500', async (_name, body, status) => {
    const { shortCode } = await create();
    const res = await unlock(shortCode, body);
    expect(res.status).toBe(status);
    expect(res.body).toEqual({ error: expect.any(String), code: expect.any(String) });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it.each(['%zz', 'api', 'a', 'x'.repeat(40), "pw'--"])('an address that is no code (%s) answers 404', async (code) => {
    const res = await unlock(code, { password: PASSWORD });
    expect(res.status).toBe(404);
    expect(res.body.code).toMatch(/NOT_FOUND/);
  });

  it.each([
    ['7 characters', 'short12', 'The link password must be at least 8 characters'],
    ['129 characters', 'x'.repeat(129), 'The link password must be at most 128 characters'],
    ['a number', 12345678, 'The link password must be text or null'],
  ])('refuses a link password of %s', async (_name, password, message) => {
    const res = await request(built.app)
      .post('/api/shortlinks')
      .set(built.auth)
      .send({ ...LINK, password });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: message, code: 'VALIDATION' });
  });

  it('a guest cannot set a password', async () => {
    const res = await request(built.app)
      .post('/api/shortlinks')
      .send({ ...LINK, password: PASSWORD });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('UNKNOWN_FIELDS');
  });
});

/**
 * Two replicas share the attempt counts: each app here has a database of its own holding the same
 * link, and both count in one shared counter store (the rate_counters table of the engine, as
 * replicas without Redis do), so attempts spread across them still stop at the limit.
 */
describe.each(ENGINES)('password attempts across two replicas (%s)', { timeout: 60_000 }, (engine) => {
  let replicas: EngineApp[];
  let counters: TestStorage;
  let store: CounterStore;
  beforeAll(async () => {
    counters = await openTestStorage(engine);
    store = databaseCounterStore(createRateCountersRepo(counters.storage.db), () => new Date(), JWT_SECRET);
    replicas = [
      await engineApp(engine, { config: { trustProxy: 1 }, counters: store }),
      await engineApp(engine, { config: { trustProxy: 1 }, counters: store }),
    ];
  });
  afterAll(async () => {
    for (const replica of replicas) await replica.close();
    await store.close();
    await counters.close();
  });

  const createOnBoth = async (shortCode: string) => {
    for (const { app, auth } of replicas) {
      const res = await request(app)
        .post('/api/shortlinks')
        .set(auth)
        .send({ ...LINK, shortCode, password: PASSWORD });
      expect(res.status).toBe(201);
    }
  };
  const attempt = (replica: number, code: string, password: string, address: string) =>
    request(replicas[replica]!.app)
      .post(`/api/shortlink/${code}/unlock`)
      .set('X-Forwarded-For', address)
      .send({ password });

  it('one address: failures on either replica add up', async () => {
    await createOnBoth('replica1');
    for (let i = 0; i < LIMIT; i++) expect((await attempt(i % 2, 'replica1', 'wrong', '192.0.2.9')).status).toBe(403);
    expect((await attempt(0, 'replica1', PASSWORD, '192.0.2.9')).status).toBe(429);
    expect((await attempt(1, 'replica1', PASSWORD, '192.0.2.9')).status).toBe(429);
  });

  it('one link: failures from many addresses on either replica add up', async () => {
    await createOnBoth('replica2');
    for (let i = 0; i < LIMIT; i++) {
      expect((await attempt(i % 2, 'replica2', 'wrong', `192.0.2.${100 + i}`)).status).toBe(403);
    }
    expect((await attempt(1, 'replica2', PASSWORD, '192.0.2.200')).status).toBe(429);
  });

  it('writes no address and no code to rate_counters: each row is a limit and an HMAC', async () => {
    await createOnBoth('replica3');
    expect((await attempt(0, 'replica3', 'wrong', '192.0.2.77')).status).toBe(403);
    const keys = (await counters.storage.db.selectFrom('rate_counters').select('key').execute()).map((row) => row.key);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => ['192.0.2', 'replica'].some((word) => key.includes(word)))).toEqual([]);
    for (const key of keys) expect(key).toMatch(/^link-unlock(?:-link)?:[\w-]{32}$/);
  });
});
