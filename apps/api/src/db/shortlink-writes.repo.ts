import type { LinkStateInput, PublicShortlink, Shortlink, ShortlinkRules } from '@toolvault/shared';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect';
import type { Tables } from './schema';
import { isRowId } from './row-id';
import { searchTermsFor } from './shortlink-index.sql';
import {
  linkRow,
  linksOf,
  PUBLIC_SHORTLINK_COLUMNS,
  SHORTLINK_COLUMNS,
  ruleRow,
  rulesOf,
  RULE_COLUMNS,
  toPublicShortlink,
  type NewShortlink,
  type ShortlinkRow,
} from './shortlink-rows';
import { indexTags, tagRowsOf, uniqueTags, unindex } from './shortlink-tags.repo';
import { addToTotals, removeFromTotals } from './shortlink-totals.repo';

/*
 * One link at a time: created, edited, deleted (each in one transaction with its tags, search terms
 * and totals), and looked up by a unique key.
 */

export type ShortlinkChanges = Pick<
  Shortlink,
  'targetUrl' | 'title' | 'description' | 'metaImage' | 'tags' | 'redirectMode'
> &
  ShortlinkRules & {
    /** Who makes the change. */
    updatedBy: number;
    /**
     * The new password's scrypt hash, null to remove it, absent to keep it. A change or removal
     * raises password_version in the same statement, which ends every earlier unlock.
     */
    passwordHash?: string | null;
    /** Left as they are when absent. */
    folderId?: number | null;
    archived?: boolean;
  };

/**
 * Why a change of one link did not happen: there is no such link (or an import has not published
 * it yet), or it is not the link of the person the change was limited to (`ownedBy`).
 */
export type LinkRefusal = 'not-found' | 'not-yours';

export interface ShortlinkWritesRepo {
  /** The new link, or null when its code is taken (nothing is written then). */
  insert(link: NewShortlink): Promise<Shortlink | null>;
  /** With `ownedBy`, only a link that person created is changed. */
  update(id: number, changes: ShortlinkChanges, ownedBy?: number): Promise<Shortlink | LinkRefusal>;
  /**
   * True when a link was deleted (its clicks and aggregates go with it; the totals follow). With
   * `ownedBy`, only a link that person created is deleted.
   */
  delete(id: number, ownedBy?: number): Promise<true | LinkRefusal>;
  /** A code that an import in progress has written is taken too, though its link is not visible yet. */
  codeExists(shortCode: string): Promise<boolean>;
  findById(id: number): Promise<Shortlink | null>;
  /** Never counts a click. */
  findPublic(shortCode: string): Promise<PublicShortlink | null>;
  /** The public link with what its rules need (count, window, limit, fallback); never counts a click. */
  findVisited(shortCode: string): Promise<VisitedLink | null>;
}

/** A link as a visit that counts nothing (a crawler, the preview page) reads it. */
export interface VisitedLink {
  link: PublicShortlink;
  state: LinkStateInput;
  fallbackUrl: string | null;
}

type Executor = Kysely<Tables>;

/** Whether the link exists and is published (not an import's pending row). */
const visibleLink = async (executor: Executor, id: number) =>
  (await executor
    .selectFrom('shortlinks')
    .select('id')
    .where('id', '=', id)
    .where('import_pending', 'is', null)
    .executeTakeFirst()) !== undefined;

/**
 * Deletes a link whose row the transaction has locked (see `delete`), with everything counted from
 * it: its clicks leave the aggregates and totals, its tags and search terms go. A bulk delete calls
 * it for each of its links in one transaction.
 */
export async function removeLink(
  trx: Executor,
  id: number,
  link: { click_count: number; created_at: string },
): Promise<void> {
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
  await removeFromTotals(trx, link);
  await trx.deleteFrom('shortlinks').where('id', '=', id).execute();
}

/**
 * Writes through `db`. Lookups of one link by a unique key read through `db` too (see
 * createShortlinksRepo), except `codeExists`, which reads through `reader`.
 */
