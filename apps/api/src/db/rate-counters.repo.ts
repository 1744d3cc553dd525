import { sql, type Kysely } from 'kysely';
import type { Tables } from './schema';

/**
 * Fixed-window counters in the database, for replicas that share PostgreSQL without Redis. Every
 * write is one statement (`INSERT … ON CONFLICT … DO UPDATE`), so the row lock makes concurrent
 * hits from any number of processes add up exactly. Times are milliseconds since the epoch, given
 * by the caller.
 */
export interface RateCountersRepo {
  /** Adds a hit to `key`'s window, opening a new window of `windowMs` when none is open. */
  increment(key: string, windowMs: number, nowMs: number): Promise<{ hits: number; resetAt: number }>;
  /** Takes back one hit of the open window (a request that should not have counted). */
  decrement(key: string, nowMs: number): Promise<void>;
  remove(key: string): Promise<void>;
  /**
   * Takes `key` for `windowMs` when it is free (no window open) and answers 0; when another
   * holder has it, answers the milliseconds until it is free again.
   */
  claim(key: string, windowMs: number, nowMs: number): Promise<number>;
  /** Deletes the windows that ended; answers how many. */
  sweep(nowMs: number): Promise<number>;
}

/** Bound numbers are compared with a BIGINT column; say so, or PostgreSQL cannot type them. */
const big = (value: number) => sql<number>`CAST(${value} AS BIGINT)`;

export function createRateCountersRepo(db: Kysely<Tables>): RateCountersRepo {
  return {
    async increment(key, windowMs, nowMs) {
      const expired = sql<boolean>`rate_counters.reset_at <= ${big(nowMs)}`;
      const row = await db
        .insertInto('rate_counters')
        .values({ key, hits: 1, reset_at: big(nowMs + windowMs) })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            hits: sql<number>`CASE WHEN ${expired} THEN 1 ELSE rate_counters.hits + 1 END`,
            reset_at: sql<number>`CASE WHEN ${expired} THEN ${big(nowMs + windowMs)} ELSE rate_counters.reset_at END`,
          }),
        )
        .returning(['hits', 'reset_at'])
        .executeTakeFirstOrThrow();
      return { hits: Number(row.hits), resetAt: Number(row.reset_at) };
    },

    async decrement(key, nowMs) {
      await db
        .updateTable('rate_counters')
        .set({ hits: sql<number>`hits - 1` })
        .where('key', '=', key)
        .where('hits', '>', 0)
        .where('reset_at', '>', big(nowMs))
        .execute();
    },

    async remove(key) {
      await db.deleteFrom('rate_counters').where('key', '=', key).execute();
    },

    async claim(key, windowMs, nowMs) {
      const taken = await db
        .insertInto('rate_counters')
        .values({ key, hits: 1, reset_at: big(nowMs + windowMs) })
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet({ hits: 1, reset_at: big(nowMs + windowMs) })
            .where('rate_counters.reset_at', '<=', big(nowMs)),
        )
        .returning('reset_at')
        .executeTakeFirst();
      if (taken) return 0;
      const held = await db.selectFrom('rate_counters').select('reset_at').where('key', '=', key).executeTakeFirst();
      // Gone already (swept or released in between): free now, but the caller must ask again.
      return held ? Math.max(1, Number(held.reset_at) - nowMs) : 1;
    },

    async sweep(nowMs) {
      const result = await db.deleteFrom('rate_counters').where('reset_at', '<=', big(nowMs)).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
