import { randomInt } from 'node:crypto';
import type { PublicShortlink, Shortlink, ShortlinkSort } from '@toolvault/shared';
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import type { Dialect } from './dialect';
import type { ShortlinksTable, Tables } from './schema';
import { searchTermsFor, searchTermsSql } from './shortlink-index.sql';
import {
  linkRow,
  parseTags,
  PUBLIC_SHORTLINK_COLUMNS,
  SHORTLINK_COLUMNS,
  toPublicShortlink,
  toShortlink,
  type NewShortlink,
  type ShortlinkRow,
} from './shortlink-rows';
import { yieldToEventLoop } from '../event-loop';

export type { NewShortlink } from './shortlink-rows';

export type ShortlinkChanges = Pick<
  Shortlink,
  'targetUrl' | 'title' | 'description' | 'metaImage' | 'tags' | 'redirectMode'
>;

export interface ShortlinkTotals {
  totalLinks: number;
  totalClicks: number;
  /** Links created on the UTC days in [from, to) (days as YYYY-MM-DD; any prefix of one compares too). */
  createdBetween: number;
}

/** Where the previous page ended: the sort key and id of its last link. */
export type ShortlinkPosition =
  | { sort: 'newest'; createdAt: string; id: number }
  | { sort: 'clicks'; clicks: number; id: number }
  | { sort: 'title'; title: string; id: number };

export interface ShortlinkPageQuery {
  sort: ShortlinkSort;
  limit: number;
  after?: ShortlinkPosition;
  /** Prefix of a search term (code, title, target, tag); see shortlink-index.sql.ts. */
  q?: string;
  tag?: string;
}

export interface ShortlinksRepo {
  /** The new link, or null when its code is taken (nothing is written then). */
  insert(link: NewShortlink): Promise<Shortlink | null>;
  /**
   * Inserts every link, all or none as any reader sees it. Answers the index of the first link
   * whose code is taken (and leaves nothing written), or null on success.
   * The rows go in as pending (invisible, see docs/decisions/0014-import-publish.md) in short
   * transactions with `pause` between them, so other requests and writes run meanwhile; one short
   * transaction then publishes them with the totals. Their tag rows, tag counts and search terms
   * follow in small transactions before this answers (see `indexPending`).
   */
  insertAll(links: readonly NewShortlink[], pause?: () => Promise<void>): Promise<{ takenAt: number } | null>;
  /**
   * Deletes the pending links of imports that stopped before they published (a crash, a lost
   * connection), with their records. Imports still running (in this process or, on PostgreSQL, in
   * another replica) are left alone. Answers how many imports were removed.
   */
  discardUnfinishedImports(): Promise<number>;
  /**
   * Writes the tag rows, tag counts and search terms of imported links whose import committed but
   * was stopped (a crash, a lost connection) before it indexed them. Answers how many imports.
   */
  indexPending(): Promise<number>;
  update(id: number, changes: ShortlinkChanges): Promise<Shortlink | null>;
  /** True when a link was deleted (its clicks and aggregates go with it; the totals follow). */
  delete(id: number): Promise<boolean>;
  /** A code that an import in progress has written is taken too, though its link is not visible yet. */
  codeExists(shortCode: string): Promise<boolean>;
  /** Which of these codes are taken (one query per few hundred codes), pending ones included. */
  existingCodes(shortCodes: readonly string[]): Promise<Set<string>>;
  findById(id: number): Promise<Shortlink | null>;
  /** Never counts a click. */
  findPublic(shortCode: string): Promise<PublicShortlink | null>;
  /**
   * One keyset page: up to `limit` links after `after`, and how many links match in all. A search
   * so broad that counting its links would cost more than the page stops counting at
   * SEARCH_COUNT_CAP: `total` is then that many and `totalCapped` is true.
   */
  page(query: ShortlinkPageQuery): Promise<{ items: Shortlink[]; total: number; totalCapped?: true }>;
  listNewestFirst(limit: number): Promise<Shortlink[]>;
  /** Every link, oldest first, `batchSize` at a time (keyset reads: memory does not grow with the count). */
  batchesOldestFirst(batchSize: number): AsyncIterable<Shortlink[]>;
  topByClicks(limit: number): Promise<Shortlink[]>;
  /** Tags in use with their link counts, most used first (ties by name). */
  tagCounts(limit: number): Promise<{ tag: string; count: number }[]>;
  totals(range: { from: string; to: string }): Promise<ShortlinkTotals>;
}

/**
 * Links per INSERT statement. With 20 tags each, the tag rows of a chunk take 3 × 20 × 100 bound
 * parameters, far below SQLite's 32,766; and one chunk takes a few milliseconds, so an import can
 * pause between chunks.
 */
const INSERT_CHUNK = 100;

/**
 * Links indexed per transaction after an import. On SQLite a transaction holds the event loop from
 * its first statement to its commit: at a million links, 200 links took 20–50 ms (their tag rows
 * and search terms land on as many scattered index pages), 50 take a quarter of that.
 */
const INDEX_CHUNK = 50;

/**
 * A settings row per import whose links are committed but not yet indexed: the key names the first
 * id, the value the last. It is written in the import's own transaction, so a crash between the
 * commit and the indexing leaves a record that `indexPending` completes at the next start.
 */
const PENDING_INDEX_KEY = 'shortlink_index_pending:';

/**
 * A settings row per import whose rows are being written but are not published: the key names
 * the import's token (the value of their import_pending column). Written before the first row, and
 * deleted in the transaction that publishes them, so a crash in between leaves a record from which
 * `discardUnfinishedImports` removes the rows at the next start.
 */
const IMPORT_KEY = 'shortlink_import:';

/**
 * Pending rows deleted per statement when an import is abandoned: an import has at most 10,000
 * rows, so a few short statements, each a few milliseconds of the write lock on SQLite.
 */
const DISCARD_CHUNK = 1000;

/**
 * Import tokens are drawn from [2^32, 2^48): they stay exact in a JS number and a BIGINT, and as
 * PostgreSQL advisory lock keys they never meet the small fixed keys (the migrations' lock).
 */
const TOKEN_MIN = 2 ** 32;
const TOKEN_MAX = 2 ** 48 - 1;

/** Thrown while an import writes its rows when a code is taken; never leaves this module. */
class Taken {
  constructor(readonly index: number) {}
}

type Executor = Kysely<Tables>;

/** A query of the links under the alias `s`, answering rows of type O. */
type LinkQuery<O> = SelectQueryBuilder<Tables & { s: ShortlinksTable }, 's', O>;

