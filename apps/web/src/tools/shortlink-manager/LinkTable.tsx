import { shortUrl, type Shortlink } from '@toolvault/shared';
import { Archive, BarChart3, Pencil, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { Link } from 'react-router-dom';
import { ui } from '../../components/ui';
import { formatCount } from '../../lib/format';
import { writeAdminView, type AdminView } from './admin-view';
import { CopyLinkButton } from './CopyLinkButton';
import { CodeTakenBadge, LinkStateBadge } from './LinkStateBadge';
import { QrCodeButton } from './QrCodeDialog';
import { formatCreated, RedirectModeBadge, ShortUrlLink, siteOrigin, smallButton, TagList } from './LinkParts';
import { PasswordBadge } from './PasswordBadge';
import { displayHost } from './shortlink-manager.service';

/* One page of Manage Links as a table: each link with its clicks, date, maker and actions. */

const dangerButton =
  'inline-flex items-center justify-center gap-1.5 rounded-lg border border-red-300 bg-white px-3 py-1.5 text-sm font-semibold text-red-800 hover:bg-red-50 dark:border-red-800 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-950';

export const analyticsLinkId = (id: number) => `shortlink-analytics-${id}`;
export const TABLE_REGION_ID = 'shortlink-table';

/** The table's check boxes, for a role that may change links in bulk. */
export interface RowSelection {
  isSelected: (id: number) => boolean;
  onToggle: (id: number) => void;
  /** How much of this page is ticked: the header box shows it (mixed for some). */
  page: 'all' | 'some' | 'none';
  onTogglePage: () => void;
}

const checkbox = 'size-4 rounded border-slate-400 text-indigo-600 focus-visible:ring-2 focus-visible:ring-indigo-500';

interface LinkTableProps {
  links: readonly Shortlink[];
  view: AdminView;
  stale: boolean;
  caption: string;
  /** Edit and Delete per row, for a role that may change links. */
  write: boolean;
  /** The Analytics link per row, for a role that may read a link's analytics. */
  analytics: boolean;
  onEdit: (link: Shortlink) => void;
  onDelete: (link: Shortlink) => void;
  /** Opens a link's analytics (a plain click on its Analytics link; the href serves a new tab). */
  onOpenAnalytics: (id: number) => void;
  /** A check box per row and one for the page; none when absent. */
  selection?: RowSelection;
}

export function LinkTable({
  links,
  view,
  stale,
  caption,
  write,
  analytics,
  onEdit,
  onDelete,
  onOpenAnalytics,
  selection,
}: LinkTableProps) {
  const captionId = useId();
  const pageBox = useRef<HTMLInputElement>(null);
  // "Some of the page" has no attribute of its own: the mixed state is a property.
  useEffect(() => {
    if (pageBox.current) pageBox.current.indeterminate = selection?.page === 'some';
  }, [selection?.page]);
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
            {selection ? (
              <th scope="col" className="w-10 px-3 py-2">
                <input
                  ref={pageBox}
                  type="checkbox"
                  className={checkbox}
                  checked={selection.page === 'all'}
                  onChange={selection.onTogglePage}
                  aria-label="Select all links on this page"
                />
              </th>
            ) : null}
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
              Created by
            </th>
            <th scope="col" className="px-3 py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {links.map((link) => (
            <LinkRow
              key={link.id}
              link={link}
              view={view}
              write={write}
              analytics={analytics}
              onEdit={onEdit}
              onDelete={onDelete}
              onOpenAnalytics={onOpenAnalytics}
              selection={selection}
            />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function LinkRow({
  link,
  view,
  write,
  analytics,
  onEdit,
  onDelete,
  onOpenAnalytics,
  selection,
}: {
  link: Shortlink;
  view: AdminView;
  write: boolean;
  analytics: boolean;
  onEdit: (link: Shortlink) => void;
  onDelete: (link: Shortlink) => void;
  onOpenAnalytics: (id: number) => void;
  selection: RowSelection | undefined;
}) {
  const analyticsSearch = `?${writeAdminView({ ...view, tab: 'manage', link: link.id }).toString()}`;
  const selected = selection?.isSelected(link.id) ?? false;
  return (
    <tr className={`align-top ${selected ? 'bg-indigo-50/60 dark:bg-indigo-950/30' : ''}`}>
      {selection ? (
        <td className="px-3 py-3">
          <input
            type="checkbox"
            className={checkbox}
            checked={selected}
            onChange={() => selection.onToggle(link.id)}
            aria-label={`Select ${link.shortCode}`}
          />
        </td>
      ) : null}
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
            {link.archived ? <ArchivedBadge /> : null}
            <PasswordBadge hasPassword={link.hasPassword} />
            <LinkStateBadge link={link} />
            <CodeTakenBadge shortCode={link.shortCode} />
            <TagList tags={link.tags} />
          </div>
        </div>
      </td>
      <td className="px-3 py-3 text-right font-medium whitespace-nowrap text-slate-800 tabular-nums dark:text-slate-200">
        {formatCount(link.clickCount)}
        <span className="sr-only"> {link.clickCount === 1 ? 'click' : 'clicks'}</span>
      </td>
      <td className={`px-3 py-3 whitespace-nowrap ${ui.muted}`}>{formatCreated(link.createdAt)}</td>
      <td className={`px-3 py-3 ${ui.muted}`}>
        <MadeBy link={link} />
      </td>
      <td className="px-3 py-3">
        <div className="flex flex-wrap justify-end gap-1.5">
          {analytics ? (
            <Link
              id={analyticsLinkId(link.id)}
              to={{ search: analyticsSearch }}
              className={smallButton}
              aria-label={`Analytics ${link.shortCode}`}
              onClick={(event) => {
                // The href is this render's view; a search still being typed is not in it yet. A plain
                // click goes through the panel's own view instead, so the search sent a moment later
                // lands on the analytics view rather than replacing it with the list.
                if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
                event.preventDefault();
                onOpenAnalytics(link.id);
              }}
            >
              <BarChart3 aria-hidden="true" className="size-4" />
              Analytics
            </Link>
          ) : null}
          <CopyLinkButton url={shortUrl(siteOrigin(), link.shortCode)} context={link.shortCode} small />
          <QrCodeButton link={link} />
          {write ? (
            <>
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
            </>
          ) : null}
        </div>
      </td>
    </tr>
  );
}

/**
 * Who made the link (a guest's link, and one made before there were accounts, record nobody) and,
 * when someone changed it since, who did last.
 */
function MadeBy({ link }: { link: Shortlink }) {
  return (
    <div className="space-y-0.5">
      <p className="[overflow-wrap:anywhere] text-slate-800 dark:text-slate-200">
        {link.createdBy?.name ?? <span className={ui.muted}>Not recorded</span>}
      </p>
      {link.updatedBy ? <p className="text-xs [overflow-wrap:anywhere]">Changed by {link.updatedBy.name}</p> : null}
    </div>
  );
}

/** An archived link still redirects; the badge says why it is not in the usual list. */
function ArchivedBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-slate-200 px-2 py-0.5 text-xs font-medium text-slate-800 dark:bg-slate-700 dark:text-slate-100">
      <Archive aria-hidden="true" className="size-3" />
      Archived
    </span>
  );
}
