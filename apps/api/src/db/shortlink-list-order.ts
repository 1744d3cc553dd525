/**
 * The pieces of a list query that depend on the sort alone (its order and the keyset of a cursor)
 * and the archive condition: shortlink-lists.repo.ts builds its pages from them.
 */
import type { ShortlinkSort } from '@toolvault/shared';
import { sql, type ExpressionBuilder, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Dialect } from './dialect';
import type { ShortlinksTable, Tables } from './schema';

/** Where the previous page ended: the sort key and id of its last link. */
export type ShortlinkPosition =
  | { sort: 'newest'; createdAt: string; id: number }
  | { sort: 'clicks'; clicks: number; id: number }
  | { sort: 'title'; title: string; id: number };

/** A query of the links under the alias `s`, answering rows of type O. */
export type LinkQuery<O> = SelectQueryBuilder<Tables & { s: ShortlinksTable }, 's', O>;

/**
 * The archive flag as a condition. Archived links (a few, as a rule) are read through their
 * (archived, created_at, id) index; the links not archived, most of them, are checked one by
 * one as the sort's own index is walked: the unary plus keeps the flag's index out of SQLite's
 * choice, which would otherwise read every link through it and sort them all.
 */
export const archivedIs = (eb: ExpressionBuilder<Tables & { s: ShortlinksTable }, 's'>, archive: 0 | 1) =>
  archive === 1 ? eb('s.archived', '=', 1) : eb(sql<number>`+s.archived`, '=', 0);

/**
 * Where `position` lies in the sort's order, as a condition on the links: 'after' is strictly
 * past it (the keyset of the next page), 'through' is up to it and itself (the end of a walk).
 */
export function keyset(dialect: Dialect, position: ShortlinkPosition, side: 'after' | 'through'): RawBuilder<SqlBool> {
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
}

/** The links in the sort's order, ties broken by id as the keyset reads them. */
export const inSortOrder = <O>(dialect: Dialect, sort: ShortlinkSort, query: LinkQuery<O>): LinkQuery<O> =>
  sort === 'newest'
    ? query.orderBy('s.created_at', 'desc').orderBy('s.id', 'desc')
    : sort === 'clicks'
      ? query.orderBy('s.click_count', 'desc').orderBy('s.id', 'desc')
      : query.orderBy(dialect.noCase('s.title')).orderBy('s.id');
