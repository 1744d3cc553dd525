import { DAY_MS, type ClickExportRow, type DeviceClass } from '@toolvault/shared';
import { sql, type SqlBool } from 'kysely';
import type { ClickAnswer, ClickRecord, QueuedClick, WriteClicks } from './click-batch';
import type { VisitorKey } from './click-visitors';
import { reportedCount } from './counts';
import type { Storage } from './database';
import type { Dialect } from './dialect';
import type { StatsDimension } from './schema';
import { deleteInBatches, yieldToEventLoop } from '../event-loop';

export type { ClickRecord } from './click-batch';

export interface CountedClicks<K extends string | null> {
  key: K;
  clicks: number;
}

/** Which clicks an aggregate read covers: UTC days from `from` (YYYY-MM-DD) on, of one link or of all. */
export interface StatsScope {
  from: string;
  /** The first UTC day after the scope (YYYY-MM-DD); open-ended when absent. */
  until?: string;
  shortlinkId?: number;
  /**
   * `from` is the first day with clicks: the sums per value of all links are then the all-time
   * totals, one small read, instead of a sum over every day.
   */
  allTime?: boolean;
}

/** One day's or hour's clicks, deduplicated clicks and unique visitors. */
export interface VisitCounts {
  key: string;
  clicks: number;
  deduplicated: number;
  uniques: number;
}

export interface CountClickOptions {
  /** Count only when the link redirects at once ('direct'); null and nothing written otherwise. */
  onlyDirect?: boolean;
  /** Who clicked (click-visitors.ts), for the deduplicated and unique counts; kept in memory only. */
  visitor?: VisitorKey;
}

export interface ShortlinkClicksRepo {
  /**
   * Counts one click of a code and records it, in one transaction with its aggregates (shared
   * with the other clicks of its batch, see `groupCommit`): the counters are raised in SQL
   * (`click_count = click_count + k`), so concurrent clicks are never lost. Resolves once the
   * click is committed. Null, and nothing written, for an unknown code, and for the code of a link
   * an import has written but not published yet; for a link inactive at the click's time (its
   * window, or its visit limit with the clicks counted before this one), its InactiveVisit, and
   * nothing written. Checking and counting happen under the batch's lock, so a limit is exact.
   */
  countClick(shortCode: string, click: ClickRecord, options?: CountClickOptions): Promise<ClickAnswer>;
  /**
   * Clicks, deduplicated clicks and unique visitors per UTC day (YYYY-MM-DD) in the scope, days
   * without clicks left out. Reads the daily aggregates only (their device rows).
   */
  visitsPerDay(scope: StatsScope): Promise<VisitCounts[]>;
  /**
   * The same per UTC hour (YYYY-MM-DDTHH) from `from` to before `until` (ISO times), read from the
   * raw clicks: callers bound the range (a week at most), and CLICK_RETENTION_DAYS may have pruned
   * older hours.
   */
  visitsPerHour(range: { from: string; until: string; shortlinkId?: number }): Promise<VisitCounts[]>;
  /** Clicks per UTC day (YYYY-MM-DD) in the scope, days without clicks left out. Reads aggregates only. */
  clicksPerDay(scope: StatsScope): Promise<CountedClicks<string>[]>;
  /** The most frequent referrer hosts; null stands for clicks without a referrer. */
  topReferrers(scope: StatsScope, limit: number): Promise<CountedClicks<string | null>[]>;
  topCountries(scope: StatsScope, limit: number): Promise<CountedClicks<string | null>[]>;
  devices(scope: StatsScope): Promise<CountedClicks<DeviceClass>[]>;
  /** The first UTC day with aggregated clicks (of one link, or of all), or null. */
  firstDay(shortlinkId?: number): Promise<string | null>;
  /**
   * Every raw click with its link's code, oldest first, `batchSize` at a time (keyset reads by id:
   * memory does not grow with the count).
   */
  batchesOldestFirst(batchSize: number): AsyncIterable<ClickExportRow[]>;
  /** Deletes raw clicks before `before` (ISO time); the aggregates stay as they are. Answers the rows deleted. */
  pruneBefore(before: string, batchSize?: number): Promise<number>;
}

