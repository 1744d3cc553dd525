import { createHash } from 'node:crypto';
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
 * store is never replaced by memory: when it is down, limits answer 503. A shared store keeps its
 * counters under HMACs keyed from `secret` (the server's token secret, the same on every replica),
 * never under a client's address.
 */
export function openCounterStore({
  config,
  storage,
  logger,
  clock,
  secret,
}: {
  config: Pick<Config, 'redisUrl' | 'redisKeyPrefix' | 'databaseUrl' | 'dataDir'>;
  storage: Storage;
  logger: Logger;
  clock: Clock;
  secret: string;
}): CounterStore {
  if (config.redisUrl)
    return redisCounterStore({ url: config.redisUrl, logger, keyPrefix: redisKeyPrefix(config), secret });
  if (storage.engine === 'postgres') return databaseCounterStore(createRateCountersRepo(storage.db), clock, secret);
  return memoryCounterStore(clock);
}

/**
 * What every Redis key starts with: REDIS_KEY_PREFIX, else one derived from the database, so that
 * two installations sharing one Redis never count each other's clients, while the replicas of one
 * installation (one database) always share their counts. The database is named by DATABASE_URL
 * without its password (a changed password is the same database) or by the SQLite folder's path.
 */
export function redisKeyPrefix(config: Pick<Config, 'redisKeyPrefix' | 'databaseUrl' | 'dataDir'>): string {
  if (config.redisKeyPrefix)
    return config.redisKeyPrefix.endsWith(':') ? config.redisKeyPrefix : `${config.redisKeyPrefix}:`;
  const database = config.databaseUrl ? withoutPassword(config.databaseUrl) : `sqlite:${config.dataDir}`;
  return `toolvault:${createHash('sha256').update(database).digest('hex').slice(0, 12)}:`;
}

function withoutPassword(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    url.password = '';
    return url.href;
  } catch {
    return databaseUrl;
  }
}
