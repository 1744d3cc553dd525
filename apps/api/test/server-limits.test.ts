import type { Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createHttpServer,
  listenErrorMessage,
  SERVER_LIMITS,
  serverLimits,
  type ServerLimits,
} from '../src/http/server-limits';
import { buildApp } from './helpers';

/** The real limits, scaled down so that a stalled client is cut within a test. */
const FAST: ServerLimits = {
  headersTimeoutMs: 300,
  bodyTimeoutMs: 300,
  requestTimeoutMs: 1_000,
  idleTimeoutMs: 5_000,
  keepAliveTimeoutMs: 500,
  maxConnections: 2,
  maxConnectionsPerClient: 0,
  checkIntervalMs: 50,
};

const servers: Server[] = [];
const sockets: net.Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listen(limits: ServerLimits = FAST): Promise<number> {
  const server = createHttpServer(buildApp().app, limits);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

/** A raw connection that writes `text` and then stalls; resolves with all it received once the server closes it. */
function stall(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(text));
    sockets.push(socket);
    let received = '';
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('close', () => resolve(received));
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? undefined : reject(error)));
  });
}

describe('slow clients are cut', () => {
  it('a request whose headers never finish gets 408 and is closed', async () => {
    const port = await listen();
    const answer = await stall(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('a JSON body that stops arriving gets 408 and is closed', async () => {
    const port = await listen();
    const head =
      'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n';
    const answer = await stall(port, `${head}{"name":"Ada"`);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('"code":"REQUEST_TIMEOUT"');
  });

  it("the speed test's upload has the longer request allowance, and is cut at its end too", async () => {
    const port = await listen({ ...FAST, bodyTimeoutMs: 100 });
    const head =
      'POST /api/speedtest/upload HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/octet-stream\r\nContent-Length: 1000000\r\n\r\n';
    const answer = await stall(port, `${head}${'x'.repeat(1000)}`);
    // Node's own request timeout (408), not the body deadline's JSON answer.
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).not.toContain('REQUEST_TIMEOUT');
  });

  it('a complete request on a fresh connection is answered normally', async () => {
    const port = await listen();
    const answer = await stall(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  });
});

describe('the production limits', () => {
  it('are explicit and consistent', () => {
    expect(SERVER_LIMITS).toEqual({
      headersTimeoutMs: 20_000,
      bodyTimeoutMs: 30_000,
      requestTimeoutMs: 120_000,
      idleTimeoutMs: 60_000,
      keepAliveTimeoutMs: 5_000,
      maxConnections: 1_000,
      maxConnectionsPerClient: 64,
      checkIntervalMs: 1_000,
    });
    const server = createHttpServer(() => undefined);
    expect(server.headersTimeout).toBe(20_000);
    expect(server.requestTimeout).toBe(120_000);
    expect(server.keepAliveTimeout).toBe(5_000);
    expect(server.timeout).toBe(60_000);
  });
});

describe('serverLimits: the connection caps from the configuration', () => {
  it.each([
    ['a direct server caps each address', { trustProxy: 0, maxConnections: 500, maxConnectionsPerIp: 32 }, 500, 32],
    [
      'behind a proxy every connection is the proxy: no cap per address',
      { trustProxy: 1, maxConnections: 500, maxConnectionsPerIp: 32 },
      500,
      0,
    ],
  ])('%s', (_label, config, maxConnections, maxConnectionsPerClient) => {
    expect(serverLimits(config)).toEqual({ ...SERVER_LIMITS, maxConnections, maxConnectionsPerClient });
  });
});

describe('listenErrorMessage', () => {
  it.each([
    ['EADDRINUSE', 'Port 3000 is already in use; set PORT to another.'],
    ['EACCES', 'Port 3000 needs privileges this user lacks; set PORT to 1024 or above.'],
    ['EADDRNOTAVAIL', 'Could not listen on port 3000: boom'],
  ])('%s → one line', (code, expected) => {
    const error = Object.assign(new Error('boom'), { code });
    expect(listenErrorMessage(error, 3000)).toBe(expected);
  });
});
