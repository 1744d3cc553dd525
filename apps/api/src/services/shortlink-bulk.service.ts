import {
  RULE_MESSAGES,
  SHORTLINK_BULK_LIMITS,
  SHORTLINK_LIMITS,
  type Shortlink,
  type ShortlinkBulkActionType,
  type ShortlinkBulkResponse,
  type ShortlinkFolder,
  type ShortlinkFoldersResponse,
} from '@toolvault/shared';
import type { ShortlinkBulkBody } from '@toolvault/shared/schemas';
import type { BulkRefusal, FolderWrite, ShortlinksRepo } from '../db/shortlinks.repo';
import type { Clock } from '../lib/clock';
import { ok } from '../lib/result';
import { listedPerson, type Caller } from './caller';
import type { ShortlinkFailure, ShortlinkResult } from './shortlink-failure';
import { NOT_YOUR_LINKS } from './shortlink.service';

/*
 * Folders of links and bulk changes of many links. A bulk change reaches the links named by id or
 * matched by the list's own filter, and changes all of them in one transaction or none.
 *
 * A caller whose reach is their own links (an Author): ids that name another person's link refuse
 * the whole request (403), never a silent part of it; a filter is narrowed to their own links, as
 * their list is (a filter naming another person is refused, as the list refuses it).
 */

export const NOT_YOUR_BULK = 'You can change only the links you created; nothing was changed.';

/**
 * A bulk change done: the answer, and for the change log and webhooks the links it changed (as the
 * API answers them now), the ids of those it deleted, and the fields the action sets.
 */
export interface BulkDone {
  answer: ShortlinkBulkResponse;
  updated: Shortlink[];
  deleted: number[];
  fields: string[];
}

/** The link fields each action sets, as a single edit's change names them (webhooks, audit). */
const FIELDS: Record<ShortlinkBulkActionType, string[]> = {
  tag: ['tags'],
  untag: ['tags'],
  move: ['folderId'],
  archive: ['archived'],
  unarchive: ['archived'],
  setExpiry: ['validUntil'],
  delete: [],
};

export interface ShortlinkBulkService {
  bulk(body: ShortlinkBulkBody, caller: Caller): Promise<ShortlinkResult<BulkDone>>;
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
  'window-order': { code: 'FIELDS_CONFLICT', message: `${RULE_MESSAGES.windowOrder}; nothing was changed` },
};

/** The refusal's answer; a link that refused the whole change is named, to be found among the many. */
const refusal = (reason: BulkRefusal, shortCode: string | undefined): ShortlinkFailure =>
  reason === 'window-order' && shortCode !== undefined
    ? { code: 'FIELDS_CONFLICT', message: `${RULE_MESSAGES.windowOrder} (link ${shortCode}); nothing was changed` }
    : BULK_REFUSALS[reason];

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
      status: filter.status === 'all' ? undefined : { status: filter.status, now: clock().toISOString() },
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
      const fields = FIELDS[action.type];
      if (reached.value.length === 0)
        return ok({ answer: { changed: 0, matched: 0 }, updated: [], deleted: [], fields });
      const outcome = await shortlinks.bulkChange(reached.value, action, {
        updatedBy: caller.userId,
        ownedBy: caller.reach === 'own' ? caller.userId : undefined,
      });
      if (!outcome.ok) return fail(refusal(outcome.reason, outcome.shortCode));
      const changed = outcome.changed.length + outcome.deleted.length;
      return ok({
        answer: { changed, matched: reached.value.length },
        updated: outcome.changed,
        deleted: outcome.deleted,
        fields,
      });
    },
    folders: async () => ({ folders: await shortlinks.listFolders() }),
    createFolder: async (name, caller) =>
      folderResult(await shortlinks.insertFolder(name, clock().toISOString(), caller.userId)),
    renameFolder: async (id, name) => folderResult(await shortlinks.renameFolder(id, name)),
    deleteFolder: async (id) =>
      (await shortlinks.deleteFolder(id)) ? ok(undefined) : fail({ code: 'FOLDER_NOT_FOUND' }),
  };
}
