import type { Store } from 'express-rate-limit';
import type { RateCountersRepo } from '../db/rate-counters.repo';
import type { Clock } from '../lib/clock';
import { failClosed, unavailable, type CounterStore } from './counter-store';

/** How often windows that have ended are deleted, so the table holds only live counters. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * Counters in the shared database (PostgreSQL without Redis): every replica reads and writes the
 * same rows, each hit one atomic upsert.
 */
export function databaseCounterStore(counters: RateCountersRepo, clock: Clock): CounterStore {
  const now = () => clock().getTime();
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
      return failClosed(store);
    },
    reserve: (key, windowMs) => guard(() => counters.claim(key, windowMs, now())),
    release: (key) => guard(() => counters.remove(key)),
    ping: () => guard(async () => void (await counters.sweep(0))),
    async close() {
      clearInterval(sweeper);
    },
  };
}
