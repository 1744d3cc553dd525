// A link that redirects at once: a 302 to its target that counts the click, the og: page for
// crawlers, errors answered with the security headers, and switching modes.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { adminToken, CHROME } from './helpers';
import { LINK, redirectApps } from './shortlink-redirect-support';

const setup = redirectApps();

describe('GET /:shortCode of a link that redirects at once', () => {
  const CURL = 'curl/8.5.0';
  const statsRows = (built: ReturnType<typeof setup>) =>
    built.database
      .sqlite!.prepare('SELECT dimension, day, value, clicks FROM click_daily_stats ORDER BY 1, 2, 3')
      .all();

  it.each([
    ['curl', CURL, 'desktop'],
    ['a desktop browser', CHROME, 'desktop'],
    [
      'a phone',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36',
      'mobile',
    ],
  ])('answers %s with a 302 to the target and counts one click', async (_label, userAgent, device) => {
    const built = setup();
    const link = await built.create({ ...LINK, shortCode: 'direct1', redirectMode: 'direct' });
    expect(link.redirectMode).toBe('direct');
    const res = await request(built.app)
      .get('/direct1?utm=x')
      .set('User-Agent', userAgent)
      .set('Referer', 'https://news.example/item');
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(LINK.targetUrl);
    expect(res.headers['cache-control']).toBe('no-store');
    // Answered before helmet runs, with the same headers it sets.
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['content-length']).toBe('0');
    expect(await built.clicksOf('direct1')).toBe(1);
    expect(built.clickRows()).toMatchObject([{ referrer_host: 'news.example', device }]);
    expect(statsRows(built)).toEqual([
      { dimension: 'country', day: '2025-03-15', value: '', clicks: 1 },
      { dimension: 'device', day: '2025-03-15', value: device, clicks: 1 },
      { dimension: 'referrer', day: '2025-03-15', value: 'news.example', clicks: 1 },
    ]);
    // A second visit is a second click.
    await request(built.app).get('/direct1').set('User-Agent', userAgent);
    expect(await built.clicksOf('direct1')).toBe(2);
  });

  it.each(['facebookexternalhit/1.1', 'Twitterbot/1.0', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'])(
    'gives the crawler %s the og: page and counts nothing',
    async (userAgent) => {
      const built = setup();
      await built.create({ ...LINK, shortCode: 'direct1', redirectMode: 'direct' });
      const res = await request(built.app).get('/direct1').set('User-Agent', userAgent);
      expect(res.status).toBe(200);
      expect(res.type).toBe('text/html');
      expect(res.text).toContain('<meta property="og:title" content="Docs">');
      expect(res.text).toContain(`<meta property="og:url" content="${LINK.targetUrl}">`);
      expect(await built.clicksOf('direct1')).toBe(0);
      expect(built.clickRows()).toEqual([]);
      expect(statsRows(built)).toEqual([]);
    },
  );

  it('leaves a preview link, HEAD and an unknown code to the page, counting nothing', async () => {
    const built = setup();
    await built.create({ ...LINK, shortCode: 'preview1' });
    await built.create({ ...LINK, shortCode: 'direct1', redirectMode: 'direct' });
    const preview = await request(built.app).get('/preview1').set('User-Agent', CURL);
    expect(preview.status).toBe(200);
    expect(preview.type).toBe('text/html');
    const head = await request(built.app).head('/direct1').set('User-Agent', CURL);
    expect(head.status).toBe(200);
    expect((await request(built.app).get('/nope99').set('User-Agent', CURL)).status).toBe(404);
    expect(await built.clicksOf('preview1')).toBe(0);
    expect(await built.clicksOf('direct1')).toBe(0);
  });

  it('still answers the redirect page JSON (and counts) for a direct link', async () => {
    const built = setup();
    await built.create({ ...LINK, shortCode: 'direct1', redirectMode: 'direct' });
    expect((await built.open('/direct1')).body.targetUrl).toBe(LINK.targetUrl);
    expect(await built.clicksOf('direct1')).toBe(1);
  });

  it('redirects without the SPA being built, too', async () => {
    const built = setup({ webDist: undefined });
    await built.create({ ...LINK, shortCode: 'direct1', redirectMode: 'direct' });
    const res = await request(built.app).get('/direct1').set('User-Agent', CURL);
    expect(res.status).toBe(302);
    expect(await built.clicksOf('direct1')).toBe(1);
  });

  it.each([
    ['the redirect page JSON', 'application/json'],
    ['a direct 302', 'text/html'],
  ])('answers a failed count of %s with the error JSON and the security headers', async (_label, accept) => {
    const built = setup();
    await built.create({ ...LINK, shortCode: 'direct1', redirectMode: 'direct' });
    // The click middleware answers before helmet: the error handler's answer must still carry its headers.
    built.db.shortlinkClicks.countClick = () => Promise.reject(new Error('disk I/O error'));
    const res = await request(built.app).get('/direct1').set('Accept', accept).set('User-Agent', CHROME);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: 'Internal server error', code: 'INTERNAL' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers.location).toBeUndefined();
  });

  const bug = () => {
    throw new Error('a bug while answering');
  };
  it.each([
    // JSON.stringify of the answer throws.
    ['the redirect page JSON', 'application/json', { ...LINK, shortCode: 'direct1', toJSON: bug }],
    // Reading the target for the Location header throws.
    ['a direct 302', 'text/html', Object.defineProperty({ ...LINK, shortCode: 'direct1' }, 'targetUrl', { get: bug })],
  ])('answers a throw while writing %s with the error JSON, and serves on', async (_label, accept, broken) => {
    const built = setup();
    await built.create({ ...LINK, shortCode: 'direct1', redirectMode: 'direct' });
    // A bug in the answer itself, after the click was counted: it must end in this request's 500,
    // not in a rejection that nothing handles (which ends the process).
    built.db.shortlinkClicks.countClick = () => Promise.resolve(broken as never);
    const res = await request(built.app).get('/direct1').set('Accept', accept).set('User-Agent', CHROME);
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ error: 'Internal server error', code: 'INTERNAL' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect((await request(built.app).get('/api/health')).status).toBe(200);
  });

  it('switches between the two modes with PUT', async () => {
    const built = setup();
    const link = await built.create({ ...LINK, shortCode: 'switch1' });
    const token = adminToken('2025-03-15T12:00:00Z');
    const put = (redirectMode: string) =>
      request(built.app)
        .put(`/api/shortlinks/${link.id}`)
        .set('Authorization', `Bearer ${token}`)
        .send({ ...LINK, redirectMode });
    expect((await put('direct')).body.redirectMode).toBe('direct');
    expect((await request(built.app).get('/switch1').set('User-Agent', CURL)).status).toBe(302);
    expect((await put('preview')).body.redirectMode).toBe('preview');
    expect((await request(built.app).get('/switch1').set('User-Agent', CURL)).status).toBe(200);
    const bad = await put('instant');
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: "redirectMode must be 'preview' or 'direct'", code: 'VALIDATION' });
  });

  it('never lets a guest create a direct link', async () => {
    const built = setup();
    const res = await request(built.app)
      .post('/api/shortlinks')
      .send({ ...LINK, redirectMode: 'direct' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Unknown fields: description, redirectMode', code: 'UNKNOWN_FIELDS' });
    expect(built.database.sqlite!.prepare('SELECT COUNT(*) AS n FROM shortlinks').get()).toEqual({ n: 0 });
  });
});
