import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, JSON_BODY_LIMIT } from '@toolvault/shared/contract';
import { byteLimit } from '../src/http/body-limit';
import { createHttpServer } from '../src/http/server-limits';
import { adminToken, buildApp } from './helpers';

let server: Server;
let port: number;
beforeAll(async () => {
  server = createHttpServer(buildApp().app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/**
 * Writes `head` and a two-byte body, then waits: resolves with what the server sent once it closes
 * the connection, or with null after `waitMs` (the server is still waiting for the body).
 */
function announce(head: string, waitMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`${head}\r\n{}`));
    let received = '';
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(null);
    }, waitMs);
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(received);
    });
  });
}

/** Every route whose body is JSON, with the largest body it takes. */
const JSON_ROUTES = Object.entries(API).flatMap(([name, route]) => {
  if (!('body' in route) || ('contentType' in route.body && route.body.contentType !== undefined)) return [];
  const limit = 'limit' in route.body && route.body.limit !== undefined ? route.body.limit : JSON_BODY_LIMIT;
  return [
    { name, method: route.method.toUpperCase(), path: route.path.replace(/:\w+/g, '1'), bytes: byteLimit(limit) },
  ];
});

describe('an announced Content-Length over the limit', () => {
  it('covers every JSON route of the contract', () => {
    expect(JSON_ROUTES.map((route) => route.name)).toEqual(
      expect.arrayContaining(['contactSubmit', 'shortlinkImport', 'blogCreate', 'adminLogin']),
    );
  });

  it.each(JSON_ROUTES)('$name ($method $path): 413 at once, without waiting for the body', async (route) => {
    const head =
      `${route.method} ${route.path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${route.bytes + 1}\r\n`;
    const answer = await announce(head, 2_000);
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('"code":"PAYLOAD_TOO_LARGE"');
    expect(answer).toMatch(/\r\nConnection: close\r\n/i);
  });

  it('a length within the limit is read as before: the server waits for the rest of the body', async () => {
    const head =
      'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n';
    expect(await announce(head, 300)).toBeNull();
  });
});

describe('an import nested deeper than its rows', () => {
  it('is refused with 400 while it streams, in bounded time and memory', async () => {
    // 9.9 MB of '[' then ']': within the 10 MB limit, five million levels deep.
    const half = 4_950_000;
    const body = `${'['.repeat(half)}${']'.repeat(half)}`;
    let peak = process.memoryUsage().rss;
    const before = peak;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
    const started = performance.now();
    try {
      const res = await request(server)
        .post(API.shortlinkImport.path)
        .set({ Authorization: `Bearer ${adminToken(new Date())}`, 'Content-Type': 'application/json' })
        .send(body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('SHORTLINK_IMPORT_INVALID');
    } finally {
      clearInterval(sampler);
    }
    expect(performance.now() - started).toBeLessThan(5_000);
    // Parsed to the end, the nesting took 0.7 GB; read and refused, the body costs a few copies of itself.
    expect(peak - before).toBeLessThan(100 * 1024 * 1024);
  });
});
