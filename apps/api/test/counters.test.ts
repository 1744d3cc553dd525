import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Options, Store } from 'express-rate-limit';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '@toolvault/shared/contract';
import { counterNames } from '../src/counters/counter-keys';
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
import { engineApp } from './engine-app';
import { ENGINES, openTestStorage } from './engines';
import { JWT_SECRET } from './helpers';
import { deleteKeys, freePort, redisUrl, scanKeys, testRedisStore } from './servers';

/**
 * Two handles on one store, as two replicas would have (the server's secret, JWT_SECRET), and a
 * third on the same store with another secret; `keys` reads every key the store holds (the rows
 * of rate_counters, or the Redis keys under the test's prefix); `close` cleans up after the test.
 */
interface Shared {
  a: CounterStore;
  b: CounterStore;
  otherSecret: CounterStore;
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

const OTHER_SECRET = 'another-secret-that-is-at-least-32-characters';
/** A client whose address must never be written out by the limits. */
const ADDRESS = '203.0.113.7';
/** What no stored key may contain: the client's addresses (v4, and v6 by its /56), a login, a link's code. */
const PERSONAL = ['203.0.113', '2001:db8', 'alice', 'example.org', 'pw-code', 'guest'];
const GUEST_LINK = { title: 'Example', targetUrl: 'https://example.com/' };

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
        const a = databaseCounterStore(repo, () => new Date(), JWT_SECRET);
        const b = databaseCounterStore(repo, () => new Date(), JWT_SECRET);
        const otherSecret = databaseCounterStore(repo, () => new Date(), OTHER_SECRET);
        return {
          a,
          b,
          otherSecret,
          keys: async () =>
            (await test.storage.db.selectFrom('rate_counters').select('key').execute()).map((row) => row.key),
          close: async () => (await Promise.all([a.close(), b.close(), otherSecret.close()]), await test.close()),
        };
      },
    ]),
  ),
  ...(redisUrl
    ? {
        redis: async (): Promise<Shared> => {
          const first = testRedisStore();
          const b = redisCounterStore({
            url: redisUrl!,
            logger: silentLogger,
            keyPrefix: first.prefix,
            secret: JWT_SECRET,
          });
          const otherSecret = redisCounterStore({
            url: redisUrl!,
            logger: silentLogger,
            keyPrefix: first.prefix,
            secret: OTHER_SECRET,
          });
          return {
            a: first.store,
            b,
            otherSecret,
            keys: () => scanKeys(redisUrl!, first.prefix),
            close: async () => (await Promise.all([b.close(), otherSecret.close()]), await first.close()),
          };
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

  it('keeps no address, login or code in its keys: only the limit and an HMAC of the key', async () => {
    const { a, b, keys } = await open(kind);
    const login = await limiterStore(a, 'login:');
    for (const key of [ADDRESS, '2001:db8:1::/56', 'alice@example.org', 'pw-code']) await login.increment(key);
    expect((await (await limiterStore(b, 'login:')).increment(ADDRESS)).totalHits).toBe(2);
    expect(await a.reserve(`guest:${ADDRESS}`, MINUTE)).toBe(0);
    expect(await b.reserve(`guest:${ADDRESS}`, MINUTE)).toBeGreaterThan(0);
    const stored = await keys();
    expect(stored).toHaveLength(5);
    for (const key of stored) {
      expect(key).toMatch(/(?:rl:login:|^login:|hold:)[\w-]{32}$/);
      expect(
        PERSONAL.filter((word) => key.includes(word)),
        key,
      ).toEqual([]);
    }
  });

  it('names a key alike on replicas with the same secret (one budget), apart with another secret', async () => {
    const { a, b, otherSecret, keys } = await open(kind);
    const [onA, onB, onOther] = await Promise.all([a, b, otherSecret].map((store) => limiterStore(store, 'login:')));
    expect((await onA!.increment(ADDRESS)).totalHits).toBe(1);
    expect((await onB!.increment(ADDRESS)).totalHits).toBe(2);
    expect((await onOther!.increment(ADDRESS)).totalHits).toBe(1);
    expect(await keys()).toHaveLength(2);
    expect(await a.reserve(`guest:${ADDRESS}`, MINUTE)).toBe(0);
    expect(await b.reserve(`guest:${ADDRESS}`, MINUTE)).toBeGreaterThan(0);
    expect(await otherSecret.reserve(`guest:${ADDRESS}`, MINUTE)).toBe(0);
    expect(await keys()).toHaveLength(4);
  });

  it('through the app: the limits trip at the same counts, and no address or login is written', async () => {
    const { a, keys } = await open(kind);
    const built = await engineApp('sqlite', { config: { trustProxy: 1 }, counters: a });
    try {
      const from = (address: string, req: request.Test) => req.set('X-Forwarded-For', address);
      const lookup = (address: string) => from(address, request(built.app).get('/api/ip/not-an-ip'));
      for (let i = 0; i < RATE_LIMITS.ipLookup.limit; i++)
        expect((await lookup(ADDRESS)).status, `lookup ${i + 1}`).toBe(400);
      const limited = await lookup(ADDRESS);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
      expect((await lookup('2001:db8:1:2::9')).status).toBe(400);

      const guest = () => from(ADDRESS, request(built.app).post('/api/shortlinks').send(GUEST_LINK));
      expect((await guest()).status).toBe(201);
      expect((await guest()).status).toBe(429);
      const login = await from(ADDRESS, request(built.app).post('/api/admin/login')).send({
        login: 'alice@example.org',
        password: 'not the password',
      });
      expect(login.status).toBe(401);

      const stored = await keys();
      // Each limit wrote its counters here: the address's and the /56's lookups, the guest's minute,
      // the failed login per address and per account.
      for (const limit of ['ip:', 'hold:', 'login:', 'login-account:'])
        expect(
          stored.some((key) => key.includes(limit)),
          limit,
        ).toBe(true);
      expect(stored.flatMap((key) => PERSONAL.filter((word) => key.includes(word)))).toEqual([]);
    } finally {
      await built.close();
    }
  });
});

describe('counter names', () => {
  it('are an HMAC of the key under a key derived from the secret: the same for the same secret, else not', () => {
    const name = counterNames(JWT_SECRET);
    expect(name(ADDRESS)).toMatch(/^[\w-]{32}$/);
    expect(counterNames(JWT_SECRET)(ADDRESS)).toBe(name(ADDRESS));
    expect(name('203.0.113.8')).not.toBe(name(ADDRESS));
    expect(counterNames(OTHER_SECRET)(ADDRESS)).not.toBe(name(ADDRESS));
    // Written out from its description: HMAC-SHA256 under HMAC-SHA256(secret, purpose), never the secret itself.
    const derived = createHmac('sha256', JWT_SECRET).update('toolvault rate-limit keys').digest();
    expect(name(ADDRESS)).toBe(createHmac('sha256', derived).update(ADDRESS).digest('base64url').slice(0, 32));
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
    const store = redisCounterStore({ url: `redis://127.0.0.1:${port}`, logger: silentLogger, secret: JWT_SECRET });
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
    const store = redisCounterStore({ url: `redis://127.0.0.1:${port}`, logger: silentLogger, secret: JWT_SECRET });
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
        secret: JWT_SECRET,
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
