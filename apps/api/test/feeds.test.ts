import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SEGMENTS, TOOL_SLUGS } from '@toolvault/shared';
import { createFeedService, escapeXml, RSS_ITEMS, SITEMAP_URLS } from '../src/services/feeds.service';
import { blogSetup } from './blog-fixtures';
import { memoryRepositories } from './helpers';

/** Parses as XML (jsdom's XML mode throws on anything malformed). */
function parseXml(text: string): Document {
  return new JSDOM(text, { contentType: 'application/xml' }).window.document;
}

const texts = (doc: Document, selector: string) => [...doc.querySelectorAll(selector)].map((el) => el.textContent);
/** The channel's own <link> (a CSS selector would match <atom:link> as well). */
const channelLink = (doc: Document) =>
  [...(doc.querySelector('channel')?.children ?? [])].filter((el) => el.tagName === 'link').map((el) => el.textContent);

let webDist: string;
beforeAll(() => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'toolvault-feeds-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><html><head><title>T</title></head></html>');
});
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

describe('parseXml', () => {
  it.each(['<rss><a>&</a></rss>', '<rss><a>x</b></rss>', '<rss>'])('refuses malformed %j', (xml) => {
    expect(() => parseXml(xml)).toThrow();
  });
});

describe('escapeXml', () => {
  it.each([
    ['', ''],
    ['plain', 'plain'],
    [`<>&"'`, '&lt;&gt;&amp;&quot;&apos;'],
    ['a\u0000b\u0008c\u000bd', 'abcd'],
    ['tab\tand\nnewline', 'tab\tand\nnewline'],
    ['emoji 🔐', 'emoji 🔐'],
    ['lone \ud800 surrogate', 'lone  surrogate'],
  ])('%j → %j', (text, expected) => {
    expect(escapeXml(text)).toBe(expected);
  });
});

describe('GET /blog/rss.xml', () => {
  it('is well-formed RSS 2.0 of published posts, newest first, with absolute links', async () => {
    const { app, createPost, createCategory } = blogSetup({ config: { publicUrl: 'https://toolvault.example' } });
    const category = await createCategory();
    await createPost({ slug: 'first', title: 'First', published: true, content: '<p>The first post.</p>' });
    await createPost({ slug: 'draft', title: 'Secret draft', published: false });
    await createPost({ slug: 'second', title: 'Second', published: true, category_id: category.id });
    const res = await request(app).get('/blog/rss.xml').set('Host', 'evil.example');
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/rss+xml');
    expect(res.headers['cache-control']).toBe('no-cache');
    const doc = parseXml(res.text);
    expect(doc.documentElement.tagName).toBe('rss');
    expect(doc.documentElement.getAttribute('version')).toBe('2.0');
    expect(texts(doc, 'channel > title')).toEqual(['Toolvault Blog']);
    expect(channelLink(doc)).toEqual(['https://toolvault.example/blog']);
    expect(doc.querySelector('channel > *|link[rel="self"]')?.getAttribute('href')).toBe(
      'https://toolvault.example/blog/rss.xml',
    );
    expect(texts(doc, 'item > title')).toEqual(['Second', 'First']);
    expect(texts(doc, 'item > link')).toEqual([
      'https://toolvault.example/blog/second',
      'https://toolvault.example/blog/first',
    ]);
    expect(texts(doc, 'item > guid')).toEqual(texts(doc, 'item > link'));
    expect(texts(doc, 'item > pubDate')).toEqual(['Sat, 15 Mar 2025 12:00:03 GMT', 'Sat, 15 Mar 2025 12:00:01 GMT']);
    expect(texts(doc, 'item > category')).toEqual(['Tech News']);
    expect(texts(doc, 'item > description')[1]).toBe('The first post.');
    expect(res.text).not.toContain('Secret draft');
    expect(res.text).not.toContain('evil.example');
  });

  it('escapes titles, categories and text', async () => {
    const { app, createPost, createCategory } = blogSetup();
    const category = await createCategory({ name: 'A & <B>', slug: 'a-b' });
    const title = '"><script>alert(1)</script> & </title></item>';
    await createPost({
      title,
      published: true,
      category_id: category.id,
      content: '<p>&lt;script&gt;alert(2)&lt;/script&gt; ]]&gt;</p>',
    });
    const res = await request(app).get('/blog/rss.xml');
    const doc = parseXml(res.text);
    expect(texts(doc, 'item > title')).toEqual([title]);
    expect(texts(doc, 'item > category')).toEqual(['A & <B>']);
    expect(texts(doc, 'item > description')).toEqual(['<script>alert(2)</script> ]]>']);
    expect(doc.querySelectorAll('script')).toHaveLength(0);
    expect(res.text).not.toContain('<script>');
  });

  it('stays well-formed with a control character in a title', async () => {
    const { app, createPost, database } = blogSetup();
    const post = await createPost({ title: 'bell title', published: true });
    // The API refuses such a title now (INVALID_CHARACTERS); one stored before it did is still written safely.
    database.sqlite!.prepare('UPDATE blog_posts SET title = ? WHERE id = ?').run('bell\u0007 title', post.id);
    const doc = parseXml((await request(app).get('/blog/rss.xml')).text);
    expect(texts(doc, 'item > title')).toEqual(['bell title']);
  });

  it(`lists at most ${RSS_ITEMS} posts`, async () => {
    const { app, createPost } = blogSetup();
    for (let i = 0; i < RSS_ITEMS + 2; i += 1) await createPost({ slug: `p-${i}`, published: true });
    const doc = parseXml((await request(app).get('/blog/rss.xml')).text);
    expect(doc.querySelectorAll('item')).toHaveLength(RSS_ITEMS);
    expect(texts(doc, 'item > link')[0]).toMatch(/\/blog\/p-51$/);
  });

  it('is a valid empty channel without posts', async () => {
    const { app } = blogSetup();
    const doc = parseXml((await request(app).get('/blog/rss.xml')).text);
    expect(doc.querySelectorAll('channel')).toHaveLength(1);
    expect(doc.querySelectorAll('item')).toHaveLength(0);
  });
});

