import {
  SHORTLINK_BULK_LIMITS,
  SHORTLINK_LIMITS,
  type ShortlinkBulkResponse,
  type ShortlinkFolder,
  type ShortlinkFoldersResponse,
} from '@toolvault/shared';
import type { ShortlinkBulkBody } from '@toolvault/shared/schemas';
import type { BulkRefusal, FolderWrite, ShortlinksRepo } from '../db/shortlinks.repo';
import type { Clock } from '../lib/clock';
import { ok } from '../lib/result';
import { listedPerson, type Caller } from './caller';
import { NOT_YOUR_LINKS, type ShortlinkFailure, type ShortlinkResult } from './shortlink.service';

/*
 * Folders of links and bulk changes of many links. A bulk change reaches the links named by id or
 * matched by the list's own filter, and changes all of them in one transaction or none.
 *
 * A caller whose reach is their own links (an Author): ids that name another person's link refuse
 * the whole request (403), never a silent part of it; a filter is narrowed to their own links, as
 * their list is (a filter naming another person is refused, as the list refuses it).
 */

export const NOT_YOUR_BULK = 'You can change only the links you created; nothing was changed.';

export interface ShortlinkBulkService {
  bulk(body: ShortlinkBulkBody, caller: Caller): Promise<ShortlinkResult<ShortlinkBulkResponse>>;
  folders(): Promise<ShortlinkFoldersResponse>;
  createFolder(name: string, caller: Caller): Promise<ShortlinkResult<ShortlinkFolder>>;
  renameFolder(id: number, name: string): Promise<ShortlinkResult<ShortlinkFolder>>;
  deleteFolder(id: number): Promise<ShortlinkResult<void>>;
}

const fail = (error: ShortlinkFailure): { ok: false; error: ShortlinkFailure } => ({ ok: false, error });

const BULK_REFUSALS: Record<BulkRefusal, ShortlinkFailure> = {
  'not-found': { code: 'BULK_LINK_NOT_FOUND' },
  'not-yours': { code: 'FORBIDDEN', message: NOT_YOUR_BULK },
  'unknown-folder': { code: 'UNKNOWN_FOLDER' },
  'too-many-tags': {
    code: 'VALIDATION',
    message: `A link may have at most ${SHORTLINK_LIMITS.tags} tags; nothing was changed`,
  },
};

const folderResult = (write: FolderWrite): ShortlinkResult<ShortlinkFolder> => {
  if (write.ok) return ok(write.folder);
  if (write.reason === 'not-found') return fail({ code: 'FOLDER_NOT_FOUND' });
  return fail({ code: write.reason === 'name-taken' ? 'FOLDER_NAME_TAKEN' : 'FOLDER_LIMIT_REACHED' });
};

export function createShortlinkBulkService({
  shortlinks,
  clock,
}: {
  shortlinks: ShortlinksRepo;
  clock: Clock;
}): ShortlinkBulkService {
  /** The ids a filter matches, up to the limit and one more (to tell that it matched too many). */
  const matchedIds = async (filter: NonNullable<ShortlinkBulkBody['filter']>, caller: Caller) => {
    const createdBy = listedPerson(filter.createdBy, caller);
    if (createdBy === null) return fail({ code: 'FORBIDDEN', message: NOT_YOUR_LINKS });
    const { items } = await shortlinks.page({
      sort: 'newest',
      limit: SHORTLINK_BULK_LIMITS.links + 1,
      q: filter.q,
      tag: filter.tag,
      createdBy,
      folder: filter.folder,
      archived: filter.archived,
    });
    if (items.length > SHORTLINK_BULK_LIMITS.links) return fail({ code: 'BULK_TOO_MANY' });
    return ok(items.map((item) => item.id));
  };

  return {
    async bulk({ ids, filter, action }, caller) {
      const reached = ids ? ok([...new Set(ids)]) : await matchedIds(filter!, caller);
      if (!reached.ok) return reached;
      if (reached.value.length === 0) return ok({ changed: 0, matched: 0 });
      const outcome = await shortlinks.bulkChange(reached.value, action, {
        updatedBy: caller.userId,
        ownedBy: caller.reach === 'own' ? caller.userId : undefined,
      });
      return outcome.ok
        ? ok({ changed: outcome.changed, matched: reached.value.length })
        : fail(BULK_REFUSALS[outcome.reason]);
    },
    folders: async () => ({ folders: await shortlinks.listFolders() }),
    createFolder: async (name, caller) =>
      folderResult(await shortlinks.insertFolder(name, clock().toISOString(), caller.userId)),
    renameFolder: async (id, name) => folderResult(await shortlinks.renameFolder(id, name)),
    deleteFolder: async (id) =>
      (await shortlinks.deleteFolder(id)) ? ok(undefined) : fail({ code: 'FOLDER_NOT_FOUND' }),
  };
}
