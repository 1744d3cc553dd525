/** Folders of links (one level) and bulk changes of many links: the constants and types of both sides. */

export const SHORTLINK_FOLDER_LIMITS = {
  /** Characters of a folder's name. */
  name: 60,
  /** Folders an installation may have: the manager lists them all in one picker. */
  folders: 200,
} as const;

export interface ShortlinkFolder {
  id: number;
  name: string;
  /** ISO 8601, UTC. */
  createdAt: string;
  /** Visible links in it. */
  links: number;
}

export interface ShortlinkFoldersResponse {
  folders: ShortlinkFolder[];
}

/** `?folder=` of the list and of a bulk filter: links in no folder. */
export const NO_FOLDER = 'none';

export const SHORTLINK_BULK_LIMITS = {
  /** Links a bulk change names by id, or a filter may match: one transaction, all or none. */
  links: 1000,
} as const;

/**
 * What `POST /api/shortlinks/bulk` does to every link it reaches. Each kind is one member of the
 * request's union (ZShortlinkBulkAction) and one case of the repository's switch (shortlink-bulk.repo.ts).
 */
export const SHORTLINK_BULK_ACTIONS = ['tag', 'untag', 'move', 'archive', 'unarchive', 'delete', 'setExpiry'] as const;
export type ShortlinkBulkActionType = (typeof SHORTLINK_BULK_ACTIONS)[number];

export interface ShortlinkBulkResponse {
  /** Links the action changed (a link that already had the tag, folder or flag is not counted). */
  changed: number;
  /** Links it reached: the ids given, or the filter's matches. */
  matched: number;
}

export const SHORTLINK_FOLDER_MESSAGES = {
  nameRequired: 'A folder needs a name',
  nameTaken: 'A folder of that name exists already',
  tooMany: `At most ${SHORTLINK_FOLDER_LIMITS.folders} folders are allowed`,
  notFound: 'Folder not found',
} as const;
