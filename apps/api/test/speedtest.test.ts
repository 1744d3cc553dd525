import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import {
  MEBIBYTE,
  SPEEDTEST_DOWNLOAD_SIZES_MB,
  SPEEDTEST_SIZE_ERROR,
  SPEEDTEST_UPLOAD_MAX_BYTES,
  SPEEDTEST_UPLOAD_TOO_LARGE,
} from '@toolvault/shared';
import { errorHandler } from '../src/http/error-handler';
import { silentLogger } from '../src/logger';
import { speedtestRouter } from '../src/routes/speedtest.routes';
import { createSpeedtestService, type SpeedtestService } from '../src/services/speedtest.service';
import { buildApp } from './helpers';

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A real listening server, for tests that need a socket supertest does not expose. */
function listen(handler: http.RequestListener): number {
  const server = http.createServer(handler).listen(0);
  servers.push(server);
  return (server.address() as AddressInfo).port;
}

/**
 * Posts `total` zero bytes in 64 KiB writes, declared with Content-Length or
 * chunked. Resolves with the answer as soon as it arrives: the server may
 * answer (413) and close before the body is written, which is the point.
 */
function rawUpload(
  port: number,
  total: number,
  framing: 'content-length' | 'chunked',
): Promise<{ status: number; body: unknown; connection: string | undefined }> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/octet-stream' };
    if (framing === 'content-length') headers['Content-Length'] = String(total);
    const req = http.request({ port, method: 'POST', path: '/api/speedtest/upload', headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (part: string) => (text += part));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(text), connection: res.headers.connection }),
      );
    });
    // Writing into a connection the server already closed fails; only an error before any answer counts.
    req.on('error', reject);
    const piece = Buffer.alloc(64 * 1024);
    let sent = 0;
    const write = () => {
      while (sent < total) {
        const n = Math.min(piece.length, total - sent);
        sent += n;
        if (!req.write(piece.subarray(0, n))) return void req.once('drain', write);
      }
      req.end();
    };
    write();
  });
}

describe('GET /api/speedtest/ping', () => {
  it("answers the server's clock as { t } and forbids caching", async () => {
    const { app } = buildApp({ clock: () => new Date('2030-05-01T10:00:00.123Z') });
    const res = await request(app).get('/api/speedtest/ping');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ t: Date.parse('2030-05-01T10:00:00.123Z') });
    expect(res.headers['cache-control']).toContain('no-store');
  });
});

