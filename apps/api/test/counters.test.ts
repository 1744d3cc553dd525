import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Options, Store } from 'express-rate-limit';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CounterStoreUnavailableError,
  databaseCounterStore,
  memoryCounterStore,
  openCounterStore,
  redisCounterStore,
  redisKeyPrefix,
  type CounterStore,
} from '../src/counters';
import { openMemorySqlite } from '../src/db';
import { createRateCountersRepo } from '../src/db/rate-counters.repo';
import { silentLogger } from '../src/logger';
import { ENGINES, openTestStorage } from './engines';
import { deleteKeys, freePort, redisUrl, testRedisStore } from './servers';

/** Two handles on one store, as two replicas would have; `close` cleans up after the test. */
interface Shared {
  a: CounterStore;
  b: CounterStore;
  close(): Promise<void>;
}

const MINUTE = 60_000;
const fixedClock = () => new Date('2026-01-01T00:00:00.000Z');

/** Every store that several processes can share, on whatever this machine has. */
const SHARED: Record<string, () => Promise<Shared>> = {
  ...Object.fromEntries(
    ENGINES.map((engine) => [
      `database (${engine})`,
      async (): Promise<Shared> => {
        const test = await openTestStorage(engine);
        const repo = createRateCountersRepo(test.storage.db);
        const a = databaseCounterStore(repo, () => new Date());
        const b = databaseCounterStore(repo, () => new Date());
        return { a, b, close: async () => (await Promise.all([a.close(), b.close()]), await test.close()) };
      },
    ]),
  ),
  ...(redisUrl
    ? {
        redis: async (): Promise<Shared> => {
          const first = testRedisStore();
          const b = redisCounterStore({ url: redisUrl!, logger: silentLogger, keyPrefix: first.prefix });
          return { a: first.store, b, close: async () => (await b.close(), await first.close()) };
        },
      }
    : {}),
};

const opened: Shared[] = [];
afterEach(async () => {
  for (const shared of opened.splice(0)) await shared.close();
});
async function open(kind: string): Promise<Shared> {
  const shared = await SHARED[kind]!();
  opened.push(shared);
  return shared;
}

async function limiterStore(counters: CounterStore, prefix: string, windowMs = MINUTE): Promise<Store> {
  const store = counters.rateLimitStore(prefix);
  await store.init?.({ windowMs } as Options);
  return store;
}

describe.each(Object.keys(SHARED))('shared counter store: %s', (kind) => {
  it('counts 500 concurrent hits from two replicas exactly', async () => {
    const { a, b } = await open(kind);
    const [storeA, storeB] = [await limiterStore(a, 'login:'), await limiterStore(b, 'login:')];
    const results = await Promise.all(
      Array.from({ length: 500 }, (_, i) => (i % 2 === 0 ? storeA : storeB).increment('1.2.3.4')),
    );
    const totals = results.map((result) => result.totalHits).sort((x, y) => x - y);
    expect(totals).toEqual(Array.from({ length: 500 }, (_, i) => i + 1));
    expect(results[0]!.resetTime!.getTime()).toBeGreaterThan(Date.now());
    expect(results[0]!.resetTime!.getTime()).toBeLessThanOrEqual(Date.now() + MINUTE);
  });

  it('keeps limiters and clients apart, and decrements and resets one key', async () => {
    const { a, b } = await open(kind);
    const login = await limiterStore(a, 'login:');
    const contact = await limiterStore(b, 'contact:');
    await login.increment('x');
    await login.increment('x');
    expect((await contact.increment('x')).totalHits).toBe(1);
    expect((await login.increment('y')).totalHits).toBe(1);
    await login.decrement('x');
    expect((await login.increment('x')).totalHits).toBe(2);
    await login.resetKey('x');
    expect((await login.increment('x')).totalHits).toBe(1);
  });

  it('lets exactly one of 50 concurrent reservations of one key through, on either replica', async () => {
    const { a, b } = await open(kind);
    const waits = await Promise.all(
      Array.from({ length: 50 }, (_, i) => (i % 2 === 0 ? a : b).reserve('guest:1.2.3.4', MINUTE)),
    );
    expect(waits.filter((wait) => wait === 0)).toHaveLength(1);
    for (const wait of waits.filter((w) => w !== 0)) {
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(MINUTE);
    }
    expect(await b.reserve('guest:5.6.7.8', MINUTE)).toBe(0);
    await b.release('guest:1.2.3.4');
    expect(await a.reserve('guest:1.2.3.4', MINUTE)).toBe(0);
  });

  it('frees a reservation when its window ends', async () => {
    const { a, b } = await open(kind);
    expect(await a.reserve('guest:short', 150)).toBe(0);
    expect(await b.reserve('guest:short', 150)).toBeGreaterThan(0);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await b.reserve('guest:short', 150)).toBe(0);
  });

  it('answers a ping', async () => {
    const { a } = await open(kind);
    await expect(a.ping()).resolves.toBeUndefined();
  });
});

