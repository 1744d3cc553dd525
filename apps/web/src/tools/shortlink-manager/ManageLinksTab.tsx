import type { UseQueryResult } from '@tanstack/react-query';
import {
  shortUrl,
  SHORTLINK_SORTS,
  type ExportFormat,
  type Shortlink,
  type ShortlinkPage,
  type ShortlinkSort,
  type ShortlinkTagsResponse,
} from '@toolvault/shared';
import {
  BarChart3,
  ChevronLeft,
  ChevronRight,
  ChevronsLeft,
  Database,
  Pencil,
  RefreshCw,
  Search,
  Trash2,
  Upload,
} from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Link } from 'react-router-dom';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import {
  isFiltered,
  linksLabel,
  PAGE_SIZES,
  pageNumber,
  SEARCH_MAX,
  SORT_LABELS,
  withFilters,
  writeAdminView,
  type AdminView,
  type PageSize,
} from './admin-view';
import { CopyLinkButton } from './CopyLinkButton';
import { EmptyLinks } from './EmptyLinks';
import {
  ExportButtons,
  formatCreated,
  LoadingState,
  RedirectModeBadge,
  ShortUrlLink,
  siteOrigin,
  TagList,
} from './LinkParts';
import { displayHost } from './shortlink-manager.service';
import { formatCount } from '../../lib/format';

export type BulkAction = 'export' | 'import' | 'sample';

/** Pause after the last keystroke before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

interface ManageLinksTabProps {
  view: AdminView;
  page: UseQueryResult<ShortlinkPage>;
  tags: UseQueryResult<ShortlinkTagsResponse>;
  busy: BulkAction | null;
  /**
   * Shows another view (search, sort, tag, page); each is a history entry, so Back returns to the last one.
   * A function is applied to the view the last change asked for (which the table may not show yet).
   */
  onView: (view: AdminView | ((current: AdminView) => AdminView)) => void;
  onRetry: () => void;
  onEdit: (link: Shortlink) => void;
  onDelete: (link: Shortlink) => void;
  onExport: (format: ExportFormat) => void;
  onImportFile: (file: File) => void;
  onLoadSample: () => void;
  onCreate: () => void;
  /** The row whose Analytics link takes focus once the table shows (coming back from that link's analytics). */
  focusRow: number | null;
  onRowFocused: () => void;
}

const dangerButton =
  'inline-flex items-center justify-center gap-1.5 rounded-lg border border-red-300 bg-white px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50 dark:border-red-800 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-950';
const smallButton = ui.buttonSecondary.replace('px-4 py-2', 'px-3 py-1.5').replace('gap-2', 'gap-1.5');

export const analyticsLinkId = (id: number) => `shortlink-analytics-${id}`;
const TABLE_REGION_ID = 'shortlink-table';

/**
 * Manage Links: one server page of links at a time, searched,
 * sorted and filtered by the server, with copy, edit, delete and the link's
 * own analytics per row, plus export, import and sample data.
 */
