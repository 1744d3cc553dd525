import {
  NO_FOLDER,
  SHORTLINK_LIST_LIMITS,
  SHORTLINK_SORTS,
  type ShortlinkSort,
  LINK_STATUS_FILTERS,
  type LinkStatusFilter,
} from '@toolvault/shared';
import { formatCount } from '../../lib/format';
import { readPersonChoice, type PersonChoice } from '../../features/team/people-choices';
import { DEFAULT_WINDOW, readWindow, writeWindow, type WindowChoice } from './analytics-window.service';

/**
 * The administrator's view as URL query parameters, so a reload, a shared
 * admin URL and Back/Forward all show the same tab, search, page and analytics window.
 * Pure: reads and writes URLSearchParams, no React.
 */

export const ADMIN_TABS = ['overview', 'create', 'manage', 'analytics'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const SORT_LABELS: Record<ShortlinkSort, string> = { newest: 'Newest', clicks: 'Most clicks', title: 'Title' };

/**
 * Rows per page of Manage Links: enough to scan, few enough that the page
 * stays light with any number of links (the API allows at most 100).
 */
export const PAGE_SIZES = [25, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const PAGE_SIZE: PageSize = 50;

/** Longest search text; the server refuses longer. */
export const SEARCH_MAX = SHORTLINK_LIST_LIMITS.maxQuery;

/** A folder filter: a folder's id as text, NO_FOLDER, or '' for every folder. */
export type FolderFilter = string;

/** `?folder=` as the list takes it: digits of an id, or 'none'; anything else is every folder. */
const readFolder = (text: string | null): FolderFilter =>
  text === NO_FOLDER || /^[1-9]\d{0,15}$/.test(text ?? '') ? (text ?? '') : '';

/** Whose links the list shows: everyone's, the signed-in person's (`?by=me`), or one person's (`?by=<id>`). */
export type Creator = PersonChoice;

/** The analytics' window (range, custom days, step) is part of the view: see analytics-window.service.ts. */
export interface AdminView extends WindowChoice {
  tab: AdminTab;
  /** Search text (code, title, target URL, tags). */
  q: string;
  /** One tag to filter by, '' for all. */
  tag: string;
  /** Whose links: everyone's, mine or one person's. */
  createdBy: Creator;
  /** Active, inactive (expired, scheduled, limit reached) or all links. */
  status: LinkStatusFilter;
  /** One folder's links (its id), those in no folder ('none'), or every folder (''). */
  folder: FolderFilter;
  /** Only archived links when true; the links not archived (the usual list) otherwise. */
  archived: boolean;
  sort: ShortlinkSort;
  /** Rows per page. */
  size: PageSize;
  /**
   * The cursors that opened pages 2 … current, oldest first; empty on the first
   * page. Keeping the whole trail lets Previous work after a reload.
   */
  after: string[];
  /** The link whose own analytics are open (inside Manage Links), or null. */
  link: number | null;
}

export const DEFAULT_VIEW: AdminView = {
  tab: 'overview',
  q: '',
  tag: '',
  createdBy: 'all',
  status: 'all',
  folder: '',
  archived: false,
  sort: 'newest',
  size: PAGE_SIZE,
  after: [],
  link: null,
  ...DEFAULT_WINDOW,
};

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.includes(value as T) ? (value as T) : fallback;

/** Reads the view from the page's query; unknown or malformed values fall back to the defaults. */
export function readAdminView(params: URLSearchParams): AdminView {
  const linkText = params.get('link') ?? '';
  const link = /^[1-9]\d{0,15}$/.test(linkText) ? Number(linkText) : null;
  return {
    tab: oneOf(ADMIN_TABS, params.get('tab'), DEFAULT_VIEW.tab),
    q: (params.get('q') ?? '').slice(0, SEARCH_MAX),
    tag: params.get('tag') ?? '',
    createdBy: readPersonChoice(params.get('by')),
    status: oneOf(LINK_STATUS_FILTERS, params.get('status'), DEFAULT_VIEW.status),
    folder: readFolder(params.get('folder')),
    archived: params.get('archived') === '1',
    sort: oneOf(SHORTLINK_SORTS, params.get('sort'), DEFAULT_VIEW.sort),
    size: PAGE_SIZES.find((size) => String(size) === params.get('size')) ?? PAGE_SIZE,
    after: params.getAll('after').filter((cursor) => cursor !== ''),
    link: link !== null && Number.isSafeInteger(link) ? link : null,
    ...readWindow(params),
  };
}

/** The query for a view; defaults are left out so the plain page stays `/shortlink-manager`. */
export function writeAdminView(view: AdminView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.tab !== DEFAULT_VIEW.tab) params.set('tab', view.tab);
  if (view.q.trim() !== '') params.set('q', view.q.trim());
  if (view.tag !== '') params.set('tag', view.tag);
  if (view.createdBy !== DEFAULT_VIEW.createdBy) params.set('by', view.createdBy);
  if (view.status !== DEFAULT_VIEW.status) params.set('status', view.status);
  if (view.folder !== '') params.set('folder', view.folder);
  if (view.archived) params.set('archived', '1');
  if (view.sort !== DEFAULT_VIEW.sort) params.set('sort', view.sort);
  if (view.size !== PAGE_SIZE) params.set('size', String(view.size));
  for (const cursor of view.after) params.append('after', cursor);
  if (view.link !== null) params.set('link', String(view.link));
  writeWindow(view, params);
  return params;
}

/** A change of search, tag, creator, sort or page size starts again from the first page. */
export function withFilters(
  view: AdminView,
  change: Partial<Pick<AdminView, 'q' | 'tag' | 'createdBy' | 'status' | 'folder' | 'archived' | 'sort' | 'size'>>,
): AdminView {
  return { ...view, ...change, after: [] };
}

/** `GET /api/shortlinks` query of the view's current page. */
export function listQuery(view: AdminView): string {
  const params = new URLSearchParams({ limit: String(view.size), sort: view.sort });
  if (view.q.trim() !== '') params.set('q', view.q.trim());
  if (view.tag !== '') params.set('tag', view.tag);
  if (view.createdBy !== 'all') params.set('createdBy', view.createdBy);
  if (view.status !== 'all') params.set('status', view.status);
  if (view.folder !== '') params.set('folder', view.folder);
  if (view.archived) params.set('archived', 'true');
  const cursor = view.after.at(-1);
  if (cursor !== undefined) params.set('cursor', cursor);
  return params.toString();
}

/**
 * True when the list is narrowed by a search, a tag, its creator, status, folder or the archive (an
 * empty answer then means "no match", not "no links").
 */
export const isFiltered = (
  view: Pick<AdminView, 'q' | 'tag' | 'createdBy'> & Partial<Pick<AdminView, 'status' | 'folder' | 'archived'>>,
) =>
  view.q.trim() !== '' ||
  view.tag !== '' ||
  view.createdBy !== 'all' ||
  (view.status ?? 'all') !== 'all' ||
  (view.folder ?? '') !== '' ||
  view.archived === true;

/** The filters of the view cleared: what "Clear filters" shows. */
export const NO_FILTERS = { q: '', tag: '', createdBy: 'all', status: 'all', folder: '', archived: false } as const;

export const STATUS_LABELS: Record<LinkStatusFilter, string> = { all: 'All', active: 'Active', inactive: 'Inactive' };

/** 1-based number of the page the view shows. */
export const pageNumber = (view: Pick<AdminView, 'after'>) => view.after.length + 1;

/** "1 link", "1,234 links"; "10,000+ links" when the server stopped counting at 10,000 (`capped`). */
export function linksLabel(count: number, capped = false): string {
  return `${formatCount(count)}${capped ? '+' : ''} ${count === 1 && !capped ? 'link' : 'links'}`;
}
