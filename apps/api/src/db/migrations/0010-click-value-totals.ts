import { PG_TEXT, type Migration } from './migration';

export default {
  version: 10,
  name: 'all-time click totals per referrer, country and device',
  // The all-time analytics of all links summed a year of daily rows per dimension (some 70,000
  // referrer rows at ten million clicks) on every load; these totals are kept with each click
  // and each delete, as the daily rows are, so that answer is one small read.
  sqlite: `
    CREATE TABLE click_value_totals (
      dimension TEXT NOT NULL CHECK (dimension IN ('referrer', 'country', 'device')),
      value     TEXT NOT NULL,
      clicks    INTEGER NOT NULL CHECK (clicks >= 0),
      PRIMARY KEY (dimension, value)
    ) WITHOUT ROWID;
    INSERT INTO click_value_totals (dimension, value, clicks)
      SELECT dimension, value, sum(clicks) FROM click_daily_stats GROUP BY dimension, value;
  `,
  postgres: `
    CREATE TABLE click_value_totals (
      dimension ${PG_TEXT} NOT NULL CHECK (dimension IN ('referrer', 'country', 'device')),
      value     ${PG_TEXT} NOT NULL,
      clicks    INTEGER NOT NULL CHECK (clicks >= 0),
      PRIMARY KEY (dimension, value)
    );
    INSERT INTO click_value_totals (dimension, value, clicks)
      SELECT dimension, value, sum(clicks) FROM click_daily_stats GROUP BY dimension, value;
  `,
} satisfies Migration;
