import { PG_TEXT, type Migration } from './migration';

/**
 * Version 4's search terms, as it shipped (before terms carried their creation day): migrations never
 * change, so this text stays frozen while shortlink-index.sql.ts moves on.
 */
const SEARCH_TERMS_V4 = `
    INSERT INTO shortlink_search (term, shortlink_id)
    SELECT DISTINCT substr(term, 1, 200), id FROM (
      SELECT id, lower(short_code) AS term FROM shortlinks WHERE TRUE
      UNION ALL SELECT id, lower(title) FROM shortlinks WHERE TRUE
      UNION ALL SELECT id, CASE WHEN target LIKE 'www.%' THEN substr(target, 5) ELSE target END FROM (
        SELECT id, CASE
          WHEN lower(target_url) LIKE 'https://%' THEN substr(lower(target_url), 9)
          WHEN lower(target_url) LIKE 'http://%' THEN substr(lower(target_url), 8)
          ELSE lower(target_url) END AS target
        FROM shortlinks WHERE TRUE
      ) AS targets
      UNION ALL SELECT shortlink_id, lower(tag) FROM shortlink_tags WHERE TRUE
    ) AS terms
    WHERE term <> ''
    ON CONFLICT DO NOTHING`;

export default {
  version: 4,
  name: 'shortlink redirect mode, list indexes, tags, search terms and totals',
  // Keyset pages read (sort key, id) indexes; the tag filter reads shortlink_tags in (tag, created_at)
  // order; search is a prefix range over shortlink_search (see shortlink-index.sql.ts). Totals and
  // tag counts are counters kept with every write, so the Overview and the tag filter never count
  // a million rows. Existing links are indexed here, from their stored JSON tags.
  sqlite: `
    ALTER TABLE shortlinks ADD COLUMN redirect_mode TEXT NOT NULL DEFAULT 'preview'
      CHECK (redirect_mode IN ('preview', 'direct'));
    DROP INDEX shortlinks_created_at;
    DROP INDEX shortlinks_click_count;
    CREATE INDEX shortlinks_newest ON shortlinks (created_at, id);
    CREATE INDEX shortlinks_clicks ON shortlinks (click_count, id);
    CREATE INDEX shortlinks_title ON shortlinks (title COLLATE NOCASE, id);
    CREATE TABLE shortlink_tags (
      shortlink_id INTEGER NOT NULL REFERENCES shortlinks (id) ON DELETE CASCADE,
      tag          TEXT NOT NULL,
      created_at   TEXT NOT NULL,
      PRIMARY KEY (tag, shortlink_id)
    ) WITHOUT ROWID;
    CREATE INDEX shortlink_tags_newest ON shortlink_tags (tag, created_at, shortlink_id);
    CREATE INDEX shortlink_tags_shortlink_id ON shortlink_tags (shortlink_id);
    CREATE TABLE shortlink_tag_counts (
      tag   TEXT PRIMARY KEY,
      count INTEGER NOT NULL CHECK (count >= 0)
    );
    CREATE TABLE shortlink_search (
      term         TEXT NOT NULL,
      shortlink_id INTEGER NOT NULL REFERENCES shortlinks (id) ON DELETE CASCADE,
      PRIMARY KEY (term, shortlink_id)
    ) WITHOUT ROWID;
    CREATE INDEX shortlink_search_shortlink_id ON shortlink_search (shortlink_id);
    CREATE TABLE shortlink_totals (
      id     INTEGER PRIMARY KEY CHECK (id = 1),
      links  INTEGER NOT NULL CHECK (links >= 0),
      clicks INTEGER NOT NULL CHECK (clicks >= 0)
    );
    INSERT INTO shortlink_totals (id, links, clicks)
      SELECT 1, count(*), coalesce(sum(click_count), 0) FROM shortlinks;
    INSERT OR IGNORE INTO shortlink_tags (shortlink_id, tag, created_at)
      SELECT s.id, j.value, s.created_at FROM shortlinks s, json_each(s.tags) j
      WHERE json_valid(s.tags) AND j.type = 'text' AND j.value <> '';
    INSERT INTO shortlink_tag_counts (tag, count) SELECT tag, count(*) FROM shortlink_tags GROUP BY tag;
    ${SEARCH_TERMS_V4};
  `,
  postgres: `
    ALTER TABLE shortlinks ADD COLUMN redirect_mode ${PG_TEXT} NOT NULL DEFAULT 'preview'
      CHECK (redirect_mode IN ('preview', 'direct'));
    DROP INDEX shortlinks_created_at;
    DROP INDEX shortlinks_click_count;
    CREATE INDEX shortlinks_newest ON shortlinks (created_at, id);
    CREATE INDEX shortlinks_clicks ON shortlinks (click_count, id);
    CREATE INDEX shortlinks_title ON shortlinks (lower(title), id);
    CREATE TABLE shortlink_tags (
      shortlink_id INTEGER NOT NULL REFERENCES shortlinks (id) ON DELETE CASCADE,
      tag          ${PG_TEXT} NOT NULL,
      created_at   ${PG_TEXT} NOT NULL,
      PRIMARY KEY (tag, shortlink_id)
    );
    CREATE INDEX shortlink_tags_newest ON shortlink_tags (tag, created_at, shortlink_id);
    CREATE INDEX shortlink_tags_shortlink_id ON shortlink_tags (shortlink_id);
    CREATE TABLE shortlink_tag_counts (
      tag   ${PG_TEXT} PRIMARY KEY,
      count INTEGER NOT NULL CHECK (count >= 0)
    );
    CREATE TABLE shortlink_search (
      term         ${PG_TEXT} NOT NULL,
      shortlink_id INTEGER NOT NULL REFERENCES shortlinks (id) ON DELETE CASCADE,
      PRIMARY KEY (term, shortlink_id)
    );
    CREATE INDEX shortlink_search_shortlink_id ON shortlink_search (shortlink_id);
    CREATE TABLE shortlink_totals (
      id     INTEGER PRIMARY KEY CHECK (id = 1),
      links  INTEGER NOT NULL CHECK (links >= 0),
      clicks INTEGER NOT NULL CHECK (clicks >= 0)
    );
    INSERT INTO shortlink_totals (id, links, clicks)
      SELECT 1, count(*), coalesce(sum(click_count), 0) FROM shortlinks;
    INSERT INTO shortlink_tags (shortlink_id, tag, created_at)
      SELECT s.id, t.tag, s.created_at FROM shortlinks s CROSS JOIN LATERAL jsonb_array_elements_text(s.tags::jsonb) AS t (tag)
      WHERE t.tag <> ''
      ON CONFLICT DO NOTHING;
    INSERT INTO shortlink_tag_counts (tag, count) SELECT tag, count(*) FROM shortlink_tags GROUP BY tag;
    ${SEARCH_TERMS_V4};
  `,
} satisfies Migration;