/** Days per statement when the per-day counts are raised (2 parameters each). */
const DAY_COUNTS_CHUNK = 500;

/**
 * Raises the link and click totals, and the counts of links created per UTC day, by these links
 * (all of them inserted).
 */
const addToTotals = async (trx: Executor, links: readonly NewShortlink[]) => {
  await trx
    .updateTable('shortlink_totals')
    .set((eb) => ({
      links: eb('links', '+', links.length),
      clicks: eb(
        'clicks',
        '+',
        links.reduce((sum, link) => sum + link.clickCount, 0),
      ),
    }))
    .where('id', '=', 1)
    .execute();
  const perDay = new Map<string, number>();
  for (const link of links) {
    const day = link.createdAt.slice(0, 10);
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
  }
  // In day order, so two transactions raising the same days lock their rows in the same order.
  const days = [...perDay].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (let start = 0; start < days.length; start += DAY_COUNTS_CHUNK) {
    await trx
      .insertInto('shortlink_daily_created')
      .values(days.slice(start, start + DAY_COUNTS_CHUNK).map(([day, count]) => ({ day, links: count })))
      .onConflict((oc) =>
        oc
          .column('day')
          .doUpdateSet((eb) => ({ links: eb('shortlink_daily_created.links', '+', eb.ref('excluded.links')) })),
      )
      .execute();
  }
};

/**
 * A tag on at least 1 link in COMMON_TAG_SHARE counts as common. Its page, sorted by clicks or
 * title, is read on SQLite by walking that sort's index until the page is full: for a tag on 1 link
 * in 100 that is a few thousand index entries, where reading all of a million links' 10,000 tagged
 * rows and sorting them took 12–20 ms warm and over 100 ms cold. A rarer tag is read the other way
 * (its few rows, sorted), since a walk could pass most of the index before finding a page of them.
 * The walk's bad case is a common tag whose links all sit at the far end of the sort (30,000
 * imported links with no clicks, sorted by clicks: about 47 ms warm against 26 ms sorted), which
 * the reader thread absorbs; the usual case gains far more (1 in 7 links: 66 → 12 ms).
 */
const COMMON_TAG_SHARE = 200;

/**
 * Search terms (index entries; a link has a few) that make a search broad. A narrower search reads
 * its matches by id and sorts them: at most this many rows, tens of milliseconds at worst. A broad
 * one walks the sort's index and checks each link's terms (one probe of the search index each), so
 * its page costs what it takes to find a page of matches, not all of them: a prefix found in every
 * one of a million links (a common domain, a single letter) took 1.7–2.9 s to sort and 1 s to count
 * exactly, and now 15–150 ms. Counting the entries up to this number is an index walk of a few ms.
 */
export const SEARCH_BROAD_TERMS = 20_000;

/** A broad search counts its links up to this many, then says "more" (see ShortlinksRepo#page). */
export const SEARCH_COUNT_CAP = 10_000;

/**
 * Links of the sort's index a broad search's first walk crosses at most (a probe of the search
 * index each, 20–40 ms in all). Should its matches lie further on (a prefix of 30,000 links imported
 * years ago, sorted newest first), the walk stops there, where an unbounded one could cross the
 * whole index (825 ms for "L1" at a million links). Newest first, the search then goes on by
 * creation day (SEARCH_DAY_SORT_TERMS); in the other orders SEARCH_DENSE_TERMS decides what follows.
 */
export const SEARCH_WALK_BUDGET = 20_000;

/**
 * After a first walk that found too little, sorted by clicks or by title: a prefix with this many
 * search terms or more walks on from where it stopped, any other reads its matches by id and sorts
 * them, as a narrow search does (never much more than before the walk). Sorting costs in
 * proportion to the matches (1.8 s for a prefix in every one of a million links), walking in
 * proportion to the distance to them, short when matches are this many (42 ms for that prefix
 * behind 50,000 newer links that do not match).
 */
export const SEARCH_DENSE_TERMS = 200_000;

/**
 * Sorted newest first, a broad search whose first walk found too little goes on one creation day
 * at a time (see ShortlinksRepo#page): a day with fewer than this many of the prefix's terms has its
 * matches read by id and sorted (a few ms), a day with more is walked, where they are dense.
 */
export const SEARCH_DAY_SORT_TERMS = 5_000;

/**
 * SEARCH_WALK_BUDGET for a search sorted newest first, where going on by day is cheap: a page that
 * is not among the newest links that far is read from the days that hold the prefix.
 */
export const SEARCH_NEWEST_WALK_BUDGET = 2_000;

/**
 * Sorted newest first, a search with fewer search terms than this has its matches read by id and
 * sorted; one with more goes as a broad one does, by walk and then by day. Sorting all matches costs
 * in proportion to them (about 2.5 µs each: a prefix in 1 link of 100 of a million, 11,000 matches,
 * 28 ms), reading by day about 5–15 ms whatever their number (15 ms for that prefix).
 */
export const SEARCH_NEWEST_SORT_TERMS = 3_000;

/** The distinct tags of a link, in their order: a repeated tag is one row. */
const uniqueTags = (tags: readonly string[]) => [...new Set(tags)];

/**
 * `reader` serves the lists, counts and scans (see Storage#reader): on a SQLite file they run on a
 * thread of their own and never hold the event loop. Lookups of one link by a unique key (a
 * redirect page's, a crawler's, an edit's) read through `db` instead: a few microseconds on the
 * event loop's connection, where on the reader thread they would queue behind whatever list or
 * search it is running (a search that matched every link of a million made a redirect wait 4.5 s).
 * They never wait for a write either: SQLite transactions here never span a turn of the event loop.
 */
