import { MemoryStore, type Options, type Store } from 'express-rate-limit';
import type { Clock } from '../lib/clock';
import type { CounterName } from './counter-keys';

export type CounterStoreKind = 'memory' | 'redis' | 'database';

/**
 * Where every rate-limit counter lives: the HTTP limits (login, contact, IP lookup, speed test) and
 * the guest's one link per minute. In process memory for one process; in Redis or the shared
 * database when several replicas must enforce one limit together.
 */
export interface CounterStore {
  readonly kind: CounterStoreKind;
  /** A store for one express-rate-limit limiter; `prefix` keeps the limiters' keys apart. */
  rateLimitStore(prefix: string): Store;
  /**
   * Takes `key` for `windowMs` when it is free and answers 0, or answers the milliseconds until it
   * is free. Check and take are one atomic step, so two requests (on any replicas) cannot both win.
   */
  reserve(key: string, windowMs: number): Promise<number>;
  /** Frees a key taken by `reserve` (the work it guarded failed). */
  release(key: string): Promise<void>;
  /** Resolves when the store answers (readiness checks); in-memory always does. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The shared store did not answer. Limits fail closed: the request is refused with 503 rather than
 * let through unthrottled.
 */
export class CounterStoreUnavailableError extends Error {
  override name = 'CounterStoreUnavailableError';
}

/** Above this many remembered keys, reserve() sweeps the ones whose time is up. */
const SWEEP_SIZE = 10_000;

/**
 * One process: express-rate-limit's own MemoryStore per limiter and a map for reservations. Its keys
 * are kept as they are (no counter names): they never leave the process and go with it.
 */
export function memoryCounterStore(clock: Clock): CounterStore {
  const heldUntil = new Map<string, number>();
  return {
    kind: 'memory',
    rateLimitStore: () => new MemoryStore(),
    async reserve(key, windowMs) {
      const now = clock().getTime();
      const until = heldUntil.get(key);
      if (until !== undefined && until > now) return until - now;
      if (heldUntil.size >= SWEEP_SIZE) {
        for (const [held, end] of heldUntil) if (end <= now) heldUntil.delete(held);
      }
      heldUntil.set(key, now + windowMs);
      return 0;
    },
    async release(key) {
      heldUntil.delete(key);
    },
    ping: async () => undefined,
    close: async () => undefined,
  };
}

/**
 * Wraps a shared store's limiter: every key reaches the store only as its counter name (`name`, an
 * HMAC, so no client address is written out), any failure of the store surfaces as
 * CounterStoreUnavailableError (answered 503), and an initialisation that failed because the store
 * was down is simply run again on the next request.
 */
export function sharedLimiterStore(store: Store, name: CounterName): Store {
  let options: Options | undefined;
  let ready: Promise<void> | undefined;
  const initialise = () => {
    if (!options || !store.init) return Promise.resolve();
    ready ??= Promise.resolve(store.init(options)).catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };
  const guarded =
    <A extends unknown[], R>(run: (...args: A) => R | Promise<R>) =>
    async (...args: A): Promise<R> => {
      try {
        await initialise();
        return await run(...args);
      } catch (error) {
        // A script lost with a Redis restart, or a lost connection: initialise again next time.
        ready = undefined;
        throw unavailable(error);
      }
    };
  return {
    localKeys: false,
    prefix: store.prefix,
    init(initOptions) {
      options = initOptions;
      // Errors here are reported by the first request that needs the store.
      initialise().catch(() => undefined);
    },
    increment: guarded((key: string) => store.increment(name(key))),
    decrement: guarded((key: string) => store.decrement(name(key))),
    resetKey: guarded((key: string) => store.resetKey(name(key))),
  };
}

export function unavailable(error: unknown): CounterStoreUnavailableError {
  if (error instanceof CounterStoreUnavailableError) return error;
  return new CounterStoreUnavailableError(
    `Rate-limit store unavailable: ${error instanceof Error ? error.message : String(error)}`,
    { cause: error },
  );
}
