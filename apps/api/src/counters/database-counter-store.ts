import type { Store } from 'express-rate-limit';
import type { RateCountersRepo } from '../db/rate-counters.repo';
import type { Clock } from '../lib/clock';
import { counterNames } from './counter-keys';
import { sharedLimiterStore, unavailable, type CounterStore } from './counter-store';

/** How often windows that have ended are deleted, so the table holds only live counters. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Counters in the shared database (PostgreSQL without Redis): every replica reads and writes the
 * same rows, each hit one atomic upsert. A row's key is the limit's prefix and the counter's name
 * (an HMAC under a key derived from `secret`, the server's secret), or `hold:` and the name for a
 * reservation: no client address is ever written to the table.
 */
export function databaseCounterStore(counters: RateCountersRepo, clock: Clock, secret: string): CounterStore {
  const now = () => clock().getTime();
  const name = counterNames(secret);
  const hold = (key: string) => `hold:${name(key)}`;
  const sweeper = setInterval(() => void counters.sweep(now()).catch(() => undefined), SWEEP_INTERVAL_MS);
  sweeper.unref();
  const guard = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw unavailable(error);
    }
  };

  return {
    kind: 'database',
    rateLimitStore(prefix) {
      let windowMs = 60_000;
      const store: Store = {
        prefix,
        localKeys: false,
        init: (options) => void (windowMs = options.windowMs),
        async increment(key) {
          const { hits, resetAt } = await counters.increment(prefix + key, windowMs, now());
          return { totalHits: hits, resetTime: new Date(resetAt) };
        },
        decrement: (key) => counters.decrement(prefix + key, now()),
        resetKey: (key) => counters.remove(prefix + key),
      };
      return sharedLimiterStore(store, name);
    },
    reserve: (key, windowMs) => guard(() => counters.claim(hold(key), windowMs, now())),
    release: (key) => guard(() => counters.remove(hold(key))),
    ping: () => guard(async () => void (await counters.sweep(0))),
    async close() {
      clearInterval(sweeper);
    },
  };
}
