import { shortUrl, type ExportFormat, type RedirectMode, type Shortlink } from '@toolvault/shared';
import { Download, MousePointerClick } from 'lucide-react';
import { Badge } from '../../components/Badge';
import { ui } from '../../components/ui';
import { countLabel } from './shortlink-manager.service';

export const linkClass =
  'font-mono font-medium break-all text-indigo-700 underline decoration-indigo-300 underline-offset-2 hover:text-indigo-900 dark:text-indigo-300 dark:decoration-indigo-700 dark:hover:text-indigo-200';

/** A secondary button of a row or a pager: the page's secondary button, smaller. */
export const smallButton = ui.buttonSecondary.replace('px-4 py-2', 'px-3 py-1.5').replace('gap-2', 'gap-1.5');

/** The site's origin, where short codes live. */
export const siteOrigin = () => window.location.origin;

/** Created date in the visitor's locale; an unreadable value shows as-is. */
export function formatCreated(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleDateString(undefined, { dateStyle: 'medium' });
}

export function ShortUrlLink({ link }: { link: Shortlink }) {
  const url = shortUrl(siteOrigin(), link.shortCode);
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={linkClass}>
      {url}
    </a>
  );
}

export function TagList({ tags }: { tags: readonly string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul aria-label="Tags" className="flex flex-wrap gap-1.5">
      {tags.map((tag, index) => (
        <li
          // Tags may repeat; their position keeps the key unique.
          key={`${index}-${tag}`}
          className="rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200"
        >
          {tag}
        </li>
      ))}
    </ul>
  );
}

export function ClickCount({ count }: { count: number }) {
  return (
    <span className="inline-flex items-center gap-1 text-sm font-medium whitespace-nowrap text-slate-800 dark:text-slate-200">
      <MousePointerClick aria-hidden="true" className="size-4 text-indigo-600 dark:text-indigo-400" />
      {countLabel(count, 'click')}
    </span>
  );
}

/** A short list of links (recent, top): title, short URL, clicks and date. */
export function CompactLinkList({
  links,
  label,
  ordered = false,
}: {
  links: readonly Shortlink[];
  label: string;
  ordered?: boolean;
}) {
  const List = ordered ? 'ol' : 'ul';
  return (
    <List aria-label={label} className="divide-y divide-slate-200 dark:divide-slate-800">
      {links.map((link, index) => (
        <li key={link.id} className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:justify-between sm:gap-4">
          <div className="flex min-w-0 gap-3">
            {ordered ? (
              <span className="w-6 shrink-0 text-right font-semibold text-slate-600 tabular-nums dark:text-slate-400">
                {index + 1}.
              </span>
            ) : null}
            <div className="min-w-0">
              <p className="font-medium [overflow-wrap:anywhere] text-slate-900 dark:text-white">{link.title}</p>
              <p className="text-sm">
                <ShortUrlLink link={link} />
              </p>
            </div>
          </div>
          <div className={`flex shrink-0 items-center gap-3 ${ordered ? 'pl-9 sm:pl-0' : ''}`}>
            <ClickCount count={link.clickCount} />
            <span className={ui.muted}>{formatCreated(link.createdAt)}</span>
          </div>
        </li>
      ))}
    </List>
  );
}

/** Loading and empty states shared by the tabs. */
export function LoadingState({ label }: { label: string }) {
  return (
    <p role="status" className={`py-6 text-center ${ui.muted}`}>
      {label}
    </p>
  );
}

/** How a visitor is sent on: the preview page with its countdown, or a redirect at once. */
export function RedirectModeBadge({ mode }: { mode: RedirectMode | undefined }) {
  return (
    <Badge tone={mode === 'direct' ? 'emerald' : 'slate'}>
      <span className="sr-only">Redirect: </span>
      {mode === 'direct' ? 'Redirect at once' : 'Preview page'}
    </Badge>
  );
}

/** One button per format, named "{name} JSON" and so on; all say "Exporting..." while their export runs. */
export function ExportButtons({
  name,
  formats,
  exporting,
  disabled,
  onExport,
}: {
  name: string;
  formats: readonly ExportFormat[];
  exporting: boolean;
  disabled: boolean;
  onExport: (format: ExportFormat) => void;
}) {
  return formats.map((format) => (
    <button
      key={format}
      type="button"
      className={ui.buttonSecondary}
      onClick={() => onExport(format)}
      disabled={disabled}
    >
      <Download aria-hidden="true" className="size-4" />
      {exporting ? 'Exporting...' : `${name} ${format.toUpperCase()}`}
    </button>
  ));
}
