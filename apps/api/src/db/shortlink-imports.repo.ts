import { randomInt } from 'node:crypto';
import { sql, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Dialect } from './dialect';
import type { Tables } from './schema';
import { searchTermsSql } from './shortlink-index.sql';
import { linkRow, type NewShortlink } from './shortlink-rows';
import { indexTags, tagRowsOf } from './shortlink-tags.repo';
import { addToTotals, ClickTotalFull } from './shortlink-totals.repo';
import { yieldToEventLoop } from '../event-loop';

/*
 * The import protocol (docs/decisions/0014-import-publish.md): an import's links are written as
 * pending rows, published in one short transaction, then indexed; records in settings let the next
 * start finish or remove an import that a crash stopped half way.
 */

export interface ShortlinkImportsRepo {
  /**
   * Inserts every link, all or none as any reader sees it. Answers the index of the first link
   * whose code is taken, or `clickTotalFull` when their click counts would take the clicks of all
   * links past SHORTLINK_LIMITS.importedClicksTotal (either way nothing is written), or null on success.
   * The rows go in as pending (invisible, see docs/decisions/0014-import-publish.md) in short
   * transactions with `pause` between them, so other requests and writes run meanwhile; one short
   * transaction then publishes them with the totals. Their tag rows, tag counts and search terms
   * follow in small transactions before this answers (see `indexPending`).
   */
  insertAll(
    links: readonly NewShortlink[],
    pause?: () => Promise<void>,
  ): Promise<{ takenAt: number } | { clickTotalFull: true } | null>;
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
  /** Which of these codes are taken (one query per few hundred codes), pending ones included. */
  existingCodes(shortCodes: readonly string[]): Promise<Set<string>>;
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

/**
 * SQLite: the ids set aside for each running import of this process (the only process on its
 * data folder), by token. Every id in a block belongs to a pending row or to none, so a list can
 * step over the block by id, which every index holds, without reading the rows' import_pending.
 * An import's rows are the newest: without this, the first page of Manage Links read 10,000 rows
 * from the table during an import to find 50 visible ones (9–22 ms against 1 ms between imports).
 */
export class PendingBlocks extends Map<number, { first: number; last: number }> {
  /**
   * The query without the rows of running imports' id blocks. A filter on the id alone: it never
   * changes which index SQLite walks, and it keeps import_pending as the rule for what is visible.
   */
  skip<DB, TB extends keyof DB, O>(
    query: SelectQueryBuilder<DB, TB, O>,
    column: string,
  ): SelectQueryBuilder<DB, TB, O> {
    let skipping = query;
    for (const { first, last } of this.values()) {
      skipping = skipping.where(sql<SqlBool>`NOT (${sql.ref(column)} BETWEEN ${first} AND ${last})`);
    }
    return skipping;
  }
}

export function createShortlinkImportsRepo(
  db: Executor,
  dialect: Dialect,
  reader: Executor,
  pendingBlocks: PendingBlocks,
): ShortlinkImportsRepo {
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
        // An edit or delete of one of these links waits for this transaction (and this one for
        // it), so tags are never read before an edit and written after it.
        await dialect.lockLinks(trx, start, end);
        const rows = await trx
          .selectFrom('shortlinks')
          .select(['id', 'tags', 'created_at'])
          .where('id', '>=', start)
          .where('id', '<=', end)
          .where('import_pending', 'is', null)
          .execute();
        await indexTags(trx, tagRowsOf(rows));
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

  /** Tokens of the imports this process is running: the cleanup never takes them for abandoned. */
  const running = new Set<number>();

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

  return {
    async insertAll(links, pause) {
      if (links.length === 0) return null;
      const token = randomInt(TOKEN_MIN, TOKEN_MAX);
      running.add(token);
      let range: { first: number; last: number };
      try {
        range = await dialect.whileImporting(db, token, async (executor) => {
          await executor
            .insertInto('settings')
            .values({ key: `${IMPORT_KEY}${token}`, value: String(links.length), updated_at: new Date().toISOString() })
            .execute();
          try {
            const block = await dialect.reserveIds(db, links.length);
            if (block) pendingBlocks.set(token, block);
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
        if (error instanceof ClickTotalFull) return { clickTotalFull: true };
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
        if (await dialect.ifImportStopped(db, token, (executor) => discard(executor, token))) discarded += 1;
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
  };
}
