import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shortlink, ShortlinkPage } from '@toolvault/shared';
import type { Clock } from '../src/lib/clock';
import type { GeoService } from '../src/services/geo.service';
import { notFoundHtml } from '../src/http/spa';
import { adminToken, buildApp } from './helpers';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Toolvault — default</title>
    <meta name="description" content="Site default" />
    <meta property="og:title" content="Toolvault" />
    <meta property="og:type" content="website" />
  </head>
  <body><div id="root"></div></body>
</html>`;

let webDist: string;
beforeAll(() => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'toolvault-redirect-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
  // A root file without an extension that a code could otherwise shadow.
  fs.writeFileSync(path.join(webDist, 'manifest'), 'static file');
});
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const LINK = {
  title: 'Docs',
  targetUrl: 'https://example.com/docs',
  description: 'All the docs',
  metaImage: 'https://img.example/docs.png',
};

function setup(options: Parameters<typeof buildApp>[0] = {}) {
  const clock: Clock = () => new Date('2025-03-15T12:00:00.000Z');
  const built = buildApp({ clock, webDist, ...options });
  const token = adminToken(clock());
  const create = async (body: object) => {
    const res = await request(built.app).post('/api/shortlinks').set('Authorization', `Bearer ${token}`).send(body);
    expect(res.status).toBe(201);
    return res.body as Shortlink;
  };
  const clicksOf = async (shortCode: string) => {
    const res = await request(built.app).get('/api/shortlinks?limit=100').set('Authorization', `Bearer ${token}`);
    return (res.body as ShortlinkPage).items.find((link) => link.shortCode === shortCode)?.clickCount;
  };
  const clickRows = () =>
    built.database.sqlite!.prepare('SELECT * FROM shortlink_clicks ORDER BY id').all() as Record<
      string,
      string | number | null
    >[];
  const open = (url: string, userAgent = CHROME) =>
    request(built.app).get(url).set('Accept', 'application/json').set('User-Agent', userAgent);
  return { ...built, create, clicksOf, clickRows, open };
}

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
    ['desktop', CHROME],
    [
      'mobile',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    ],
    [
      'tablet',
      'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    ],
    [
      'tablet',
      'Mozilla/5.0 (Linux; Android 13; SM-X700) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
    ],
    ['desktop', ''],
  ])('classifies the device as %s', async (device, userAgent) => {
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

describe('GET /:shortCode as a page (crawlers and people)', () => {
  const crawler = (app: Parameters<typeof request>[0], url: string) =>
    request(app).get(url).set('Host', 'toolvault.test').set('User-Agent', 'facebookexternalhit/1.1');

  it('fills the title, description, og: and twitter: tags and never counts', async () => {
    const { create, app, clicksOf } = setup();
    await create({ ...LINK, shortCode: 'abc123' });
    const res = await crawler(app, '/abc123?utm_source=x');
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/html');
    expect(res.headers.vary).toContain('Accept');
    for (const tag of [
      '<title>Docs</title>',
      '<meta name="description" content="All the docs">',
      '<meta property="og:title" content="Docs">',
      '<meta property="og:description" content="All the docs">',
      '<meta property="og:image" content="https://img.example/docs.png">',
      // The canonical target, as on the redirect page (docs/decisions/0003-one-origin.md).
      `<meta property="og:url" content="${LINK.targetUrl}">`,
      '<meta name="twitter:card" content="summary_large_image">',
      '<meta name="twitter:title" content="Docs">',
      '<meta name="twitter:description" content="All the docs">',
      '<meta name="twitter:image" content="https://img.example/docs.png">',
    ]) {
      expect(res.text).toContain(tag);
    }
    expect(res.text).not.toContain('Site default');
    expect(await clicksOf('abc123')).toBe(0);
  });

  it('uses a summary card and a host description when the link has neither image nor description', async () => {
    const { create, app } = setup();
    await create({ title: 'Bare', targetUrl: 'https://bare.example/path', shortCode: 'bare12' });
    const res = await crawler(app, '/bare12');
    expect(res.text).toContain('<meta name="twitter:card" content="summary">');
    expect(res.text).toContain('<meta property="og:description" content="Short link to bare.example">');
    expect(res.text).not.toContain('og:image');
  });

  it('escapes a hostile title everywhere it is written', async () => {
    const { create, app } = setup();
    const hostile = '"><script>alert(1)</script>';
    await create({ ...LINK, title: hostile, description: hostile, shortCode: 'xss123' });
    const res = await crawler(app, '/xss123');
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<script>alert(1)</script>');
    expect(res.text).not.toContain('"><script');
    const escaped = '&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;';
    expect(res.text).toContain(`<title>${escaped}</title>`);
    expect(res.text).toContain(`<meta property="og:title" content="${escaped}">`);
    expect(res.text).toContain(`<meta name="twitter:title" content="${escaped}">`);
    expect(res.text).toContain(`<meta property="og:description" content="${escaped}">`);
  });

  it.each([
    ['/nope12', 'shortlink'],
    ['/vendor', 'shortlink'],
    ['/ab', 'page'],
  ] as const)('answers the 404 page for %s (%s)', async (url, kind) => {
    const res = await crawler(setup().app, url);
    expect(res.status).toBe(404);
    expect(res.type).toBe('text/html');
    expect(res.text).toBe(notFoundHtml(INDEX, kind));
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
