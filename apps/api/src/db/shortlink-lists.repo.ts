import { NO_FOLDER, type Shortlink, type ShortlinkSort } from '@toolvault/shared';
import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import type { Dialect } from './dialect';
import type { ShortlinksTable, Tables } from './schema';
import { isRowId } from './row-id';
import type { PendingBlocks } from './shortlink-imports.repo';
import { linksOf, type ShortlinkRow } from './shortlink-rows';
import { statusCondition, type StatusFilter } from './shortlink-rules.sql';
import {
  chooseAfterWalk,
  chooseCount,
  chooseFirstRead,
  isBroad,
  needsTagShare,
  SEARCH_LIMITS,
  walkLength,
  walksDay,
  walksSortIndexForMaker,
  walksSortIndexForTag,
  type PageCount,
  type SearchLimits,
} from './shortlink-search-plan';
import { tagShare } from './shortlink-tags.repo';
import { archivedIs, inSortOrder, keyset, type ShortlinkPosition } from './shortlink-list-order';

export type { ShortlinkPosition } from './shortlink-list-order';

/* The lists of links: keyset pages with search and tag filter, the newest, the top, all in batches. */

export interface ShortlinkPageQuery {
  sort: ShortlinkSort;
  limit: number;
  after?: ShortlinkPosition;
  /** Prefix of a search term (code, title, target, tag); see shortlink-index.sql.ts. */
  q?: string;
  tag?: string;
  /** Only the links this person created. */
  createdBy?: number;
  /** Only the links active (or inactive) at an instant; absent: all. */
  status?: StatusFilter;
  /** Only the links of this folder, or of none ('none'). */
  folder?: number | typeof NO_FOLDER;
  /** Only archived links when true; only links not archived otherwise (the default list). */
  archived?: boolean;
}

export interface ShortlinkListsRepo {
  /**
   * One keyset page: up to `limit` links after `after`, and how many links match in all. A search
   * so broad that counting its links would cost more than the page stops counting at
   * SEARCH_COUNT_CAP: `total` is then that many and `totalCapped` is true.
   */
  page(query: ShortlinkPageQuery): Promise<{ items: Shortlink[]; total: number; totalCapped?: true }>;
}

