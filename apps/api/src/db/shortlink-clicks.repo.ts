import type { DeviceClass, PublicShortlink } from '@toolvault/shared';
import type { Db } from './database';
import { PUBLIC_SHORTLINK_COLUMNS, toPublicShortlink, type PublicShortlinkRow } from './shortlinks.repo';

/** What one counted click records (DECISIONS P6) — never the raw IP. */
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
   * clicks are never lost (DECISIONS P5). Null, and nothing written, for an unknown code.
   */
  countClick(shortCode: string, click: ClickRecord): PublicShortlink | null;
  /** Clicks per UTC day (YYYY-MM-DD) from `from` on, days without clicks left out. */
  clicksPerDay(from: string): CountedClicks<string>[];
  /** The most frequent referrer hosts; null stands for clicks without a referrer. */
  topReferrers(limit: number): CountedClicks<string | null>[];
  topCountries(limit: number): CountedClicks<string | null>[];
  devices(): CountedClicks<DeviceClass>[];
}

export function createShortlinkClicksRepo(db: Db): ShortlinkClicksRepo {
  const increment = db.prepare<[string], PublicShortlinkRow & { id: number }>(
    `UPDATE shortlinks SET click_count = click_count + 1 WHERE short_code = ?
     RETURNING id, ${PUBLIC_SHORTLINK_COLUMNS}`,
  );
  const insertClick = db.prepare<ClickRecord & { shortlinkId: number }>(
    `INSERT INTO shortlink_clicks (shortlink_id, clicked_at, referrer_host, country, device)
     VALUES (@shortlinkId, @clickedAt, @referrerHost, @country, @device)`,
  );
  const perDay = db.prepare<[string], CountedClicks<string>>(
    `SELECT substr(clicked_at, 1, 10) AS key, COUNT(*) AS clicks
     FROM shortlink_clicks WHERE clicked_at >= ?
     GROUP BY key ORDER BY key`,
  );
  // Ties are broken by name, unknown last, so the lists are stable from one load to the next.
  const top = (column: 'referrer_host' | 'country') =>
    db.prepare<[number], CountedClicks<string | null>>(
      `SELECT ${column} AS key, COUNT(*) AS clicks
       FROM shortlink_clicks GROUP BY ${column} ORDER BY clicks DESC, key IS NULL, key ASC LIMIT ?`,
    );
  const referrers = top('referrer_host');
  const countries = top('country');
  const devices = db.prepare<[], CountedClicks<DeviceClass>>(
    `SELECT device AS key, COUNT(*) AS clicks FROM shortlink_clicks GROUP BY device ORDER BY clicks DESC, key ASC`,
  );

  const countClick = db.transaction((shortCode: string, click: ClickRecord): PublicShortlink | null => {
    const row = increment.get(shortCode);
    if (!row) return null;
    insertClick.run({ ...click, shortlinkId: row.id });
    return toPublicShortlink(row);
  });

  return {
    countClick: (shortCode, click) => countClick(shortCode, click),
    clicksPerDay: (from) => perDay.all(from),
    topReferrers: (limit) => referrers.all(limit),
    topCountries: (limit) => countries.all(limit),
    devices: () => devices.all(),
  };
}