describe('GET /api/speedtest/download', () => {
  it.each(SPEEDTEST_DOWNLOAD_SIZES_MB.map((size) => [size]))(
    'size=%i streams exactly that many MiB, uncached and uncompressed',
    async (size) => {
      const { app } = buildApp();
      const res = await request(app)
        .get(`/api/speedtest/download?size=${size}`)
        .buffer(true)
        .parse((response, callback) => {
          // Count the bytes instead of keeping up to 50 MB in the test process.
          let length = 0;
          response.on('data', (part: Buffer) => (length += part.length));
          response.on('end', () => callback(null, length));
        });
      expect(res.status).toBe(200);
      expect(res.body).toBe(size * MEBIBYTE);
      expect(res.headers['content-length']).toBe(String(size * MEBIBYTE));
      expect(res.headers['content-type']).toBe('application/octet-stream');
      expect(res.headers['content-encoding']).toBe('identity');
      expect(res.headers['cache-control']).toContain('no-store');
    },
  );

  it('sends bytes that do not compress', async () => {
    const res = await request(buildApp().app)
      .get('/api/speedtest/download?size=1')
      .buffer(true)
      .parse((response, callback) => {
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () => callback(null, Buffer.concat(parts)));
      });
    const body = res.body as Buffer;
    expect(body.length).toBe(MEBIBYTE);
    // Random bytes gain nothing from gzip; a body of zeros would shrink to about 1 KB.
    expect(gzipSync(body).length).toBeGreaterThan(MEBIBYTE * 0.99);
  });

  it.each([
    ['0', 'size=0'],
    ['2 (not in the list)', 'size=2'],
    ['100 (not in the list)', 'size=100'],
    ['negative', 'size=-1'],
    ['a fraction', 'size=1.5'],
    ['1.0', 'size=1.0'],
    ['a leading zero', 'size=05'],
    ['text', 'size=abc'],
    ['empty', 'size='],
    ['huge', 'size=1e9'],
    ['beyond integers', `size=${'9'.repeat(400)}`],
    ['missing', ''],
    ['repeated', 'size=1&size=5'],
    ['bracketed', 'size[]=1'],
  ])('answers 400 with the allowed sizes for a size that is %s', async (_label, query) => {
    const res = await request(buildApp().app).get(`/api/speedtest/download?${query}`);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: SPEEDTEST_SIZE_ERROR, code: 'VALIDATION' });
    expect(res.body.error).toBe('size must be one of 1, 5, 10, 25, 50 (MB)');
  });

  it('stops producing bytes when the client goes away', async () => {
    let source: Readable | undefined;
    const real = createSpeedtestService({ clock: () => new Date() });
    const spy: SpeedtestService = {
      ...real,
      download: (size) => {
        source = real.download(size);
        return source;
      },
    };
    const app = express().use('/api/speedtest', speedtestRouter({ speedtest: spy }));
    const port = listen(app);

    await new Promise<void>((resolve, reject) => {
      const req = http.get({ port, path: '/api/speedtest/download?size=50' }, (res) => {
        res.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', (error) => (error.message === 'socket hang up' ? undefined : reject(error)));
    });
    await new Promise<void>((resolve) => {
      if (source?.destroyed) resolve();
      else source?.once('close', () => resolve());
    });
    expect(source?.destroyed).toBe(true);
    expect(source?.readableEnded).toBe(false);
  });
});

describe('download stream', () => {
  it('holds one shared 1 MiB block, never the whole download', async () => {
    const chunk = Buffer.alloc(MEBIBYTE, 7);
    const stream = createSpeedtestService({ clock: () => new Date(), chunk }).download(50);
    // Nobody reads: the stream must stop after the first block (backpressure).
    await new Promise((resolve) => setImmediate(resolve));
    stream.read(0);
    expect(stream.readableLength).toBeLessThanOrEqual(MEBIBYTE);
    let bytes = 0;
    let sevens = true;
    for await (const block of stream as AsyncIterable<Buffer>) {
      bytes += block.length;
      sevens &&= block.every((byte) => byte === 7);
    }
    expect(bytes).toBe(50 * MEBIBYTE);
    expect(sevens).toBe(true);
  });

  it.each([
    ['empty', 0],
    ['short', MEBIBYTE - 1],
  ])('refuses a %s block', (_label, length) => {
    expect(() => createSpeedtestService({ clock: () => new Date(), chunk: Buffer.alloc(length) })).toThrow(
      'download chunk must be 1048576 bytes',
    );
  });
});

