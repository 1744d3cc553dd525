import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import compression from 'compression';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WHOLE_BODY_MAX_BYTES, wholeBodyCompression } from '../src/http/whole-body-compression';

/** A JSON body of at least `bytes` bytes (each item takes 20 or more) that compresses well. */
const items = (bytes: number) => ({
  items: Array.from({ length: Math.ceil(bytes / 20) }, (_, i) => `item number ${String(i).padStart(5, '0')}`),
});

/** Whether each response had ended (its body handed to the socket) by the time `res.json`/`res.send` returned. */
const sentAtOnce = new Map<string, boolean>();

const app = express();
app.use(compression());
app.use(wholeBodyCompression());
app.get('/json', (req, res) => {
  res.json(items(Number(req.query.bytes)));
  sentAtOnce.set(req.url, res.writableEnded);
});
app.get('/html', (req, res) => {
  res.type('html').send(`<p>${'paragraph '.repeat(500)}</p>`);
  sentAtOnce.set(req.url, res.writableEnded);
});
app.get('/no-transform', (req, res) => {
  res.set('Cache-Control', 'no-transform').json(items(10_000));
});
app.get('/png', (req, res) => {
  res.type('png').send(Buffer.alloc(10_000, 1));
});
app.get('/empty', (req, res) => {
  res.status(204).end();
});
app.get('/stream', (req, res) => {
  res.type('text/plain');
  for (let i = 0; i < 100; i += 1) res.write(`line ${i} of a streamed body\n`);
  res.end('last line\n');
});

let server: http.Server;
beforeAll(async () => {
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const fetchRaw = (path: string, acceptEncoding: string, method = 'GET') =>
  new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const { port } = server.address() as AddressInfo;
    http
      .request({ port, host: '127.0.0.1', path, method, headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject)
      .end();
  });

const decoders: Record<string, (body: Buffer) => Buffer> = {
  br: zlib.brotliDecompressSync,
  gzip: zlib.gunzipSync,
  deflate: zlib.inflateSync,
};

describe('whole-body compression', () => {
  it.each([
    // Chrome's header: every encoding at q=1, so Brotli wins the tie, as `compression` picks.
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip', 'gzip'],
    ['deflate', 'deflate'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
  ])('answers Accept-Encoding "%s" with a %s body compressed before res.json returns', async (accept, encoding) => {
    const path = `/json?bytes=20000&accept=${encodeURIComponent(accept)}`;
    const res = await fetchRaw(path, accept);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['vary']).toMatch(/Accept-Encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(20_000 / 4);
    expect(JSON.parse(decoders[encoding]!(res.body).toString())).toEqual(items(20_000));
    // The point of it: nothing was left for a later turn of the event loop.
    expect(sentAtOnce.get(path)).toBe(true);
  });

  it('compresses an HTML page sent whole', async () => {
    const res = await fetchRaw('/html', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.body).toString()).toBe(`<p>${'paragraph '.repeat(500)}</p>`);
    expect(sentAtOnce.get('/html')).toBe(true);
  });

  it.each([
    ['identity', 'a client that takes no encoding'],
    ['', 'a client that names none'],
    [';;, x-unknown;q=abc, *;q=0', 'a header that makes no sense'],
  ])('sends the plain body to %s (%s)', async (accept) => {
    const path = `/json?bytes=20000&plain=${encodeURIComponent(accept)}`;
    const res = await fetchRaw(path, accept);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toEqual(items(20_000));
  });

  it('leaves a body under 1 KB as it is', async () => {
    const res = await fetchRaw('/json?bytes=400', 'br, gzip');
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(res.body.toString())).toEqual(items(400));
  });

  it('leaves a larger body to the compression stream, which still compresses it', async () => {
    const bytes = WHOLE_BODY_MAX_BYTES * 2;
    const path = `/json?bytes=${bytes}`;
    const res = await fetchRaw(path, 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    const body = zlib.gunzipSync(res.body);
    expect(body.length).toBeGreaterThan(WHOLE_BODY_MAX_BYTES);
    expect(JSON.parse(body.toString())).toEqual(items(bytes));
    expect(sentAtOnce.get(path)).toBe(false);
  });

  it('leaves a streamed body to the compression stream', async () => {
    const res = await fetchRaw('/stream', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(res.body).toString()).toMatch(
      /^line 0 of a streamed body\n[\s\S]*line 99 of a streamed body\nlast line\n$/,
    );
  });

  it.each([
    ['/no-transform', 'Cache-Control: no-transform'],
    ['/png', 'a type that does not compress'],
  ])('never encodes %s (%s)', async (path) => {
    const res = await fetchRaw(path, 'br, gzip');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.length).toBe(path === '/png' ? 10_000 : Buffer.byteLength(JSON.stringify(items(10_000))));
  });

  it('answers HEAD and 204 without a body or an encoding', async () => {
    const head = await fetchRaw('/json?bytes=20000', 'br', 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    const empty = await fetchRaw('/empty', 'br');
    expect(empty.status).toBe(204);
    expect(empty.headers['content-encoding']).toBeUndefined();
  });
});