describe('GET /sitemap.xml', () => {
  const SITEMAPS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
  const config = { publicUrl: 'http://toolvault.example:8080' };

  it('is a sitemap index of the pages and of the published posts', async () => {
    const { app, createPost } = blogSetup({ config });
    await createPost({ slug: 'visible', published: true });
    await createPost({ slug: 'hidden-draft', published: false });
    const res = await request(app).get('/sitemap.xml').set('Host', 'evil.example');
    expect(res.status).toBe(200);
    expect(res.type).toBe('application/xml');
    const doc = parseXml(res.text);
    expect(doc.documentElement.tagName).toBe('sitemapindex');
    expect(doc.documentElement.namespaceURI).toBe(SITEMAPS);
    expect(texts(doc, 'sitemap > loc')).toEqual([
      'http://toolvault.example:8080/sitemap-pages.xml',
      'http://toolvault.example:8080/sitemap-posts-1.xml',
    ]);
  });

  it('lists no post sitemap without published posts', async () => {
    const { app } = blogSetup({ config });
    const doc = parseXml((await request(app).get('/sitemap.xml')).text);
    expect(texts(doc, 'sitemap > loc')).toEqual(['http://toolvault.example:8080/sitemap-pages.xml']);
  });

  it('lists home, every tool and the content pages in /sitemap-pages.xml', async () => {
    const { app } = blogSetup({ config });
    const res = await request(app).get('/sitemap-pages.xml').set('Host', 'evil.example');
    expect(res.status).toBe(200);
    const doc = parseXml(res.text);
    expect(doc.documentElement.tagName).toBe('urlset');
    expect(doc.documentElement.namespaceURI).toBe(SITEMAPS);
    const origin = 'http://toolvault.example:8080';
    const locs = texts(doc, 'url > loc');
    expect(locs).toEqual([
      `${origin}/`,
      ...TOOL_SLUGS.map((slug) => `${origin}/${slug}`),
      `${origin}/about`,
      `${origin}/contact`,
      `${origin}/privacy-policy`,
      `${origin}/terms-of-service`,
      `${origin}/blog`,
    ]);
    expect(PAGE_SEGMENTS.filter((segment) => !locs.includes(`${origin}/${segment}`))).toEqual([
      'blog-admin',
      'login',
      'account',
      'audit',
      'team',
      'webhooks',
    ]);
  });

  it('lists published posts only in /sitemap-posts-1.xml, with their last change', async () => {
    const { app, createPost } = blogSetup({ config });
    await createPost({ slug: 'visible', published: true });
    await createPost({ slug: 'hidden-draft', published: false });
    const res = await request(app).get('/sitemap-posts-1.xml').set('Host', 'evil.example');
    expect(res.status).toBe(200);
    const doc = parseXml(res.text);
    expect(texts(doc, 'url > loc')).toEqual(['http://toolvault.example:8080/blog/visible']);
    expect(texts(doc, 'url > lastmod')).toEqual(['2025-03-15T12:00:01.000Z']);
    expect(res.text).not.toContain('hidden-draft');
  });

  it.each(['/sitemap-posts-2.xml', '/sitemap-posts-0.xml', '/sitemap-posts-x.xml', '/sitemap-posts-9999999.xml'])(
    'answers 404 for %s',
    async (url) => {
      const { app, createPost } = blogSetup();
      await createPost({ slug: 'visible', published: true });
      expect((await request(app).get(url)).status).toBe(404);
    },
  );

  it(`splits the posts into files of at most ${SITEMAP_URLS} URLs`, async () => {
    const { db } = memoryRepositories();
    const stamp = (i: number) => `2025-01-01T00:00:0${i}.000Z`;
    for (let i = 0; i < 5; i += 1) {
      await db.blogPosts.insert({
        title: `P${i}`,
        slug: `p-${i}`,
        content: '<p>x</p>',
        excerpt: 'x',
        cover_image: '',
        author: 'A',
        tags: [],
        category_id: null,
        published: true,
        createdAt: stamp(i),
      });
    }
    const blog = { listPublished: () => Promise.reject(new Error('not used')) };
    const feeds = createFeedService({ blogPosts: db.blogPosts, blog, clock: () => new Date(), sitemapUrls: 2 });
    const index = parseXml(await feeds.sitemapIndex('https://t.example'));
    expect(texts(index, 'sitemap > loc')).toEqual([
      'https://t.example/sitemap-pages.xml',
      'https://t.example/sitemap-posts-1.xml',
      'https://t.example/sitemap-posts-2.xml',
      'https://t.example/sitemap-posts-3.xml',
    ]);
    const parts = await Promise.all([1, 2, 3].map((part) => feeds.sitemapPosts('https://t.example', part)));
    expect(parts.map((xml) => texts(parseXml(xml ?? ''), 'url > loc').map((url) => url?.split('/').pop()))).toEqual([
      ['p-0', 'p-1'],
      ['p-2', 'p-3'],
      ['p-4'],
    ]);
    expect(await feeds.sitemapPosts('https://t.example', 4)).toBeNull();
  });

  it('ignores a hostile Host header', async () => {
    const { app } = blogSetup();
    const res = await request(app).get('/sitemap-pages.xml').set('Host', 'evil.example"><x>');
    const doc = parseXml(res.text);
    expect(texts(doc, 'url > loc')[0]).toBe('http://localhost:3000/');
    expect(res.text).not.toContain('evil.example');
  });
});

