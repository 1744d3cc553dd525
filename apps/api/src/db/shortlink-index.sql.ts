import { sql, type RawBuilder } from 'kysely';

/**
 * The search terms of links, as one INSERT … SELECT that SQLite and PostgreSQL both read the same
 * way: each link's code, title, target (without its scheme and a leading "www.") and tags, lower
 * case and cut to 200 characters. Search is a prefix match on these terms (one index range scan,
 * whatever the number of links), so "git" finds the title "GitHub notes", the target
 * https://github.com/… and the tag "git-tips", but not the title "My GitHub" (a substring scan of a
 * million rows would hold the event loop for hundreds of milliseconds on SQLite).
 *
 * Each term also carries its link's UTC creation day (`created_day`, the first 10 characters of
 * created_at, fixed for the link's life), so a search sorted newest first can ask one day at a time
 * whether it holds a match (one probe of the (created_day, term) index) and skip the days that do
 * not, however many links they hold (see ShortlinksRepo#page).
 *
 * Kept as text, not computed in JavaScript, so the migration that backfills existing links and every
 * later insert derive the terms with the same SQL functions of the same engine.
 * `filter` limits the links (a condition on `id`), and `tagFilter` the same links on `shortlink_id`.
 */
export function searchTermsSql(filter: string, tagFilter: string): string {
  return `
    INSERT INTO shortlink_search (term, shortlink_id, created_day)
    SELECT DISTINCT substr(term, 1, 200), id, substr(created_at, 1, 10) FROM (
      SELECT id, lower(short_code) AS term, created_at FROM shortlinks WHERE ${filter}
      UNION ALL SELECT id, lower(title), created_at FROM shortlinks WHERE ${filter}
      UNION ALL SELECT id, CASE WHEN target LIKE 'www.%' THEN substr(target, 5) ELSE target END, created_at FROM (
        SELECT id, created_at, CASE
          WHEN lower(target_url) LIKE 'https://%' THEN substr(lower(target_url), 9)
          WHEN lower(target_url) LIKE 'http://%' THEN substr(lower(target_url), 8)
          ELSE lower(target_url) END AS target
        FROM shortlinks WHERE ${filter}
      ) AS targets
      UNION ALL SELECT shortlink_id, lower(tag), created_at FROM shortlink_tags WHERE ${tagFilter}
    ) AS terms
    WHERE term <> ''
    ON CONFLICT DO NOTHING`;
}

/** The same statement for the links with these ids, as a query Kysely runs. */
export function searchTermsFor(ids: readonly number[]): RawBuilder<unknown> {
  // Ids are integers from RETURNING, never user text, so they are written into the statement.
  const list = ids.map((id) => String(Math.trunc(id))).join(', ');
  return sql.raw(searchTermsSql(`id IN (${list})`, `shortlink_id IN (${list})`));
}
