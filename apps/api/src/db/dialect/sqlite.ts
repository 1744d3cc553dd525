import { sql } from 'kysely';
import type { Dialect } from './dialect';
import { sqliteClickTransaction } from './sqlite-clicks';

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
