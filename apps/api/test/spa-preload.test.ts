import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_CHUNKS_FILE, type RouteChunks } from '@toolvault/shared';
import { buildApp } from './helpers';

const INDEX =
  '<!doctype html><html><head><title>Toolvault</title>' +
  '<script type="module" crossorigin src="/assets/index-1.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

/** Shaped like the build's file: the lazy chunk first, then what it imports. */
const CHUNKS: RouteChunks = {
  blog: { js: ['assets/BlogListPage-1.js', 'assets/query-1.js', 'assets/api-1.js'], css: [] },
  'blog/:slug': { js: ['assets/BlogPostPage-1.js', 'assets/api-1.js'], css: ['assets/BlogPostPage-1.css'] },
  ':shortCode': { js: ['assets/RedirectPage-1.js'], css: [] },
  'hash-generator': { js: ['assets/HashGeneratorTool-1.js', 'assets/gone-1.js'], css: [] },
  about: { js: ['assets/AboutPage-1.js'], css: [] },
};
const BUILT = [
  'index-1.js',
  'BlogListPage-1.js',
  'query-1.js',
  'api-1.js',
  'BlogPostPage-1.js',
  'BlogPostPage-1.css',
  'RedirectPage-1.js',
  'HashGeneratorTool-1.js',
  'AboutPage-1.js',
  // gone-1.js is listed but not built: a stale list must never produce a link to a 404.
];

let webDist: string;

beforeAll(() => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'toolvault-preload-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
  for (const file of BUILT) fs.writeFileSync(path.join(webDist, 'assets', file), '/* built */');
  fs.writeFileSync(path.join(webDist, ROUTE_CHUNKS_FILE), JSON.stringify(CHUNKS));
});
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

/** The hrefs of the `<link rel="…">` tags of a page, in order. */
function links(html: string, rel: 'modulepreload' | 'preload'): string[] {
  return [...html.matchAll(/<link rel="([^"]+)"[^>]*href="([^"]+)"/g)]
    .filter((match) => match[1] === rel)
    .map((match) => match[2] ?? '');
}

describe('route chunks preloaded from the HTML', () => {
  it('/blog asks for the blog list chunk and its imports in the head, every one a built file', async () => {
    const { app } = buildApp({ webDist });
    const res = await request(app).get('/blog');
    expect(res.status).toBe(200);
    expect(links(res.text, 'modulepreload')).toEqual([
      '/assets/BlogListPage-1.js',
      '/assets/query-1.js',
      '/assets/api-1.js',
    ]);
    const head = res.text.slice(0, res.text.indexOf('</head>'));
    // Low priority: the entry script and stylesheet, which the first paint waits for, go first.
    expect(head).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/BlogListPage-1.js">',
    );
    for (const href of links(res.text, 'modulepreload')) {
      const file = await request(app).get(href);
      expect(file.status, href).toBe(200);
      expect(file.type, href).toBe('text/javascript');
    }
  });

  it('a tool route asks for its tool chunk, leaving out a listed file the build does not have', async () => {
    const res = await request(buildApp({ webDist }).app).get('/hash-generator');
    expect(links(res.text, 'modulepreload')).toEqual(['/assets/HashGeneratorTool-1.js']);
    expect(res.text).not.toContain('gone-1.js');
  });

  it('a blog post, even a missing one, asks for the post chunk and preloads its CSS without blocking paint', async () => {
    const res = await request(buildApp({ webDist }).app).get('/blog/no-such-post');
    expect(res.status).toBe(404);
    expect(links(res.text, 'modulepreload')).toEqual(['/assets/BlogPostPage-1.js', '/assets/api-1.js']);
    expect(res.text).toContain('<link rel="preload" as="style" crossorigin href="/assets/BlogPostPage-1.css">');
    expect(res.text).not.toContain('rel="stylesheet"');
  });

  it('a short code, found or not, asks for the redirect page', async () => {
    const shortlinks = (code: string) => (code === 'abc123' ? { title: 'Docs', url: 'https://example.com/' } : null);
    const { app } = buildApp({ webDist, shortlinks });
    const found = await request(app).get('/abc123');
    expect(found.status).toBe(200);
    expect(found.text).toContain('<title>Docs</title>');
    expect(links(found.text, 'modulepreload')).toEqual(['/assets/RedirectPage-1.js']);
    const missing = await request(app).get('/zzzzzz');
    expect(missing.status).toBe(404);
    expect(links(missing.text, 'modulepreload')).toEqual(['/assets/RedirectPage-1.js']);
  });

  it.each(['/', '/no/such/page', '/x'])('%s, whose screen is in the entry, carries no preload', async (url) => {
    const res = await request(buildApp({ webDist }).app).get(url);
    expect(res.text).not.toContain('rel="modulepreload"');
    expect(res.text).not.toContain('rel="preload"');
  });

  it('reads the lists once at startup, not per request', async () => {
    const { app } = buildApp({ webDist });
    const file = path.join(webDist, ROUTE_CHUNKS_FILE);
    const before = await request(app).get('/about');
    fs.writeFileSync(file, JSON.stringify({ about: { js: ['assets/BlogListPage-1.js'], css: [] } }));
    try {
      const after = await request(app).get('/about');
      expect(links(before.text, 'modulepreload')).toEqual(['/assets/AboutPage-1.js']);
      expect(after.text).toBe(before.text);
      // A server started now sees the new file, so the one above really kept what it read at startup.
      const restarted = await request(buildApp({ webDist }).app).get('/about');
      expect(links(restarted.text, 'modulepreload')).toEqual(['/assets/BlogListPage-1.js']);
    } finally {
      fs.writeFileSync(file, JSON.stringify(CHUNKS));
    }
  });

  it('refuses to start on a malformed list rather than serve pages without it silently', () => {
    const broken = fs.mkdtempSync(path.join(os.tmpdir(), 'toolvault-preload-broken-'));
    try {
      fs.writeFileSync(path.join(broken, 'index.html'), INDEX);
      fs.writeFileSync(path.join(broken, ROUTE_CHUNKS_FILE), JSON.stringify({ blog: ['assets/x.js'] }));
      expect(() => buildApp({ webDist: broken })).toThrow(ROUTE_CHUNKS_FILE);
    } finally {
      fs.rmSync(broken, { recursive: true, force: true });
    }
  });
});