export function ManageLinksTab({
  view,
  page,
  tags,
  busy,
  onView,
  onRetry,
  onEdit,
  onDelete,
  onExport,
  onImportFile,
  onLoadSample,
  onCreate,
  focusRow,
  onRowFocused,
}: ManageLinksTabProps) {
  const fileInput = useRef<HTMLInputElement>(null);
  const id = useId();
  const pageMoved = useRef(false);
  const number = pageNumber(view);
  const ready = page.status === 'success' ? page.data : null;
  // A request is under way (another page, or this one again): the rows on screen are the previous answer.
  const stale = page.isFetching;

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again fires another change.
    event.target.value = '';
    if (file) onImportFile(file);
  };

  const goToPage = (after: string[]) => {
    pageMoved.current = true;
    onView({ ...view, after });
  };

  // After Next or Previous the table takes focus (the button pressed may now be disabled), once the page is
  // shown. Next sits below the table, so a reader who pressed it would be looking at the end of the new page:
  // when the table's top is scrolled away (or under the sticky header) it comes back into view, at once,
  // since the rows have changed anyway. Focusing alone would not scroll: the table is partly on screen.
  useEffect(() => {
    if (!pageMoved.current || !ready || stale) return;
    pageMoved.current = false;
    const region = document.getElementById(TABLE_REGION_ID);
    if (!region) return;
    region.focus({ preventScroll: true });
    const headerBottom = parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 0;
    if (region.getBoundingClientRect().top < headerBottom)
      region.scrollIntoView?.({ block: 'start', behavior: 'instant' });
  }, [ready, stale]);

  useEffect(() => {
    if (focusRow === null || !ready || stale) return;
    document.getElementById(analyticsLinkId(focusRow))?.focus();
    onRowFocused();
  }, [focusRow, ready, stale, onRowFocused]);

  const totalPages = ready ? Math.max(1, Math.ceil(ready.total / view.size)) : null;

  return (
    <Card>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 className={ui.subheading}>Manage Links</h2>
          <p className={`mt-1 ${ui.muted}`} role="status">
            {ready ? (
              <>
                {linksLabel(ready.total, ready.totalCapped)}
                {ready.totalCapped
                  ? ` · Page ${number}`
                  : totalPages !== null && totalPages > 1
                    ? ` · Page ${number} of ${formatCount(totalPages)}`
                    : ''}
              </>
            ) : page.status === 'pending' ? (
              'Loading...'
            ) : (
              ''
            )}
          </p>
        </div>
        <div className="flex flex-wrap gap-2" role="group" aria-label="Bulk actions">
          <ExportButtons
            name="Export"
            formats={['json', 'csv']}
            exporting={busy === 'export'}
            disabled={busy !== null}
            onExport={onExport}
          />
          <button
            type="button"
            className={ui.buttonSecondary}
            onClick={() => fileInput.current?.click()}
            disabled={busy !== null}
          >
            <Upload aria-hidden="true" className="size-4" />
            {busy === 'import' ? 'Importing...' : 'Import'}
          </button>
          <input
            ref={fileInput}
            type="file"
            accept="application/json,.json"
            className="hidden"
            aria-label="Import shortlinks from a JSON file"
            onChange={onFile}
            data-testid="import-file"
          />
          <button type="button" className={ui.buttonSecondary} onClick={onLoadSample} disabled={busy !== null}>
            <Database aria-hidden="true" className="size-4" />
            {busy === 'sample' ? 'Loading...' : 'Load sample data'}
          </button>
        </div>
      </div>

      <div role="search" className="mt-5 grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto]">
        <SearchBox value={view.q} onSearch={(q) => onView((current) => withFilters(current, { q }))} />
        <div>
          <label htmlFor={`${id}-sort`} className={ui.label}>
            Sort by
          </label>
          <select
            id={`${id}-sort`}
            value={view.sort}
            onChange={(event) => {
              const sort = event.target.value as ShortlinkSort;
              onView((current) => withFilters(current, { sort }));
            }}
            className={`${ui.input} sm:w-40`}
          >
            {SHORTLINK_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-tag`} className={ui.label}>
            Tag
          </label>
          <select
            id={`${id}-tag`}
            value={view.tag}
            onChange={(event) => {
              const tag = event.target.value;
              onView((current) => withFilters(current, { tag }));
            }}
            className={`${ui.input} sm:w-48`}
            aria-describedby={tags.status === 'error' ? `${id}-tag-error` : undefined}
          >
            <option value="">All tags</option>
            {tagOptions(tags, view.tag).map((tag) => (
              <option key={tag.tag} value={tag.tag}>
                {tag.count === null ? tag.tag : `${tag.tag} (${formatCount(tag.count)})`}
              </option>
            ))}
          </select>
          {tags.status === 'error' ? (
            <p id={`${id}-tag-error`} className="mt-1 text-xs text-red-700 dark:text-red-400">
              Tags could not be loaded.
            </p>
          ) : null}
        </div>
      </div>

      <div className="mt-5">
        {page.status === 'pending' ? (
          <LoadingState label="Loading shortlinks..." />
        ) : page.status === 'error' ? (
          <div className="rounded-lg border border-red-200 p-4 dark:border-red-900">
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              Failed to load shortlinks: {page.error.message}
            </p>
            <div className="mt-4 flex flex-wrap gap-2">
              <button type="button" className={ui.buttonSecondary} onClick={onRetry}>
                <RefreshCw aria-hidden="true" className="size-4" />
                Try again
              </button>
              {number > 1 ? (
                <button type="button" className={ui.buttonSecondary} onClick={() => goToPage([])}>
                  <ChevronsLeft aria-hidden="true" className="size-4" />
                  First page
                </button>
              ) : null}
            </div>
          </div>
        ) : page.data.items.length === 0 ? (
          page.data.total === 0 && !isFiltered(view) ? (
            <EmptyLinks onCreate={onCreate} onLoadSample={onLoadSample} busy={busy !== null} />
          ) : (
            <div className="rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center dark:border-slate-700">
              <p className="font-semibold text-slate-900 dark:text-white">
                {page.data.total === 0 ? 'No links match your search' : 'No more links on this page'}
              </p>
              <div className="mt-4 flex flex-col justify-center gap-3 sm:flex-row">
                {isFiltered(view) ? (
                  <button
                    type="button"
                    className={ui.buttonSecondary}
                    onClick={() => onView((current) => withFilters(current, { q: '', tag: '' }))}
                  >
                    Clear search and tag
                  </button>
                ) : null}
                {number > 1 ? (
                  <button type="button" className={ui.buttonSecondary} onClick={() => goToPage([])}>
                    <ChevronsLeft aria-hidden="true" className="size-4" />
                    First page
                  </button>
                ) : null}
              </div>
            </div>
          )
        ) : (
          <>
            <LinkTable
              links={page.data.items}
              view={view}
              stale={stale}
              caption={`Shortlinks, page ${number}`}
              onEdit={onEdit}
              onDelete={onDelete}
            />
            <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3">
              <div className="flex items-center gap-2">
                <label
                  htmlFor={`${id}-size`}
                  className="text-sm font-medium whitespace-nowrap text-slate-800 dark:text-slate-200"
                >
                  Rows per page
                </label>
                <select
                  id={`${id}-size`}
                  value={view.size}
                  onChange={(event) => {
                    const size = Number(event.target.value) as PageSize;
                    onView((current) => withFilters(current, { size }));
                  }}
                  className={`${ui.input} w-auto py-1.5`}
                >
                  {PAGE_SIZES.map((size) => (
                    <option key={size} value={size}>
                      {size}
                    </option>
                  ))}
                </select>
              </div>
              <div className="flex flex-wrap gap-2">
                {number > 2 ? (
                  <button type="button" className={smallButton} onClick={() => goToPage([])}>
                    <ChevronsLeft aria-hidden="true" className="size-4" />
                    First page
                  </button>
                ) : null}
                <button
                  type="button"
                  className={smallButton}
                  disabled={number === 1}
                  onClick={() => goToPage(view.after.slice(0, -1))}
                >
                  <ChevronLeft aria-hidden="true" className="size-4" />
                  Previous
                </button>
                <button
                  type="button"
                  className={smallButton}
                  disabled={page.data.nextCursor === null}
                  onClick={() => {
                    if (page.data.nextCursor !== null) goToPage([...view.after, page.data.nextCursor]);
                  }}
                >
                  Next
                  <ChevronRight aria-hidden="true" className="size-4" />
                </button>
              </div>
            </nav>
          </>
        )}
      </div>
    </Card>
  );
}

/** The tag filter's options: the server's tags, plus the selected one if it is not among them (a shared URL). */
function tagOptions(
  tags: UseQueryResult<ShortlinkTagsResponse>,
  selected: string,
): { tag: string; count: number | null }[] {
  const list: { tag: string; count: number | null }[] = tags.data?.tags ?? [];
  return selected !== '' && !list.some((tag) => tag.tag === selected)
    ? [{ tag: selected, count: null }, ...list]
    : list;
}

/**
 * The search field: sent after a pause in typing, or at once on Enter. The
 * text follows the URL when it changes from outside (Back, Forward, Clear).
 */
function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  });

  // A search that did not come from this field (Back, Forward, a cleared filter) replaces its text.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);

  const send = (q: string) => {
    if (q.trim() === sent.current.trim()) return;
    sent.current = q.trim();
    latest.current(q.trim());
  };

  useEffect(() => {
    const timer = setTimeout(() => send(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <div>
      <label htmlFor={id} className={ui.label}>
        Search links
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500"
        />
        <input
          id={id}
          type="search"
          value={text}
          maxLength={SEARCH_MAX}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') send(text);
          }}
          placeholder="Code, title, URL or tag"
          autoCapitalize="off"
          spellCheck={false}
          className={`${ui.input} pl-9`}
        />
      </div>
    </div>
  );
}

interface LinkTableProps {
  links: readonly Shortlink[];
  view: AdminView;
  stale: boolean;
  caption: string;
  onEdit: (link: Shortlink) => void;
  onDelete: (link: Shortlink) => void;
}

function LinkTable({ links, view, stale, caption, onEdit, onDelete }: LinkTableProps) {
  const captionId = useId();
  return (
    // Scrolls sideways on a phone instead of widening the page; focusable so the keyboard can scroll it
    // (a scrollable region nobody can reach by keyboard fails WCAG 2.1.1).
    <div
      id={TABLE_REGION_ID}
      role="region"
      aria-labelledby={captionId}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      // relative: the visually hidden labels in the cells (absolutely positioned) scroll with it, not widen the page.
      className="relative overflow-x-auto rounded-lg border border-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-slate-800"
    >
      <table
        aria-busy={stale}
        className={`w-full min-w-[44rem] text-left text-sm ${stale ? 'opacity-60' : ''} transition-opacity`}
      >
        <caption id={captionId} className="sr-only">
          {caption}
        </caption>
        <thead className="bg-slate-50 text-xs font-semibold tracking-wide text-slate-700 uppercase dark:bg-slate-900 dark:text-slate-300">
          <tr>
            <th scope="col" className="px-3 py-2">
              Link
            </th>
            <th scope="col" className="px-3 py-2 text-right">
              Clicks
            </th>
            <th scope="col" className="px-3 py-2">
              Created
            </th>
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {links.map((link) => (
            <LinkRow key={link.id} link={link} view={view} onEdit={onEdit} onDelete={onDelete} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LinkRow({
  link,
  view,
  onEdit,
  onDelete,
}: {
  link: Shortlink;
  view: AdminView;
  onEdit: (link: Shortlink) => void;
  onDelete: (link: Shortlink) => void;
}) {
  const analyticsSearch = `?${writeAdminView({ ...view, tab: 'manage', link: link.id }).toString()}`;
  return (
    <tr className="align-top">
      <td className="max-w-[28rem] px-3 py-3">
        <div className="space-y-1">
          <p className="font-semibold [overflow-wrap:anywhere] text-slate-900 dark:text-white">{link.title}</p>
          <p>
            <ShortUrlLink link={link} />
          </p>
          <p className="text-slate-700 dark:text-slate-300" title={link.targetUrl}>
            <span className="sr-only">Target: </span>
            <span aria-hidden="true">→ </span>
            <span className="font-medium [overflow-wrap:anywhere]">{displayHost(link.targetUrl)}</span>
            <span className="block truncate font-mono text-xs text-slate-600 dark:text-slate-400">
              {link.targetUrl}
            </span>
          </p>
          <div className="flex flex-wrap items-center gap-1.5 pt-0.5">
            <RedirectModeBadge mode={link.redirectMode} />
            <TagList tags={link.tags} />
          </div>
        </div>
      </td>
      <td className="px-3 py-3 text-right font-medium whitespace-nowrap text-slate-800 tabular-nums dark:text-slate-200">
        {formatCount(link.clickCount)}
        <span className="sr-only"> {link.clickCount === 1 ? 'click' : 'clicks'}</span>
      </td>
      <td className={`px-3 py-3 whitespace-nowrap ${ui.muted}`}>{formatCreated(link.createdAt)}</td>
      <td className="px-3 py-3">
        <div className="flex flex-wrap justify-end gap-1.5">
          <Link
            id={analyticsLinkId(link.id)}
            to={{ search: analyticsSearch }}
            className={smallButton}
            aria-label={`Analytics ${link.shortCode}`}
          >
            <BarChart3 aria-hidden="true" className="size-4" />
            Analytics
          </Link>
          <CopyLinkButton url={shortUrl(siteOrigin(), link.shortCode)} context={link.shortCode} small />
          <button
            type="button"
            className={smallButton}
            onClick={() => onEdit(link)}
            aria-label={`Edit ${link.shortCode}`}
          >
            <Pencil aria-hidden="true" className="size-4" />
            Edit
          </button>
          <button
            type="button"
            className={dangerButton}
            onClick={() => onDelete(link)}
            aria-label={`Delete ${link.shortCode}`}
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Delete
          </button>
        </div>
      </td>
    </tr>
  );
}
