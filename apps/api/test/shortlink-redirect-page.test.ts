// A link's address as a page, for crawlers and people: the link's title, description and og: and
// twitter: tags written into the SPA's HTML, escaped, and the 404 page for an unknown code.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { notFoundHtml } from '../src/http/spa';
import { INDEX, LINK, redirectApps } from './shortlink-redirect-support';

const setup = redirectApps();

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
