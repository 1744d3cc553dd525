import http, { type Server } from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpServer, SERVER_LIMITS, type ServerLimits } from '../src/http/server-limits';
import { buildApp } from './helpers';
import { waitFor } from './servers';

/** The production timeouts, with small caps (each test sets its own). */
const LIMITS: ServerLimits = { ...SERVER_LIMITS, checkIntervalMs: 50 };

/** The attacker's address; the test's own requests come from OTHER_CLIENT, a second loopback address. */
const ATTACKER = '127.0.0.1';
const OTHER_CLIENT = '127.0.0.2';

const servers: Server[] = [];
const sockets: Client[] = [];
afterEach(async () => {
  for (const client of sockets.splice(0)) client.socket.destroy();
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function listen(caps: Pick<ServerLimits, 'maxConnections' | 'maxConnectionsPerClient'>) {
  const server = createHttpServer(buildApp().app, { ...LIMITS, ...caps });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const connections = () =>
    new Promise<number>((resolve, reject) =>
      server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );
  return { port: (server.address() as AddressInfo).port, connections };
}

interface Client {
  socket: net.Socket;
  /** True once the server has closed it. */
  closed: () => boolean;
  /** Everything the server sent. */
  received: () => string;
}

/** A raw connection from `from`, resolved once connected; `text` (if any) is written and then it stalls. */
function connect(port: number, from: string, text?: string): Promise<Client> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', localAddress: from });
    let closed = false;
    let received = '';
    const client: Client = { socket, closed: () => closed, received: () => received };
    sockets.push(client);
    socket.on('data', (chunk) => (received += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
      resolve(client);
    });
    socket.on('connect', () => {
      if (text !== undefined) socket.write(text);
      resolve(client);
    });
  });
}

/** GET /api/health on a fresh connection from `from`: its status, or the error that ended it. */
function health(port: number, from = OTHER_CLIENT): Promise<number | string> {
  return new Promise((resolve) => {
    const req = http.get(
      { host: '127.0.0.1', port, path: '/api/health', localAddress: from, agent: false, timeout: 5_000 },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
  });
}

const open = (clients: Client[]) => clients.filter((client) => !client.closed());

describe('one client cannot take every connection', () => {
  it('hundreds of idle sockets from one address: it keeps its share, /api/health answers throughout', async () => {
    const { port } = await listen({ maxConnections: 100, maxConnectionsPerClient: 20 });
    const idle: Client[] = [];
    const answers: (number | string)[] = [];
    for (let batch = 0; batch < 6; batch++) {
      idle.push(...(await Promise.all(Array.from({ length: 50 }, () => connect(port, ATTACKER)))));
      answers.push(await health(port));
    }
    expect(answers).toEqual(Array(6).fill(200));
    await waitFor(async () => open(idle).length === 20, 5_000, 'the sockets over the share to close');
    // The ones kept are the first twenty; every later one was closed as it came.
    expect(idle.slice(0, 20).every((client) => !client.closed())).toBe(true);
  });

  it('at the cap, the connection that has waited longest without a request makes room', async () => {
    const { port, connections } = await listen({ maxConnections: 10, maxConnectionsPerClient: 0 });
    // The oldest sends headers that never finish: a slow client is not serving a request either.
    const waiting = [await connect(port, ATTACKER, 'GET /api/health HTTP/1.1\r\nHost: local')];
    await waitFor(async () => (await connections()) === 1, 2_000, 'the server to see the connection');
    for (let i = 1; i < 10; i++) {
      waiting.push(await connect(port, ATTACKER));
      await waitFor(async () => (await connections()) === i + 1, 2_000, 'the server to see the connection');
    }
    expect(await health(port)).toBe(200);
    await waitFor(async () => waiting[0]!.closed(), 2_000, 'the longest waiting socket to close');
    expect(open(waiting)).toEqual(waiting.slice(1));
  });

  it('a connection answered goes to the back of the line', async () => {
    const { port, connections } = await listen({ maxConnections: 2, maxConnectionsPerClient: 0 });
    const first = await connect(port, ATTACKER);
    await waitFor(async () => (await connections()) === 1);
    const second = await connect(port, ATTACKER);
    await waitFor(async () => (await connections()) === 2);
    first.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await waitFor(async () => first.received().startsWith('HTTP/1.1 200'), 2_000, 'the answer');
    expect(await health(port)).toBe(200);
    expect(second.closed()).toBe(true);
    expect(first.closed()).toBe(false);
  });

  it('a connection serving a request is never closed to make room; a new one is refused instead', async () => {
    const { port, connections } = await listen({ maxConnections: 3, maxConnectionsPerClient: 0 });
    const head =
      'POST /api/contact HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n';
    const busy = await Promise.all(Array.from({ length: 3 }, () => connect(port, ATTACKER, `${head}{"na`)));
    await waitFor(async () => (await connections()) === 3);
    // The bodies are on their way: give the server a moment to start each request.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await health(port)).toBe('ECONNRESET');
    expect(open(busy)).toHaveLength(3);
  });
});
