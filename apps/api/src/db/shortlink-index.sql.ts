import { sql, type RawBuilder } from 'kysely';

/**
 * The search terms of links, as one INSERT … SELECT that SQLite and PostgreSQL both read the same
 * way: each link's code, title, target (without its scheme and a leading "www.") and tags, lower
 * case and cut to 200 characters. Search is a prefix match on these terms (one index range scan,
 * whatever the number of links), so "git" finds the title "GitHub notes", the target
 * https://github.com/… and the tag "git-tips", but not the title "My GitHub" (a substring scan of a
 * million rows would hold the event loop for hundreds of milliseconds on SQLite).
 *
 * Kept as text, not computed in JavaScript, so the migration that backfills existing links and every
 * later insert derive the terms with the same SQL functions of the same engine.
 * `filter` limits the links (a condition on `id`), and `tagFilter` the same links on `shortlink_id`.
 */
export function searchTermsSql(filter: string, tagFilter: string): string {
  return `
    INSERT INTO shortlink_search (term, shortlink_id)
    SELECT DISTINCT substr(term, 1, 200), id FROM (
      SELECT id, lower(short_code) AS term FROM shortlinks WHERE ${filter}
      UNION ALL SELECT id, lower(title) FROM shortlinks WHERE ${filter}
      UNION ALL SELECT id, CASE WHEN target LIKE 'www.%' THEN substr(target, 5) ELSE target END FROM (
        SELECT id, CASE
          WHEN lower(target_url) LIKE 'https://%' THEN substr(lower(target_url), 9)
          WHEN lower(target_url) LIKE 'http://%' THEN substr(lower(target_url), 8)
          ELSE lower(target_url) END AS target
        FROM shortlinks WHERE ${filter}
      ) AS targets
      UNION ALL SELECT shortlink_id, lower(tag) FROM shortlink_tags WHERE ${tagFilter}
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
