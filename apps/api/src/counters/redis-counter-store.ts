import { createRequire } from 'node:module';
import type * as RateLimitRedis from 'rate-limit-redis';
import type { RedisReply } from 'rate-limit-redis';
import type * as Redis from 'redis';
import type { Logger } from '../logger';
import { counterNames } from './counter-keys';
import { sharedLimiterStore, unavailable, type CounterStore } from './counter-store';

/** A command that gets no answer within this long fails, so a request never hangs on Redis. */
const COMMAND_TIMEOUT_MS = 1_000;
/** How long a command waits for a connection being (re)established before it fails. */
const CONNECT_WAIT_MS = 300;
/** Reconnect attempts back off up to this interval, forever: Redis may come back at any time. */
const MAX_RECONNECT_DELAY_MS = 1_000;

export interface RedisCounterStoreOptions {
  url: string;
  logger: Logger;
  /** Put before every key, so several installations (or test runs) can share one Redis. */
  keyPrefix?: string;
  /**
   * The server's secret (the token secret, the same on every replica): counters are kept under an
   * HMAC of what they count by, with a key derived from it, never under a client's address.
   */
  secret: string;
}

/**
 * Counters in Redis, shared by every replica. The HTTP limits use rate-limit-redis (a Lua script
 * per hit) under `<keyPrefix>rl:<limit>:<name>`; reservations are one `SET <keyPrefix>hold:<name> NX
 * PX`, where the name is an HMAC of the key (counter-keys.ts), so no client address reaches Redis.
 * Commands are never queued while the connection is down: they fail at once, and the limits answer
 * 503 until Redis is back (fail closed).
 */
export function redisCounterStore({
  url,
  logger,
  keyPrefix = 'toolvault:',
  secret,
}: RedisCounterStoreOptions): CounterStore {
  const name = counterNames(secret);
  const hold = (key: string) => `${keyPrefix}hold:${name(key)}`;
  // Loaded here, not at the top: the Redis client is some forty modules, and a server without
  // REDIS_URL (the default) should not pay for them on every start.
  const require = createRequire(import.meta.url);
  const { createClient } = require('redis') as typeof Redis;
  const { RedisStore } = require('rate-limit-redis') as typeof RateLimitRedis;
  const client = createClient({
    url,
    disableOfflineQueue: true,
    socket: {
      connectTimeout: COMMAND_TIMEOUT_MS,
      reconnectStrategy: (retries) => Math.min(50 * 2 ** retries, MAX_RECONNECT_DELAY_MS),
    },
  });
  let down = false;
  /**
   * Commands waiting for the connection. One 'ready' listener wakes them all: a listener each
   * put one on the client per waiting command, and a burst of requests while connecting (more
   * than ten) set off Node's MaxListenersExceededWarning.
   */
  const waiting = new Set<(ready: boolean) => void>();
  client.on('error', (error: Error) => {
    if (down) return; // one line per outage, not one per reconnect attempt
    down = true;
    logger.error(`Redis unavailable (${error.message}); rate limits answer 503 until it is back`);
  });
  client.on('ready', () => {
    if (down) logger.info('Redis is back');
    down = false;
    for (const wake of [...waiting]) wake(true);
  });
  // Not awaited: a replica starts (and reports not ready on /api/health) while Redis is down.
  client.connect().catch(() => undefined);

  /** While (re)connecting, a command waits briefly for the connection instead of failing at once. */
  const connected = (): Promise<boolean> => {
    if (client.isReady) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish(false), CONNECT_WAIT_MS);
      const finish = (ready: boolean) => {
        clearTimeout(timer);
        waiting.delete(finish);
        resolve(ready);
      };
      waiting.add(finish);
    });
  };
  const send = async (args: string[]): Promise<unknown> => {
    if (!(await connected())) throw unavailable(new Error('not connected'));
    return client.sendCommand(args, { timeout: COMMAND_TIMEOUT_MS });
  };
  const guard = async <T>(run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw unavailable(error);
    }
  };

  return {
    kind: 'redis',
    rateLimitStore: (prefix) =>
      sharedLimiterStore(
        new RedisStore({
          prefix: `${keyPrefix}rl:${prefix}`,
          sendCommand: async (...args: string[]) => (await send(args)) as RedisReply,
        }),
        name,
      ),
    reserve: (key, windowMs) =>
      guard(async () => {
        const held = hold(key);
        if ((await send(['SET', held, '1', 'NX', 'PX', String(windowMs)])) === 'OK') return 0;
        const left = Number(await send(['PTTL', held]));
        // -2: expired between the two commands; free now, but the caller is told to come back.
        return left > 0 ? left : 1;
      }),
    release: (key) => guard(async () => void (await send(['DEL', hold(key)]))),
    ping: () => guard(async () => void (await send(['PING']))),
    async close() {
      if (client.isOpen) await client.close();
      else client.destroy();
    },
  };
}
