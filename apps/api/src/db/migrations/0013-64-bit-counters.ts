import type { Migration } from './migration';

export default {
  version: 13,
  name: '64-bit counters',
  // PostgreSQL's INTEGER has 32 bits: once the clicks of all links passed 2,147,483,647 every
  // counted redirect failed, and so did an import of a link with that many. Every counter (clicks
  // per link, per day and in total, the raw clicks' ids, tag and per-day link counts, post views,
  // rate-limit hits) becomes BIGINT; each table is rewritten once, its indexes with it (seconds per
  // million rows, in the migration's transaction). A BIGINT comes back through pg's INT8 parser as a
  // number (database.ts). SQLite's INTEGER already holds 64 bits: nothing to change.
  sqlite: `
    -- Nothing to change: SQLite stores every INTEGER in up to 8 bytes.
  `,
  postgres: `
    ALTER TABLE shortlinks ALTER COLUMN click_count TYPE BIGINT;
    ALTER TABLE shortlink_totals ALTER COLUMN links TYPE BIGINT, ALTER COLUMN clicks TYPE BIGINT;
    ALTER TABLE shortlink_clicks ALTER COLUMN id TYPE BIGINT;
    ALTER TABLE click_daily_stats ALTER COLUMN clicks TYPE BIGINT;
    ALTER TABLE shortlink_daily_stats ALTER COLUMN clicks TYPE BIGINT;
    ALTER TABLE click_value_totals ALTER COLUMN clicks TYPE BIGINT;
    ALTER TABLE shortlink_tag_counts ALTER COLUMN count TYPE BIGINT;
    ALTER TABLE shortlink_daily_created ALTER COLUMN links TYPE BIGINT;
    ALTER TABLE blog_posts ALTER COLUMN view_count TYPE BIGINT;
    ALTER TABLE rate_counters ALTER COLUMN hits TYPE BIGINT;
  `,
} satisfies Migration;
