import type Database from 'better-sqlite3';
import { sql, type Insertable } from 'kysely';
import {
  runClickBatch,
  type ClickAnswer,
  type ClickedLink,
  type ClickStatements,
  type QueuedClick,
  type StatIncrement,
} from '../click-batch';
import type { VisitResult, VisitRow } from '../click-visitors';
import type { ShortlinkClicksTable } from '../schema';
import { PUBLIC_SHORTLINK_COLUMNS, RULE_COLUMNS } from '../shortlink-rows';
import type { Dialect } from './dialect';

/**
 * SQLite: one writing connection and one server per data folder (the folder is locked), so no row
 * locks and no lock between processes; ids come from the table's AUTOINCREMENT counter, which may
 * be raised by hand.
 */
export const sqliteDialect: Dialect = {
  noCase: (column) => sql<string>`${sql.ref(column)} COLLATE NOCASE`,
  noCaseValue: (value) => sql<string>`${value}`,

  // One writer at a time: a transaction holds the whole database, rows need no lock of their own.
  lockRows: (query) => query,
  skipLockedRows: (query) => query,
  lockLinks: () => Promise.resolve(),
  // One writing connection and one server per data folder, so `db` itself (reserving the
  // connection would hold it, and every click, for the whole import). No other process can run
  // an import on the folder: an import is stopped unless this process runs it.
  whileImporting: (db, _token, work) => work(db),
  ifImportStopped: async (db, _token, work) => {
    await work(db);
    return true;
  },

  /**
   * Sets aside `count` ids for an import before its first row is written, by raising the
   * table's AUTOINCREMENT counter past them (SQLite allows writing sqlite_sequence). A link created
   * while the import runs is then numbered after the block, not between its chunks, and the block
   * holds the import's rows only. A block whose import fails stays a gap in the numbering.
   */
  reserveIds: (db, count) =>
    db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ base: number }>`
        SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = 'shortlinks'), 0),
                   coalesce((SELECT max(id) FROM shortlinks), 0)) AS base`.execute(trx);
      const last = Number(rows[0]?.base ?? 0) + count;
      const raised = await sql`UPDATE sqlite_sequence SET seq = ${last} WHERE name = 'shortlinks'`.execute(trx);
      if (Number(raised.numAffectedRows ?? 0) === 0) {
        await sql`INSERT INTO sqlite_sequence (name, seq) VALUES ('shortlinks', ${last})`.execute(trx);
      }
      return { first: last - count + 1, last };
    }),

  walksSortIndexForCommonTags: true,
  linkIdIn: (eb, ids) => eb('s.id', 'in', ids),
  async countLinksWithTerms(reader, terms, cap) {
    // Up to one past the cap: DISTINCT hands each new id on as it meets it, so LIMIT stops it.
    const row = await sql<{ count: number }>`SELECT count(*) AS count FROM (
        SELECT DISTINCT shortlink_id FROM shortlink_search
        WHERE term >= ${terms.from} AND term < ${terms.to} LIMIT ${cap + 1}
      ) AS matched`.execute(reader);
    return Number(row.rows[0]?.count ?? 0);
  },

  // A file's reader runs on a thread of its own; in memory `reader` is the event loop's connection.
  readsHoldEventLoop: (storage) => !storage.readerOffThread,
  /**
   * On a file, the click writer's thread writes the batch (click-writer.ts: its file writes never
   * hold the event loop); in memory, or once that thread is gone, the event loop's own connection
   * does, as one synchronous transaction. Either way it runs while holding Kysely's connection
   * (`db.connection()`): it can never land inside another request's open transaction (an import
   * that rolls back), and the event loop's connection never writes while the thread's does.
   */
  writeClicks(storage) {
    const { clickWriter } = storage;
    let inProcess: ReturnType<typeof sqliteClickTransaction> | undefined;
    return (batch) =>
      storage.db.connection().execute(async () => {
        if (clickWriter?.alive) return clickWriter.write(batch);
        inProcess ??= sqliteClickTransaction(storage.sqlite!);
        return inProcess(batch);
      });
  },
};

/**
 * The batch on SQLite, the product's hottest write, as one synchronous better-sqlite3 transaction
 * on `sqlite`. Building and compiling the queries through Kysely cost about a quarter of the
 * redirect throughput (bench/redirect.bench.ts), so the statements are prepared once, here. Called
 * on first use: the connection may be opened before the migrations have run.
 */
