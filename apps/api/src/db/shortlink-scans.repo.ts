import type { Shortlink } from '@toolvault/shared';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Tables } from './schema';
import type { PendingBlocks } from './shortlink-imports.repo';
import { linksOf, SHORTLINK_COLUMNS } from './shortlink-rows';

/* The lists without a filter: the newest and the most clicked links, and every link in batches. */

export interface ShortlinkScansRepo {
  listNewestFirst(limit: number): Promise<Shortlink[]>;
  /** Every link, oldest first, `batchSize` at a time (keyset reads: memory does not grow with the count). */
  batchesOldestFirst(batchSize: number): AsyncIterable<Shortlink[]>;
  topByClicks(limit: number): Promise<Shortlink[]>;
  /**
   * The links whose end (valid_until) lies after `after` and at or before `until` (ISO 8601), by
   * that end then id, `batchSize` at a time: those a sweep tells webhooks have expired. A link that
   * ran out of visits before is left out, as it had expired already.
   */
  endedBetween(after: string, until: string, batchSize: number): AsyncIterable<Shortlink[]>;
}

/** Reads through `reader` (see createShortlinksRepo); an import's pending rows are never listed. */
export function createShortlinkScansRepo(reader: Kysely<Tables>, pendingBlocks: PendingBlocks): ShortlinkScansRepo {
  // Newest first; id breaks ties between links created in the same millisecond (imports).
  const newestFirst = () =>
    pendingBlocks
      .skip(reader.selectFrom('shortlinks'), 'id')
      .select(SHORTLINK_COLUMNS)
      .where('import_pending', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');

  return {
    listNewestFirst: async (limit) => linksOf(reader, await newestFirst().limit(limit).execute()),
    async *batchesOldestFirst(batchSize) {
      let after: { createdAt: string; id: number } | undefined;
      for (;;) {
        let query = pendingBlocks
          .skip(reader.selectFrom('shortlinks'), 'id')
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
        yield await linksOf(reader, rows);
        if (rows.length < batchSize) return;
      }
    },
    // One range of shortlinks_valid_until (migration 23): the cost is the links that ended in the span.
    async *endedBetween(after, until, batchSize) {
      let from: { validUntil: string; id: number } | undefined;
      for (;;) {
        let query = pendingBlocks
          .skip(reader.selectFrom('shortlinks'), 'id')
          .select(SHORTLINK_COLUMNS)
          .where('valid_until', 'is not', null)
          .where('valid_until', '>', after)
          .where('valid_until', '<=', until)
          .where('import_pending', 'is', null)
          .where(sql<SqlBool>`NOT (max_visits IS NOT NULL AND click_count >= max_visits)`)
          .orderBy('valid_until')
          .orderBy('id')
          .limit(batchSize);
        if (from) query = query.where(sql<SqlBool>`(valid_until, id) > (${from.validUntil}, ${from.id})`);
        const rows = await query.execute();
        if (rows.length === 0) return;
        const last = rows.at(-1)!;
        from = { validUntil: last.valid_until!, id: last.id };
        yield await linksOf(reader, rows);
        if (rows.length < batchSize) return;
      }
    },
    // (click_count, id) is one index, read backwards: ties go to the newer id.
    topByClicks: async (limit) =>
      linksOf(
        reader,
        await pendingBlocks
          .skip(reader.selectFrom('shortlinks'), 'id')
          .select(SHORTLINK_COLUMNS)
          .where('import_pending', 'is', null)
          .orderBy('click_count', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .execute(),
      ),
  };
}