export function createShortlinksRepo(
  db: Kysely<Tables>,
  dialect: Dialect,
  reader: Kysely<Tables> = db,
  // Tests pass small limits, to reach the broad-search reads with a few dozen links.
  {
    broadTerms = SEARCH_BROAD_TERMS,
    countCap = SEARCH_COUNT_CAP,
    walkBudget = SEARCH_WALK_BUDGET,
    denseTerms = SEARCH_DENSE_TERMS,
    daySortTerms = SEARCH_DAY_SORT_TERMS,
    newestWalkBudget = SEARCH_NEWEST_WALK_BUDGET,
    newestSortTerms = SEARCH_NEWEST_SORT_TERMS,
  } = {},
): ShortlinksRepo {
  /** How many visible links carry `tag`, and how many there are in all. */
  const tagShare = async (tag: string) => {
    const row = await reader
      .selectFrom('shortlink_totals')
      .select((eb) => [
        'links',
        eb.selectFrom('shortlink_tag_counts').select('count').where('tag', '=', tag).as('count'),
      ])
      .executeTakeFirst();
    return { count: Number(row?.count ?? 0), links: Number(row?.links ?? 0) };
  };

  /**
   * Inserts links with everything that indexes them: tag rows and counts, search terms, totals.
   * Answers the rows, or the index (within `links`) of the first code that was taken.
   */
  const insertChunk = async (
    trx: Executor,
    links: readonly NewShortlink[],
  ): Promise<{ rows: ShortlinkRow[] } | { takenAt: number }> => {
    // ON CONFLICT … DO NOTHING: a taken code returns no row instead of throwing, and never aborts
    // the surrounding transaction. The CHECK and NOT NULL constraints still throw (bugs).
    const rows = await trx
      .insertInto('shortlinks')
      .values(links.map(linkRow))
      .onConflict((oc) => oc.column('short_code').doNothing())
      .returning(SHORTLINK_COLUMNS)
      .execute();
    if (rows.length < links.length) {
      const stored = new Set(rows.map((row) => row.short_code));
      return { takenAt: links.findIndex((link) => !stored.has(link.shortCode)) };
    }
    await indexTags(
      trx,
      rows.flatMap((row) =>
        uniqueTags(parseTags(row.tags)).map((tag) => ({ id: row.id, tag, createdAt: row.created_at })),
      ),
    );
    await searchTermsFor(rows.map((row) => row.id)).execute(trx);
    await addToTotals(trx, links);
    return { rows };
  };

  /**
   * Adds tag rows and raises the tag counts by the rows actually added: a row that exists already
   * (an import's link indexed by an edit before the import's own indexing reached it) counts once.
   */
  const indexTags = async (trx: Executor, tags: { id: number; tag: string; createdAt: string }[]) => {
    if (tags.length === 0) return;
    const added = await trx
      .insertInto('shortlink_tags')
      .values(tags.map(({ id, tag, createdAt }) => ({ shortlink_id: id, tag, created_at: createdAt })))
      .onConflict((oc) => oc.columns(['tag', 'shortlink_id']).doNothing())
      .returning('tag')
      .execute();
    if (added.length === 0) return;
    const counts = new Map<string, number>();
    for (const { tag } of added) counts.set(tag, (counts.get(tag) ?? 0) + 1);
    // In tag order, so two transactions raising the same counts lock their rows in the same order.
    await trx
      .insertInto('shortlink_tag_counts')
      .values([...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([tag, count]) => ({ tag, count })))
      .onConflict((oc) =>
        oc
          .column('tag')
          .doUpdateSet((eb) => ({ count: eb('shortlink_tag_counts.count', '+', eb.ref('excluded.count')) })),
      )
      .execute();
  };

  /**
   * Tag rows, tag counts and search terms of the links with ids first..last, from what is stored
   * now, INDEX_CHUNK links per transaction; the last one removes the import's pending record.
   * Running it twice changes nothing: rows that exist are kept, so links created, edited or
   * deleted meanwhile (PostgreSQL hands out ids to concurrent inserts inside the range) stay right.
   * Rows of another import that is still pending may lie in the range too (PostgreSQL): they are
   * skipped, so nothing in the tag and search tables ever points at a link nobody may see yet.
   */
  const indexRange = async (first: number, last: number, pause?: () => Promise<void>) => {
    for (let start = first; start <= last; start += INDEX_CHUNK) {
      const end = Math.min(last, start + INDEX_CHUNK - 1);
      await db.transaction().execute(async (trx) => {
        // PostgreSQL: an edit or delete of one of these links waits for this transaction (and
        // this one for it), so tags are never read before an edit and written after it.
        if (dialect.engine === 'postgres') {
          await sql`SELECT id FROM shortlinks WHERE id BETWEEN ${start} AND ${end} AND import_pending IS NULL
                    ORDER BY id FOR UPDATE`.execute(trx);
        }
        const rows = await trx
          .selectFrom('shortlinks')
          .select(['id', 'tags', 'created_at'])
          .where('id', '>=', start)
          .where('id', '<=', end)
          .where('import_pending', 'is', null)
          .execute();
        await indexTags(
          trx,
          rows.flatMap((row) =>
            uniqueTags(parseTags(row.tags)).map((tag) => ({ id: row.id, tag, createdAt: row.created_at })),
          ),
        );
        await sql
          .raw(
            searchTermsSql(
              `id BETWEEN ${start} AND ${end} AND import_pending IS NULL`,
              `shortlink_id BETWEEN ${start} AND ${end}`,
            ),
          )
          .execute(trx);
        if (end === last) await trx.deleteFrom('settings').where('key', '=', `${PENDING_INDEX_KEY}${first}`).execute();
      });
      if (pause && end < last) await pause();
    }
  };

  /** Removes a link's tag rows and search terms (before an update re-adds them, or a delete). */
  const unindex = async (trx: Executor, id: number) => {
    const tags = trx.selectFrom('shortlink_tags').select('tag').where('shortlink_id', '=', id);
    await trx
      .updateTable('shortlink_tag_counts')
      .set((eb) => ({ count: eb('count', '-', 1) }))
      .where('tag', 'in', tags)
      .execute();
    await trx.deleteFrom('shortlink_tag_counts').where('count', '<=', 0).where('tag', 'in', tags).execute();
    await trx.deleteFrom('shortlink_tags').where('shortlink_id', '=', id).execute();
    await trx.deleteFrom('shortlink_search').where('shortlink_id', '=', id).execute();
  };

  /** Tokens of the imports this process is running: the cleanup never takes them for abandoned. */
  const running = new Set<number>();

  /**
   * SQLite: the ids set aside for each running import of this process (the only process on its
   * data folder), by token. Every id in a block belongs to a pending row or to none, so a list can
   * step over the block by id, which every index holds, without reading the rows' import_pending.
   * An import's rows are the newest: without this, the first page of Manage Links read 10,000 rows
   * from the table during an import to find 50 visible ones (9–22 ms against 1 ms between imports).
   */
  const pendingBlocks = new Map<number, { first: number; last: number }>();

  /**
   * The query without the rows of running imports' id blocks. A filter on the id alone: it never
   * changes which index SQLite walks, and it keeps import_pending as the rule for what is visible.
   */
  const skipPendingBlocks = <DB, TB extends keyof DB, O>(
    query: SelectQueryBuilder<DB, TB, O>,
    column: string,
  ): SelectQueryBuilder<DB, TB, O> => {
    let skipping = query;
    for (const { first, last } of pendingBlocks.values()) {
      skipping = skipping.where(sql<SqlBool>`NOT (${sql.ref(column)} BETWEEN ${first} AND ${last})`);
    }
    return skipping;
  };

  /**
   * SQLite: sets aside `count` ids for an import before its first row is written, by raising the
   * table's AUTOINCREMENT counter past them (SQLite allows writing sqlite_sequence). A link created
   * while the import runs is then numbered after the block, not between its chunks, and the block
   * holds the import's rows only. A block whose import fails stays a gap in the numbering.
   */
  const reserveIds = (count: number) =>
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
    });

  /**
   * Runs an import's statements. On PostgreSQL they all use one connection that holds a session
   * advisory lock on the token while the import runs: another replica's cleanup then sees that the
   * import is alive, and the lock goes with the connection if this process dies. On SQLite there
   * is one writing connection and one server per data folder, so `db` itself (reserving the
   * connection would hold it, and every click, for the whole import).
   */
  const withImportLock = async <T>(token: number, work: (executor: Executor) => Promise<T>): Promise<T> => {
    if (dialect.engine !== 'postgres') return work(db);
    return db.connection().execute(async (connection) => {
      await sql`SELECT pg_advisory_lock(${token})`.execute(connection);
      try {
        return await work(connection);
      } finally {
        await sql`SELECT pg_advisory_unlock(${token})`.execute(connection);
      }
    });
  };

  /** Deletes an import's pending rows, a chunk per statement, then its record. */
  const discard = async (executor: Executor, token: number) => {
    for (;;) {
      const chunk = executor
        .selectFrom('shortlinks')
        .select('id')
        .where('import_pending', '=', token)
        .limit(DISCARD_CHUNK);
      const result = await executor.deleteFrom('shortlinks').where('id', 'in', chunk).executeTakeFirst();
      if (Number(result.numDeletedRows) < DISCARD_CHUNK) break;
      await yieldToEventLoop();
    }
    await executor.deleteFrom('settings').where('key', '=', `${IMPORT_KEY}${token}`).execute();
  };

  /**
   * Writes the links as pending rows of `token`, INSERT_CHUNK per statement (each its own short
   * transaction), pausing after each, the last too: on SQLite every statement holds the event loop
   * (the driver is synchronous), and the last chunk and the publish together would hold it twice
   * as long as either. Throws Taken for a taken code. Answers the id range. With `firstId` (a
   * reserved block, SQLite) the links take the ids from there on, in their order.
   */
  const writePending = async (
    executor: Executor,
    token: number,
    links: readonly NewShortlink[],
    pause?: () => Promise<void>,
    firstId?: number,
  ) => {
    let first = Infinity;
    let last = -Infinity;
    for (let start = 0; start < links.length; start += INSERT_CHUNK) {
      const chunk = links.slice(start, start + INSERT_CHUNK);
      // ON CONFLICT … DO NOTHING: a taken code returns no row instead of throwing. The chunk's
      // other rows are in then, pending, and go with the rest of the import.
      const rows = await executor
        .insertInto('shortlinks')
        .values(
          chunk.map((link, index) => ({
            ...linkRow(link),
            ...(firstId === undefined ? {} : { id: firstId + start + index }),
            import_pending: token,
          })),
        )
        .onConflict((oc) => oc.column('short_code').doNothing())
        .returning(['id', 'short_code'])
        .execute();
      for (const { id } of rows) {
        first = Math.min(first, id);
        last = Math.max(last, id);
      }
      if (rows.length < chunk.length) {
        const stored = new Set(rows.map((row) => row.short_code));
        throw new Taken(start + chunk.findIndex((link) => !stored.has(link.shortCode)));
      }
      if (pause) await pause();
    }
    return { first, last };
  };

  /**
   * Makes an import's rows visible, all in one transaction with the totals, the record that their
   * indexing is due and the removal of the import's own record. Readers see all of them or none.
   */
  const publish = (executor: Executor, token: number, links: readonly NewShortlink[], first: number, last: number) =>
    executor.transaction().execute(async (trx) => {
      // With the id range SQLite reads the rows by rowid, without it through the pending index:
      // measured the same (about 20 ms of CPU for 10,000 rows among a million; the cost is
      // rewriting the rows). The range keeps the statement to this import's rows by both keys.
      const result = await trx
        .updateTable('shortlinks')
        .set({ import_pending: null })
        .where('import_pending', '=', token)
        .where('id', '>=', first)
        .where('id', '<=', last)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== links.length) {
        throw new Error(`Import ${token}: ${result.numUpdatedRows} of ${links.length} rows left to publish`);
      }
      await trx
        .insertInto('settings')
        .values({ key: `${PENDING_INDEX_KEY}${first}`, value: String(last), updated_at: new Date().toISOString() })
        .execute();
      await trx.deleteFrom('settings').where('key', '=', `${IMPORT_KEY}${token}`).execute();
      // Last, right before the commit: on PostgreSQL the totals row stays locked from here to the
      // commit, and every link created or click counted meanwhile waits for it.
      await addToTotals(trx, links);
    });

  // Newest first; id breaks ties between links created in the same millisecond (imports).
  const newestFirst = () =>
    skipPendingBlocks(reader.selectFrom('shortlinks'), 'id')
      .select(SHORTLINK_COLUMNS)
      .where('import_pending', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');

  const titleKey = (ref: string) =>
    dialect.engine === 'sqlite' ? sql`${sql.ref(ref)} COLLATE NOCASE` : sql`lower(${sql.ref(ref)})`;
  const titleValue = (value: string) => (dialect.engine === 'sqlite' ? sql`${value}` : sql`lower(${value})`);

  return {
    async insert(link) {
      return db.transaction().execute(async (trx) => {
        const result = await insertChunk(trx, [link]);
        return 'rows' in result ? toShortlink(result.rows[0]!) : null;
      });
    },
    async insertAll(links, pause) {
      if (links.length === 0) return null;
      const token = randomInt(TOKEN_MIN, TOKEN_MAX);
      running.add(token);
      let range: { first: number; last: number };
      try {
        range = await withImportLock(token, async (executor) => {
          await executor
            .insertInto('settings')
            .values({ key: `${IMPORT_KEY}${token}`, value: String(links.length), updated_at: new Date().toISOString() })
            .execute();
          try {
            if (dialect.engine === 'sqlite') pendingBlocks.set(token, await reserveIds(links.length));
            const written = await writePending(executor, token, links, pause, pendingBlocks.get(token)?.first);
            await publish(executor, token, links, written.first, written.last);
            return written;
          } catch (error) {
            // Nothing was published: the rows and the record go. Should that fail too, the record
            // stays, and the next start removes them.
            await discard(executor, token).catch(() => undefined);
            throw error;
          }
        });
      } catch (error) {
        if (error instanceof Taken) return { takenAt: error.index };
        throw error;
      } finally {
        running.delete(token);
        pendingBlocks.delete(token);
      }
      // The links are in; a failure here leaves the pending record for the next start. The pause
      // keeps the publish and the first indexing transaction in separate turns of the event loop.
      await (async () => {
        if (pause) await pause();
        await indexRange(range.first, range.last, pause);
      })().catch(() => undefined);
      return null;
    },
    async discardUnfinishedImports() {
      const records = await db.selectFrom('settings').select('key').where('key', 'like', `${IMPORT_KEY}%`).execute();
      let discarded = 0;
      for (const { key } of records) {
        const token = Number(key.slice(IMPORT_KEY.length));
        if (!Number.isSafeInteger(token) || running.has(token)) continue;
        if (dialect.engine !== 'postgres') {
          await discard(db, token);
          discarded += 1;
          continue;
        }
        // The import's own connection holds this lock while it runs; taking it means it stopped.
        const removed = await db.connection().execute(async (connection) => {
          const lock = await sql<{ taken: boolean }>`SELECT pg_try_advisory_lock(${token}) AS taken`.execute(
            connection,
          );
          if (!lock.rows[0]?.taken) return false;
          try {
            await discard(connection, token);
          } finally {
            await sql`SELECT pg_advisory_unlock(${token})`.execute(connection);
          }
          return true;
        });
        if (removed) discarded += 1;
      }
      return discarded;
    },
    async indexPending() {
      const pending = await db
        .selectFrom('settings')
        .select(['key', 'value'])
        .where('key', 'like', `${PENDING_INDEX_KEY}%`)
        .execute();
      for (const { key, value } of pending)
        await indexRange(Number(key.slice(PENDING_INDEX_KEY.length)), Number(value));
      return pending.length;
    },
    async update(id, changes) {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('shortlinks')
          .set({
            target_url: changes.targetUrl,
            title: changes.title,
            description: changes.description,
            meta_image: changes.metaImage,
            tags: JSON.stringify(changes.tags),
            redirect_mode: changes.redirectMode,
          })
          .where('id', '=', id)
          .where('import_pending', 'is', null)
          .returning(SHORTLINK_COLUMNS)
          .executeTakeFirst();
        if (!row) return null;
        await unindex(trx, id);
        await indexTags(
          trx,
          uniqueTags(changes.tags).map((tag) => ({ id, tag, createdAt: row.created_at })),
        );
        await searchTermsFor([id]).execute(trx);
        return toShortlink(row);
      });
    },
    async delete(id) {
      return db.transaction().execute(async (trx) => {
        // The link's row is locked first, the way a click batch takes its locks: a delete racing
        // clicks on the same link then waits for them (or they for it) instead of deadlocking, and the
        // counts read below cannot change before the delete commits. (SQLite has one writer anyway.)
        // A link an import has not published yet is not there for anyone, an edit or a delete too.
        let select = trx
          .selectFrom('shortlinks')
          .select(['click_count', 'created_at'])
          .where('id', '=', id)
          .where('import_pending', 'is', null);
        if (dialect.engine === 'postgres') select = select.forUpdate();
        const link = await select.executeTakeFirst();
        if (!link) return false;
        // The link's clicks leave the all-links aggregates too, as they leave the raw clicks
        // (ON DELETE CASCADE). Rows in key order, the order clicks take their row locks in.
        const stats = await trx
          .selectFrom('shortlink_daily_stats')
          .select(['dimension', 'day', 'value', 'clicks'])
          .where('shortlink_id', '=', id)
          .orderBy('dimension')
          .orderBy('day')
          .orderBy('value')
          .execute();
        for (const stat of stats) {
          await trx
            .updateTable('click_daily_stats')
            .set((eb) => ({ clicks: eb('clicks', '-', stat.clicks) }))
            .where('dimension', '=', stat.dimension)
            .where('day', '=', stat.day)
            .where('value', '=', stat.value)
            .execute();
        }
        // And the all-time totals, the link's days summed, in key order too.
        const totals = await trx
          .selectFrom('shortlink_daily_stats')
          .select(['dimension', 'value', sql<number>`sum(clicks)`.as('clicks')])
          .where('shortlink_id', '=', id)
          .groupBy(['dimension', 'value'])
          .orderBy('dimension')
          .orderBy('value')
          .execute();
        for (const total of totals) {
          await trx
            .updateTable('click_value_totals')
            .set((eb) => ({ clicks: eb('clicks', '-', Number(total.clicks)) }))
            .where('dimension', '=', total.dimension)
            .where('value', '=', total.value)
            .execute();
        }
        await unindex(trx, id);
        await trx
          .updateTable('shortlink_totals')
          .set((eb) => ({ links: eb('links', '-', 1), clicks: eb('clicks', '-', link.click_count) }))
          .where('id', '=', 1)
          .execute();
        await trx
          .updateTable('shortlink_daily_created')
          .set((eb) => ({ links: eb('links', '-', 1) }))
          .where('day', '=', link.created_at.slice(0, 10))
          .execute();
        await trx.deleteFrom('shortlinks').where('id', '=', id).execute();
        return true;
      });
    },
    codeExists: async (shortCode) =>
      (await reader.selectFrom('shortlinks').select('id').where('short_code', '=', shortCode).executeTakeFirst()) !==
      undefined,
    async existingCodes(shortCodes) {
      const taken = new Set<string>();
      for (let start = 0; start < shortCodes.length; start += INSERT_CHUNK) {
        const rows = await reader
          .selectFrom('shortlinks')
          .select('short_code')
          .where('short_code', 'in', shortCodes.slice(start, start + INSERT_CHUNK))
          .execute();
        for (const row of rows) taken.add(row.short_code);
      }
      return taken;
    },
    async findById(id) {
      const row = await db
        .selectFrom('shortlinks')
        .select(SHORTLINK_COLUMNS)
        .where('id', '=', id)
        .where('import_pending', 'is', null)
        .executeTakeFirst();
      return row ? toShortlink(row) : null;
    },
    async findPublic(shortCode) {
      const row = await db
        .selectFrom('shortlinks')
        .select(PUBLIC_SHORTLINK_COLUMNS)
        .where('short_code', '=', shortCode)
        .where('import_pending', 'is', null)
        .executeTakeFirst();
      return row ? toPublicShortlink(row) : null;
    },

    async page({ sort, limit, after, q, tag }) {
      // Terms in [lower(q), lower(q) + U+10FFFF): every term that starts with q, in byte order (both
      // engines compare these columns byte-wise), read as one index range. lower() runs in SQL, so
      // the query folds case exactly as the stored terms were folded (SQLite folds ASCII only).
      const terms =
        q === undefined ? undefined : { from: sql<string>`lower(${q})`, to: sql<string>`lower(${`${q}\u{10FFFF}`})` };
      // A tag alone, sorted by clicks or title: how many links carry it (the page's total as well)
      // decides how SQLite should read the page (see COMMON_TAG_SHARE).
      const tagged = tag !== undefined && terms === undefined && sort !== 'newest' ? await tagShare(tag) : undefined;
      /** Whether the prefix has `entries` search-index entries or more (an index walk of that many at most). */
      const hasEntries = async (entries: number) =>
        terms !== undefined &&
        Number(
          (
            await sql<{ entries: number }>`SELECT count(*) AS entries FROM (
              SELECT 1 FROM shortlink_search WHERE term >= ${terms.from} AND term < ${terms.to} LIMIT ${entries}
            ) AS probe`.execute(reader)
          ).rows[0]?.entries ?? 0,
        ) >= entries;
      // It decides how the page is read and whether its links are counted to the end.
      const broad = await hasEntries(broadTerms);
      const walkSortIndex =
        dialect.engine === 'sqlite' && tagged !== undefined && tagged.count * COMMON_TAG_SHARE >= tagged.links;
      // `walk`: the search as a probe per link (for a walk of the sort's index), else as the set of
      // its links' ids (read by id, then sorted), of the links created on `days` if given.
      const matchesBy =
        (walk: boolean, days?: readonly string[]) => (eb: ExpressionBuilder<Tables & { s: ShortlinksTable }, 's'>) => {
          const conditions: Expression<SqlBool>[] = [];
          if (terms !== undefined && walk) {
            // Correlated: the sort's index is walked and each link probes the search index by its id.
            conditions.push(
              eb.exists(
                eb
                  .selectFrom('shortlink_search as ss')
                  .select(sql.lit(1).as('one'))
                  .whereRef('ss.shortlink_id', '=', 's.id')
                  .where('ss.term', '>=', terms.from)
                  .where('ss.term', '<', terms.to),
              ),
            );
          } else if (terms !== undefined) {
            let ids = eb
              .selectFrom('shortlink_search')
              .select('shortlink_id')
              .where('term', '>=', terms.from)
              .where('term', '<', terms.to);
            if (days !== undefined) ids = ids.where('created_day', 'in', days);
            // PostgreSQL: the ids as an array, read first. With IN (…) and a newest-first LIMIT its
            // planner walked the newest index and probed each link instead, betting on matches near
            // the front: 280 ms for a prefix in 2,200 of 250,000 links behind 50,000 newer links
            // that lacked it, against 4–60 ms read by id and sorted.
            conditions.push(
              dialect.engine === 'postgres'
                ? sql<SqlBool>`${sql.ref('s.id')} = ANY(ARRAY(${ids}))`
                : eb('s.id', 'in', ids),
            );
          }
          if (tag !== undefined && (sort !== 'newest' || terms !== undefined)) {
            // The unary plus keeps s.id out of SQLite's index choice: it then walks the sort's own
            // index and checks each link against the tag's ids, instead of reading every tagged link
            // by id and sorting them all.
            const id = walkSortIndex ? sql<number>`+s.id` : sql.ref<number>('s.id');
            conditions.push(
              eb(id, 'in', eb.selectFrom('shortlink_tags').select('shortlink_id').where('tag', '=', tag)),
            );
          }
          return eb.and(conditions);
        };

      const matches = matchesBy(false);

      /**
       * Where `position` lies in the sort's order, as a condition on the links: 'after' is strictly
       * past it (the keyset of the next page), 'through' is up to it and itself (the end of a walk).
       */
      const keyset = (position: ShortlinkPosition, side: 'after' | 'through') => {
        if (position.sort === 'title') {
          // Spelled out, not a row value: SQLite reads no index range for a row value whose first
          // column has a COLLATE, so a page deep in the title order scanned the index from its start
          // (200 ms at a million links). The first term here is a range of the title index.
          const key = titleKey('s.title');
          const value = titleValue(position.title);
          return side === 'after'
            ? sql<SqlBool>`(${key} >= ${value} AND (${key} > ${value} OR s.id > ${position.id}))`
            : sql<SqlBool>`(${key} <= ${value} AND (${key} < ${value} OR s.id <= ${position.id}))`;
        }
        const op = sql.raw(side === 'after' ? '<' : '>=');
        return position.sort === 'newest'
          ? sql<SqlBool>`(s.created_at, s.id) ${op} (${position.createdAt}, ${position.id})`
          : sql<SqlBool>`(s.click_count, s.id) ${op} (${position.clicks}, ${position.id})`;
      };
      const from = after?.sort === sort ? after : undefined;

      const inSortOrder = <O>(query: LinkQuery<O>): LinkQuery<O> =>
        sort === 'newest'
          ? query.orderBy('s.created_at', 'desc').orderBy('s.id', 'desc')
          : sort === 'clicks'
            ? query.orderBy('s.click_count', 'desc').orderBy('s.id', 'desc')
            : query.orderBy(titleKey('s.title')).orderBy('s.id');

      /**
       * The links in the sort's order after `start` (the cursor's link), through `through` if given,
       * of those created on `days` if given (a walk is given one day, and crosses that day's
       * stretch of the index only).
       */
      const sortedPage = (walk: boolean, through?: ShortlinkPosition, start = from, days?: readonly string[]) => {
        // Unfiltered, the page walks a sort's index from one end, where an import's pending rows
        // gather (the newest, or in the clicks and title orders wherever theirs fall).
        const links = reader.selectFrom('shortlinks as s');
        let query = inSortOrder(
          (terms === undefined && tag === undefined ? skipPendingBlocks(links, 's.id') : links)
            .selectAll('s')
            .where(matchesBy(walk, days))
            .where('s.import_pending', 'is', null)
            .limit(limit),
        );
        if (start) query = query.where(keyset(start, 'after'));
        if (through) query = query.where(keyset(through, 'through'));
        // created_at is ISO 8601 text: the day's times are the texts from "YYYY-MM-DD" up to
        // "YYYY-MM-DDU" ("T" follows the date in each of them, and "U" sorts after "T").
        const day = walk ? days?.[0] : undefined;
        if (day !== undefined) query = query.where('s.created_at', '>=', day).where('s.created_at', '<', `${day}U`);
        return query.execute();
      };

      /**
       * The newest creation days at or before `day` (strictly before it, if not `inclusive`) with a
       * link whose terms include the prefix, newest first, until they hold `wanted` matches; each
       * with how many of its terms do (`daySortTerms` at most: a day with that many is dense). Each
       * day passed costs two probes of the (created_day, term) index, the day before it and whether
       * it holds the prefix, however many links it has; a day that holds it, a count of its matches
       * up to `wanted` (and up to daySortTerms for the days answered).
       */
      const daysWithMatches = async (day: string, inclusive: boolean, wanted: number) => {
        const inDay = sql`shortlink_search.created_day = days.day AND term >= ${terms!.from} AND term < ${terms!.to}`;
        /** Whether the day has `count` matches or more: one index range of that many entries at most. */
        const reaches = (count: number) =>
          sql<SqlBool>`EXISTS (SELECT 1 FROM shortlink_search WHERE ${inDay} ORDER BY term LIMIT 1 OFFSET ${count - 1})`;
        const matches = (cap: number) =>
          sql<number>`(CASE WHEN ${reaches(cap)} THEN ${cap} ELSE (SELECT count(*) FROM shortlink_search WHERE ${inDay}) END)`;
        const older = (bound: Expression<SqlBool>) =>
          sql<string>`(SELECT created_day FROM shortlink_search WHERE ${bound} ORDER BY created_day DESC LIMIT 1)`;
        const result = await sql<{ day: string; matches: number }>`
          WITH RECURSIVE days (day, found) AS (
            -- found: the matches of the newer days, a BIGINT as PostgreSQL counts them.
            SELECT ${older(inclusive ? sql`created_day <= ${day}` : sql`created_day < ${day}`)}, CAST(0 AS BIGINT)
            UNION ALL
            SELECT ${older(sql`created_day < days.day`)}, days.found + ${matches(wanted)} FROM days
            WHERE days.day IS NOT NULL AND days.found < ${wanted}
          )
          SELECT day, ${matches(daySortTerms)} AS matches
          FROM days WHERE day IS NOT NULL AND EXISTS (SELECT 1 FROM shortlink_search WHERE ${inDay})
          ORDER BY day DESC`.execute(reader);
        return result.rows.map((row) => ({ day: row.day, matches: Number(row.matches) }));
      };

      /**
       * Up to a page of the newest links after `start` whose terms include the prefix, read by
       * creation day: days with no match are skipped (daysWithMatches), the matches of consecutive
       * days with a few are read by id and sorted together, a day with many (daySortTerms) is walked.
       */
      const byDay = async (start: ShortlinkPosition & { sort: 'newest' }) => {
        const found: ShortlinkRow[] = [];
        let next = { day: start.createdAt.slice(0, 10), inclusive: true };
        for (;;) {
          const days = await daysWithMatches(next.day, next.inclusive, limit);
          if (days.length === 0) return found;
          let sparse: string[] = [];
          let pending = 0;
          const readSparse = async () => {
            if (sparse.length > 0) found.push(...(await sortedPage(false, undefined, start, sparse)));
            sparse = [];
            pending = 0;
          };
          for (const { day, matches } of days) {
            if (matches >= daySortTerms) {
              await readSparse();
              if (found.length < limit) found.push(...(await sortedPage(true, undefined, start, [day])));
            } else {
              sparse.push(day);
              pending += matches;
              // Enough to fill the page, unless a tag filter leaves some out.
              if (found.length + pending >= limit) await readSparse();
            }
            if (found.length >= limit) return found;
          }
          await readSparse();
          if (found.length >= limit) return found;
          next = { day: days.at(-1)!.day, inclusive: false };
        }
      };

      /**
       * The walkBudget-th link after the cursor in the sort's order, if there is one. SQLite reads
       * the skipped links from the sort's index alone: it fetches a row only for the one it answers.
       */
      const walkEnd = async (): Promise<ShortlinkPosition | undefined> => {
        const links = reader.selectFrom('shortlinks as s').select(['s.id', 's.created_at', 's.click_count', 's.title']);
        const row = await inSortOrder(from ? links.where(keyset(from, 'after')) : links)
          .limit(1)
          .offset((sort === 'newest' ? Math.min(walkBudget, newestWalkBudget) : walkBudget) - 1)
          .executeTakeFirst();
        if (!row) return undefined;
        if (sort === 'newest') return { sort, createdAt: row.created_at, id: row.id };
        return sort === 'clicks'
          ? { sort, clicks: row.click_count, id: row.id }
          : { sort, title: row.title, id: row.id };
      };

      const pageRows = async (): Promise<ShortlinkRow[]> => {
        if (tag !== undefined && sort === 'newest' && terms === undefined) {
          // The tag's own rows are in (tag, created_at, id) order: the page is one index range.
          let query = reader
            .selectFrom('shortlink_tags as t')
            .innerJoin('shortlinks as s', 's.id', 't.shortlink_id')
            .selectAll('s')
            .where('t.tag', '=', tag)
            .where('s.import_pending', 'is', null)
            .orderBy('t.created_at', 'desc')
            .orderBy('t.shortlink_id', 'desc')
            .limit(limit);
          if (after?.sort === 'newest') {
            query = query.where(sql<SqlBool>`(t.created_at, t.shortlink_id) < (${after.createdAt}, ${after.id})`);
          }
          return query.execute();
        } else if (!broad && (sort !== 'newest' || !(await hasEntries(newestSortTerms)))) {
          return sortedPage(false);
        }
        // A broad search, or newest first any but the narrowest, walks the sort's index for its
        // page, up to walkBudget links. A page the walk filled, or a walk that reached the end of
        // the index, is the answer; otherwise the matches lie further on: newest first they are
        // read day by day, in the other orders a dense prefix walks on to them and any other is read
        // by id and sorted.
        const end = await walkEnd();
        const walked = await sortedPage(true, end);
        if (walked.length >= limit || end === undefined) return walked;
        // Newest first, the days behind the walk's end that hold the prefix are found by the index.
        if (end.sort === 'newest') return [...walked, ...(await byDay(end))].slice(0, limit);
        // The other orders have no such index: a dense prefix walks on, any other is read and sorted.
        if (!(await hasEntries(denseTerms))) return sortedPage(false);
        // Walking on from where the first walk stopped.
        return [...walked, ...(await sortedPage(true, undefined, end))].slice(0, limit);
      };

      const count = async (): Promise<number> => {
        if (broad && tag === undefined && dialect.engine === 'sqlite') {
          // Up to one past the cap: DISTINCT hands each new id on as it meets it, so LIMIT stops it.
          const row = await sql<{ count: number }>`SELECT count(*) AS count FROM (
              SELECT DISTINCT shortlink_id FROM shortlink_search
              WHERE term >= ${terms!.from} AND term < ${terms!.to} LIMIT ${countCap + 1}
            ) AS matched`.execute(reader);
          return Number(row.rows[0]?.count ?? 0);
        } else if (broad && tag === undefined) {
          // PostgreSQL's DISTINCT is a hash aggregate, which reads every entry of the range before a
          // LIMIT above it applies: 24 ms for 250,000 entries, growing with them. So the distinct ids
          // are counted among the range's first entries, a window twice the cap at first: more
          // links than the cap there is enough, and a window the range did not fill is the whole
          // range. Only a range whose links have many entries each needs a wider window.
          for (let window = 2 * (countCap + 1); ; window *= 2) {
            const row = await sql<{ links: number; entries: number }>`
              SELECT count(DISTINCT shortlink_id) AS links, count(*) AS entries FROM (
                SELECT shortlink_id FROM shortlink_search
                WHERE term >= ${terms!.from} AND term < ${terms!.to} LIMIT ${window}
              ) AS first_entries`.execute(reader);
            const { links, entries } = row.rows[0] ?? { links: 0, entries: 0 };
            if (Number(links) > countCap || Number(entries) < window) return Number(links);
          }
        } else if (broad) {
          const row = await reader
            .selectFrom((eb) =>
              eb
                .selectFrom('shortlinks as s')
                .select('s.id')
                .where(matchesBy(true))
                .limit(countCap + 1)
                .as('matched'),
            )
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .executeTakeFirst();
          return Number(row?.count ?? 0);
        } else if (terms !== undefined && tag === undefined) {
          // Counted in the search index alone, one range of it: a link's terms are written only once
          // it is published (indexRange skips pending ones) and removed with it, so every distinct id
          // there is a visible link. Reading each link's row as well cost as much again.
          const row = await reader
            .selectFrom('shortlink_search')
            .select((eb) => eb.fn.count<number>('shortlink_id').distinct().as('count'))
            .where('term', '>=', terms.from)
            .where('term', '<', terms.to)
            .executeTakeFirst();
          return Number(row?.count ?? 0);
        } else if (terms !== undefined) {
          // No pending filter: search terms are written only for published links (indexRange skips
          // pending ones), and the count stays a walk of search-index entries and ids.
          const row = await reader
            .selectFrom('shortlinks as s')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where(matches)
            .executeTakeFirst();
          return Number(row?.count ?? 0);
        } else if (tagged !== undefined) {
          return tagged.count;
        } else if (tag !== undefined) {
          return (await tagShare(tag)).count;
        } else {
          const row = await reader.selectFrom('shortlink_totals').select('links').executeTakeFirst();
          return row?.links ?? 0;
        }
      };

      // Both at once: on a SQLite file the reader thread answers them one after the other without
      // the request going back to the event loop in between (where a busy loop, an import's
      // transaction for one, made it wait once more); PostgreSQL's pool runs them side by side.
      const [items, total] = await Promise.all([pageRows(), count()]);
      return total > countCap && broad
        ? { items: items.map(toShortlink), total: countCap, totalCapped: true }
        : { items: items.map(toShortlink), total };
    },

    listNewestFirst: async (limit) => (await newestFirst().limit(limit).execute()).map(toShortlink),
    async *batchesOldestFirst(batchSize) {
      let after: { createdAt: string; id: number } | undefined;
      for (;;) {
        let query = skipPendingBlocks(reader.selectFrom('shortlinks'), 'id')
          .select(SHORTLINK_COLUMNS)
          .where('import_pending', 'is', null)
          .orderBy('created_at')
          .orderBy('id')
          .limit(batchSize);
        if (after) query = query.where(sql<SqlBool>`(created_at, id) > (${after.createdAt}, ${after.id})`);
        const rows = await query.execute();
        if (rows.length === 0) return;
        const last = rows.at(-1)!;
        after = { createdAt: last.created_at, id: last.id };
        yield rows.map(toShortlink);
        if (rows.length < batchSize) return;
      }
    },
    // (click_count, id) is one index, read backwards: ties go to the newer id.
    topByClicks: async (limit) =>
      (
        await skipPendingBlocks(reader.selectFrom('shortlinks'), 'id')
          .select(SHORTLINK_COLUMNS)
          .where('import_pending', 'is', null)
          .orderBy('click_count', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .execute()
      ).map(toShortlink),
    tagCounts: async (limit) =>
      (
        await reader
          .selectFrom('shortlink_tag_counts')
          .select(['tag', 'count'])
          .where('count', '>', 0)
          .orderBy('count', 'desc')
          .orderBy('tag')
          .limit(limit)
          .execute()
      ).map(({ tag, count }) => ({ tag, count: Number(count) })),
    async totals({ from, to }) {
      // Counters only: a day's count is one row, however many links an import brought that day
      // (counting them in the created_at index took 14 ms for 200,000). Pending imports are added
      // when they are published.
      const [totals, created] = await Promise.all([
        reader.selectFrom('shortlink_totals').select(['links', 'clicks']).executeTakeFirst(),
        reader
          .selectFrom('shortlink_daily_created')
          .select((eb) => eb.fn.sum<number | string | null>('links').as('links'))
          .where('day', '>=', from)
          .where('day', '<', to)
          .executeTakeFirst(),
      ]);
      return {
        totalLinks: Number(totals?.links ?? 0),
        totalClicks: Number(totals?.clicks ?? 0),
        createdBetween: Number(created?.links ?? 0),
      };
    },
  };
}
