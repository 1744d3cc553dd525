import { SHORTLINK_FOLDER_LIMITS, type ShortlinkFolder } from '@toolvault/shared';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from './dialect';
import { isRowId } from './row-id';
import type { Tables } from './schema';

/*
 * Folders of links, one level. A name is unique whatever its case: name_key is the name in lower
 * case, folded here in JavaScript (full Unicode) because SQLite's lower() folds ASCII only.
 */

export type FolderWrite =
  { ok: true; folder: ShortlinkFolder } | { ok: false; reason: 'not-found' | 'name-taken' | 'too-many' };

export interface ShortlinkFoldersRepo {
  /** Every folder by name (case-insensitive), then id, each with its visible links. */
  listFolders(): Promise<ShortlinkFolder[]>;
  /** Which of these ids name a folder. */
  existingFolders(ids: readonly number[]): Promise<Set<number>>;
  insertFolder(name: string, createdAt: string, createdBy: number): Promise<FolderWrite>;
  renameFolder(id: number, name: string): Promise<FolderWrite>;
  /** True when a folder was deleted; its links move to no folder (ON DELETE SET NULL), none is deleted. */
  deleteFolder(id: number): Promise<boolean>;
}

const nameKey = (name: string) => name.toLowerCase();

export function createShortlinkFoldersRepo(db: Kysely<Tables>, dialect: Dialect): ShortlinkFoldersRepo {
  const folders = (executor: Kysely<Tables>, id?: number) =>
    executor
      .selectFrom('shortlink_folders as f')
      .select((eb) => [
        'f.id',
        'f.name',
        'f.created_at',
        // One index range of (folder_id, created_at, id) per folder.
        eb
          .selectFrom('shortlinks as s')
          .select(sql<number>`count(*)`.as('links'))
          .whereRef('s.folder_id', '=', 'f.id')
          .where('s.import_pending', 'is', null)
          .as('links'),
      ])
      .$if(id !== undefined, (query) => query.where('f.id', '=', id!))
      .orderBy(dialect.noCase('f.name'))
      .orderBy('f.id')
      .execute();
  const toFolder = (row: { id: number; name: string; created_at: string; links: number | null }): ShortlinkFolder => ({
    id: row.id,
    name: row.name,
    createdAt: row.created_at,
    links: Number(row.links ?? 0),
  });
  const one = async (executor: Kysely<Tables>, id: number) => {
    const [row] = await folders(executor, id);
    return row ? toFolder(row) : null;
  };

  return {
    listFolders: async () => (await folders(db)).map(toFolder),
    async existingFolders(ids) {
      const valid = ids.filter(isRowId);
      if (valid.length === 0) return new Set();
      const rows = await db.selectFrom('shortlink_folders').select('id').where('id', 'in', valid).execute();
      return new Set(rows.map((row) => row.id));
    },
    insertFolder: (name, createdAt, createdBy) =>
      db.transaction().execute(async (trx): Promise<FolderWrite> => {
        const { count } = await trx
          .selectFrom('shortlink_folders')
          .select(sql<number>`count(*)`.as('count'))
          .executeTakeFirstOrThrow();
        if (Number(count) >= SHORTLINK_FOLDER_LIMITS.folders) return { ok: false, reason: 'too-many' };
        // ON CONFLICT … DO NOTHING: a taken name returns no row instead of throwing.
        const row = await trx
          .insertInto('shortlink_folders')
          .values({ name, name_key: nameKey(name), created_at: createdAt, created_by: createdBy })
          .onConflict((oc) => oc.column('name_key').doNothing())
          .returning('id')
          .executeTakeFirst();
        if (!row) return { ok: false, reason: 'name-taken' };
        return { ok: true, folder: (await one(trx, row.id))! };
      }),
    async renameFolder(id, name) {
      if (!isRowId(id)) return { ok: false, reason: 'not-found' };
      return db.transaction().execute(async (trx): Promise<FolderWrite> => {
        const taken = await trx
          .selectFrom('shortlink_folders')
          .select('id')
          .where('name_key', '=', nameKey(name))
          .where('id', '<>', id)
          .executeTakeFirst();
        const exists = await trx.selectFrom('shortlink_folders').select('id').where('id', '=', id).executeTakeFirst();
        if (!exists) return { ok: false, reason: 'not-found' };
        if (taken) return { ok: false, reason: 'name-taken' };
        await trx
          .updateTable('shortlink_folders')
          .set({ name, name_key: nameKey(name) })
          .where('id', '=', id)
          .execute();
        return { ok: true, folder: (await one(trx, id))! };
      });
    },
    async deleteFolder(id) {
      if (!isRowId(id)) return false;
      const deleted = await db.deleteFrom('shortlink_folders').where('id', '=', id).executeTakeFirst();
      return Number(deleted.numDeletedRows) > 0;
    },
  };
}