describe('POST /api/speedtest/upload', () => {
  const octets = (bytes: number) => Buffer.alloc(bytes, 0x5a);

  it.each([
    ['empty', 0],
    ['1 byte', 1],
    ['1 MB', MEBIBYTE],
    ['exactly 10 MB', SPEEDTEST_UPLOAD_MAX_BYTES],
  ])('counts an %s body and answers { bytes }', async (_label, bytes) => {
    const res = await request(buildApp().app)
      .post('/api/speedtest/upload')
      .set('Content-Type', 'application/octet-stream')
      .send(octets(bytes));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ bytes });
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('counts a body without a Content-Type (a Blob with no type)', async () => {
    const res = await request(buildApp().app).post('/api/speedtest/upload').set('Content-Type', '').send(octets(1000));
    expect(res.body).toEqual({ bytes: 1000 });
  });

  it.each([
    ['content-length', SPEEDTEST_UPLOAD_MAX_BYTES],
    ['chunked', SPEEDTEST_UPLOAD_MAX_BYTES],
    ['content-length', SPEEDTEST_UPLOAD_MAX_BYTES + 1],
    ['chunked', SPEEDTEST_UPLOAD_MAX_BYTES + 1],
  ] as const)('with %s framing answers %i bytes correctly', async (framing, bytes) => {
    const port = listen(buildApp().app);
    const res = await rawUpload(port, bytes, framing);
    if (bytes <= SPEEDTEST_UPLOAD_MAX_BYTES) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ bytes });
    } else {
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ error: SPEEDTEST_UPLOAD_TOO_LARGE, code: 'PAYLOAD_TOO_LARGE' });
      expect(res.body).toEqual({ error: 'Upload must be at most 10485760 bytes (10 MB)', code: 'PAYLOAD_TOO_LARGE' });
      // The rest of the body is never read, so the connection cannot be reused.
      expect(res.connection).toBe('close');
    }
  });

  it('refuses a declared Content-Length above 10 MB before reading the body', async () => {
    let read = 0;
    const real = createSpeedtestService({ clock: () => new Date() });
    const spy: SpeedtestService = {
      ...real,
      countUpload: (body, limit) => {
        read += 1;
        return real.countUpload(body, limit);
      },
    };
    const app = express()
      .use('/api/speedtest', speedtestRouter({ speedtest: spy }))
      .use(errorHandler(silentLogger));
    const res = await rawUpload(listen(app), SPEEDTEST_UPLOAD_MAX_BYTES + 1, 'content-length');
    expect(res.status).toBe(413);
    expect(read).toBe(0);
  });

  it('answers 415 for a JSON body, which the JSON parser already consumed', async () => {
    const res = await request(buildApp().app).post('/api/speedtest/upload').send({ bytes: 1 });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      error: 'Send the upload as a raw body (application/octet-stream)',
      code: 'UNSUPPORTED_MEDIA_TYPE',
    });
  });
});

describe('upload counting', () => {
  const service = createSpeedtestService({ clock: () => new Date() });

  /** A body of `count` blocks of `size` bytes that records how many blocks were pulled from it. */
  function body(count: number, size: number) {
    const state = { pulled: 0 };
    const stream = new Readable({
      highWaterMark: size,
      read() {
        if (state.pulled === count) return void this.push(null);
        state.pulled += 1;
        this.push(Buffer.alloc(size));
      },
    });
    return { stream, state };
  }

  it.each([
    ['nothing', 0, 10, 100, { ok: true, value: 0 }],
    ['under the limit', 3, 10, 100, { ok: true, value: 30 }],
    ['exactly the limit', 10, 10, 100, { ok: true, value: 100 }],
    ['one block over the limit', 11, 10, 100, { ok: false, error: 'TOO_LARGE' }],
  ])('counts %s', async (_label, count, size, limit, expected) => {
    expect(await service.countUpload(body(count, size).stream, limit)).toEqual(expected);
  });

  it('stops pulling from the body once the limit is passed', async () => {
    const { stream, state } = body(1000, 1024);
    expect(await service.countUpload(stream, 4096)).toEqual({ ok: false, error: 'TOO_LARGE' });
    await new Promise((resolve) => setImmediate(resolve));
    // 5 blocks pass the limit; a block or two more may sit in the stream's buffer, never the other ~990.
    expect(state.pulled).toBeLessThan(10);
    expect(stream.isPaused()).toBe(true);
  });

  it('reports a body that is cut off as ABORTED', async () => {
    const stream = new Readable({ read() {} });
    const counted = service.countUpload(stream, 100);
    stream.push(Buffer.alloc(10));
    stream.destroy(new Error('aborted'));
    expect(await counted).toEqual({ ok: false, error: 'ABORTED' });
  });
});