/** Reads through `reader` (see createShortlinksRepo); an import's pending rows are never listed. */
export function createShortlinkListsRepo(
  reader: Kysely<Tables>,
  dialect: Dialect,
  pendingBlocks: PendingBlocks,
  limitsGiven: Partial<SearchLimits> = {},
): ShortlinkListsRepo {
  const limits = { ...SEARCH_LIMITS, ...limitsGiven };
  const { countCap, daySortTerms } = limits;

  return {
    async page({ sort, limit, after, q, tag, createdBy, status, folder, archived = false }) {
      // An id no row can have names nobody (and PostgreSQL would fail on it).
      if (createdBy !== undefined && !isRowId(createdBy)) return { items: [], total: 0 };
      // Terms in [lower(q), lower(q) + U+10FFFF): every term that starts with q, in byte order (both
      // engines compare these columns byte-wise), read as one index range. lower() runs in SQL, so
      // the query folds case exactly as the stored terms were folded (SQLite folds ASCII only).
      const terms =
        q === undefined ? undefined : { from: sql<string>`lower(${q})`, to: sql<string>`lower(${`${q}\u{10FFFF}`})` };
      // How the page is read and counted is the planner's choice (shortlink-search-plan.ts); the
      // reads it names are written here.
      const shape = { sort, search: terms !== undefined, tag: tag !== undefined, maker: createdBy !== undefined };
      /** A folder, or the archived links: a part of the links whose count no aggregate keeps. */
      const narrowed = folder !== undefined || archived;
      const tagged = needsTagShare(shape) ? await tagShare(reader, tag!) : undefined;
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
      const broad = await isBroad(hasEntries, limits);
      const walkSortIndex = walksSortIndexForTag(tagged, dialect.walksSortIndexForCommonTags);
      // Set once the person's links are counted (walksSortIndexForMaker), before the page is read.
      let walkMakerIndex = false;
      // `walk`: the search as a probe per link (for a walk of the sort's index), else as the set of
      // its links' ids (read by id, then sorted), of the links created on `days` if given.
      const matchesBy =
        (walk: boolean, days?: readonly string[], archive: 0 | 1 = archived ? 1 : 0) =>
        (eb: ExpressionBuilder<Tables & { s: ShortlinksTable }, 's'>) => {
          const conditions: Expression<SqlBool>[] = [archivedIs(eb, archive)];
          if (folder !== undefined) {
            conditions.push(folder === NO_FOLDER ? eb('s.folder_id', 'is', null) : eb('s.folder_id', '=', folder));
          }
          if (createdBy !== undefined) {
            // The unary plus keeps the person's index out of SQLite's choice, as for s.id below.
            const maker = walkMakerIndex ? sql<number>`+s.created_by` : sql.ref<number>('s.created_by');
            conditions.push(eb(maker, '=', createdBy));
          }
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
          if (status !== undefined) conditions.push(statusCondition(status));
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

      const from = after?.sort === sort ? after : undefined;

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
          dialect,
          sort,
          (terms === undefined && tag === undefined ? pendingBlocks.skip(links, 's.id') : links)
            .selectAll('s')
            .where(matchesBy(walk, days))
            .where('s.import_pending', 'is', null)
            .limit(limit),
        );
        if (start) query = query.where(keyset(dialect, start, 'after'));
        if (through) query = query.where(keyset(dialect, through, 'through'));
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
            if (walksDay(matches, limits)) {
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
        const row = await inSortOrder(dialect, sort, from ? links.where(keyset(dialect, from, 'after')) : links)
          .limit(1)
          .offset(walkLength(sort, limits) - 1)
          .executeTakeFirst();
        if (!row) return undefined;
        if (sort === 'newest') return { sort, createdAt: row.created_at, id: row.id };
        return sort === 'clicks'
          ? { sort, clicks: row.click_count, id: row.id }
          : { sort, title: row.title, id: row.id };
      };

      const pageRows = async (): Promise<ShortlinkRow[]> => {
        const read = await chooseFirstRead(shape, broad, hasEntries, limits);
        if (read === 'tag-range' && tag !== undefined) {
          // The tag's own rows are in (tag, created_at, id) order: the page is one index range.
          let query = reader
            .selectFrom('shortlink_tags as t')
            .innerJoin('shortlinks as s', 's.id', 't.shortlink_id')
            .selectAll('s')
            .where('t.tag', '=', tag)
            .where('s.import_pending', 'is', null)
            .$if(createdBy !== undefined, (query) => query.where('s.created_by', '=', createdBy!))
            .$if(status !== undefined, (query) => query.where(statusCondition(status!)))
            .where((eb) => archivedIs(eb, archived ? 1 : 0))
            .$if(folder !== undefined, (query) =>
              query.where('s.folder_id', folder === NO_FOLDER ? 'is' : '=', folder === NO_FOLDER ? null : folder!),
            )
            .orderBy('t.created_at', 'desc')
            .orderBy('t.shortlink_id', 'desc')
            .limit(limit);
          if (after?.sort === 'newest') {
            query = query.where(sql<SqlBool>`(t.created_at, t.shortlink_id) < (${after.createdAt}, ${after.id})`);
          }
          return query.execute();
        } else if (read === 'sorted') {
          return sortedPage(false);
        }
        // A page the walk filled, or a walk that reached the end of the index, is the answer.
        const end = await walkEnd();
        const walked = await sortedPage(true, end);
        if (walked.length >= limit || end === undefined) return walked;
        const next = await chooseAfterWalk(sort, hasEntries, limits);
        if (next === 'by-day' && end.sort === 'newest') return [...walked, ...(await byDay(end))].slice(0, limit);
        if (next === 'sorted') return sortedPage(false);
        // Walking on from where the first walk stopped.
        return [...walked, ...(await sortedPage(true, undefined, end))].slice(0, limit);
      };

      /**
       * Links that match the filters but are archived, up to the cap: the counts below that are kept
       * for all links (totals, tag counts, the search index) include them, and the default list does
       * not. Archived links are one range of their index, a few as a rule.
       */
      const archivedMatches = async (exact: boolean): Promise<number> => {
        // Most installations archive nothing: one probe of the flag's index then saves the count.
        const any = await reader
          .selectFrom('shortlinks')
          .select('id')
          .where('archived', '=', 1)
          .limit(1)
          .executeTakeFirst();
        if (!any) return 0;
        const row = await reader
          .selectFrom((eb) =>
            eb
              .selectFrom('shortlinks as s')
              .select('s.id')
              .where(matchesBy(true, undefined, 1))
              .where('s.import_pending', 'is', null)
              .$if(!exact, (query) => query.limit(countCap + 1))
              .as('matched'),
          )
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .executeTakeFirst();
        return Number(row?.count ?? 0);
      };
      const count = async (): Promise<number> => {
        // The status depends on the instant, so no stored count holds it: the matches are counted,
        // up to the cap, as for one person's links. A folder, or the archive, is counted the same way.
        const counted = status !== undefined ? 'matches-capped' : narrowed ? 'maker' : chooseCount(shape, broad);
        if (counted === 'terms' || counted === 'links-with-terms' || counted === 'tag' || counted === 'all') {
          // Without a search, the archived links are counted exactly (one index range); with one, up
          // to the cap, as a broad search's own count is.
          const [all, archived] = await Promise.all([countAll(counted), archivedMatches(terms === undefined)]);
          return Math.max(0, all - archived);
        }
        return countAll(counted);
      };
      const countAll = async (counted: PageCount): Promise<number> => {
        if (counted === 'maker' || counted === 'matches-capped') {
          const row = await reader
            .selectFrom((eb) =>
              eb
                .selectFrom('shortlinks as s')
                .select('s.id')
                .where(matchesBy(true))
                .where('s.import_pending', 'is', null)
                .limit(countCap + 1)
                .as('matched'),
            )
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .executeTakeFirst();
          return Number(row?.count ?? 0);
        } else if (counted === 'links-with-terms') {
          return dialect.countLinksWithTerms(reader, terms!, countCap);
        } else if (counted === 'terms' && terms !== undefined) {
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
        } else if (counted === 'matches') {
          // No pending filter: search terms are written only for published links (indexRange skips
          // pending ones), and the count stays a walk of search-index entries and ids.
          const row = await reader
            .selectFrom('shortlinks as s')
            .select((eb) => eb.fn.countAll<number>().as('count'))
            .where(matches)
            .executeTakeFirst();
          return Number(row?.count ?? 0);
        } else if (counted === 'tag') {
          return (tagged ?? (await tagShare(reader, tag!))).count;
        } else {
          const row = await reader.selectFrom('shortlink_totals').select('links').executeTakeFirst();
          return row?.links ?? 0;
        }
      };

      const read = async () => {
        if (createdBy === undefined) {
          // Both at once: on a SQLite file the reader thread answers them one after the other without
          // the request going back to the event loop in between (where a busy loop, an import's
          // transaction for one, made it wait once more); PostgreSQL's pool runs them side by side.
          const [rows, counted] = await Promise.all([pageRows(), count()]);
          return { rows, counted };
        }
        // One person's links: their count decides how the page is read.
        const counted = await count();
        walkMakerIndex = walksSortIndexForMaker(shape, counted, limits, dialect.walksSortIndexForCommonTags);
        return { rows: await pageRows(), counted };
      };
      const { rows, counted: total } = await read();
      const items = await linksOf(reader, rows);
      return total > countCap && (broad || createdBy !== undefined || status !== undefined || narrowed)
        ? { items, total: countCap, totalCapped: true }
        : { items, total };
    },
  };
}
