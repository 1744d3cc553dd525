import type { Kysely } from 'kysely';
import { reportedCount } from './counts';
import type { Tables } from './schema';
import { parseTags } from './shortlink-rows';

/*
 * A link's tags as rows (shortlink_tags) with a count per tag (shortlink_tag_counts), and its search
 * terms (shortlink_search, written by the statement in shortlink-index.sql.ts): kept with every
 * write of the link, so the tag filter and the search read an index range, never the links.
 */

export interface ShortlinkTagsRepo {
  /** Tags in use with their link counts, most used first (ties by name). */
  tagCounts(limit: number): Promise<{ tag: string; count: number }[]>;
}

type Executor = Kysely<Tables>;

/** The distinct tags of a link, in their order: a repeated tag is one row. */
export const uniqueTags = (tags: readonly string[]) => [...new Set(tags)];

/** The tag rows of stored links, from the JSON tags of their rows. */
export const tagRowsOf = (rows: readonly { id: number; tags: string; created_at: string }[]) =>
  rows.flatMap((row) => uniqueTags(parseTags(row.tags)).map((tag) => ({ id: row.id, tag, createdAt: row.created_at })));

/** How many visible links carry `tag`, and how many there are in all. */
export const tagShare = async (reader: Executor, tag: string) => {
  const row = await reader
    .selectFrom('shortlink_totals')
    .select((eb) => ['links', eb.selectFrom('shortlink_tag_counts').select('count').where('tag', '=', tag).as('count')])
    .executeTakeFirst();
  return { count: Number(row?.count ?? 0), links: Number(row?.links ?? 0) };
};

/**
 * Adds tag rows and raises the tag counts by the rows actually added: a row that exists already
 * (an import's link indexed by an edit before the import's own indexing reached it) counts once.
 */
export const indexTags = async (trx: Executor, tags: { id: number; tag: string; createdAt: string }[]) => {
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

/** Removes a link's tag rows and search terms (before an update re-adds them, or a delete). */
export const unindex = async (trx: Executor, id: number) => {
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

export function createShortlinkTagsRepo(reader: Executor): ShortlinkTagsRepo {
  return {
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
      ).map(({ tag, count }) => ({ tag, count: reportedCount(count) })),
  };
}
