import { SHORTLINK_LIMITS, type Shortlink } from '@toolvault/shared';
import type { ShortlinkBulkAction } from '@toolvault/shared/schemas';
import type { Kysely } from 'kysely';
import type { Dialect } from './dialect';
import { isRowId } from './row-id';
import type { Tables } from './schema';
import { searchTermsFor } from './shortlink-index.sql';
import { linksOf, parseTags, SHORTLINK_COLUMNS } from './shortlink-rows';
import { indexTags, uniqueTags, unindex } from './shortlink-tags.repo';
import { removeLink } from './shortlink-writes.repo';

/*
 * One change to many links, in one transaction: every link named is changed, or none is. The rows
 * are locked first, in id order (the order a single delete and a click batch take theirs), then
 * checked (all exist, all the caller's when limited to them), then changed.
 */

/** Why a bulk change did nothing at all. */
export type BulkRefusal = 'not-found' | 'not-yours' | 'unknown-folder' | 'too-many-tags' | 'window-order';

/**
 * What a bulk change did: the links it changed, as the API answers them after the change (for a
 * delete, only the ids of the links it removed). A link that already was as asked is not among them.
 */
export type BulkOutcome =
  | { ok: true; changed: Shortlink[]; deleted: number[] }
  | {
      ok: false;
      reason: BulkRefusal;
      /** The code of the link that refused it, where one link did (window-order). */
      shortCode?: string;
    };

export interface ShortlinkBulkRepo {
  /**
   * Applies `action` to the links `ids` (distinct). With `ownedBy`, a link another person created
   * refuses the whole change. `updatedBy` is recorded on each changed link.
   */
  bulkChange(
    ids: readonly number[],
    action: ShortlinkBulkAction,
    by: { updatedBy: number; ownedBy?: number },
  ): Promise<BulkOutcome>;
}

type Executor = Kysely<Tables>;

/** What the transaction did: the ids it changed, or removed, or why it did neither. */
type Change =
  { ok: true; updated?: number[]; deleted?: number[] } | { ok: false; reason: BulkRefusal; shortCode?: string };

interface LockedLink {
  id: number;
  short_code: string;
  tags: string;
  created_at: string;
  created_by: number | null;
  click_count: number;
  folder_id: number | null;
  archived: 0 | 1;
  valid_from: string | null;
  valid_until: string | null;
}

/** The tag set after a tag or untag action, or undefined when it stays the same. */
function retagged(current: readonly string[], action: { type: 'tag' | 'untag'; tags: readonly string[] }) {
  const tags =
    action.type === 'tag'
      ? uniqueTags([...current, ...action.tags])
      : current.filter((tag) => !action.tags.includes(tag));
  const same = tags.length === current.length && tags.every((tag, i) => tag === current[i]);
  return same ? undefined : tags;
}

export function createShortlinkBulkRepo(db: Executor, dialect: Dialect): ShortlinkBulkRepo {
  /** Sets a column on the links whose value differs; answers the ids of those it changed. */
  const setColumn = async (
    trx: Executor,
    links: readonly LockedLink[],
    updatedBy: number,
    change: { folder_id: number | null } | { archived: 0 | 1 } | { valid_until: string | null },
  ) => {
    const differs = (link: LockedLink) =>
      'folder_id' in change
        ? link.folder_id !== change.folder_id
        : 'archived' in change
          ? Number(link.archived) !== change.archived
          : link.valid_until !== change.valid_until;
    const ids = links.filter(differs).map((link) => link.id);
    if (ids.length > 0) {
      await trx
        .updateTable('shortlinks')
        .set({ ...change, updated_by: updatedBy })
        .where('id', 'in', ids)
        .execute();
    }
    return ids;
  };

  /** The links of `ids` as the API answers them, read after the change committed. */
  const changedLinks = async (ids: readonly number[]): Promise<Shortlink[]> => {
    if (ids.length === 0) return [];
    const rows = await db
      .selectFrom('shortlinks')
      .select(SHORTLINK_COLUMNS)
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    return linksOf(db, rows);
  };

  return {
    async bulkChange(ids, action, { updatedBy, ownedBy }) {
      if (ids.length === 0) return { ok: true, changed: [], deleted: [] };
      if (!ids.every(isRowId)) return { ok: false, reason: 'not-found' };
      const sorted = [...new Set(ids)].sort((a, b) => a - b);
      const outcome = await db.transaction().execute(async (trx): Promise<Change> => {
        const links: LockedLink[] = await dialect
          .lockRows(
            trx
              .selectFrom('shortlinks')
              .select([
                'id',
                'short_code',
                'tags',
                'created_at',
                'created_by',
                'click_count',
                'folder_id',
                'archived',
                'valid_from',
                'valid_until',
              ])
              .where('id', 'in', sorted)
              .where('import_pending', 'is', null)
              .orderBy('id'),
          )
          .execute();
        if (links.length < sorted.length) return { ok: false, reason: 'not-found' };
        if (ownedBy !== undefined && links.some((link) => link.created_by !== ownedBy)) {
          return { ok: false, reason: 'not-yours' };
        }
        // One case per action kind (ZShortlinkBulkAction); a new kind adds its case here.
        switch (action.type) {
          case 'tag':
          case 'untag': {
            const changes = links.flatMap((link) => {
              const tags = retagged(parseTags(link.tags), action);
              return tags === undefined ? [] : [{ link, tags }];
            });
            if (changes.some(({ tags }) => tags.length > SHORTLINK_LIMITS.tags)) {
              return { ok: false, reason: 'too-many-tags' };
            }
            for (const { link, tags } of changes) {
              await trx
                .updateTable('shortlinks')
                .set({ tags: JSON.stringify(tags), updated_by: updatedBy })
                .where('id', '=', link.id)
                .execute();
              await unindex(trx, link.id);
              await indexTags(
                trx,
                tags.map((tag) => ({ id: link.id, tag, createdAt: link.created_at })),
              );
            }
            if (changes.length > 0) await searchTermsFor(changes.map(({ link }) => link.id)).execute(trx);
            return { ok: true, updated: changes.map(({ link }) => link.id) };
          }
          case 'move': {
            if (action.folderId !== null) {
              const folder = await trx
                .selectFrom('shortlink_folders')
                .select('id')
                .where('id', '=', action.folderId)
                .executeTakeFirst();
              if (!folder) return { ok: false, reason: 'unknown-folder' };
            }
            return { ok: true, updated: await setColumn(trx, links, updatedBy, { folder_id: action.folderId }) };
          }
          case 'archive':
          case 'unarchive':
            return {
              ok: true,
              updated: await setColumn(trx, links, updatedBy, { archived: action.type === 'archive' ? 1 : 0 }),
            };
          case 'setExpiry': {
            // The window's order holds for every link, as an edit of one link checks it.
            const until = action.validUntil;
            const early =
              until === null ? undefined : links.find((link) => link.valid_from !== null && link.valid_from >= until);
            if (early) return { ok: false, reason: 'window-order', shortCode: early.short_code };
            return { ok: true, updated: await setColumn(trx, links, updatedBy, { valid_until: until }) };
          }
          case 'delete':
            for (const link of links) await removeLink(trx, link.id, link);
            return { ok: true, deleted: links.map((link) => link.id) };
        }
      });
      if (!outcome.ok) return outcome;
      return { ok: true, changed: await changedLinks(outcome.updated ?? []), deleted: outcome.deleted ?? [] };
    },
  };
}
