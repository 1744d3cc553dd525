import {
  SHORTLINK_BULK_LIMITS,
  SHORTLINK_LIMITS,
  type ShortlinkBulkActionType,
  type ShortlinkBulkResponse,
} from '@toolvault/shared';
import type { ShortlinkBulkBodyInput } from '@toolvault/shared/schemas';
import { formatCount } from '../../lib/format';
import { err, ok, type Result } from '../../lib/result';
import type { AdminView } from './admin-view';
import { fromLocalInput } from './link-rules.service';

/*
 * The manager's bulk work without React: which links are selected, the request a bulk action sends,
 * the confirmation it asks and the message it ends with, and the first guess of which CSV column
 * holds which field of a link (the import's mapping step starts from it).
 */

/**
 * The links the bulk bar acts on: those ticked (kept across pages), or every link the list's
 * filters match ("Select all N matching"), which the server finds again from the same filters.
 */
export type BulkSelection =
  | { kind: 'ids'; ids: ReadonlySet<number> }
  | {
      kind: 'matching';
      /** How many matched when chosen: what the bar and the confirmation state. */
      count: number;
    };

export const NO_SELECTION: BulkSelection = { kind: 'ids', ids: new Set() };

/** Links one bulk change may reach (the server refuses more). */
export const BULK_MAX = SHORTLINK_BULK_LIMITS.links;

export const selectedCount = (selection: BulkSelection): number =>
  selection.kind === 'ids' ? selection.ids.size : selection.count;

export const isSelected = (selection: BulkSelection, id: number): boolean =>
  selection.kind === 'matching' || selection.ids.has(id);

/** Ticks or unticks one link; from "all matching", the page's others stay ticked and `id` leaves. */
export function toggleLink(selection: BulkSelection, id: number, pageIds: readonly number[]): BulkSelection {
  const ids = new Set(selection.kind === 'ids' ? selection.ids : pageIds);
  if (ids.has(id)) ids.delete(id);
  else ids.add(id);
  return { kind: 'ids', ids };
}

/** The header box of a page: all its links ticked, some, or none. */
export function pageState(selection: BulkSelection, pageIds: readonly number[]): 'all' | 'some' | 'none' {
  const ticked = pageIds.filter((id) => isSelected(selection, id)).length;
  return ticked === 0 ? 'none' : ticked === pageIds.length ? 'all' : 'some';
}

/** The header box pressed: a page all ticked is unticked, otherwise all of it is ticked. */
export function togglePage(selection: BulkSelection, pageIds: readonly number[]): BulkSelection {
  if (pageState(selection, pageIds) === 'all') {
    if (selection.kind === 'matching') return NO_SELECTION;
    return { kind: 'ids', ids: new Set([...selection.ids].filter((id) => !pageIds.includes(id))) };
  }
  const ids = new Set(selection.kind === 'ids' ? selection.ids : []);
  for (const id of pageIds) ids.add(id);
  return { kind: 'ids', ids };
}

/**
 * What names the view's filters, so a change of them starts a new selection: the search, tag,
 * creator, status, folder and archive (not the sort, page or page size).
 */
export const filterKey = (view: AdminView): string =>
  JSON.stringify([view.q.trim(), view.tag, view.createdBy, view.status, view.folder, view.archived]);

/** The bulk filter of the view: the list's own query, as `GET /api/shortlinks` is sent it. */
export function viewFilter(view: AdminView): NonNullable<ShortlinkBulkBodyInput['filter']> {
  return {
    ...(view.q.trim() !== '' && { q: view.q.trim() }),
    ...(view.tag !== '' && { tag: view.tag }),
    ...(view.createdBy === 'me' && { createdBy: 'me' }),
    ...(view.status !== 'all' && { status: view.status }),
    ...(view.folder !== '' && { folder: view.folder }),
    ...(view.archived && { archived: 'true' as const }),
  };
}

export type BulkActionInput = ShortlinkBulkBodyInput['action'];

/** The request of `action` on the selection: the ticked ids, or the view's filters. */
export function bulkBody(selection: BulkSelection, view: AdminView, action: BulkActionInput): ShortlinkBulkBodyInput {
  return selection.kind === 'ids'
    ? { ids: [...selection.ids].sort((a, b) => a - b), action }
    : { filter: viewFilter(view), action };
}

const VERBS: Record<ShortlinkBulkActionType, string> = {
  tag: 'Tag',
  untag: 'Untag',
  move: 'Move',
  archive: 'Archive',
  unarchive: 'Unarchive',
  delete: 'Delete',
  setExpiry: 'Set the expiry of',
};

const links = (count: number) => `${formatCount(count)} ${count === 1 ? 'link' : 'links'}`;

/** "Delete 37 links?": the question states how many links the action reaches. */
export function bulkConfirmation(action: ShortlinkBulkActionType, count: number): string {
  return `${VERBS[action]} ${links(count)}?`;
}

const DONE: Record<ShortlinkBulkActionType, (count: string) => string> = {
  tag: (count) => `${count} tagged`,
  untag: (count) => `${count} untagged`,
  move: (count) => `${count} moved`,
  archive: (count) => `${count} archived`,
  unarchive: (count) => `${count} unarchived`,
  delete: (count) => `${count} deleted`,
  setExpiry: (count) => `Expiry set on ${count}`,
};

/** The success toast: "3 links deleted", and how many of those reached were already as asked. */
export function bulkDoneMessage(action: ShortlinkBulkActionType, { changed, matched }: ShortlinkBulkResponse): string {
  const done = DONE[action](links(changed));
  const same = matched - changed;
  return same > 0 ? `${done} (${formatCount(same)} unchanged)` : done;
}

/** What the bulk dialog holds: the tag typed, the folder chosen, the new expiry (or none). */
export interface BulkFormValues {
  tag: string;
  /** A folder's id as text, or '' for no folder. */
  folder: string;
  /** `YYYY-MM-DDTHH:mm` in the browser's time zone. */
  until: string;
  /** The expiry is taken away instead. */
  noExpiry: boolean;
}

export const EMPTY_BULK_FORM: BulkFormValues = { tag: '', folder: '', until: '', noExpiry: false };

/** The request's action from the dialog, or what is missing (shown in the dialog; nothing is sent). */
export function bulkAction(type: ShortlinkBulkActionType, values: BulkFormValues): Result<BulkActionInput> {
  switch (type) {
    case 'tag':
    case 'untag': {
      const tag = values.tag.trim();
      if (tag === '') return err('Enter a tag');
      if (tag.length > SHORTLINK_LIMITS.tag) return err(`A tag is at most ${SHORTLINK_LIMITS.tag} characters`);
      return ok({ type, tags: [tag] });
    }
    case 'move':
      return ok({ type, folderId: values.folder === '' ? null : Number(values.folder) });
    case 'setExpiry': {
      if (values.noExpiry) return ok({ type, validUntil: null });
      const until = fromLocalInput(values.until);
      if (until === null) return err('Choose the date and time the links expire');
      return Number.isNaN(Date.parse(until)) ? err('Enter a valid date and time') : ok({ type, validUntil: until });
    }
    case 'archive':
    case 'unarchive':
    case 'delete':
      return ok({ type });
  }
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
