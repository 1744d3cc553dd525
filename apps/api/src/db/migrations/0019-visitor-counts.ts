import { PG_TEXT, type Migration } from './migration';

/*
 * Deduplicated clicks and unique visitors (docs/decisions/0006-click-analytics.md).
 *
 * click_salts: one random salt per UTC day, shared by every replica (created once, insert-or-ignore);
 * deleted with the visitor rows once older than 48 hours, after which no address can be tried
 * against a stored hash. click_visitors: one row per visitor of a link per day, keyed by
 * SHA-256(salt, link id, address, user agent); `hour` is the last UTC hour (YYYY-MM-DDTHH) a click
 * of it was counted as deduplicated, `first_hour` its first. One upsert per click tells both flags.
 *
 * The raw clicks carry the two flags (the CSV export and the hourly step read them), and every
 * daily aggregate row two more sums. Clicks counted before this version have no flags (0).
 *
 * The raw clicks' index on shortlink_id becomes (shortlink_id, clicked_at): the same number of
 * index writes per click, and one link's hours are a range of it.
 */
const sqlite = `
  CREATE TABLE click_salts (
    day  TEXT PRIMARY KEY,
    salt TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE TABLE click_visitors (
    visitor    TEXT PRIMARY KEY,
    day        TEXT NOT NULL,
    first_hour TEXT NOT NULL,
    hour       TEXT NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX click_visitors_day ON click_visitors (day);
  ALTER TABLE shortlink_clicks ADD COLUMN deduplicated INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE shortlink_clicks ADD COLUMN unique_visitor INTEGER NOT NULL DEFAULT 0;
  DROP INDEX shortlink_clicks_shortlink_id;
  CREATE INDEX shortlink_clicks_shortlink_id_clicked_at ON shortlink_clicks (shortlink_id, clicked_at);
  ALTER TABLE click_daily_stats ADD COLUMN deduplicated INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE click_daily_stats ADD COLUMN uniques INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE shortlink_daily_stats ADD COLUMN deduplicated INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE shortlink_daily_stats ADD COLUMN uniques INTEGER NOT NULL DEFAULT 0;
`;

const postgres = `
  CREATE TABLE click_salts (
    day  ${PG_TEXT} PRIMARY KEY,
    salt ${PG_TEXT} NOT NULL
  );
  CREATE TABLE click_visitors (
    visitor    ${PG_TEXT} PRIMARY KEY,
    day        ${PG_TEXT} NOT NULL,
    first_hour ${PG_TEXT} NOT NULL,
    hour       ${PG_TEXT} NOT NULL
  );
  CREATE INDEX click_visitors_day ON click_visitors (day);
  ALTER TABLE shortlink_clicks ADD COLUMN deduplicated INTEGER NOT NULL DEFAULT 0;
  ALTER TABLE shortlink_clicks ADD COLUMN unique_visitor INTEGER NOT NULL DEFAULT 0;
  DROP INDEX shortlink_clicks_shortlink_id;
  CREATE INDEX shortlink_clicks_shortlink_id_clicked_at ON shortlink_clicks (shortlink_id, clicked_at);
  ALTER TABLE click_daily_stats ADD COLUMN deduplicated BIGINT NOT NULL DEFAULT 0;
  ALTER TABLE click_daily_stats ADD COLUMN uniques BIGINT NOT NULL DEFAULT 0;
  ALTER TABLE shortlink_daily_stats ADD COLUMN deduplicated BIGINT NOT NULL DEFAULT 0;
  ALTER TABLE shortlink_daily_stats ADD COLUMN uniques BIGINT NOT NULL DEFAULT 0;
`;

export default { version: 19, name: 'visitor counts', sqlite, postgres } satisfies Migration;
