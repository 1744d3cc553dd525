import type { Storage } from '../db';
import { createRateCountersRepo } from '../db/rate-counters.repo';
import type { Config } from '../env';
import type { Logger } from '../logger';
import type { Clock } from '../lib/clock';
import { memoryCounterStore, type CounterStore } from './counter-store';
import { databaseCounterStore } from './database-counter-store';
import { redisCounterStore } from './redis-counter-store';

export { CounterStoreUnavailableError, memoryCounterStore, type CounterStore } from './counter-store';
export { databaseCounterStore } from './database-counter-store';
export { redisCounterStore } from './redis-counter-store';

/**
 * Redis when REDIS_URL is set; otherwise the database when it is PostgreSQL (shared by replicas);
 * otherwise process memory, which is right for the one process that owns an SQLite file. A shared
 * store is never replaced by memory: when it is down, limits answer 503.
 */
export function openCounterStore({
  config,
  storage,
  logger,
  clock,
}: {
  config: Pick<Config, 'redisUrl'>;
  storage: Storage;
  logger: Logger;
  clock: Clock;
}): CounterStore {
  if (config.redisUrl) return redisCounterStore({ url: config.redisUrl, logger });
  if (storage.engine === 'postgres') return databaseCounterStore(createRateCountersRepo(storage.db), clock);
  return memoryCounterStore(clock);
}
