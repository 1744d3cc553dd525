import type Database from 'better-sqlite3';
import type { Insertable } from 'kysely';
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

// A file of its own, apart from sqlite.ts, and with nothing of Kysely but its types: the click
// writer's thread bundles it, and one value imported from Kysely would load the whole package into
// that thread (about 6 MB of its heap, pnpm bench memory).

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
