import type { ShortlinkBulkActionType } from '@toolvault/shared';
import { formatCount } from '../../lib/format';

/*
 * The manager's bulk work without React: the confirmation a bulk action asks, and the first guess
 * of which CSV column holds which field of a link (the import's mapping step starts from it).
 */

const VERBS: Record<ShortlinkBulkActionType, string> = {
  tag: 'Tag',
  untag: 'Untag',
  move: 'Move',
  archive: 'Archive',
  unarchive: 'Unarchive',
  delete: 'Delete',
  setExpiry: 'Set the expiry of',
};

/** "Delete 37 links?": the question states how many links the action reaches. */
export function bulkConfirmation(action: ShortlinkBulkActionType, count: number): string {
  return `${VERBS[action]} ${formatCount(count)} ${count === 1 ? 'link' : 'links'}?`;
}

/** The fields a CSV column can be mapped to. */
export const IMPORT_FIELDS = [
  'title',
  'targetUrl',
  'shortCode',
  'description',
  'metaImage',
  'tags',
  'redirectMode',
  'clickCount',
  'createdAt',
  'folderId',
  'archived',
] as const;
export type ImportField = (typeof IMPORT_FIELDS)[number];

/** Header spellings besides the field's own name, compared without case, spaces, '-' or '_'. */
const ALIASES: Record<ImportField, readonly string[]> = {
  title: ['name', 'linktitle'],
  targetUrl: ['url', 'target', 'destination', 'longurl', 'link'],
  shortCode: ['code', 'slug', 'short', 'shorturl', 'key'],
  description: ['notes', 'note', 'comment'],
  metaImage: ['image', 'imageurl', 'ogimage'],
  tags: ['tag', 'labels', 'label'],
  redirectMode: ['mode', 'redirect'],
  clickCount: ['clicks', 'visits'],
  createdAt: ['created', 'date', 'createdon'],
  folderId: ['folder'],
  archived: ['isarchived'],
};

const folded = (text: string) => text.toLowerCase().replace(/[\s_-]+/g, '');

/**
 * For each header, the field it most likely holds, or null: its own name first, then a known
 * alias; a field is given to the first column that claims it only.
 */
export function guessColumnMapping(headers: readonly string[]): (ImportField | null)[] {
  const taken = new Set<ImportField>();
  const claim = (match: (field: ImportField) => boolean) => {
    const field = IMPORT_FIELDS.find((candidate) => !taken.has(candidate) && match(candidate));
    if (field) taken.add(field);
    return field ?? null;
  };
  const exact = headers.map((header) => claim((field) => folded(field) === folded(header)));
  return exact.map((field, i) => field ?? claim((candidate) => ALIASES[candidate].includes(folded(headers[i] ?? ''))));
}
