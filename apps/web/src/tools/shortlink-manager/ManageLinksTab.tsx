import type { UseQueryResult } from '@tanstack/react-query';
import type { ExportFormat, Shortlink, ShortlinkPage, ShortlinkTagsResponse } from '@toolvault/shared';
import { ChevronLeft, ChevronRight, ChevronsLeft, Database, RefreshCw, Upload } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import {
  isFiltered,
  linksLabel,
  NO_FILTERS,
  PAGE_SIZES,
  pageNumber,
  withFilters,
  type AdminView,
  type PageSize,
} from './admin-view';
import {
  bulkBody,
  filterKey,
  isSelected,
  NO_SELECTION,
  pageState,
  toggleLink,
  togglePage,
  type BulkSelection,
} from './bulk-actions.service';
import { BulkBar } from './BulkBar';
import { EmptyLinks } from './EmptyLinks';
import { FolderManagerButton } from './FolderDialog';
import { ExportButtons, LoadingState, smallButton } from './LinkParts';
import { LinkFilters } from './LinkFilters';
import { analyticsLinkId, LinkTable, TABLE_REGION_ID } from './LinkTable';
import type { ManagerAccess } from './manager-access';
import type { LinkBulk } from './use-link-bulk';
import { formatCount } from '../../lib/format';

export type BulkAction = 'export' | 'import' | 'sample';

interface ManageLinksTabProps {
  view: AdminView;
  /** What the person's role lets them use here (manager-access.ts). */
  access: ManagerAccess;
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
  /** Folders and bulk changes (use-link-bulk.ts). */
  linkBulk: LinkBulk;
}

/**
 * Manage Links: one server page of links at a time, searched,
 * sorted and filtered by the server, with copy, edit, delete and the link's
 * own analytics per row, plus export, import and sample data.
 */
export function ManageLinksTab({
  view,
  access,
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
  linkBulk,
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

  // The selection belongs to the filters it was made under: other filters start with none.
  const key = filterKey(view);
  const [picked, setPicked] = useState<{ key: string; selection: BulkSelection }>({ key, selection: NO_SELECTION });
  const selection = picked.key === key ? picked.selection : NO_SELECTION;
  const select = (next: BulkSelection) => setPicked({ key, selection: next });
  const pageIds = ready?.items.map((item) => item.id) ?? [];
  const folders = linkBulk.folders.data?.folders ?? [];

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
        {/* The export holds every link, and an import or the sample data adds to the whole site's. */}
        {access.allLinks || access.importLinks ? (
          <div className="flex flex-wrap gap-2" role="group" aria-label="Bulk actions">
            {access.allLinks ? (
              <ExportButtons
                name="Export"
                formats={['json', 'csv']}
                exporting={busy === 'export'}
                disabled={busy !== null}
                onExport={onExport}
              />
            ) : null}
            {access.importLinks ? (
              <>
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
                  accept="application/json,.json,text/csv,.csv"
                  className="hidden"
                  aria-label="Import shortlinks from a JSON or CSV file"
                  onChange={onFile}
                  data-testid="import-file"
                />
                <button type="button" className={ui.buttonSecondary} onClick={onLoadSample} disabled={busy !== null}>
                  <Database aria-hidden="true" className="size-4" />
                  {busy === 'sample' ? 'Loading...' : 'Load sample data'}
                </button>
              </>
            ) : null}
          </div>
        ) : null}
      </div>

      <LinkFilters
        view={view}
        access={access}
        tags={tags}
        folders={folders}
        folderTools={
          access.folders ? (
            <FolderManagerButton folders={folders} busy={linkBulk.changingFolder} onChange={linkBulk.changeFolder} />
          ) : undefined
        }
        onView={onView}
      />

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
            <EmptyLinks
              onCreate={access.write ? onCreate : undefined}
              onLoadSample={access.importLinks ? onLoadSample : undefined}
              busy={busy !== null}
            />
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
                    onClick={() => onView((current) => withFilters(current, NO_FILTERS))}
                  >
                    Clear filters
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
            {access.write ? (
              <BulkBar
                selection={selection}
                view={view}
                total={page.data.total}
                totalCapped={page.data.totalCapped === true}
                pageCount={page.data.items.length}
                folders={folders}
                running={linkBulk.running}
                onSelectMatching={() => select({ kind: 'matching', count: page.data.total })}
                onClear={() => select(NO_SELECTION)}
                onRun={(action, done) =>
                  linkBulk.run(bulkBody(selection, view, action), () => {
                    select(NO_SELECTION);
                    done();
                  })
                }
              />
            ) : null}
            <LinkTable
              links={page.data.items}
              view={view}
              stale={stale}
              caption={`Shortlinks, page ${number}`}
              write={access.write}
              analytics={access.linkAnalytics}
              onEdit={onEdit}
              onDelete={onDelete}
              onOpenAnalytics={(linkId) => onView((current) => ({ ...current, tab: 'manage', link: linkId }))}
              selection={
                access.write
                  ? {
                      isSelected: (linkId) => isSelected(selection, linkId),
                      onToggle: (linkId) => select(toggleLink(selection, linkId, pageIds)),
                      page: pageState(selection, pageIds),
                      onTogglePage: () => select(togglePage(selection, pageIds)),
                    }
                  : undefined
              }
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
