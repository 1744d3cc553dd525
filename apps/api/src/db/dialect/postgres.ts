import { sql, type Kysely, type SqlBool } from 'kysely';
import { runClickBatchAsync, type ClickedLink, type ClickStatements } from '../click-batch';
import type { VisitResult } from '../click-visitors';
import type { Tables } from '../schema';
import { PUBLIC_SHORTLINK_COLUMNS, RULE_COLUMNS } from '../shortlink-rows';
import type { Dialect } from './dialect';

/**
 * PostgreSQL: many connections, and possibly several replicas of the server on one database, so
 * writers lock the rows they change and an import holds an advisory lock that other replicas can
 * see; ids come from identity sequences that hand them out to concurrent inserts.
 */
export const postgresDialect: Dialect = {
  noCase: (column) => sql<string>`lower(${sql.ref(column)})`,
  noCaseValue: (value) => sql<string>`lower(${value})`,

  lockRows: (query) => query.forUpdate(),
  skipLockedRows: (query) => query.forUpdate().skipLocked(),
  async lockLinks(trx, first, last) {
    await sql`SELECT id FROM shortlinks WHERE id BETWEEN ${first} AND ${last} AND import_pending IS NULL
              ORDER BY id FOR UPDATE`.execute(trx);
  },
  // The import's statements all use one connection that holds a session advisory lock on the
  // token while the import runs: another replica's cleanup then sees that the import is alive,
  // and the lock goes with the connection if this process dies.
  whileImporting: (db, token, work) =>
    db.connection().execute(async (connection) => {
      await sql`SELECT pg_advisory_lock(${token})`.execute(connection);
      try {
        return await work(connection);
      } finally {
        await sql`SELECT pg_advisory_unlock(${token})`.execute(connection);
      }
    }),
  // The import's own connection holds this lock while it runs; taking it means it stopped.
  ifImportStopped: (db, token, work) =>
    db.connection().execute(async (connection) => {
      const lock = await sql<{ taken: boolean }>`SELECT pg_try_advisory_lock(${token}) AS taken`.execute(connection);
      if (!lock.rows[0]?.taken) return false;
      try {
        await work(connection);
      } finally {
        await sql`SELECT pg_advisory_unlock(${token})`.execute(connection);
      }
      return true;
    }),

  // Concurrent inserts draw ids from the identity sequence as they go: no block can be set aside.
  reserveIds: () => Promise.resolve(undefined),

  walksSortIndexForCommonTags: false,
  // The ids as an array, read first. With IN (…) and a newest-first LIMIT its planner walked the
  // newest index and probed each link instead, betting on matches near the front: 280 ms for a
  // prefix in 2,200 of 250,000 links behind 50,000 newer links that lacked it, against 4–60 ms
  // read by id and sorted.
  linkIdIn: (_eb, ids) => sql<SqlBool>`${sql.ref('s.id')} = ANY(ARRAY(${ids}))`,
  async countLinksWithTerms(reader, terms, cap) {
    // PostgreSQL's DISTINCT is a hash aggregate, which reads every entry of the range before a
    // LIMIT above it applies: 24 ms for 250,000 entries, growing with them. So the distinct ids
    // are counted among the range's first entries, a window twice the cap at first: more
    // links than the cap there is enough, and a window the range did not fill is the whole
    // range. Only a range whose links have many entries each needs a wider window.
    for (let window = 2 * (cap + 1); ; window *= 2) {
      const row = await sql<{ links: number; entries: number }>`
        SELECT count(DISTINCT shortlink_id) AS links, count(*) AS entries FROM (
          SELECT shortlink_id FROM shortlink_search
          WHERE term >= ${terms.from} AND term < ${terms.to} LIMIT ${window}
        ) AS first_entries`.execute(reader);
      const { links, entries } = row.rows[0] ?? { links: 0, entries: 0 };
      if (Number(links) > cap || Number(entries) < window) return Number(links);
    }
  },

  // The driver never blocks: every statement waits on a socket, off the event loop.
  readsHoldEventLoop: () => false,
  /**
   * The batch in four round trips whatever its size: BEGIN, the links read and locked, every
   * write in one statement, COMMIT. Round trips, not rows, are what a batch waits on when the
   * server is busy.
   */
  writeClicks:
    ({ db }) =>
    (batch) =>
      db.transaction().execute((trx) => runClickBatchAsync(batch, postgresClickStatements(trx))),
};

/**
 * A batch's statements in the transaction `trx`. The rows go as one array per column (`unnest`),
 * so the statement's text and its number of parameters stay the same for every batch.
 */
