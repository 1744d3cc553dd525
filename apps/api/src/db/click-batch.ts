import type { DeviceClass, PublicShortlink } from '@toolvault/shared';
import type Database from 'better-sqlite3';
import type { Insertable } from 'kysely';
import type { ShortlinkClicksTable, StatsDimension } from './schema';
import {
  PUBLIC_SHORTLINK_COLUMNS,
  toPublicShortlink,
  type PublicShortlinkRow,
  type ShortlinkRow,
} from './shortlink-rows';

/*
 * One batch of clicks, as the group commit in shortlink-clicks.repo.ts hands it over: which of them
 * count, what they add to the aggregates, and (on SQLite) the transaction that writes it all. Its
 * own module because two threads run it: the SQLite click writer's (click-writer.worker.ts) and, for
 * an in-memory database or when that thread is gone, the event loop's.
 */

/** What one counted click records — never the raw IP. */
export interface ClickRecord {
  /** ISO 8601, UTC. */
  clickedAt: string;
  /** Host name of the Referer, or null for none. */
  referrerHost: string | null;
  /** ISO 3166-1 alpha-2, or null when unknown. */
  country: string | null;
  device: DeviceClass;
}

/** One click waiting for its batch: what `countClick` was asked. */
export interface QueuedClick {
  shortCode: string;
  click: ClickRecord;
  onlyDirect: boolean;
}

/** What a batch needs of a link, read (and on PostgreSQL locked) before anything is written. */
export type ClickedLink = Pick<ShortlinkRow, 'id' | 'redirect_mode'> & PublicShortlinkRow;

/** One aggregate row's increment; `shortlink_id` only for the per-link table. */
export interface StatIncrement {
  shortlink_id: number;
  dimension: StatsDimension;
  day: string;
  value: string;
  clicks: number;
}

/** Everything a batch writes, summed per row, each list in key order. */
export interface ClickBatchPlan {
  /** Per queued click, in queue order: the link it was counted for, or null (not counted). */
  answers: (PublicShortlink | null)[];
  /** click_count increments by link id. */
  links: { id: number; clicks: number }[];
  raw: Insertable<ShortlinkClicksTable>[];
  linkStats: StatIncrement[];
  allStats: Omit<StatIncrement, 'shortlink_id'>[];
  /** The same clicks summed over their days: the all-time totals' increments, in key order. */
  allTotals: Omit<StatIncrement, 'shortlink_id' | 'day'>[];
  total: number;
}

/**
 * Decides which clicks of a batch count (the link exists and, for `onlyDirect`, redirects at once)
 * and sums what they add. Each aggregate row appears once (a multi-row upsert may not touch a row
 * twice), and the rows are sorted: transactions of two replicas then lock shared rows in the same
 * order and cannot deadlock.
 */
export function planBatch(batch: QueuedClick[], links: ReadonlyMap<string, ClickedLink>): ClickBatchPlan {
  const answers: (PublicShortlink | null)[] = [];
  const perLink = new Map<number, number>();
  const raw: Insertable<ShortlinkClicksTable>[] = [];
  const stats = new Map<string, StatIncrement>();
  const add = (shortlinkId: number, dimension: StatsDimension, day: string, value: string) => {
    const key = `${shortlinkId}\u0000${dimension}\u0000${day}\u0000${value}`;
    const row = stats.get(key);
    if (row) row.clicks += 1;
    else stats.set(key, { shortlink_id: shortlinkId, dimension, day, value, clicks: 1 });
  };
  for (const { shortCode, click, onlyDirect } of batch) {
    const link = links.get(shortCode);
    if (!link || (onlyDirect && link.redirect_mode !== 'direct')) {
      answers.push(null);
      continue;
    }
    answers.push(toPublicShortlink(link));
    perLink.set(link.id, (perLink.get(link.id) ?? 0) + 1);
    raw.push({
      shortlink_id: link.id,
      clicked_at: click.clickedAt,
      referrer_host: click.referrerHost,
      country: click.country,
      device: click.device,
    });
    const day = click.clickedAt.slice(0, 10);
    // The all-links table is summed under id 0, which no link has.
    for (const id of [link.id, 0]) {
      add(id, 'country', day, click.country ?? '');
      add(id, 'device', day, click.device);
      add(id, 'referrer', day, click.referrerHost ?? '');
    }
  }
  const sorted = [...stats.values()].sort(
    (a, b) =>
      a.shortlink_id - b.shortlink_id ||
      compare(a.dimension, b.dimension) ||
      compare(a.day, b.day) ||
      compare(a.value, b.value),
  );
  return {
    answers,
    links: [...perLink].sort(([a], [b]) => a - b).map(([id, clicks]) => ({ id, clicks })),
    raw,
    linkStats: sorted.filter((row) => row.shortlink_id !== 0),
    allStats: sorted.filter((row) => row.shortlink_id === 0).map(({ shortlink_id: _, ...row }) => row),
    allTotals: sumOverDays(sorted.filter((row) => row.shortlink_id === 0)),
    total: raw.length,
  };
}