describe.each(ENGINES)('rate_counters repository on %s', (engine) => {
  it.each([
    // [hits at, window, expected hits and window end after each]
    ['a new key opens a window', [0], [[1, 1000]]],
    [
      'hits inside the window add up',
      [0, 10, 999],
      [
        [1, 1000],
        [2, 1000],
        [3, 1000],
      ],
    ],
    [
      'a hit at the window end opens a new one',
      [0, 1000],
      [
        [1, 1000],
        [1, 2000],
      ],
    ],
  ] as const)('%s', async (_label, times, expected) => {
    const test = await openTestStorage(engine);
    try {
      const repo = createRateCountersRepo(test.storage.db);
      const seen = [];
      for (const at of times) {
        const { hits, resetAt } = await repo.increment('k', 1000, at);
        seen.push([hits, resetAt]);
      }
      expect(seen).toEqual(expected);
    } finally {
      await test.close();
    }
  });

  it('claims a free key, refuses a held one with the time left, and sweeps ended windows', async () => {
    const test = await openTestStorage(engine);
    try {
      const repo = createRateCountersRepo(test.storage.db);
      expect(await repo.claim('g', 60_000, 1_000)).toBe(0);
      expect(await repo.claim('g', 60_000, 21_000)).toBe(40_000);
      expect(await repo.claim('g', 60_000, 61_000)).toBe(0);
      await repo.decrement('g', 61_000);
      expect(await repo.sweep(60_000)).toBe(0);
      expect(await repo.sweep(121_000)).toBe(1);
      // Large values: milliseconds since 1970 need more than 32 bits.
      const now = Date.parse('2026-06-01T00:00:00Z');
      expect(await repo.increment('big', 60_000, now)).toEqual({ hits: 1, resetAt: now + 60_000 });
    } finally {
      await test.close();
    }
  });
});

describe('in-memory counter store (one process)', () => {
  it('reserves per key for the window of the given clock', async () => {
    let now = fixedClock().getTime();
    const store = memoryCounterStore(() => new Date(now));
    expect(await store.reserve('guest:a', MINUTE)).toBe(0);
    now += 20_000;
    expect(await store.reserve('guest:a', MINUTE)).toBe(40_000);
    expect(await store.reserve('guest:b', MINUTE)).toBe(0);
    now += 40_000;
    expect(await store.reserve('guest:a', MINUTE)).toBe(0);
    await store.release('guest:a');
    expect(await store.reserve('guest:a', MINUTE)).toBe(0);
  });

  it('gives every limiter a store of its own', () => {
    const store = memoryCounterStore(fixedClock);
    expect(store.rateLimitStore('a:')).not.toBe(store.rateLimitStore('a:'));
  });
});

