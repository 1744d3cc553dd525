import { PG_TEXT, type Migration } from './migration';

export default {
  version: 5,
  name: 'daily click aggregates',
  // Clicks per UTC day and referrer host, country and device, for all links and per link, kept in
  // the click's own transaction. '' stands for no referrer / unknown country (key columns cannot be
  // NULL). Every click has exactly one device, so a day's clicks are the sum of its device rows.
  // Existing clicks are counted into them here, so old databases show the same analytics.
  // On SQLite the key is the table itself (WITHOUT ROWID): one b-tree to update per click, not two.
  sqlite: `
    CREATE TABLE click_daily_stats (
      dimension TEXT NOT NULL CHECK (dimension IN ('referrer', 'country', 'device')),
      day       TEXT NOT NULL,
      value     TEXT NOT NULL,
      clicks    INTEGER NOT NULL CHECK (clicks >= 0),
      PRIMARY KEY (dimension, day, value)
    ) WITHOUT ROWID;
    CREATE TABLE shortlink_daily_stats (
      shortlink_id INTEGER NOT NULL REFERENCES shortlinks (id) ON DELETE CASCADE,
      dimension    TEXT NOT NULL CHECK (dimension IN ('referrer', 'country', 'device')),
      day          TEXT NOT NULL,
      value        TEXT NOT NULL,
      clicks       INTEGER NOT NULL CHECK (clicks >= 0),
      PRIMARY KEY (shortlink_id, dimension, day, value)
    ) WITHOUT ROWID;
    INSERT INTO click_daily_stats (dimension, day, value, clicks)
      SELECT 'referrer', substr(clicked_at, 1, 10), coalesce(referrer_host, ''), count(*)
      FROM shortlink_clicks GROUP BY substr(clicked_at, 1, 10), coalesce(referrer_host, '');
    INSERT INTO click_daily_stats (dimension, day, value, clicks)
      SELECT 'country', substr(clicked_at, 1, 10), coalesce(country, ''), count(*)
      FROM shortlink_clicks GROUP BY substr(clicked_at, 1, 10), coalesce(country, '');
    INSERT INTO click_daily_stats (dimension, day, value, clicks)
      SELECT 'device', substr(clicked_at, 1, 10), device, count(*)
      FROM shortlink_clicks GROUP BY substr(clicked_at, 1, 10), device;
    INSERT INTO shortlink_daily_stats (shortlink_id, dimension, day, value, clicks)
      SELECT shortlink_id, 'referrer', substr(clicked_at, 1, 10), coalesce(referrer_host, ''), count(*)
      FROM shortlink_clicks GROUP BY shortlink_id, substr(clicked_at, 1, 10), coalesce(referrer_host, '');
    INSERT INTO shortlink_daily_stats (shortlink_id, dimension, day, value, clicks)
      SELECT shortlink_id, 'country', substr(clicked_at, 1, 10), coalesce(country, ''), count(*)
      FROM shortlink_clicks GROUP BY shortlink_id, substr(clicked_at, 1, 10), coalesce(country, '');
    INSERT INTO shortlink_daily_stats (shortlink_id, dimension, day, value, clicks)
      SELECT shortlink_id, 'device', substr(clicked_at, 1, 10), device, count(*)
      FROM shortlink_clicks GROUP BY shortlink_id, substr(clicked_at, 1, 10), device;
  `,
  postgres: `
    CREATE TABLE click_daily_stats (
      dimension ${PG_TEXT} NOT NULL CHECK (dimension IN ('referrer', 'country', 'device')),
      day       ${PG_TEXT} NOT NULL,
      value     ${PG_TEXT} NOT NULL,
      clicks    INTEGER NOT NULL CHECK (clicks >= 0),
      PRIMARY KEY (dimension, day, value)
    );
    CREATE TABLE shortlink_daily_stats (
      shortlink_id INTEGER NOT NULL REFERENCES shortlinks (id) ON DELETE CASCADE,
      dimension    ${PG_TEXT} NOT NULL CHECK (dimension IN ('referrer', 'country', 'device')),
      day          ${PG_TEXT} NOT NULL,
      value        ${PG_TEXT} NOT NULL,
      clicks       INTEGER NOT NULL CHECK (clicks >= 0),
      PRIMARY KEY (shortlink_id, dimension, day, value)
    );
    INSERT INTO click_daily_stats (dimension, day, value, clicks)
      SELECT 'referrer', substr(clicked_at, 1, 10), coalesce(referrer_host, ''), count(*)
      FROM shortlink_clicks GROUP BY substr(clicked_at, 1, 10), coalesce(referrer_host, '');
    INSERT INTO click_daily_stats (dimension, day, value, clicks)
      SELECT 'country', substr(clicked_at, 1, 10), coalesce(country, ''), count(*)
      FROM shortlink_clicks GROUP BY substr(clicked_at, 1, 10), coalesce(country, '');
    INSERT INTO click_daily_stats (dimension, day, value, clicks)
      SELECT 'device', substr(clicked_at, 1, 10), device, count(*)
      FROM shortlink_clicks GROUP BY substr(clicked_at, 1, 10), device;
    INSERT INTO shortlink_daily_stats (shortlink_id, dimension, day, value, clicks)
      SELECT shortlink_id, 'referrer', substr(clicked_at, 1, 10), coalesce(referrer_host, ''), count(*)
      FROM shortlink_clicks GROUP BY shortlink_id, substr(clicked_at, 1, 10), coalesce(referrer_host, '');
    INSERT INTO shortlink_daily_stats (shortlink_id, dimension, day, value, clicks)
      SELECT shortlink_id, 'country', substr(clicked_at, 1, 10), coalesce(country, ''), count(*)
      FROM shortlink_clicks GROUP BY shortlink_id, substr(clicked_at, 1, 10), coalesce(country, '');
    INSERT INTO shortlink_daily_stats (shortlink_id, dimension, day, value, clicks)
      SELECT shortlink_id, 'device', substr(clicked_at, 1, 10), device, count(*)
      FROM shortlink_clicks GROUP BY shortlink_id, substr(clicked_at, 1, 10), device;
  `,
} satisfies Migration;
