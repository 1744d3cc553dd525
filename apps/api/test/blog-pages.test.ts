import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

  it('keeps /blog itself the plain page', async () => {
    const { app } = blogSetup({ webDist });
    const res = await request(app).get('/blog');
    expect(res.status).toBe(200);
    expect(res.text).toBe(INDEX);
  });
});
