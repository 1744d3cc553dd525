import type { Expression, ExpressionBuilder, Kysely, RawBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import type { WriteClicks } from '../click-batch';
import type { Storage } from '../database';
import type { ShortlinksTable, Tables } from '../schema';

type Executor = Kysely<Tables>;

/** A range of search terms: every term that starts with a prefix (see ShortlinkListsRepo#page). */
export interface TermRange {
  from: RawBuilder<string>;
  to: RawBuilder<string>;
}

/** The ids of links, read from the search index: `shortlink_id` of shortlink_search. */
type LinkIds = SelectQueryBuilder<Tables & { s: ShortlinksTable }, 'shortlink_search', { shortlink_id: number }>;

/**
 * What SQLite and PostgreSQL do differently, decided here once per engine (sqlite.ts, postgres.ts)
 * so that repositories are written once and never ask which engine they run on. Everything else
 * (ON CONFLICT, RETURNING, transactions) is the same on both through Kysely.
 */
export interface Dialect {
  // Case-insensitive order.
  /** A column compared and sorted without regard to case (SQLite's NOCASE, PostgreSQL's lower()). */
  noCase(column: string): RawBuilder<string>;
  /** A value compared with a `noCase` column, folded the same way. */
  noCaseValue(value: string): RawBuilder<string>;

  // Locking.
  /**
   * The rows `query` reads, locked until the transaction ends where writers take row locks, so
   * two writers of one row queue instead of deadlocking.
   */
  lockRows<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O>;
  /**
   * The rows `query` reads that no other transaction holds, locked, for a queue's claim: two
   * replicas claiming at once take different rows instead of waiting for each other (PostgreSQL's
   * FOR UPDATE SKIP LOCKED). SQLite has one writer at a time, so its claim, one UPDATE, is atomic as is.
   */
  skipLockedRows<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): SelectQueryBuilder<DB, TB, O>;
  /**
   * Locks the visible links with ids first..last until `trx` ends, before their tags are read and
   * written again (an import's indexing), so an edit of one of them cannot fall in between.
   */
  lockLinks(trx: Executor, first: number, last: number): Promise<void>;
  /**
   * Runs an import's statements (on the executor it is handed) in a way that tells every other
   * process that the import of `token` is alive, until `work` ends.
   */
  whileImporting<T>(db: Executor, token: number, work: (executor: Executor) => Promise<T>): Promise<T>;
  /**
   * Runs `work` if no process runs the import of `token` any more (it was stopped by a crash or a
   * lost connection; this process's own running imports the caller leaves out). Answers whether
   * it ran.
   */
  ifImportStopped(db: Executor, token: number, work: (executor: Executor) => Promise<void>): Promise<boolean>;

  // Id blocks.
  /**
   * Sets `count` consecutive ids aside for an import's links, before its first row is written, or
   * answers undefined where the engine hands ids out otherwise (then a list cannot step over an
   * import's rows by id).
   */
  reserveIds(db: Executor, count: number): Promise<{ first: number; last: number } | undefined>;

  // The search planner's choices.
  /** Whether a common tag's page, sorted by clicks or title, walks the sort's index (see COMMON_TAG_SHARE). */
  walksSortIndexForCommonTags: boolean;
  /** The condition "the link `s` is one of `ids`", written the way the engine's planner reads ids first. */
  linkIdIn(eb: ExpressionBuilder<Tables & { s: ShortlinksTable }, 's'>, ids: LinkIds): Expression<SqlBool>;
  /**
   * How many distinct links have a term in `terms`, counted up to `cap` + 1 at most: the total of a
   * broad search, whose range may hold millions of entries.
   */
  countLinksWithTerms(reader: Executor, terms: TermRange, cap: number): Promise<number>;

  // Where statements run, and the clicks' batches.
  /** Whether the statements of `storage.reader` run on the event loop (and hold it while they run). */
  readsHoldEventLoop(storage: Storage): boolean;
  /** How `storage` writes a batch of clicks (see runClickBatch), each batch in one transaction. */
  writeClicks(storage: Storage): WriteClicks;
}
