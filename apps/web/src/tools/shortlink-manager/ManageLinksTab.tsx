import { shortUrl, type Shortlink } from '@toolvault/shared';
import { Calendar, Database, Download, Pencil, Trash2, Upload } from 'lucide-react';
import { useRef, type ChangeEvent } from 'react';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { CopyLinkButton } from './CopyLinkButton';
import { EmptyLinks } from './EmptyLinks';
import { ClickCount, formatCreated, LoadingState, ShortUrlLink, siteOrigin, TagList } from './LinkParts';
import { countLabel, displayHost } from './shortlink-manager.service';

export type BulkAction = 'export' | 'import' | 'sample';

interface ManageLinksTabProps {
  links: readonly Shortlink[] | null;
  busy: BulkAction | null;
  onEdit: (link: Shortlink) => void;
  onDelete: (link: Shortlink) => void;
  onExport: () => void;
  onImportFile: (file: File) => void;
  onLoadSample: () => void;
  onCreate: () => void;
}

const dangerButton =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-red-300 bg-white px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50 dark:border-red-800 dark:bg-slate-900 dark:text-red-300 dark:hover:bg-red-950';

/** Every link with copy, edit and delete, plus export, import and sample data (spec 001 §2). */
export function ManageLinksTab({
  links,
  busy,
  onEdit,
  onDelete,
  onExport,
  onImportFile,
  onLoadSample,
  onCreate,
}: ManageLinksTabProps) {
  const fileInput = useRef<HTMLInputElement>(null);

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared so choosing the same file again fires another change.
    event.target.value = '';
    if (file) onImportFile(file);
  };

  return (
    <Card>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 className={ui.subheading}>Manage Links</h2>
          <p className={`mt-1 ${ui.muted}`} aria-live="polite">
            {links === null ? 'Loading...' : `${countLabel(links.length)} in total`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2" role="group" aria-label="Bulk actions">
          <button
            type="button"
            className={ui.buttonSecondary}
            onClick={onExport}
            disabled={busy !== null || !links?.length}
          >
            <Download aria-hidden="true" className="size-4" />
            {busy === 'export' ? 'Exporting...' : 'Export'}
          </button>
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

      <div className="mt-5">
        {links === null ? (
          <LoadingState label="Loading shortlinks..." />
        ) : links.length === 0 ? (
          <EmptyLinks onCreate={onCreate} onLoadSample={onLoadSample} busy={busy !== null} />
        ) : (
          <ul aria-label="Shortlinks" className="space-y-3">
            {links.map((link) => (
              <li key={link.id} className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
                <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
                  <div className="min-w-0 space-y-1">
                    <h3 className="font-semibold [overflow-wrap:anywhere] text-slate-900 dark:text-white">
                      {link.title}
                    </h3>
                    <p className="text-sm">
                      <ShortUrlLink link={link} />
                    </p>
                    <p className="text-sm [overflow-wrap:anywhere] text-slate-700 dark:text-slate-300">
                      <span className="sr-only">Target: </span>
                      <span aria-hidden="true">→ </span>
                      <span className="font-medium">{displayHost(link.targetUrl)}</span>
                      <span className="block font-mono text-xs break-all text-slate-600 dark:text-slate-400">
                        {link.targetUrl}
                      </span>
                    </p>
                    {link.description ? (
                      <p className={`${ui.muted} [overflow-wrap:anywhere]`}>{link.description}</p>
                    ) : null}
                    <TagList tags={link.tags} />
                    <p className="flex flex-wrap items-center gap-x-4 gap-y-1 pt-1">
                      <ClickCount count={link.clickCount} />
                      <span className={`inline-flex items-center gap-1 ${ui.muted}`}>
                        <Calendar aria-hidden="true" className="size-4" />
                        <span className="sr-only">Created </span>
                        {formatCreated(link.createdAt)}
                      </span>
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-wrap gap-2">
                    <CopyLinkButton url={shortUrl(siteOrigin(), link.shortCode)} context={link.shortCode} />
                    <button
                      type="button"
                      className={ui.buttonSecondary}
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
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