/**
 * Days of aggregates summed per statement on SQLite (see `sqliteSums`): a month of referrer rows is
 * a few milliseconds' work; the 7- and 30-day ranges take one statement.
 */
const SUM_WINDOW_DAYS = 31;

/** Raw click rows deleted per statement when pruning, so no statement holds the database for long. */
const PRUNE_BATCH = 5000;

export function createShortlinkClicksRepo(storage: Storage, dialect: Dialect): ShortlinkClicksRepo {
  // Analytics never need a transaction in progress: they read through the reader (on a SQLite
  // file, a thread of its own), so a year of aggregates never holds the event loop.
  const { db, reader } = storage;

  // shortlink_daily_stats has the same columns plus shortlink_id, so one query serves both tables.
  const tableOf = (scope: StatsScope) =>
    scope.shortlinkId === undefined ? 'click_daily_stats' : ('shortlink_daily_stats' as 'click_daily_stats');

  /** The scope's aggregate rows of one dimension, from `from` on (and before `until`, if given). */
  const statRows = (dimension: StatsDimension, scope: StatsScope, until?: string) => {
    let query = reader.selectFrom(tableOf(scope)).where('dimension', '=', dimension).where('day', '>=', scope.from);
    if (until !== undefined) query = query.where('day', '<', until);
    if (scope.until !== undefined) query = query.where('day', '<', scope.until);
    if (scope.shortlinkId !== undefined) query = query.where(sql<SqlBool>`shortlink_id = ${scope.shortlinkId}`);
    return query;
  };

  /** Sums of one dimension in the scope, read from the per-link table for one link, else the all-links one. */
  const sums = async (dimension: StatsDimension, by: 'day' | 'value', scope: StatsScope, limit?: number) => {
    if (scope.allTime && scope.shortlinkId === undefined && by === 'value') return allTimeTotals(dimension, limit);
    // Where the reader's statements hold the event loop (SQLite in memory), the sums are cut into
    // months; elsewhere (PostgreSQL, the reader thread of a SQLite file) one statement sums the range.
    if (dialect.readsHoldEventLoop(storage)) {
      return ranked(await sqliteSums(dimension, by, scope), by, limit);
    }
    const key = sql.ref(by);
    const total = sql<number>`sum(clicks)`;
    let query = statRows(dimension, scope)
      .select([sql<string>`${key}`.as('key'), total.as('clicks')])
      .groupBy(by)
      // A deleted link's clicks are subtracted, which may leave rows at 0.
      .having(total, '>', 0);
    // Ties are broken by name, unknown ('') last, so the lists are stable from one load to the next
    // (`ranked` below orders SQLite's sums the same way).
    query =
      by === 'day'
        ? query.orderBy(by)
        : query
            .orderBy('clicks', 'desc')
            .orderBy(sql`${key} = ''`)
            .orderBy(by);
    if (limit !== undefined) query = query.limit(limit);
    const rows = await query.execute();
    return rows.map((row) => ({ key: row.key, clicks: reportedCount(row.clicks) }));
  };

  /** click_value_totals of one dimension, ranked as `sums` ranks values. */
  const allTimeTotals = async (dimension: StatsDimension, limit?: number) => {
    let query = reader
      .selectFrom('click_value_totals')
      .select(['value as key', 'clicks'])
      .where('dimension', '=', dimension)
      .where('clicks', '>', 0)
      .orderBy('clicks', 'desc')
      .orderBy(sql`value = ''`)
      .orderBy('value');
    if (limit !== undefined) query = query.limit(limit);
    return (await query.execute()).map((row) => ({ key: row.key, clicks: reportedCount(row.clicks) }));
  };

  /**
   * Where SQLite reads on the event loop (an in-memory database), the sums are read
   * SUM_WINDOW_DAYS at a time, with a turn of the event loop between two windows, and added up
   * here: summing all time at once (a year holds some 70,000 referrer rows at ten million clicks)
   * would hold every other request for tens of milliseconds. On a file the reader thread sums in
   * one statement, which holds no one but the admin's other reads: a message to the thread and
   * back per month would cost the event loop for nothing.
   */
  const sqliteSums = async (dimension: StatsDimension, by: 'day' | 'value', scope: StatsScope) => {
    const bound = (direction: 'asc' | 'desc') =>
      statRows(dimension, scope).select('day').orderBy('day', direction).limit(1).executeTakeFirst();
    const [first, last] = [await bound('asc'), await bound('desc')];
    const totals = new Map<string, number>();
    if (!first || !last) return totals;
    for (let start = first.day; start <= last.day; start = addDays(start, SUM_WINDOW_DAYS)) {
      if (start !== first.day) await yieldToEventLoop();
      const rows = await statRows(dimension, { ...scope, from: start }, addDays(start, SUM_WINDOW_DAYS))
        .select([sql<string>`${sql.ref(by)}`.as('key'), sql<number>`sum(clicks)`.as('clicks')])
        .groupBy(by)
        .execute();
      for (const { key, clicks } of rows) totals.set(key, reportedCount((totals.get(key) ?? 0) + Number(clicks)));
    }
    return totals;
  };

  const nullable = (rows: CountedClicks<string>[]) =>
    rows.map(({ key, clicks }) => ({ key: key === '' ? null : key, clicks }));

  const visitCounts = (rows: { key: string; clicks: unknown; deduplicated: unknown; uniques: unknown }[]) =>
    rows.map((row) => ({
      key: row.key,
      clicks: reportedCount(Number(row.clicks)),
      deduplicated: reportedCount(Number(row.deduplicated)),
      uniques: reportedCount(Number(row.uniques)),
    }));

  return {
    countClick: groupCommit(dialect.writeClicks(storage)),
    // At most ANALYTICS_MAX_SPAN_DAYS days of 3 device rows: one statement, one index range.
    visitsPerDay: async (scope) =>
      visitCounts(
        await statRows('device', scope)
          .select([
            'day as key',
            sql<number>`sum(clicks)`.as('clicks'),
            sql<number>`sum(deduplicated)`.as('deduplicated'),
            sql<number>`sum(uniques)`.as('uniques'),
          ])
          .groupBy('day')
          .having(sql<number>`sum(clicks)`, '>', 0)
          .orderBy('day')
          .execute(),
      ),
    async visitsPerHour({ from, until, shortlinkId }) {
      // One index range: (clicked_at) for all links, (shortlink_id, clicked_at) for one.
      let query = reader
        .selectFrom('shortlink_clicks')
        .select([
          sql<string>`substr(clicked_at, 1, 13)`.as('key'),
          sql<number>`count(*)`.as('clicks'),
          sql<number>`sum(deduplicated)`.as('deduplicated'),
          sql<number>`sum(unique_visitor)`.as('uniques'),
        ])
        .where('clicked_at', '>=', from)
        .where('clicked_at', '<', until);
      if (shortlinkId !== undefined) query = query.where('shortlink_id', '=', shortlinkId);
      return visitCounts(
        await query
          .groupBy(sql`substr(clicked_at, 1, 13)`)
          .orderBy('key')
          .execute(),
      );
    },
    clicksPerDay: (scope) => sums('device', 'day', scope),
    topReferrers: async (scope, limit) => nullable(await sums('referrer', 'value', scope, limit)),
    topCountries: async (scope, limit) => nullable(await sums('country', 'value', scope, limit)),
    devices: async (scope) =>
      (await sums('device', 'value', scope)).map(({ key, clicks }) => ({ key: key as DeviceClass, clicks })),
    async firstDay(shortlinkId) {
      // The primary keys start with (dimension, day) / (shortlink_id, dimension, day): a single index probe.
      const row =
        shortlinkId === undefined
          ? await reader
              .selectFrom('click_daily_stats')
              .select('day')
              .where('dimension', '=', 'device')
              .orderBy('day')
              .limit(1)
              .executeTakeFirst()
          : await reader
              .selectFrom('shortlink_daily_stats')
              .select('day')
              .where('shortlink_id', '=', shortlinkId)
              .where('dimension', '=', 'device')
              .orderBy('day')
              .limit(1)
              .executeTakeFirst();
      return row?.day ?? null;
    },
    async *batchesOldestFirst(batchSize) {
      let after = 0;
      for (;;) {
        const rows = await storage.reader
          .selectFrom('shortlink_clicks as c')
          .innerJoin('shortlinks as s', 's.id', 'c.shortlink_id')
          .select([
            'c.id',
            's.short_code',
            'c.clicked_at',
            'c.referrer_host',
            'c.country',
            'c.device',
            'c.deduplicated',
          ])
          .where('c.id', '>', after)
          .orderBy('c.id')
          .limit(batchSize)
          .execute();
        if (rows.length === 0) return;
        after = rows.at(-1)!.id;
        yield rows.map((row) => ({
          shortCode: row.short_code,
          clickedAt: row.clicked_at,
          referrerHost: row.referrer_host,
          country: row.country,
          device: row.device,
          deduplicated: Number(row.deduplicated) === 1 ? 1 : 0,
        }));
        if (rows.length < batchSize) return;
      }
    },
    pruneBefore(before, batchSize = PRUNE_BATCH) {
      // Between batches the redirects' clicks get the database (and the event loop) back.
      return deleteInBatches(async () => {
        const batch = db
          .selectFrom('shortlink_clicks')
          .select('id')
          .where('clicked_at', '<', before)
          .orderBy('clicked_at')
          .limit(batchSize);
        const result = await db.deleteFrom('shortlink_clicks').where('id', 'in', batch).executeTakeFirst();
        return Number(result.numDeletedRows);
      }, batchSize);
    },
  };
}

