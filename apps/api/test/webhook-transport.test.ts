import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpTransport } from '../src/services/webhooks/transport';

/**
 * The real HTTP client of deliveries, against a local server: it connects to the address it is
 * handed whatever the URL's host name (so a name cannot be resolved again elsewhere), follows no
 * redirect, and stops reading a long answer.
 */
describe('httpTransport', () => {
  let server: http.Server;
  let port: number;
  const seen: { host?: string; body: string; signature?: string; path?: string }[] = [];
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        seen.push({
          host: req.headers.host,
          body,
          signature: req.headers['toolvault-signature'] as string,
          path: req.url,
        });
        if (req.url === '/redirect') res.writeHead(302, { Location: '/elsewhere' }).end();
        else if (req.url === '/huge') res.writeHead(200).end('x'.repeat(5_000_000));
        else res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const send = (path: string) =>
    httpTransport()({
      url: `http://hooks.example.invalid:${port}${path}`,
      address: { address: '127.0.0.1', family: 4 },
      headers: { 'Content-Type': 'application/json', 'Toolvault-Signature': 't=1,v1=ab' },
      body: '{"type":"click"}',
    });

  it('connects to the checked address, keeping the URL host in Host', async () => {
    expect(await send('/in')).toEqual({ status: 204 });
    expect(seen.at(-1)).toEqual({
      host: `hooks.example.invalid:${port}`,
      body: '{"type":"click"}',
      signature: 't=1,v1=ab',
      path: '/in',
    });
  });

  it('answers a redirect as it is, without following it', async () => {
    const before = seen.length;
    expect(await send('/redirect')).toEqual({ status: 302 });
    expect(seen.slice(before).map((s) => s.path)).toEqual(['/redirect']);
  });

  it('stops reading a long answer and keeps its status', async () => {
    expect(await send('/huge')).toEqual({ status: 200 });
  });

  it('fails when nothing answers at the address', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const free = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    await expect(
      httpTransport()({
        url: `http://x.invalid:${free}/`,
        address: { address: '127.0.0.1', family: 4 },
        headers: {},
        body: '',
      }),
    ).rejects.toThrow(/ECONNREFUSED/);
  });
});
