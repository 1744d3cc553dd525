import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { JSDOM } from 'jsdom';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PRELOAD_ID } from '@toolvault/shared';
import { blogSetup } from './blog-fixtures';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Toolvault</title>
    <meta name="description" content="Site default" />
    <meta property="og:title" content="Toolvault" />
  </head>
  <body><div id="root"></div></body>
</html>`;

let webDist: string;
beforeAll(() => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'toolvault-blog-pages-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
});
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

/** The head as a crawler reads it: title and every meta tag by name or property. */
function head(html: string) {
  const { document } = new JSDOM(html).window;
  const meta = (key: string) =>
    [...document.querySelectorAll(`meta[name="${key}"], meta[property="${key}"]`)].map((el) =>
      el.getAttribute('content'),
    );
  return { document, title: document.title, meta };
}

describe('GET /blog/:slug (server-rendered for crawlers)', () => {
  it('answers a published post with its title, description, cover and og: tags', async () => {
    const { app, createPost } = blogSetup({ webDist, config: { publicUrl: 'https://toolvault.example' } });
    await createPost({
      title: 'Hashing 101',
      slug: 'hashing-101',
      published: true,
      cover_image: 'https://images.example/cover.png',
      content: `<h2>Why hash?</h2><p>${'Hashes map data of any size to a fixed size. '.repeat(10)}</p>`,
    });
    const res = await request(app).get('/blog/hashing-101').set('Host', 'evil.example');
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/html');
    const { title, meta } = head(res.text);
    expect(title).toBe('Hashing 101');
    const [description] = meta('description');
    expect(description).toMatch(/^Why hash\? Hashes map data of any size to a fixed size\./);
    expect(description!.length).toBeLessThanOrEqual(160);
    expect(description!.endsWith('…')).toBe(true);
    expect(meta('description')).toHaveLength(1);
    expect(meta('og:title')).toEqual(['Hashing 101']);
    expect(meta('og:description')).toEqual([description]);
    expect(meta('og:image')).toEqual(['https://images.example/cover.png']);
    // PUBLIC_URL's origin, never the Host header.
    expect(meta('og:url')).toEqual(['https://toolvault.example/blog/hashing-101']);
    expect(res.text).not.toContain('evil.example');
    expect(meta('og:type')).toEqual(['article']);
  });

  it('leaves og:image out without a cover', async () => {
    const { app, createPost } = blogSetup({ webDist });
    await createPost({ published: true });
    const { meta } = head((await request(app).get('/blog/hello')).text);
    expect(meta('og:image')).toEqual([]);
    expect(meta('description')).toEqual(['Hello world']);
  });

  it('escapes a hostile title and cover so nothing runs', async () => {
    const { app, createPost } = blogSetup({ webDist });
    const title = '"><script>alert(1)</script><meta property="og:title" content="forged">';
    await createPost({ title, published: true, content: '<p>"><script>alert(2)</script></p>' });
    const res = await request(app).get('/blog/hello');
    expect(res.status).toBe(200);
    expect(res.text).not.toContain('<script>');
    expect(res.text).not.toContain('content="forged"');
    const { document, title: pageTitle, meta } = head(res.text);
    expect(document.querySelectorAll('script')).toHaveLength(0);
    expect(pageTitle).toBe(title);
    expect(meta('og:title')).toEqual([title]);
  });

  it.each([
    ['an unknown slug', '/blog/missing'],
    ['a draft', '/blog/draft'],
  ])('answers %s with the 404 page', async (_label, url) => {
    const { app, createPost } = blogSetup({ webDist });
    await createPost({ slug: 'draft', published: false });
    const res = await request(app).get(url);
    expect(res.status).toBe(404);
    expect(res.type).toBe('text/html');
    expect(res.text).toBe(INDEX);
  });

  it('never counts a view (the page itself asks the API, which counts)', async () => {
    const setup = blogSetup({ webDist });
    await setup.createPost({ published: true });
    await request(setup.app).get('/blog/hello');
    await request(setup.app).get('/blog/hello').set('User-Agent', 'Mozilla/5.0 Chrome/124.0');
    expect((await setup.adminList())[0]?.view_count).toBe(0);
  });
});

describe('GET /blog (its first data inside the page)', () => {
  /** The answers the page carries, by URL, and how many data blocks it has. */
  function preloads(html: string) {
    const { document } = new JSDOM(html).window;
    const blocks = document.querySelectorAll(`script#${API_PRELOAD_ID}`);
    return { count: blocks.length, answers: JSON.parse(blocks[0]?.textContent ?? '{}') as Record<string, unknown> };
  }

  it("answers the page's three calls as the API answers a visitor: drafts left out", async () => {
    const { app, createPost, createCategory } = blogSetup({ webDist });
    const category = await createCategory();
    await createPost({ title: 'Public', slug: 'public', published: true, category_id: category.id });
    await createPost({ title: 'Secret draft', slug: 'secret', published: false });
    const res = await request(app).get('/blog');
    expect(res.status).toBe(200);
    const { count, answers } = preloads(res.text);
    expect(count).toBe(1);
    expect(Object.keys(answers).sort()).toEqual(['/api/blog', '/api/blog?sort=popular&limit=5', '/api/categories']);
    for (const [url, answer] of Object.entries(answers)) {
      expect(answer, url).toEqual((await request(app).get(url)).body);
    }
    expect(JSON.stringify(answers)).toContain('Public');
    expect(JSON.stringify(answers)).not.toContain('Secret draft');
  });

  it('answers the page and category of the address', async () => {
    const { app, createPost, createCategory } = blogSetup({ webDist });
    const category = await createCategory();
    for (let index = 1; index <= 12; index += 1) {
      await createPost({ title: `Post ${index}`, slug: `post-${index}`, published: true, category_id: category.id });
    }
    const { answers } = preloads((await request(app).get('/blog?page=2&category=tech-news')).text);
    const url = '/api/blog?page=2&category=tech-news';
    expect(answers[url]).toEqual((await request(app).get(url)).body);
    expect((answers[url] as { items: unknown[] }).items).toHaveLength(2);
  });

  it('leaves out a call the API refuses: the page then asks for it and shows the refusal', async () => {
    const { app } = blogSetup({ webDist });
    const { answers } = preloads((await request(app).get('/blog?category=Not%20a%20slug')).text);
    expect(Object.keys(answers).sort()).toEqual(['/api/blog?sort=popular&limit=5', '/api/categories']);
    expect((await request(app).get('/api/blog?category=Not%20a%20slug')).status).toBe(400);
  });

  it('escapes a hostile title, so the data cannot close its element or run', async () => {
    const { app, createPost } = blogSetup({ webDist });
    const title = '</script><script>alert(1)</script><!--';
    await createPost({ title, slug: 'hostile', published: true });
    const res = await request(app).get('/blog');
    expect(res.text).not.toContain('</script><script>');
    const { count, answers } = preloads(res.text);
    expect(count).toBe(1);
    expect((answers['/api/blog'] as { items: { title: string }[] }).items[0]?.title).toBe(title);
    expect(new JSDOM(res.text).window.document.querySelectorAll('script')).toHaveLength(1);
  });

  it.each([
    ['br', (body: Buffer) => zlib.brotliDecompressSync(body)],
    ['gzip', (body: Buffer) => zlib.gunzipSync(body)],
    ['identity', (body: Buffer) => body],
  ] as const)('sends the page with its data compressed as the client accepts (%s)', async (encoding, decode) => {
    const { app, createPost } = blogSetup({ webDist });
    await createPost({ title: 'Compressed', slug: 'compressed', published: true });
    // Node's own client, which hands over the bytes as sent (superagent would undo the compression).
    const server = app.listen(0);
    const res = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const { port } = server.address() as AddressInfo;
      http
        .get({ port, path: '/blog', headers: { 'Accept-Encoding': encoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
        })
        .on('error', reject);
    }).finally(() => server.close());
    expect(res.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    const html = decode(res.body).toString('utf8');
    expect(preloads(html).answers['/api/blog']).toEqual((await request(app).get('/api/blog')).body);
  });

  it('keeps every other page plain', async () => {
    const { app } = blogSetup({ webDist });
    for (const url of ['/', '/about', '/hash-generator']) expect((await request(app).get(url)).text, url).toBe(INDEX);
  });
});
