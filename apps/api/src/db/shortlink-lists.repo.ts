import type { Shortlink, ShortlinkSort } from '@toolvault/shared';
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
import type { PendingBlocks } from './shortlink-imports.repo';
import { SHORTLINK_COLUMNS, toShortlink, type ShortlinkRow } from './shortlink-rows';
import { tagShare } from './shortlink-tags.repo';

/* The lists of links: keyset pages with search and tag filter, the newest, the top, all in batches. */

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

export interface ShortlinkListsRepo {
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
}

/** A query of the links under the alias `s`, answering rows of type O. */
type LinkQuery<O> = SelectQueryBuilder<Tables & { s: ShortlinksTable }, 's', O>;

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

/** The search's limits; tests pass small ones, to reach the broad-search reads with a few dozen links. */
export interface SearchLimits {
  broadTerms?: number;
  countCap?: number;
  walkBudget?: number;
  denseTerms?: number;
  daySortTerms?: number;
  newestWalkBudget?: number;
  newestSortTerms?: number;
}

/** Reads through `reader` (see createShortlinksRepo); an import's pending rows are never listed. */
export function createShortlinkListsRepo(
  reader: Kysely<Tables>,
  dialect: Dialect,
  pendingBlocks: PendingBlocks,
  {
    broadTerms = SEARCH_BROAD_TERMS,
    countCap = SEARCH_COUNT_CAP,
    walkBudget = SEARCH_WALK_BUDGET,
    denseTerms = SEARCH_DENSE_TERMS,
    daySortTerms = SEARCH_DAY_SORT_TERMS,
    newestWalkBudget = SEARCH_NEWEST_WALK_BUDGET,
    newestSortTerms = SEARCH_NEWEST_SORT_TERMS,
  }: SearchLimits = {},
): ShortlinkListsRepo {
  // Newest first; id breaks ties between links created in the same millisecond (imports).
  const newestFirst = () =>
    pendingBlocks
      .skip(reader.selectFrom('shortlinks'), 'id')
      .select(SHORTLINK_COLUMNS)
      .where('import_pending', 'is', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc');

  return {
    async page({ sort, limit, after, q, tag }) {
      // Terms in [lower(q), lower(q) + U+10FFFF): every term that starts with q, in byte order (both
      // engines compare these columns byte-wise), read as one index range. lower() runs in SQL, so
      // the query folds case exactly as the stored terms were folded (SQLite folds ASCII only).
      const terms =
        q === undefined ? undefined : { from: sql<string>`lower(${q})`, to: sql<string>`lower(${`${q}\u{10FFFF}`})` };
      // A tag alone, sorted by clicks or title: how many links carry it (the page's total as well)
      // decides how SQLite should read the page (see COMMON_TAG_SHARE).
      const tagged =
        tag !== undefined && terms === undefined && sort !== 'newest' ? await tagShare(reader, tag) : undefined;
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
        dialect.walksSortIndexForCommonTags && tagged !== undefined && tagged.count * COMMON_TAG_SHARE >= tagged.links;
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
            conditions.push(dialect.linkIdIn(eb, ids));
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
          const key = dialect.noCase('s.title');
          const value = dialect.noCaseValue(position.title);
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
            : query.orderBy(dialect.noCase('s.title')).orderBy('s.id');

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
          (terms === undefined && tag === undefined ? pendingBlocks.skip(links, 's.id') : links)
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
        if (broad && tag === undefined) {
          return dialect.countLinksWithTerms(reader, terms!, countCap);
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
          return (await tagShare(reader, tag)).count;
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
        yield rows.map(toShortlink);
        if (rows.length < batchSize) return;
      }
    },
    // (click_count, id) is one index, read backwards: ties go to the newer id.
    topByClicks: async (limit) =>
      (
        await pendingBlocks
          .skip(reader.selectFrom('shortlinks'), 'id')
          .select(SHORTLINK_COLUMNS)
          .where('import_pending', 'is', null)
          .orderBy('click_count', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .execute()
      ).map(toShortlink),
  };
}
