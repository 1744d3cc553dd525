import type { DeviceClass, PublicShortlink } from '@toolvault/shared';
import { sql, type SqlBool } from 'kysely';
import type { Storage } from './database';
import type { StatsDimension } from './schema';
import { PUBLIC_SHORTLINK_COLUMNS, toPublicShortlink, type PublicShortlinkRow } from './shortlinks.repo';

/** What one counted click records — never the raw IP. */
export interface ClickRecord {
  /** ISO 8601, UTC. */
  clickedAt: string;
  /** Host name of the Referer, or null for none. */
  referrerHost: string | null;
  /** ISO 3166-1 alpha-2, or null when unknown. */
  country: string | null;
  device: DeviceClass;
}

export interface CountedClicks<K extends string | null> {
  key: K;
  clicks: number;
}

/** Which clicks an aggregate read covers: UTC days from `from` (YYYY-MM-DD) on, of one link or of all. */
export interface StatsScope {
  from: string;
  shortlinkId?: number;
}

export interface CountClickOptions {
  /** Count only when the link redirects at once ('direct'); null and nothing written otherwise. */
  onlyDirect?: boolean;
}

export interface ShortlinkClicksRepo {
  /**
   * Counts one click of a code and records it, in one transaction with its aggregates: the
   * counters are raised in SQL (`click_count = click_count + 1`, `clicks = clicks + 1`), so
   * concurrent clicks are never lost. Null, and nothing written, for an unknown code.
   */
  countClick(shortCode: string, click: ClickRecord, options?: CountClickOptions): Promise<PublicShortlink | null>;
  /** Clicks per UTC day (YYYY-MM-DD) in the scope, days without clicks left out. Reads aggregates only. */
  clicksPerDay(scope: StatsScope): Promise<CountedClicks<string>[]>;
  /** The most frequent referrer hosts; null stands for clicks without a referrer. */
  topReferrers(scope: StatsScope, limit: number): Promise<CountedClicks<string | null>[]>;
  topCountries(scope: StatsScope, limit: number): Promise<CountedClicks<string | null>[]>;
  devices(scope: StatsScope): Promise<CountedClicks<DeviceClass>[]>;
  /** The first UTC day with aggregated clicks (of one link, or of all), or null. */
  firstDay(shortlinkId?: number): Promise<string | null>;
  /** Deletes raw clicks before `before` (ISO time); the aggregates stay as they are. Answers the rows deleted. */
  pruneBefore(before: string, batchSize?: number): Promise<number>;
}

/** The aggregate rows one click adds to, in key order (the order their row locks are taken in). */
function statRows(click: ClickRecord): { dimension: StatsDimension; day: string; value: string }[] {
  const day = click.clickedAt.slice(0, 10);
  return [
    { dimension: 'country', day, value: click.country ?? '' },
    { dimension: 'device', day, value: click.device },
    { dimension: 'referrer', day, value: click.referrerHost ?? '' },
  ];
}

/** Raw click rows deleted per statement when pruning, so no statement holds the database for long. */
const PRUNE_BATCH = 5000;

