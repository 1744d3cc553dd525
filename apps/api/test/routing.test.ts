import { once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import type { Express } from 'express';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from './engines';
import { engineApp, type EngineApp } from './engine-app';

/**
 * How the server matches requests to the contract's routes, on both engines: paths as written (case
 * and trailing slash), 405 with Allow for a method a path does not answer, 415 for a JSON route sent
 * something else, a JSON 404 for a JSON request to an address that cannot be a short code, and error
 * bodies a client can read whatever a file handler had chosen before.
 */

describe.each(ENGINES)('routing (%s)', (engine) => {
  let built: EngineApp;
  beforeAll(async () => {
    built = await engineApp(engine);
  });
  afterAll(() => built.close());

  it.each([
    ['delete', '/api/health', 'GET, HEAD'],
    ['post', '/api/health', 'GET, HEAD'],
    ['patch', '/api/shortlinks', 'GET, HEAD, POST'],
    ['post', '/api/shortlinks/42', 'PUT, DELETE'],
    ['delete', '/api/blog/hello', 'GET, HEAD'],
    // The ids' path of old: `/api/blog/1` is the post whose slug is "1", which is only read.
    ['put', '/api/blog/1', 'GET, HEAD'],
    ['post', '/api/blog/posts/1', 'PUT, DELETE'],
    ['put', '/api/blog', 'GET, HEAD, POST'],
    ['post', '/sitemap.xml', 'GET, HEAD'],
    ['post', '/sitemap-posts-2.xml', 'GET, HEAD'],
    ['delete', '/abc123', 'GET, HEAD'],
  ] as const)('%s %s → 405 with Allow: %s', async (method, path, allow) => {
    const res = await request(built.app)[method](path).set(built.auth);
    expect(res.status).toBe(405);
    expect(res.headers.allow).toBe(allow);
    expect(res.body).toEqual({ error: 'Method not allowed', code: 'METHOD_NOT_ALLOWED' });
  });

  it.each([
    ['/api/health', 'GET, HEAD'],
    ['/api/blog', 'GET, HEAD, POST'],
    ['/abc123', 'GET, HEAD'],
  ])('OPTIONS %s names what the path answers: %s', async (path, allow) => {
    const res = await request(built.app).options(path);
    expect(res.status).toBeLessThan(300);
    expect(res.headers.allow).toBe(allow);
  });

  it.each([
    ['post', '/api/nope'],
    // `/api/shortlinks/:id` takes ids only: `abc` names no resource, so no method is "not allowed" there.
    ['post', '/api/shortlinks/abc'],
    ['post', '/api/blog/%00/x'],
  ] as const)('%s %s (no such path) stays a 404', async (method, path) => {
    const res = await request(built.app)[method](path).set(built.auth);
    expect(res.status).toBe(404);
    expect(res.headers.allow).toBeUndefined();
  });

  it.each([
    ['/api/contact', false],
    ['/api/shortlinks', true],
    ['/api/blog', true],
    ['/api/shortlinks/import', true],
  ])('POST %s with a text/plain body → 415, not a missing-field 400', async (path, admin) => {
    const req = request(built.app).post(path).set('Content-Type', 'text/plain');
    const res = await (admin ? req.set(built.auth) : req).send('{"title":"x","targetUrl":"https://example.com"}');
    expect(res.status).toBe(415);
    expect(res.body.code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('takes JSON with a charset, and an empty body is still a missing field', async () => {
    const json = await request(built.app)
      .post('/api/contact')
      .set('Content-Type', 'application/json; charset=utf-8')
      .send('{"name":"A","email":"a@example.com","subject":"S","message":"M"}');
    expect(json.status).toBe(201);
    const empty = await request(built.app).post('/api/categories').set(built.auth).set('Content-Type', 'text/plain');
    expect(empty.status).toBe(400);
    expect(empty.body.code).toBe('VALIDATION');
  });

  it.each(['/API/health', '/api/Health', '/Api/blog', '/api/health/', '/api/blog/', '/api/shortlinks/summary/'])(
    'GET %s is not a route (paths are case-sensitive and take no trailing slash)',
    async (path) => {
      const res = await request(built.app).get(path).set(built.auth).set('Accept', 'application/json');
      expect(res.status).toBe(404);
    },
  );

  it('GET /sitemap.xml/ is no feed', async () => {
    const res = await request(built.app).get('/sitemap.xml/');
    expect(res.status).toBe(404);
    expect(res.type).not.toBe('application/xml');
  });

  it.each(['/0', '/ab', '/%00', '/a%20b', '/admin', '/x'.padEnd(40, 'y')])(
    'a JSON request for %s (no code) gets the JSON 404, a page request the 404 page',
    async (path) => {
      const json = await request(built.app).get(path).set('Accept', 'application/json');
      expect(json.status).toBe(404);
      expect(json.body).toEqual({ error: 'Shortlink not found', code: 'SHORTLINK_NOT_FOUND' });
      const page = await request(built.app).get(path).set('Accept', 'text/html');
      expect(page.status).toBe(404);
      expect(page.type).toBe('text/html');
    },
  );

  it('still serves the pages and files of the site to a JSON request', async () => {
    expect((await request(built.app).get('/sw.js').set('Accept', 'application/json')).status).toBe(200);
    expect((await request(built.app).get('/api').set('Accept', 'application/json')).body.code).toBe('NOT_FOUND');
    expect((await request(built.app).get('/sitemap.xml').set('Accept', 'application/json')).status).toBe(200);
  });

  it.each(['gzip', 'br'])('POST /sw.js accepting %s answers an error a client can read', async (encoding) => {
    const res = await raw(built.app, 'POST', '/sw.js', { 'Accept-Encoding': encoding });
    expect(res.status).toBe(404);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(res.body.toString('utf8'))).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    // A GET still gets the precompressed file.
    const file = await raw(built.app, 'GET', '/sw.js', { 'Accept-Encoding': 'gzip' });
    expect(file.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(file.body).toString()).toMatch(/^self\.addEventListener/);
  });
});

/** One request over a real socket, its body as the bytes sent (supertest would decompress them). */
async function raw(app: Express, method: string, path: string, headers: Record<string, string>) {
  const server = http.createServer(app).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  try {
    return await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, method, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on('error', reject);
      req.end();
    });
  } finally {
    server.close();
  }
}
