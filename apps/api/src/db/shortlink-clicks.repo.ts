import type { DeviceClass, PublicShortlink } from '@toolvault/shared';
import { sql } from 'kysely';
import type { Storage } from './database';
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

export interface ShortlinkClicksRepo {
  /**
   * Counts one click of a code and records it, in one transaction: the
   * counter is raised in SQL (`click_count = click_count + 1`), so concurrent
   * clicks are never lost. Null, and nothing written, for an unknown code.
   */
  countClick(shortCode: string, click: ClickRecord): Promise<PublicShortlink | null>;
  /** Clicks per UTC day (YYYY-MM-DD) from `from` on, days without clicks left out. */
  clicksPerDay(from: string): Promise<CountedClicks<string>[]>;
  /** The most frequent referrer hosts; null stands for clicks without a referrer. */
  topReferrers(limit: number): Promise<CountedClicks<string | null>[]>;
  topCountries(limit: number): Promise<CountedClicks<string | null>[]>;
  devices(): Promise<CountedClicks<DeviceClass>[]>;
}

export function createShortlinkClicksRepo(storage: Storage): ShortlinkClicksRepo {
  const { db } = storage;
  // Ties are broken by name, unknown last, so the lists are stable from one load to the next.
  const top = async (column: 'referrer_host' | 'country', limit: number) => {
    const rows = await db
      .selectFrom('shortlink_clicks')
      .select([sql<string | null>`${sql.ref(column)}`.as('key'), (eb) => eb.fn.countAll<number>().as('clicks')])
      .groupBy(column)
      .orderBy('clicks', 'desc')
      .orderBy(sql`${sql.ref(column)} IS NULL`)
      .orderBy(column)
      .limit(limit)
      .execute();
    return rows.map((row) => ({ key: row.key, clicks: Number(row.clicks) }));
  };

  return {
    countClick: storage.sqlite
      ? sqliteCountClick(storage)
      : (shortCode, click) =>
          db.transaction().execute(async (trx) => {
            const row = await trx
              .updateTable('shortlinks')
              .set((eb) => ({ click_count: eb('click_count', '+', 1) }))
              .where('short_code', '=', shortCode)
              .returning(['id', ...PUBLIC_SHORTLINK_COLUMNS])
              .executeTakeFirst();
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
            return toPublicShortlink(row);
          }),
    async clicksPerDay(from) {
      const day = sql<string>`substr(clicked_at, 1, 10)`;
      const rows = await db
        .selectFrom('shortlink_clicks')
        .select([day.as('key'), (eb) => eb.fn.countAll<number>().as('clicks')])
        .where('clicked_at', '>=', from)
        .groupBy(day)
        .orderBy(day)
        .execute();
      return rows.map((row) => ({ key: row.key, clicks: Number(row.clicks) }));
    },
    topReferrers: (limit) => top('referrer_host', limit),
    topCountries: (limit) => top('country', limit),
    async devices() {
      const rows = await db
        .selectFrom('shortlink_clicks')
        .select(['device as key', (eb) => eb.fn.countAll<number>().as('clicks')])
        .groupBy('device')
        .orderBy('clicks', 'desc')
        .orderBy('device')
        .execute();
      return rows.map((row) => ({ key: row.key, clicks: Number(row.clicks) }));
    },
  };
}

/**
 * The redirect's click on SQLite, the product's hottest write. Building and compiling the two
 * queries through Kysely on every click cost about a quarter of the redirect throughput
 * (bench/redirect.bench.ts), so on SQLite they are prepared once and run as one synchronous
 * better-sqlite3 transaction. It runs while holding Kysely's connection (`db.connection()`), so it
 * can never land inside another request's open transaction (an import that rolls back).
 */
function sqliteCountClick(storage: Storage): ShortlinksClickWriter {
  const sqlite = storage.sqlite!;
  // Prepared on first use: the repository may be created before the migrations have run.
  let count: ((shortCode: string, click: ClickRecord) => PublicShortlink | null) | undefined;
  const prepare = () => {
    const increment = sqlite.prepare<[string], { id: number } & PublicShortlinkRow>(
      `UPDATE shortlinks SET click_count = click_count + 1 WHERE short_code = ?
       RETURNING id, ${PUBLIC_SHORTLINK_COLUMNS.join(', ')}`,
    );
    const insert = sqlite.prepare<ClickRecord & { shortlinkId: number }>(
      `INSERT INTO shortlink_clicks (shortlink_id, clicked_at, referrer_host, country, device)
       VALUES (@shortlinkId, @clickedAt, @referrerHost, @country, @device)`,
    );
    return sqlite.transaction((shortCode: string, click: ClickRecord): PublicShortlink | null => {
      const row = increment.get(shortCode);
      if (!row) return null;
      insert.run({ ...click, shortlinkId: row.id });
      return toPublicShortlink(row);
    });
  };
  return (shortCode, click) =>
    storage.db.connection().execute(async () => {
      count ??= prepare();
      return count(shortCode, click);
    });
}

type ShortlinksClickWriter = ShortlinkClicksRepo['countClick'];
