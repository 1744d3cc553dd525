import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './helpers';

const INDEX = '<!doctype html><html><head><title>Toolvault</title></head><body><div id="root">SPA</div></body></html>';
let webDist: string;

beforeAll(() => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'toolvault-dist-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
  fs.writeFileSync(path.join(webDist, 'assets', 'x.js'), 'console.log("x");');
  fs.writeFileSync(path.join(webDist, 'robots.txt'), 'User-agent: *');
});
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

describe('SPA serving', () => {
  it.each([
    ['/tools/hash-generator', '/hash-generator'],
    ['/tools/base64?text=a%20b', '/base64?text=a%20b'],
  ])('GET %s is a permanent redirect to the tool at %s', async (url, location) => {
    const res = await request(buildApp({ webDist }).app).get(url);
    expect(res.status).toBe(301);
    expect(res.headers.location).toBe(location);
  });

  it.each([
    ['/', 200],
    ['/hash-generator', 200],
    ['/about', 200],
    ['/blog', 200],
    ['/blog/some-post', 404], // no such published post (test/blog-pages.test.ts covers the 200 case)
    ['/team', 200],
    ['/invite/AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-abcde', 200], // the page itself asks whether it is valid
    ['/invite/a/b', 404],
    ['/hash-generator/', 200],
    ['/no/such/page', 404],
    ['/a/b', 404],
    ['/zzzzzz', 404], // a short-code candidate; no link exists yet
    ['/x', 404], // too short to be a short code
    ['/index.html', 404], // index.html is never served as a file
  ])('GET %s answers index.html with %i', async (url, status) => {
    const res = await request(buildApp({ webDist }).app).get(url);
    expect(res.status).toBe(status);
    expect(res.type).toBe('text/html');
    // /blog carries its first data (test/blog-pages.test.ts), else it is the plain page.
    const preload = /<script type="application\/json" id="api-preload">.*?<\/script>\n/s;
    if (url === '/blog') expect(res.text).toMatch(preload);
    const page = res.text.replace(preload, '');
    // A missing post keeps the plain page: the app says "Post not found" itself.
    if (status === 200 || url.startsWith('/blog/')) expect(page).toBe(INDEX);
    else expect(res.text).toContain('<body><div id="root"><main');
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it.each([
    ['/nonexistent-page-xyz', 'Shortlink not found', 'Shortlink not found', 'No page or short link has this address.'],
    ['/zzzzzz', 'Shortlink not found', 'Shortlink not found', 'No page or short link has this address.'],
    ['/no/such/page', 'Page not found', 'Oops! Page not found', 'The page you are looking for does not exist'],
    ['/tools/no-such-tool', 'Page not found', 'Oops! Page not found', 'The page you are looking for does not exist'],
    ['/x', 'Page not found', 'Oops! Page not found', 'The page you are looking for does not exist'],
  ])(
    'GET %s says "%s" before any script runs, as the app\'s 404 page does, with its links',
    async (url, title, heading, text) => {
      const res = await request(buildApp({ webDist }).app).get(url);
      expect(res.status).toBe(404);
      expect(res.text).toContain(`<title>${title} — Toolvault</title>`);
      expect(res.text).toContain(`<p>404</p><h1>${heading}</h1><p>${text}`);
      expect(res.text).toContain('<a href="/">Return to Home</a> · <a href="/#tools">Tools</a>');
      expect(res.text).toContain('<meta name="robots" content="noindex">');
      expect(res.text).not.toContain('>SPA<');
    },
  );

  it('serves hashed assets as immutable', async () => {
    const res = await request(buildApp({ webDist }).app).get('/assets/x.js');
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files with revalidation', async () => {
    const res = await request(buildApp({ webDist }).app).get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with a plain 404, not index.html', async () => {
    const res = await request(buildApp({ webDist }).app).get('/assets/missing.js');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
  });

  it('keeps unknown API paths JSON', async () => {
    const res = await request(buildApp({ webDist }).app).get('/api/nope');
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
  });

  it('answers a short code the resolver knows with its preview tags', async () => {
    const shortlinks = (code: string) =>
      code === 'abc123' ? { title: 'Docs <v2>', url: 'https://example.com/docs' } : null;
    const { app } = buildApp({ webDist, shortlinks });
    const found = await request(app).get('/abc123');
    expect(found.status).toBe(200);
    expect(found.text).toContain('<title>Docs &lt;v2&gt;</title>');
    expect(found.text).toContain('<meta property="og:url" content="https://example.com/docs">');
    expect((await request(app).get('/zzzzzz')).status).toBe(404);
  });

  it('sends the security headers with the page', async () => {
    const res = await request(buildApp({ webDist }).app).get('/');
    const csp = res.headers['content-security-policy'];
    for (const directive of [
      "script-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
      "style-src 'self' 'unsafe-inline'",
      "worker-src 'self' blob:",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('compression', () => {
  // Large and repetitive enough that every encoding is much smaller than the file.
  const SCRIPT = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i % 17}`))};\n`;
  const PAGE = INDEX.replace('SPA', 'x'.repeat(4000));
  let dist: string;

  beforeAll(() => {
    // What apps/web/build/precompress.ts leaves beside each file of the build.
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'toolvault-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    fs.writeFileSync(path.join(dist, 'index.html'), PAGE);
    const file = path.join(dist, 'assets', 'big.js');
    fs.writeFileSync(file, SCRIPT);
    fs.writeFileSync(`${file}.br`, zlib.brotliCompressSync(SCRIPT));
    fs.writeFileSync(`${file}.gz`, zlib.gzipSync(SCRIPT));
  });
  afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

  /** The bytes as sent: supertest would decode gzip on the way. */
  const fetchRaw = (url: string, acceptEncoding: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const server = buildApp({ webDist: dist }).app.listen(0, '127.0.0.1', () => {
        const { port } = server.address() as AddressInfo;
        http
          .get({ port, host: '127.0.0.1', path: url, headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => {
              server.close();
              resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
            });
          })
          .on('error', (error) => {
            server.close();
            reject(error);
          });
      });
    });

  it.each([
    ['br, gzip', 'br', (body: Buffer) => zlib.brotliDecompressSync(body)],
    ['gzip, deflate', 'gzip', (body: Buffer) => zlib.gunzipSync(body)],
    ['gzip, deflate, br', 'br', (body: Buffer) => zlib.brotliDecompressSync(body)],
  ])('answers Accept-Encoding "%s" with the precompressed %s file', async (accept, encoding, decode) => {
    const res = await fetchRaw('/assets/big.js', accept);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/^text\/javascript; charset=utf-8$/i);
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body.length).toBeLessThan(SCRIPT.length / 3);
    expect(decode(res.body).toString()).toBe(SCRIPT);
  });

  it('answers a client that accepts no encoding with the plain file', async () => {
    const res = await fetchRaw('/assets/big.js', 'identity');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe(SCRIPT);
  });

  it('compresses the page made per request', async () => {
    const res = await fetchRaw('/about', 'gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.body).toString()).toBe(PAGE);
  });

  it('compresses the page whole, at once: sent with its compressed length, not chunked by a stream', async () => {
    const res = await fetchRaw('/about', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['transfer-encoding']).toBeUndefined();
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(PAGE);
  });

  it('never compresses the speed test download', async () => {
    const res = await fetchRaw('/api/speedtest/download?size=1', 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('identity');
    expect(res.body.length).toBe(1024 * 1024);
  });
});
