import { sql, type Kysely } from 'kysely';
import type { Tables } from './schema';

/** The periodic sweeps that keep a mark: `link.expired` tells webhooks of links whose end passed. */
export type SweepName = 'link.expired';

/**
 * How far each periodic sweep has looked, shared by every replica: the mark only moves forward, so
 * a replica whose clock lags, or a run that ends after a later one, never makes a span be looked at
 * again.
 */
export interface SweepMarksRepo {
  /** The instant (ISO 8601, UTC) up to which the sweep has looked; undefined before its first run. */
  get(name: SweepName): Promise<string | undefined>;
  /** Moves the mark to `until` unless it is there or further already. */
  advance(name: SweepName, until: string): Promise<void>;
}

export function createSweepMarksRepo(db: Kysely<Tables>): SweepMarksRepo {
  return {
    async get(name) {
      const row = await db.selectFrom('sweep_marks').select('swept_until').where('name', '=', name).executeTakeFirst();
      return row?.swept_until;
    },
    async advance(name, until) {
      await db
        .insertInto('sweep_marks')
        .values({ name, swept_until: until })
        .onConflict((oc) =>
          oc
            .column('name')
            .doUpdateSet({ swept_until: (eb) => eb.ref('excluded.swept_until') })
            .where(sql.ref('sweep_marks.swept_until'), '<', sql.ref('excluded.swept_until')),
        )
        .execute();
    },
  };
}