/** Increments of (dimension, day, value) rows, summed per (dimension, value), in that order. */
function sumOverDays(rows: readonly StatIncrement[]): Omit<StatIncrement, 'shortlink_id' | 'day'>[] {
  const totals = new Map<string, Omit<StatIncrement, 'shortlink_id' | 'day'>>();
  for (const { dimension, value, clicks } of rows) {
    const key = `${dimension}\u0000${value}`;
    const total = totals.get(key);
    if (total) total.clicks += clicks;
    else totals.set(key, { dimension, value, clicks });
  }
  return [...totals.values()].sort((a, b) => compare(a.dimension, b.dimension) || compare(a.value, b.value));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * The batch on SQLite, the product's hottest write, as one synchronous better-sqlite3 transaction
 * on `sqlite`. Building and compiling the queries through Kysely cost about a quarter of the
 * redirect throughput (bench/redirect.bench.ts), so the statements are prepared once, here. Called
 * on first use: the connection may be opened before the migrations have run.
 */
export function sqliteClickTransaction(
  sqlite: Database.Database,
): (batch: QueuedClick[]) => (PublicShortlink | null)[] {
  const find = sqlite.prepare<[string], ClickedLink>(
    `SELECT id, redirect_mode, ${PUBLIC_SHORTLINK_COLUMNS.join(', ')} FROM shortlinks
     WHERE short_code = ? AND import_pending IS NULL`,
  );
  const increment = sqlite.prepare<[number, number]>(
    `UPDATE shortlinks SET click_count = click_count + ? WHERE id = ?`,
  );
  const insert = sqlite.prepare<Insertable<ShortlinkClicksTable>>(
    `INSERT INTO shortlink_clicks (shortlink_id, clicked_at, referrer_host, country, device)
     VALUES (@shortlink_id, @clicked_at, @referrer_host, @country, @device)`,
  );
  const linkStat = sqlite.prepare<StatIncrement>(
    `INSERT INTO shortlink_daily_stats (shortlink_id, dimension, day, value, clicks)
     VALUES (@shortlink_id, @dimension, @day, @value, @clicks)
     ON CONFLICT (shortlink_id, dimension, day, value) DO UPDATE SET clicks = clicks + excluded.clicks`,
  );
  const allStat = sqlite.prepare<Omit<StatIncrement, 'shortlink_id'>>(
    `INSERT INTO click_daily_stats (dimension, day, value, clicks) VALUES (@dimension, @day, @value, @clicks)
     ON CONFLICT (dimension, day, value) DO UPDATE SET clicks = clicks + excluded.clicks`,
  );
  const allTotal = sqlite.prepare<Omit<StatIncrement, 'shortlink_id' | 'day'>>(
    `INSERT INTO click_value_totals (dimension, value, clicks) VALUES (@dimension, @value, @clicks)
     ON CONFLICT (dimension, value) DO UPDATE SET clicks = clicks + excluded.clicks`,
  );
  const total = sqlite.prepare<[number]>(`UPDATE shortlink_totals SET clicks = clicks + ? WHERE id = 1`);
  return sqlite.transaction((batch: QueuedClick[]) => {
    const links = new Map<string, ClickedLink>();
    for (const { shortCode } of batch) {
      if (links.has(shortCode)) continue;
      const link = find.get(shortCode);
      if (link) links.set(shortCode, link);
    }
    const plan = planBatch(batch, links);
    for (const { id, clicks } of plan.links) increment.run(clicks, id);
    for (const row of plan.raw) insert.run(row);
    for (const row of plan.linkStats) linkStat.run(row);
    for (const row of plan.allStats) allStat.run(row);
    for (const row of plan.allTotals) allTotal.run(row);
    if (plan.total > 0) total.run(plan.total);
    return plan.answers;
  });
}