export function createShortlinkClicksRepo(storage: Storage): ShortlinkClicksRepo {
  const { db } = storage;

  /** Sums of one dimension in the scope, read from the per-link table for one link, else the all-links one. */
  const sums = async (dimension: StatsDimension, by: 'day' | 'value', scope: StatsScope, limit?: number) => {
    const key = sql.ref(by);
    const total = sql<number>`sum(clicks)`;
    // shortlink_daily_stats has the same columns plus shortlink_id, so one query serves both tables.
    const table =
      scope.shortlinkId === undefined ? 'click_daily_stats' : ('shortlink_daily_stats' as 'click_daily_stats');
    let query = db
      .selectFrom(table)
      .select([sql<string>`${key}`.as('key'), total.as('clicks')])
      .where('dimension', '=', dimension)
      .where('day', '>=', scope.from)
      .groupBy(by);
    if (scope.shortlinkId !== undefined) query = query.where(sql<SqlBool>`shortlink_id = ${scope.shortlinkId}`);
    // A deleted link's clicks are subtracted, which may leave rows at 0.
    query = query.having(total, '>', 0);
    // Ties are broken by name, unknown ('') last, so the lists are stable from one load to the next.
    query =
      by === 'day'
        ? query.orderBy(by)
        : query
            .orderBy('clicks', 'desc')
            .orderBy(sql`${key} = ''`)
            .orderBy(by);
    if (limit !== undefined) query = query.limit(limit);
    const rows = await query.execute();
    return rows.map((row) => ({ key: row.key, clicks: Number(row.clicks) }));
  };
  const nullable = (rows: CountedClicks<string>[]) =>
    rows.map(({ key, clicks }) => ({ key: key === '' ? null : key, clicks }));

  return {
    countClick: storage.sqlite
      ? sqliteCountClick(storage)
      : (shortCode, click, { onlyDirect = false } = {}) =>
          db.transaction().execute(async (trx) => {
            let update = trx
              .updateTable('shortlinks')
              .set((eb) => ({ click_count: eb('click_count', '+', 1) }))
              .where('short_code', '=', shortCode);
            if (onlyDirect) update = update.where('redirect_mode', '=', 'direct');
            const row = await update.returning(['id', ...PUBLIC_SHORTLINK_COLUMNS]).executeTakeFirst();
            if (!row) return null;
            await trx
              .insertInto('shortlink_clicks')
              .values({
                shortlink_id: row.id,
                clicked_at: click.clickedAt,
                referrer_host: click.referrerHost,
                country: click.country,
                device: click.device,
              })
              .execute();
            const rows = statRows(click);
            await trx
              .insertInto('shortlink_daily_stats')
              .values(rows.map((stat) => ({ ...stat, shortlink_id: row.id, clicks: 1 })))
              .onConflict((oc) =>
                oc
                  .columns(['shortlink_id', 'dimension', 'day', 'value'])
                  .doUpdateSet((eb) => ({ clicks: eb('shortlink_daily_stats.clicks', '+', 1) })),
              )
              .execute();
            await trx
              .insertInto('click_daily_stats')
              .values(rows.map((stat) => ({ ...stat, clicks: 1 })))
              .onConflict((oc) =>
                oc
                  .columns(['dimension', 'day', 'value'])
                  .doUpdateSet((eb) => ({ clicks: eb('click_daily_stats.clicks', '+', 1) })),
              )
              .execute();
            await trx
              .updateTable('shortlink_totals')
              .set((eb) => ({ clicks: eb('clicks', '+', 1) }))
              .where('id', '=', 1)
              .execute();
            return toPublicShortlink(row);
          }),
    clicksPerDay: (scope) => sums('device', 'day', scope),
    topReferrers: async (scope, limit) => nullable(await sums('referrer', 'value', scope, limit)),
    topCountries: async (scope, limit) => nullable(await sums('country', 'value', scope, limit)),
    devices: async (scope) =>
      (await sums('device', 'value', scope)).map(({ key, clicks }) => ({ key: key as DeviceClass, clicks })),
    async firstDay(shortlinkId) {
      // The primary keys start with (dimension, day) / (shortlink_id, dimension, day): a single index probe.
      const row =
        shortlinkId === undefined
          ? await db
              .selectFrom('click_daily_stats')
              .select('day')
              .where('dimension', '=', 'device')
              .orderBy('day')
              .limit(1)
              .executeTakeFirst()
          : await db
              .selectFrom('shortlink_daily_stats')
              .select('day')
              .where('shortlink_id', '=', shortlinkId)
              .where('dimension', '=', 'device')
              .orderBy('day')
              .limit(1)
              .executeTakeFirst();
      return row?.day ?? null;
    },
    async pruneBefore(before, batchSize = PRUNE_BATCH) {
      let deleted = 0;
      for (;;) {
        const batch = db
          .selectFrom('shortlink_clicks')
          .select('id')
          .where('clicked_at', '<', before)
          .orderBy('clicked_at')
          .limit(batchSize);
        const result = await db.deleteFrom('shortlink_clicks').where('id', 'in', batch).executeTakeFirst();
        const count = Number(result.numDeletedRows);
        deleted += count;
        if (count < batchSize) return deleted;
        // Between batches the redirects' clicks get the database (and the event loop) back.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
  };
}

/**
 * The redirect's click on SQLite, the product's hottest write. Building and compiling the
 * queries through Kysely on every click cost about a quarter of the redirect throughput
 * (bench/redirect.bench.ts), so on SQLite they are prepared once and run as one synchronous
 * better-sqlite3 transaction. It runs while holding Kysely's connection (`db.connection()`), so it
 * can never land inside another request's open transaction (an import that rolls back).
 */
function sqliteCountClick(storage: Storage): ShortlinksClickWriter {
  const sqlite = storage.sqlite!;
  type Count = (shortCode: string, click: ClickRecord, onlyDirect: boolean) => PublicShortlink | null;
  // Prepared on first use: the repository may be created before the migrations have run.
  let count: Count | undefined;
  const prepare = (): Count => {
    const returning = `RETURNING id, ${PUBLIC_SHORTLINK_COLUMNS.join(', ')}`;
    const increment = sqlite.prepare<[string], { id: number } & PublicShortlinkRow>(
      `UPDATE shortlinks SET click_count = click_count + 1 WHERE short_code = ? ${returning}`,
    );
    const incrementDirect = sqlite.prepare<[string], { id: number } & PublicShortlinkRow>(
      `UPDATE shortlinks SET click_count = click_count + 1 WHERE short_code = ? AND redirect_mode = 'direct' ${returning}`,
    );
    const insert = sqlite.prepare<ClickRecord & { shortlinkId: number }>(
      `INSERT INTO shortlink_clicks (shortlink_id, clicked_at, referrer_host, country, device)
       VALUES (@shortlinkId, @clickedAt, @referrerHost, @country, @device)`,
    );
    type StatParams = { id: number; day: string; country: string; device: string; referrer: string };
    const linkStats = sqlite.prepare<StatParams>(
      `INSERT INTO shortlink_daily_stats (shortlink_id, dimension, day, value, clicks)
       VALUES (@id, 'country', @day, @country, 1), (@id, 'device', @day, @device, 1), (@id, 'referrer', @day, @referrer, 1)
       ON CONFLICT (shortlink_id, dimension, day, value) DO UPDATE SET clicks = clicks + 1`,
    );
    const allStats = sqlite.prepare<Omit<StatParams, 'id'>>(
      `INSERT INTO click_daily_stats (dimension, day, value, clicks)
       VALUES ('country', @day, @country, 1), ('device', @day, @device, 1), ('referrer', @day, @referrer, 1)
       ON CONFLICT (dimension, day, value) DO UPDATE SET clicks = clicks + 1`,
    );
    const total = sqlite.prepare(`UPDATE shortlink_totals SET clicks = clicks + 1 WHERE id = 1`);
    return sqlite.transaction((shortCode: string, click: ClickRecord, onlyDirect: boolean): PublicShortlink | null => {
      const row = (onlyDirect ? incrementDirect : increment).get(shortCode);
      if (!row) return null;
      insert.run({ ...click, shortlinkId: row.id });
      const stats = {
        day: click.clickedAt.slice(0, 10),
        country: click.country ?? '',
        device: click.device,
        referrer: click.referrerHost ?? '',
      };
      linkStats.run({ ...stats, id: row.id });
      allStats.run(stats);
      total.run();
      return toPublicShortlink(row);
    });
  };
  return (shortCode, click, { onlyDirect = false } = {}) =>
    storage.db.connection().execute(async () => {
      count ??= prepare();
      return count(shortCode, click, onlyDirect);
    });
}

type ShortlinksClickWriter = ShortlinkClicksRepo['countClick'];
