import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import { createClient } from 'redis';
import { inject } from 'vitest';
import { redisCounterStore, type CounterStore } from '../src/counters';
import { silentLogger } from '../src/logger';
import { JWT_SECRET } from './helpers';

/** The shared Redis the global setup found, or null. */
export const redisUrl = inject('redisUrl');
/** `redis-server`, when installed: tests that stop Redis start their own with it. */
export const redisServer = inject('redisServer');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export const waitFor = async (check: () => Promise<boolean>, timeoutMs = 10_000, what = 'condition') => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
};

/**
 * A counter store on the shared Redis under a key prefix of its own; `close` deletes its keys.
 */
export function testRedisStore(): { store: CounterStore; prefix: string; close(): Promise<void> } {
  if (!redisUrl) throw new Error('Redis is not available on this machine');
  const prefix = `toolvault-test:${randomBytes(6).toString('hex')}:`;
  const store = redisCounterStore({ url: redisUrl, logger: silentLogger, keyPrefix: prefix, secret: JWT_SECRET });
  return {
    store,
    prefix,
    async close() {
      await store.close();
      await deleteKeys(redisUrl, prefix);
    },
  };
}

/** Every key under `prefix` on the Redis at `url`. */
export async function scanKeys(url: string, prefix: string): Promise<string[]> {
  const client = createClient({ url });
  await client.connect();
  try {
    const found: string[] = [];
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) found.push(...keys);
    return found;
  } finally {
    await client.close();
  }
}

export async function deleteKeys(url: string, prefix: string): Promise<void> {
  const client = createClient({ url });
  await client.connect();
  try {
    for await (const keys of client.scanIterator({ MATCH: `${prefix}*`, COUNT: 500 })) {
      if (keys.length > 0) await client.del(keys);
    }
  } finally {
    await client.close();
  }
}

/** A private redis-server on a random port, which a test may stop and start again. */
export interface OwnRedis {
  url: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

export async function ownRedis(): Promise<OwnRedis> {
  if (!redisServer) throw new Error('redis-server is not installed');
  const port = await freePort();
  let child: ChildProcess | undefined;
  const url = `redis://127.0.0.1:${port}`;
  const own: OwnRedis = {
    url,
    async start() {
      // No persistence: a throwaway server, nothing written to disk.
      child = spawn(redisServer, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
        stdio: 'ignore',
      });
      await waitFor(() => answersPing(port), 10_000, `redis-server on ${port}`);
    },
    async stop() {
      const running = child;
      child = undefined;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
  };
  await own.start();
  return own;
}

function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const done = (answer: boolean) => {
      socket.destroy();
      resolve(answer);
    };
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}
