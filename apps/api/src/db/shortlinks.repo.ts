import type { PublicShortlink, Shortlink } from '@toolvault/shared';
import type { Kysely, Selectable } from 'kysely';
import type { ShortlinksTable, Tables } from './schema';

/** The stored fields of a new link; clickCount and createdAt are set by the caller (imports keep their own). */
export interface NewShortlink {
  shortCode: string;
  targetUrl: string;
  title: string;
  description: string;
  metaImage: string;
  tags: string[];
  clickCount: number;
  /** ISO 8601, UTC (`Date#toISOString`). */
  createdAt: string;
}

export type ShortlinkChanges = Pick<Shortlink, 'targetUrl' | 'title' | 'description' | 'metaImage' | 'tags'>;

export interface ShortlinkTotals {
  totalLinks: number;
  totalClicks: number;
  /** Links whose created_at lies in [from, to). */
  createdBetween: number;
}

export interface ShortlinksRepo {
  /** The new link, or null when its code is taken (nothing is written then). */
  insert(link: NewShortlink): Promise<Shortlink | null>;
  /**
   * Inserts every link in one transaction: all or none. Answers the index of
   * the first link whose code is taken (and writes nothing), or null on success.
   */
  insertAll(links: readonly NewShortlink[]): Promise<{ takenAt: number } | null>;
  update(id: number, changes: ShortlinkChanges): Promise<Shortlink | null>;
  /** True when a link was deleted (its clicks go with it: ON DELETE CASCADE). */
  delete(id: number): Promise<boolean>;
  codeExists(shortCode: string): Promise<boolean>;
  /** Never counts a click. */
  findPublic(shortCode: string): Promise<PublicShortlink | null>;
  listNewestFirst(limit?: number): Promise<Shortlink[]>;
  topByClicks(limit: number): Promise<Shortlink[]>;
  totals(range: { from: string; to: string }): Promise<ShortlinkTotals>;
}

export type ShortlinkRow = Selectable<ShortlinksTable>;
export type PublicShortlinkRow = Pick<
  ShortlinkRow,
  'short_code' | 'target_url' | 'title' | 'description' | 'meta_image'
>;

export const SHORTLINK_COLUMNS = [
  'id',
  'short_code',
  'target_url',
  'title',
  'description',
  'meta_image',
  'tags',
  'click_count',
  'created_at',
] as const;
export const PUBLIC_SHORTLINK_COLUMNS = ['short_code', 'target_url', 'title', 'description', 'meta_image'] as const;

/** Thrown inside the import transaction to roll it back; never leaves this module. */
class Taken {
  constructor(readonly index: number) {}
}

export function createShortlinksRepo(db: Kysely<Tables>): ShortlinksRepo {
  // ON CONFLICT … DO NOTHING: a taken code returns no row instead of throwing, and never
  // aborts a surrounding transaction. The CHECK and NOT NULL constraints still throw (bugs).
  const insertOne = (executor: Kysely<Tables>, link: NewShortlink) =>
    executor
      .insertInto('shortlinks')
      .values({
        short_code: link.shortCode,
        target_url: link.targetUrl,
        title: link.title,
        description: link.description,
        meta_image: link.metaImage,
        tags: JSON.stringify(link.tags),
        click_count: link.clickCount,
        created_at: link.createdAt,
      })
      .onConflict((oc) => oc.column('short_code').doNothing())
      .returning(SHORTLINK_COLUMNS)
      .executeTakeFirst();

  // Newest first; id breaks ties between links created in the same millisecond (imports).
  const newestFirst = () =>
    db.selectFrom('shortlinks').select(SHORTLINK_COLUMNS).orderBy('created_at', 'desc').orderBy('id', 'desc');

  return {
    async insert(link) {
      const row = await insertOne(db, link);
      return row ? toShortlink(row) : null;
    },
    async insertAll(links) {
      try {
        await db.transaction().execute(async (trx) => {
          for (const [index, link] of links.entries()) {
            if (!(await insertOne(trx, link))) throw new Taken(index);
          }
        });
        return null;
      } catch (error) {
        if (error instanceof Taken) return { takenAt: error.index };
        throw error;
      }
    },
    async update(id, changes) {
      const row = await db
        .updateTable('shortlinks')
        .set({
          target_url: changes.targetUrl,
          title: changes.title,
          description: changes.description,
          meta_image: changes.metaImage,
          tags: JSON.stringify(changes.tags),
        })
        .where('id', '=', id)
        .returning(SHORTLINK_COLUMNS)
        .executeTakeFirst();
      return row ? toShortlink(row) : null;
    },
    async delete(id) {
      const result = await db.deleteFrom('shortlinks').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    codeExists: async (shortCode) =>
      (await db.selectFrom('shortlinks').select('id').where('short_code', '=', shortCode).executeTakeFirst()) !==
      undefined,
    async findPublic(shortCode) {
      const row = await db
        .selectFrom('shortlinks')
        .select(PUBLIC_SHORTLINK_COLUMNS)
        .where('short_code', '=', shortCode)
        .executeTakeFirst();
      return row ? toPublicShortlink(row) : null;
    },
    listNewestFirst: async (limit) => {
      const query = limit === undefined ? newestFirst() : newestFirst().limit(limit);
      return (await query.execute()).map(toShortlink);
    },
    topByClicks: async (limit) =>
      (
        await db
          .selectFrom('shortlinks')
          .select(SHORTLINK_COLUMNS)
          .orderBy('click_count', 'desc')
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .execute()
      ).map(toShortlink),
    async totals({ from, to }) {
      const row = await db
        .selectFrom('shortlinks')
        .select((eb) => [
          eb.fn.countAll<number>().as('totalLinks'),
          eb.fn.coalesce(eb.fn.sum<number>('click_count'), eb.lit(0)).as('totalClicks'),
          eb.fn
            .count<number>(
              eb
                .case()
                .when(eb.and([eb('created_at', '>=', from), eb('created_at', '<', to)]))
                .then(1)
                .end(),
            )
            .as('createdBetween'),
        ])
        .executeTakeFirst();
      return {
        totalLinks: Number(row?.totalLinks ?? 0),
        totalClicks: Number(row?.totalClicks ?? 0),
        createdBetween: Number(row?.createdBetween ?? 0),
      };
    },
  };
}

export function toShortlink(row: ShortlinkRow): Shortlink {
  return {
    id: row.id,
    shortCode: row.short_code,
    targetUrl: row.target_url,
    title: row.title,
    description: row.description,
    metaImage: row.meta_image,
    tags: parseTags(row.tags),
    clickCount: row.click_count,
    createdAt: row.created_at,
  };
}

export function toPublicShortlink(row: PublicShortlinkRow): PublicShortlink {
  return {
    shortCode: row.short_code,
    targetUrl: row.target_url,
    title: row.title,
    description: row.description,
    metaImage: row.meta_image,
  };
}

/** Tags are stored as a JSON array of strings; anything else (a hand-edited row) reads as no tags. */
function parseTags(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string') : [];
  } catch {
    return [];
  }
}
