import { PG_TEXT, type Migration } from './migration';

export default {
  version: 12,
  name: 'links created per day',
  // The analytics' "created today" counted the day's links in the (created_at, id) index: 14 ms
  // for a day with 200,000 imported links, and growing with them. A counter per UTC day, kept in
  // the same transaction as each insert, import publish and delete, answers it in one row.
  sqlite: `
    CREATE TABLE shortlink_daily_created (
      day   TEXT PRIMARY KEY,
      links INTEGER NOT NULL CHECK (links >= 0)
    ) WITHOUT ROWID;
    INSERT INTO shortlink_daily_created (day, links)
      SELECT substr(created_at, 1, 10), count(*) FROM shortlinks WHERE import_pending IS NULL
      GROUP BY substr(created_at, 1, 10);
  `,
  postgres: `
    CREATE TABLE shortlink_daily_created (
      day   ${PG_TEXT} PRIMARY KEY,
      links INTEGER NOT NULL CHECK (links >= 0)
    );
    INSERT INTO shortlink_daily_created (day, links)
      SELECT substr(created_at, 1, 10), count(*) FROM shortlinks WHERE import_pending IS NULL
      GROUP BY substr(created_at, 1, 10);
  `,
} satisfies Migration;