function postgresClickStatements(
  trx: Kysely<Tables>,
): ClickStatements<Promise<ClickedLink[]>, Promise<void>, Promise<VisitResult[]>> {
  return {
    // The links are locked first and in id order, as the update below would lock them: two
    // replicas' batches over the same links queue here instead of deadlocking.
    read: (codes) =>
      trx
        .selectFrom('shortlinks')
        .select(['id', 'redirect_mode', 'click_count', ...RULE_COLUMNS, ...PUBLIC_SHORTLINK_COLUMNS])
        .where('short_code', 'in', codes)
        .where('import_pending', 'is', null)
        .orderBy('id')
        .forNoKeyUpdate()
        .execute(),
    // Inserted, or moved to a later hour: the row comes back. A concurrent batch of another replica
    // holding the same visitor's row makes this one wait, then see its hour: counted once.
    async visit(rows) {
      const { rows: visited } = await sql<VisitResult>`
        INSERT INTO click_visitors (visitor, day, first_hour, hour)
        SELECT v.visitor, v.day, v.hour, v.hour
        FROM unnest(${rows.map((row) => row.visitor)}::text[], ${rows.map((row) => row.day)}::text[],
          ${rows.map((row) => row.hour)}::text[]) AS v (visitor, day, hour)
        ON CONFLICT (visitor) DO UPDATE SET hour = excluded.hour WHERE click_visitors.hour < excluded.hour
        RETURNING visitor, hour, first_hour = hour AS fresh`.execute(trx);
      return visited;
    },
    async write(plan) {
      const column = <T, K extends keyof T>(list: T[], key: K) => list.map((row) => row[key]);
      const { links, raw, linkStats, allStats, allTotals } = plan;
      // The aggregate rows are upserted in the plan's (sorted) order, so replicas take their locks
      // in the same order.
      await sql`
        WITH link_counts AS (
          UPDATE shortlinks SET click_count = shortlinks.click_count + v.clicks
          FROM unnest(${column(links, 'id')}::integer[], ${column(links, 'clicks')}::integer[]) AS v (id, clicks)
          WHERE shortlinks.id = v.id
        ), raw_clicks AS (
          INSERT INTO shortlink_clicks (shortlink_id, clicked_at, referrer_host, country, device, deduplicated, unique_visitor)
          SELECT * FROM unnest(${column(raw, 'shortlink_id')}::integer[], ${column(raw, 'clicked_at')}::text[],
            ${column(raw, 'referrer_host')}::text[], ${column(raw, 'country')}::text[], ${column(raw, 'device')}::text[],
            ${column(raw, 'deduplicated')}::integer[], ${column(raw, 'unique_visitor')}::integer[])
        ), link_stats AS (
          INSERT INTO shortlink_daily_stats (shortlink_id, dimension, day, value, clicks, deduplicated, uniques)
          SELECT * FROM unnest(${column(linkStats, 'shortlink_id')}::integer[], ${column(linkStats, 'dimension')}::text[],
            ${column(linkStats, 'day')}::text[], ${column(linkStats, 'value')}::text[], ${column(linkStats, 'clicks')}::integer[],
            ${column(linkStats, 'deduplicated')}::integer[], ${column(linkStats, 'uniques')}::integer[])
          ON CONFLICT (shortlink_id, dimension, day, value)
            DO UPDATE SET clicks = shortlink_daily_stats.clicks + excluded.clicks,
              deduplicated = shortlink_daily_stats.deduplicated + excluded.deduplicated,
              uniques = shortlink_daily_stats.uniques + excluded.uniques
        ), all_stats AS (
          INSERT INTO click_daily_stats (dimension, day, value, clicks, deduplicated, uniques)
          SELECT * FROM unnest(${column(allStats, 'dimension')}::text[], ${column(allStats, 'day')}::text[],
            ${column(allStats, 'value')}::text[], ${column(allStats, 'clicks')}::integer[],
            ${column(allStats, 'deduplicated')}::integer[], ${column(allStats, 'uniques')}::integer[])
          ON CONFLICT (dimension, day, value) DO UPDATE SET clicks = click_daily_stats.clicks + excluded.clicks,
            deduplicated = click_daily_stats.deduplicated + excluded.deduplicated,
            uniques = click_daily_stats.uniques + excluded.uniques
        ), all_totals AS (
          INSERT INTO click_value_totals (dimension, value, clicks)
          SELECT * FROM unnest(${column(allTotals, 'dimension')}::text[], ${column(allTotals, 'value')}::text[],
            ${column(allTotals, 'clicks')}::integer[])
          ON CONFLICT (dimension, value) DO UPDATE SET clicks = click_value_totals.clicks + excluded.clicks
        )
        UPDATE shortlink_totals SET clicks = clicks + ${plan.total} WHERE id = 1`.execute(trx);
    },
  };
}