export function sqliteClickTransaction(sqlite: Database.Database): (batch: QueuedClick[]) => ClickAnswer[] {
  const find = sqlite.prepare<[string], ClickedLink>(
    `SELECT id, redirect_mode, click_count, ${[...RULE_COLUMNS, ...PUBLIC_SHORTLINK_COLUMNS].join(', ')} FROM shortlinks
     WHERE short_code = ? AND import_pending IS NULL`,
  );
  const increment = sqlite.prepare<[number, number]>(
    `UPDATE shortlinks SET click_count = click_count + ? WHERE id = ?`,
  );
  const insert = sqlite.prepare<Insertable<ShortlinkClicksTable>>(
    `INSERT INTO shortlink_clicks (shortlink_id, clicked_at, referrer_host, country, device, deduplicated, unique_visitor)
     VALUES (@shortlink_id, @clicked_at, @referrer_host, @country, @device, @deduplicated, @unique_visitor)`,
  );
  // Inserted, or moved to a later hour: the row comes back; a repeat within the hour answers nothing.
  const visit = sqlite.prepare<VisitRow, { visitor: string; hour: string; fresh: number }>(
    `INSERT INTO click_visitors (visitor, day, first_hour, hour) VALUES (@visitor, @day, @hour, @hour)
     ON CONFLICT (visitor) DO UPDATE SET hour = excluded.hour WHERE click_visitors.hour < excluded.hour
     RETURNING visitor, hour, first_hour = hour AS fresh`,
  );
  const linkStat = sqlite.prepare<StatIncrement>(
    `INSERT INTO shortlink_daily_stats (shortlink_id, dimension, day, value, clicks, deduplicated, uniques)
     VALUES (@shortlink_id, @dimension, @day, @value, @clicks, @deduplicated, @uniques)
     ON CONFLICT (shortlink_id, dimension, day, value) DO UPDATE SET clicks = clicks + excluded.clicks,
       deduplicated = deduplicated + excluded.deduplicated, uniques = uniques + excluded.uniques`,
  );
  const allStat = sqlite.prepare<Omit<StatIncrement, 'shortlink_id'>>(
    `INSERT INTO click_daily_stats (dimension, day, value, clicks, deduplicated, uniques)
     VALUES (@dimension, @day, @value, @clicks, @deduplicated, @uniques)
     ON CONFLICT (dimension, day, value) DO UPDATE SET clicks = clicks + excluded.clicks,
       deduplicated = deduplicated + excluded.deduplicated, uniques = uniques + excluded.uniques`,
  );
  const allTotal = sqlite.prepare<Pick<StatIncrement, 'dimension' | 'value' | 'clicks'>>(
    `INSERT INTO click_value_totals (dimension, value, clicks) VALUES (@dimension, @value, @clicks)
     ON CONFLICT (dimension, value) DO UPDATE SET clicks = clicks + excluded.clicks`,
  );
  const total = sqlite.prepare<[number]>(`UPDATE shortlink_totals SET clicks = clicks + ? WHERE id = 1`);
  // One writer at a time: the links need no lock, and each row is one prepared statement run.
  const statements: ClickStatements = {
    read: (codes) => codes.flatMap((code) => find.get(code) ?? []),
    visit: (rows) =>
      rows.flatMap((row): VisitResult[] => {
        const result = visit.get(row);
        return result ? [{ visitor: result.visitor, hour: result.hour, fresh: result.fresh === 1 }] : [];
      }),
    write(plan) {
      for (const { id, clicks } of plan.links) increment.run(clicks, id);
      for (const row of plan.raw) insert.run(row);
      for (const row of plan.linkStats) linkStat.run(row);
      for (const row of plan.allStats) allStat.run(row);
      for (const row of plan.allTotals) allTotal.run(row);
      total.run(plan.total);
    },
  };
  const transaction = sqlite.transaction((batch: QueuedClick[]) => runClickBatch(batch, statements));
  // BEGIN IMMEDIATE: the write lock is taken before the links are read, so the counts that a visit
  // limit is checked against cannot change before this batch commits, even with a second
  // connection on the file (the other thread, or another process in a test of two replicas).
  return (batch) => transaction.immediate(batch);
}