describe('Redis that does not answer', () => {
  it('fails closed: reservations, limiter hits and pings reject with CounterStoreUnavailableError', async () => {
    const port = await freePort(); // nothing listens there
    const store = redisCounterStore({ url: `redis://127.0.0.1:${port}`, logger: silentLogger });
    try {
      const limiter = await limiterStore(store, 'login:');
      await expect(store.reserve('guest:x', MINUTE)).rejects.toBeInstanceOf(CounterStoreUnavailableError);
      await expect(limiter.increment('x')).rejects.toBeInstanceOf(CounterStoreUnavailableError);
      await expect(store.ping()).rejects.toBeInstanceOf(CounterStoreUnavailableError);
    } finally {
      await store.close();
    }
  });

  it('lets a burst of commands wait for the connection without a listener each on the client', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    const port = await freePort();
    const store = redisCounterStore({ url: `redis://127.0.0.1:${port}`, logger: silentLogger });
    try {
      const pings = await Promise.allSettled(Array.from({ length: 50 }, () => store.ping()));
      expect(pings.every((ping) => ping.status === 'rejected')).toBe(true);
      // Warnings are emitted on a later tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((warning) => warning.includes('MaxListenersExceeded'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
      await store.close();
    }
  });
});

describe('the Redis key prefix', () => {
  const sqlite = (dataDir: string) => ({ dataDir, databaseUrl: undefined, redisKeyPrefix: undefined });
  const postgres = (databaseUrl: string) => ({ dataDir: '/srv/data', databaseUrl, redisKeyPrefix: undefined });

  it('is REDIS_KEY_PREFIX when set, ending with a colon', () => {
    expect(redisKeyPrefix({ ...sqlite('/srv/a'), redisKeyPrefix: 'site-b' })).toBe('site-b:');
    expect(redisKeyPrefix({ ...postgres('postgres://db/x'), redisKeyPrefix: 'site-b:' })).toBe('site-b:');
  });

  it('otherwise names the database: one per SQLite folder, one per PostgreSQL database, whatever its password', () => {
    const a = redisKeyPrefix(sqlite('/srv/a'));
    expect(a).toMatch(/^toolvault:[0-9a-f]{12}:$/);
    expect(redisKeyPrefix(sqlite('/srv/a'))).toBe(a);
    expect(redisKeyPrefix(sqlite('/srv/b'))).not.toBe(a);
    const pg = redisKeyPrefix(postgres('postgres://tv:one@db.internal:5432/toolvault'));
    expect(redisKeyPrefix(postgres('postgres://tv:two@db.internal:5432/toolvault'))).toBe(pg);
    expect(redisKeyPrefix(postgres('postgres://tv:one@db.internal:5432/other'))).not.toBe(pg);
    expect(redisKeyPrefix(postgres('postgres://tv:one@db2.internal:5432/toolvault'))).not.toBe(pg);
  });
});

describe.runIf(redisUrl)('two installations sharing one Redis', () => {
  it("never throttle each other's clients; the replicas of one installation share their counts", async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'toolvault-prefix-'));
    const storage = openMemorySqlite();
    const open = (dataDir: string) =>
      openCounterStore({
        config: { redisUrl: redisUrl!, redisKeyPrefix: undefined, databaseUrl: undefined, dataDir },
        storage,
        logger: silentLogger,
        clock: fixedClock,
      });
    const first = path.join(root, 'first');
    const second = path.join(root, 'second');
    const [replicaA, replicaB, other] = [open(first), open(first), open(second)];
    try {
      expect(await replicaA.reserve('guest:203.0.113.1', MINUTE)).toBe(0);
      expect(await replicaB.reserve('guest:203.0.113.1', MINUTE)).toBeGreaterThan(0);
      expect(await other.reserve('guest:203.0.113.1', MINUTE)).toBe(0);

      const [limiterA, limiterB, limiterOther] = await Promise.all(
        [replicaA, replicaB, other].map((store) => limiterStore(store, 'login:')),
      );
      expect((await limiterA!.increment('203.0.113.1')).totalHits).toBe(1);
      expect((await limiterB!.increment('203.0.113.1')).totalHits).toBe(2);
      expect((await limiterOther!.increment('203.0.113.1')).totalHits).toBe(1);
    } finally {
      await Promise.all([replicaA, replicaB, other].map((store) => store.close()));
      for (const dataDir of [first, second])
        await deleteKeys(redisUrl!, redisKeyPrefix({ dataDir, databaseUrl: undefined, redisKeyPrefix: undefined }));
      await storage.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