describe('origin of absolute URLs', () => {
  const headers = { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' };

  it('is http://localhost:PORT without PUBLIC_URL, whatever Host and X-Forwarded-* say', async () => {
    const { app } = blogSetup({ config: { trustProxy: 1, port: 8080 } });
    const doc = parseXml((await request(app).get('/sitemap-pages.xml').set(headers)).text);
    expect(texts(doc, 'url > loc')[0]).toBe('http://localhost:8080/');
  });

  it('is PUBLIC_URL, also behind a trusted proxy', async () => {
    const { app } = blogSetup({ config: { trustProxy: 1, publicUrl: 'https://toolvault.example' } });
    const sitemap = await request(app).get('/sitemap.xml').set(headers);
    expect(texts(parseXml(sitemap.text), 'sitemap > loc')[0]).toBe('https://toolvault.example/sitemap-pages.xml');
    const pages = await request(app).get('/sitemap-pages.xml').set(headers);
    expect(texts(parseXml(pages.text), 'url > loc')[0]).toBe('https://toolvault.example/');
    const rss = await request(app).get('/blog/rss.xml').set(headers);
    expect(channelLink(parseXml(rss.text))).toEqual(['https://toolvault.example/blog']);
    expect(sitemap.text + pages.text + rss.text).not.toContain('evil.example');
  });
});

describe('feeds beside the SPA', () => {
  it.each(['/blog/rss.xml', '/sitemap.xml', '/sitemap-pages.xml'])(
    '%s is answered by the API, not the SPA fallback',
    async (url) => {
      const { app } = blogSetup({ webDist });
      const res = await request(app).get(url);
      expect(res.status).toBe(200);
      expect(res.type).toMatch(/xml/);
      expect(() => parseXml(res.text)).not.toThrow();
    },
  );
});
