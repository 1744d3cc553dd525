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

/** Ports handed out from here up, below the system's ephemeral range (32768 and up on Linux). */
const FIRST_PORT = 20_000;
/** Each vitest worker's own block of ports. */
const PORTS_PER_WORKER = 1_500;
/** This worker's block, from VITEST_POOL_ID (1 to maxWorkers). */
const portBlock = FIRST_PORT + ((Number(process.env.VITEST_POOL_ID ?? 1) - 1) % 8) * PORTS_PER_WORKER;
/** Where this file starts in its block: files that follow each other in one worker start apart. */
let nextPort = Math.floor(Math.random() * PORTS_PER_WORKER);

/** Resolves true when `port` can be listened on at 127.0.0.1 right now. */
function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/**
 * A free loopback port, for a server a test starts as a child process (which binds it a moment
 * later). Test files run three at a time (vitest.config.ts): a port the system picks (listen on 0)
 * could be picked again for another file's server, or taken as the local port of an outgoing
 * connection, before the child binds it, and a health check could then be answered by someone else's
 * server. So each worker hands out ports from a block of its own, below the ephemeral range, in
 * turn, each checked free first.
 */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < PORTS_PER_WORKER; tries += 1) {
    const port = portBlock + (nextPort++ % PORTS_PER_WORKER);
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port in ${portBlock}–${portBlock + PORTS_PER_WORKER - 1}`);
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