/**
 * Most clicks written in one transaction: it bounds the statements' size (the raw insert binds 5
 * parameters per click, PostgreSQL takes 65,535) and how long one flush holds the writing connection.
 */
const MAX_BATCH = 500;

/**
 * Group commit for clicks. Each click used to be its own transaction; on PostgreSQL concurrent
 * clicks of one link queue on the same row locks and each pays its own commit (an fsync), which
 * capped the redirect at about one click per 5 ms. Here a click joins a queue and waits; one flush
 * at a time writes everything queued (up to MAX_BATCH) in one transaction, and clicks that arrive
 * meanwhile form the next batch. A lone click is flushed at once (the next turn of the event loop,
 * so clicks read from the same poll join it), never held back by a timer.
 *
 * A 2xx still means "counted": a click's promise settles only after its batch committed, and if
 * the batch fails every click in it is rejected (answered 5xx) with nothing of it written.
 * DataLoader batches per tick too, but it runs batches side by side; the point here is that a
 * batch forms while the previous one is committing.
 */
function groupCommit(write: WriteClicks): ShortlinkClicksRepo['countClick'] {
  type Waiter = {
    queued: QueuedClick;
    resolve: (answer: ClickAnswer) => void;
    reject: (error: unknown) => void;
  };
  let queue: Waiter[] = [];
  let flushing = false;
  const flush = async () => {
    while (queue.length > 0) {
      const batch = queue.length > MAX_BATCH ? queue.splice(0, MAX_BATCH) : queue;
      if (batch === queue) queue = [];
      try {
        const answers = await write(batch.map((waiter) => waiter.queued));
        batch.forEach((waiter, i) => waiter.resolve(answers[i]!));
      } catch (error) {
        for (const waiter of batch) waiter.reject(error);
      }
    }
    flushing = false;
  };
  return (shortCode, click, { onlyDirect = false, visitor } = {}) =>
    new Promise((resolve, reject) => {
      queue.push({ queued: { shortCode, click, onlyDirect, ...(visitor && { visitor }) }, resolve, reject });
      if (!flushing) {
        flushing = true;
        setImmediate(() => void flush());
      }
    });
}

/** `day` (YYYY-MM-DD) plus `days` days. */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00.000Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Sums as the PostgreSQL query orders them: days in order; values by clicks, most first, then
 * unknown ('') last, then by name byte by byte (both engines compare these columns byte-wise).
 * Sums of 0 (a deleted link's clicks subtracted) are left out.
 */
function ranked(totals: ReadonlyMap<string, number>, by: 'day' | 'value', limit?: number): CountedClicks<string>[] {
  const rows = [...totals].filter(([, clicks]) => clicks > 0).map(([key, clicks]) => ({ key, clicks }));
  rows.sort((a, b) =>
    by === 'day'
      ? compareBytes(a.key, b.key)
      : b.clicks - a.clicks || Number(a.key === '') - Number(b.key === '') || compareBytes(a.key, b.key),
  );
  return limit === undefined ? rows : rows.slice(0, limit);
}

function compareBytes(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a), Buffer.from(b));
}