export function createShortlinkWritesRepo(db: Executor, dialect: Dialect, reader: Executor): ShortlinkWritesRepo {
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
    await indexTags(trx, tagRowsOf(rows));
    await searchTermsFor(rows.map((row) => row.id)).execute(trx);
    await addToTotals(trx, links);
    return { rows };
  };

  return {
    async insert(link) {
      const row = await db.transaction().execute(async (trx) => {
        const result = await insertChunk(trx, [link]);
        return 'rows' in result ? result.rows[0]! : null;
      });
      return row ? (await linksOf(db, [row]))[0]! : null;
    },
    async update(id, changes, ownedBy) {
      if (!isRowId(id)) return 'not-found';
      const row = await db.transaction().execute(async (trx): Promise<ShortlinkRow | LinkRefusal> => {
        let update = trx
          .updateTable('shortlinks')
          .set({
            target_url: changes.targetUrl,
            title: changes.title,
            description: changes.description,
            meta_image: changes.metaImage,
            tags: JSON.stringify(changes.tags),
            redirect_mode: changes.redirectMode,
            ...ruleRow(changes),
            updated_by: changes.updatedBy,
            ...(changes.passwordHash !== undefined && {
              password_hash: changes.passwordHash,
              password_version: sql<number>`password_version + 1`,
            }),
            ...(changes.folderId === undefined ? {} : { folder_id: changes.folderId }),
            ...(changes.archived === undefined ? {} : { archived: changes.archived ? (1 as const) : (0 as const) }),
          })
          .where('id', '=', id)
          .where('import_pending', 'is', null);
        // A link's maker never changes, so the condition in the statement itself is the whole check.
        if (ownedBy !== undefined) update = update.where('created_by', '=', ownedBy);
        const row = await update.returning(SHORTLINK_COLUMNS).executeTakeFirst();
        if (!row) return ownedBy === undefined || !(await visibleLink(trx, id)) ? 'not-found' : 'not-yours';
        await unindex(trx, id);
        await indexTags(
          trx,
          uniqueTags(changes.tags).map((tag) => ({ id, tag, createdAt: row.created_at })),
        );
        await searchTermsFor([id]).execute(trx);
        return row;
      });
      return typeof row === 'string' ? row : (await linksOf(db, [row]))[0]!;
    },
    async delete(id, ownedBy) {
      if (!isRowId(id)) return 'not-found';
      return db.transaction().execute(async (trx): Promise<true | LinkRefusal> => {
        // The link's row is locked first, the way a click batch takes its locks: a delete racing
        // clicks on the same link then waits for them (or they for it) instead of deadlocking, and the
        // counts read below cannot change before the delete commits. (SQLite has one writer anyway.)
        // A link an import has not published yet is not there for anyone, an edit or a delete too.
        const link = await dialect
          .lockRows(
            trx
              .selectFrom('shortlinks')
              .select(['click_count', 'created_at', 'created_by'])
              .where('id', '=', id)
              .where('import_pending', 'is', null),
          )
          .executeTakeFirst();
        if (!link) return 'not-found';
        if (ownedBy !== undefined && link.created_by !== ownedBy) return 'not-yours';
        await removeLink(trx, id, link);
        return true;
      });
    },
    codeExists: async (shortCode) =>
      (await reader.selectFrom('shortlinks').select('id').where('short_code', '=', shortCode).executeTakeFirst()) !==
      undefined,
    async findById(id) {
      if (!isRowId(id)) return null;
      const row = await db
        .selectFrom('shortlinks')
        .select(SHORTLINK_COLUMNS)
        .where('id', '=', id)
        .where('import_pending', 'is', null)
        .executeTakeFirst();
      return row ? (await linksOf(db, [row]))[0]! : null;
    },
    async findVisited(shortCode) {
      const row = await db
        .selectFrom('shortlinks')
        .select([...PUBLIC_SHORTLINK_COLUMNS, ...RULE_COLUMNS, 'click_count'])
        .where('short_code', '=', shortCode)
        .where('import_pending', 'is', null)
        .executeTakeFirst();
      if (!row) return null;
      const rules = rulesOf(row);
      return {
        link: toPublicShortlink(row),
        state: { ...rules, clickCount: Number(row.click_count) },
        fallbackUrl: rules.fallbackUrl,
      };
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
  };
}
