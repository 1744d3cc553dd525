// A link's address as the redirect page asks for it (Accept: application/json): what it answers,
// which visits count as clicks and what a click records, and 500 concurrent clicks counted exactly.
import type { AddressInfo } from 'node:net';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { GeoService } from '../src/services/geo.service';
import { CHROME } from './helpers';
import { LINK, redirectApps } from './shortlink-redirect-support';

const setup = redirectApps();

describe('GET /:shortCode with Accept: application/json', () => {
  it('counts one click and answers the public link, uncached, with the security headers', async () => {
    const { create, open, clicksOf } = setup();
    await create({ ...LINK, shortCode: 'abc123', tags: ['private'] });
    const res = await open('/abc123');
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/json');
    expect(res.body).toEqual({ shortCode: 'abc123', ...LINK });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.vary).toBe('Accept');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
    expect(await clicksOf('abc123')).toBe(1);
    await open('/abc123');
    expect(await clicksOf('abc123')).toBe(2);
  });

  it.each([
    '/abc123?targetUrl=https://evil.example',
    '/abc123?url=javascript:alert(1)&shortCode=other',
    '/abc123/',
    '/abc123?',
  ])('ignores the query string and trailing slash of %s', async (url) => {
    const { create, open, clicksOf } = setup();
    await create({ ...LINK, shortCode: 'abc123' });
    const res = await open(url);
    expect(res.status).toBe(200);
    expect(res.body.targetUrl).toBe(LINK.targetUrl);
    expect(await clicksOf('abc123')).toBe(1);
  });

  it.each(['/nope12', '/ABC123'])('answers 404 JSON for the unknown code %s', async (url) => {
    const { create, open, clickRows } = setup();
    await create({ ...LINK, shortCode: 'abc123' });
    const res = await open(url);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Shortlink not found', code: 'SHORTLINK_NOT_FOUND' });
    expect(clickRows()).toEqual([]);
  });

  it.each([
    ['facebookexternalhit', 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)'],
    ['Twitterbot', 'Twitterbot/1.0'],
    ['Slackbot', 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)'],
    ['LinkedInBot', 'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)'],
    ['WhatsApp', 'WhatsApp/2.23.20.0 A'],
    ['Discordbot', 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)'],
    ['TelegramBot', 'TelegramBot (like TwitterBot)'],
    ['Googlebot', 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'],
    ['bingbot', 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)'],
    ['python-requests', 'python-requests/2.31.0'],
  ])('answers %s without counting it', async (_name, userAgent) => {
    const { create, open, clicksOf, clickRows } = setup();
    await create({ ...LINK, shortCode: 'abc123' });
    const res = await open('/abc123', userAgent);
    expect(res.status).toBe(200);
    expect(res.body.targetUrl).toBe(LINK.targetUrl);
    expect(await clicksOf('abc123')).toBe(0);
    expect(clickRows()).toEqual([]);
  });

  // A person at a terminal: they follow the link, so their visit is a click (isbot lists them as bots).
  it.each(['curl/8.5.0', 'Wget/1.21.4', 'HTTPie/3.2.2'])('counts the command-line client %s', async (userAgent) => {
    const { create, open, clicksOf } = setup();
    await create({ ...LINK, shortCode: 'abc123' });
    expect((await open('/abc123', userAgent)).status).toBe(200);
    expect(await clicksOf('abc123')).toBe(1);
  });

  it('records the referrer host only, never the URL or the IP', async () => {
    const { create, open, clickRows } = setup();
    await create({ ...LINK, shortCode: 'abc123' });
    await open('/abc123').set('Referer', 'https://News.Example.com:8443/private/path?token=secret#frag');
    const rows = clickRows();
    expect(rows).toEqual([
      {
        id: 1,
        shortlink_id: 1,
        clicked_at: '2025-03-15T12:00:00.000Z',
        referrer_host: 'news.example.com',
        country: null,
        device: 'desktop',
        // Flags, never the visitor's hash or address: the first click of its visitor that hour and day.
        deduplicated: 1,
        unique_visitor: 1,
      },
    ]);
    const stored = JSON.stringify(rows);
    for (const secret of ['secret', 'private', '8443', '127.0.0.1', '::1']) expect(stored).not.toContain(secret);
  });

  it('treats a Referer on the forwarded host as the redirect page itself (TRUST_PROXY=1)', async () => {
    const { create, app, clickRows } = setup({ config: { trustProxy: 1 } });
    await create({ ...LINK, shortCode: 'abc123' });
    await request(app)
      .get('/abc123')
      .set('Host', 'localhost:3000')
      .set('X-Forwarded-Host', 'toolvault.example')
      .set('Accept', 'application/json')
      .set('User-Agent', CHROME)
      .set('Referer', 'https://toolvault.example/abc123');
    expect(clickRows()[0]?.referrer_host).toBeNull();
  });

  it('prefers the referrer the redirect page forwards over its own Referer', async () => {
    const { create, app, clickRows } = setup();
    await create({ ...LINK, shortCode: 'abc123' });
    await request(app)
      .get('/abc123')
      .set('Host', 'toolvault.test')
      .set('Accept', 'application/json')
      .set('User-Agent', CHROME)
      .set('Referer', 'http://toolvault.test/abc123')
      .set('X-Visitor-Referrer', 'https://social.example/feed?id=42');
    expect(clickRows()[0]?.referrer_host).toBe('social.example');
  });

  it.each<[string, string | undefined, string | null]>([
    ['no Referer', undefined, null],
    ['a Referer of the redirect page itself', 'http://toolvault.test/abc123', null],
    ['a non-http Referer', 'android-app://com.example/', null],
    ['garbage', 'not a url', null],
    ['another site', 'http://blog.example/post', 'blog.example'],
  ])('stores %s as %j', async (_label, referer, host) => {
    const { create, app, clickRows } = setup();
    await create({ ...LINK, shortCode: 'abc123' });
    const call = request(app)
      .get('/abc123')
      .set('Host', 'toolvault.test')
      .set('Accept', 'application/json')
      .set('User-Agent', CHROME);
    if (referer !== undefined) call.set('Referer', referer);
    expect((await call).status).toBe(200);
    expect(clickRows()[0]?.referrer_host).toBe(host);
  });

  it.each([
    ['Chrome on Linux', 'desktop', CHROME],
    [
      'an iPhone',
      'mobile',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    ],
    [
      'an iPad',
      'tablet',
      'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    ],
    [
      'an Android tablet',
      'tablet',
      'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
    ],
    ['no user agent', 'desktop', ''],
  ])('classifies %s as %s', async (_label, device, userAgent) => {
    const { create, open, clickRows } = setup();
    await create({ ...LINK, shortCode: 'abc123' });
    await open('/abc123', userAgent);
    expect(clickRows()[0]?.device).toBe(device);
  });

  describe('country from the offline database', () => {
    const asked: string[] = [];
    const geo: GeoService = {
      lookup: () => Promise.reject(new Error('not used')),
      countryOf: (ip) => {
        asked.push(ip);
        return Promise.resolve(ip === '8.8.8.8' ? 'US' : null);
      },
    };

    it.each<[string, number, string | undefined, string | null, string[]]>([
      ['a public forwarded address, TRUST_PROXY=1', 1, '8.8.8.8', 'US', ['8.8.8.8']],
      ['the socket address, TRUST_PROXY=0 (X-Forwarded-For ignored)', 0, '8.8.8.8', null, []],
      ['the last hop of a chain, TRUST_PROXY=1', 1, '8.8.8.8, 10.1.2.3', null, []],
      ['a private forwarded address', 1, '192.168.1.20', null, []],
      ['garbage', 1, 'not-an-ip', null, []],
    ])('%s', async (_label, trustProxy, forwarded, country, lookups) => {
      asked.length = 0;
      const { create, open, clickRows } = setup({ geo, config: { trustProxy } });
      await create({ ...LINK, shortCode: 'abc123' });
      const call = open('/abc123');
      if (forwarded !== undefined) call.set('X-Forwarded-For', forwarded);
      expect((await call).status).toBe(200);
      expect(clickRows()[0]?.country).toBe(country);
      expect(asked).toEqual(lookups);
    });

    it('still counts the click when the database cannot be read', async () => {
      const broken: GeoService = {
        lookup: () => Promise.reject(new Error('gone')),
        countryOf: () => Promise.reject(new Error('gone')),
      };
      const { create, open, clickRows } = setup({ geo: broken, config: { trustProxy: 1 } });
      await create({ ...LINK, shortCode: 'abc123' });
      expect((await open('/abc123').set('X-Forwarded-For', '8.8.8.8')).status).toBe(200);
      expect(clickRows()[0]?.country).toBeNull();
    });
  });

  it.each([
    ['a browser navigation', 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'],
    ['no Accept at all', undefined],
    ['text/html and JSON', 'text/html, application/json'],
  ])('does not count %s (it gets the page)', async (_label, accept) => {
    const { create, app, clicksOf } = setup();
    await create({ ...LINK, shortCode: 'abc123' });
    const call = request(app).get('/abc123').set('User-Agent', CHROME);
    if (accept !== undefined) call.set('Accept', accept);
    const res = await call;
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/html');
    expect(await clicksOf('abc123')).toBe(0);
  });

  it.each([
    ['HEAD', () => setup()],
    ['POST', () => setup()],
  ])('does not count a %s', async (method, make) => {
    const { create, app, clicksOf } = make();
    await create({ ...LINK, shortCode: 'abc123' });
    const agent = request(app);
    await (method === 'HEAD' ? agent.head('/abc123') : agent.post('/abc123')).set('Accept', 'application/json');
    expect(await clicksOf('abc123')).toBe(0);
  });

  it('leaves fixed routes and root files to their owners', async () => {
    const { open } = setup();
    const api = await open('/api');
    expect(api.status).toBe(404);
    expect(api.body).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    const file = await open('/manifest');
    expect(file.status).toBe(200);
    expect(String(file.body)).toBe('static file');
    expect((await open('/api/health')).body).toMatchObject({ status: 'ok' });
  });

  it('answers JSON without the SPA being built, too', async () => {
    const { create, open } = setup({ webDist: undefined });
    await create({ ...LINK, shortCode: 'abc123' });
    expect((await open('/abc123')).body.targetUrl).toBe(LINK.targetUrl);
  });
});

describe('concurrency against a listening server', () => {
  it('counts 500 concurrent clicks of one code exactly, with no 5xx', async () => {
    const { create, app, clicksOf, clickRows } = setup();
    await create({ ...LINK, shortCode: 'hot123' });
    const server = app.listen(0, '127.0.0.1');
    try {
      await new Promise<void>((resolve) => server.once('listening', resolve));
      const { port } = server.address() as AddressInfo;
      const statuses = await Promise.all(
        Array.from({ length: 500 }, async () => {
          const res = await fetch(`http://127.0.0.1:${port}/hot123`, {
            headers: { Accept: 'application/json', 'User-Agent': CHROME },
          });
          await res.arrayBuffer();
          return res.status;
        }),
      );
      expect(statuses.filter((status) => status === 200)).toHaveLength(500);
      expect(await clicksOf('hot123')).toBe(500);
      expect(clickRows()).toHaveLength(500);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    // 500 real HTTP round trips: seconds on a loaded machine, whatever the code does.
  }, 30_000);
});
