import type { ImportDryRunResponse } from '@toolvault/shared';
import { CheckCircle2, ListChecks, Upload, X } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { toast } from '../../lib/toast';
import { ui } from '../../components/ui';
import type { ApiFailure, Result } from '../../lib/result';
import { formatCount } from '../../lib/format';
import { useModalFocus } from '../../lib/use-modal-focus';
import {
  fieldLabel,
  guessMapping,
  IMPORT_FIELDS,
  mappedRows,
  missingRequired,
  previewCell,
  type ColumnMapping,
  type CsvTable,
  type ImportField,
} from './csv-import.service';

/** Rows the preview shows. */
export const PREVIEW_ROWS = 5;
/** Problems the table lists at most; the count above it says how many there are in all. */
export const PROBLEMS_SHOWN = 500;

type CheckState =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'done'; result: ImportDryRunResponse }
  | { state: 'failed'; message: string };

interface CsvImportDialogProps {
  fileName: string;
  table: CsvTable;
  /** The dry run of these rows (POST /api/shortlinks/import/dry-run). */
  onCheck: (rows: unknown[]) => Promise<Result<ImportDryRunResponse, ApiFailure>>;
  /** The import of these rows; true once they are stored (its outcome is toasted by the caller). */
  onImport: (rows: unknown[]) => Promise<boolean>;
  onClose: () => void;
}

const rowsLabel = (count: number) => `${formatCount(count)} ${count === 1 ? 'row' : 'rows'}`;

/**
 * The CSV import in three steps: which column fills which field (guessed from the header names),
 * a preview of the first rows as they will be sent, and the server's check of every row. "Import"
 * is enabled only by a check without problems of the columns chosen now; any change of a column
 * asks for a new check.
 */
export function CsvImportDialog({ fileName, table, onCheck, onImport, onClose }: CsvImportDialogProps) {
  const dialog = useRef<HTMLDivElement>(null);
  const close = useRef<HTMLButtonElement>(null);
  const id = useId();
  const [mapping, setMapping] = useState<ColumnMapping>(() => guessMapping(table.header));
  const [check, setCheck] = useState<CheckState>({ state: 'idle' });
  const [importing, setImporting] = useState(false);
  useModalFocus({ dialog, initial: close, onClose, busy: importing });

  const rows = useMemo(() => mappedRows(table, mapping), [table, mapping]);
  const missing = missingRequired(mapping);
  const mapped = IMPORT_FIELDS.filter(({ field }) => mapping[field] !== null);
  const ready = check.state === 'done' && check.result.problems.length === 0;
  const count = rows.length;

  const choose = (field: ImportField, value: string) => {
    setMapping((current) => ({ ...current, [field]: value === '' ? null : Number(value) }));
    // The last check was of other rows.
    setCheck({ state: 'idle' });
  };

  const runCheck = async () => {
    if (missing.length > 0 || check.state === 'checking') return;
    setCheck({ state: 'checking' });
    const answer = await onCheck(rows);
    if (answer.ok) {
      setCheck({ state: 'done', result: answer.value });
    } else {
      setCheck({ state: 'failed', message: answer.error.message });
      toast.error('Failed to check the file', { description: answer.error.message });
    }
  };

  const runImport = async () => {
    if (!ready || importing) return;
    setImporting(true);
    const stored = await onImport(rows);
    // Stored: the caller closes the dialog. Refused (a code taken meanwhile): the file is checked again.
    if (!stored) {
      setImporting(false);
      setCheck({ state: 'idle' });
    }
  };

  const field = (name: string) => `${id}-${name}`;
  const columnName = (index: number) => table.header[index] || `Column ${index + 1}`;

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-start justify-center overflow-y-auto p-4">
      <div aria-hidden="true" className="fixed inset-0 bg-slate-950/60" onClick={importing ? undefined : onClose} />
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={field('title')}
        aria-describedby={field('intro')}
        className="relative my-8 w-full max-w-4xl rounded-xl border border-slate-200 bg-white p-6 shadow-xl dark:border-slate-700 dark:bg-slate-900"
      >
        <div className="flex items-start justify-between gap-4">
          <h2 id={field('title')} className={ui.subheading}>
            Import shortlinks from {fileName}
          </h2>
          <button
            ref={close}
            type="button"
            className={ui.smallButton}
            onClick={onClose}
            disabled={importing}
            aria-label="Close"
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
        <p id={field('intro')} className={`mt-1 ${ui.muted}`}>
          {rowsLabel(count)} under the header. Choose the column of each field, check the file, then import it. Nothing
          is stored until you import.
        </p>

        <fieldset className="mt-5">
          <legend className="text-base font-semibold text-slate-900 dark:text-white">Columns</legend>
          <div className="mt-2 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {IMPORT_FIELDS.map((target) => (
              <div key={target.field}>
                <label htmlFor={field(`map-${target.field}`)} className={ui.label}>
                  {target.label}
                  {target.required ? ' (required)' : ''}
                </label>
                <select
                  id={field(`map-${target.field}`)}
                  value={mapping[target.field] ?? ''}
                  onChange={(event) => choose(target.field, event.target.value)}
                  aria-invalid={target.required && mapping[target.field] === null ? true : undefined}
                  className={ui.input}
                >
                  <option value="">Not imported</option>
                  {table.header.map((_name, index) => (
                    <option key={index} value={index}>
                      {columnName(index)}
                    </option>
                  ))}
                </select>
              </div>
            ))}
          </div>
          <p id={field('missing')} className={`mt-2 ${ui.error}`}>
            {missing.length > 0 ? `Choose the column of ${missing.join(' and ')}.` : null}
          </p>
        </fieldset>

        {/* A region that scrolls takes focus, so its columns can be scrolled by keyboard too. */}
        <div
          role="region"
          aria-label="Preview"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
          tabIndex={0}
          className="mt-4 overflow-x-auto rounded-lg border border-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-slate-700"
        >
          <table className="w-full text-left text-sm">
            <caption className="px-3 py-2 text-left font-semibold text-slate-900 dark:text-white">
              Preview: the first {Math.min(PREVIEW_ROWS, count)} of {rowsLabel(count)}
            </caption>
            <thead className="bg-slate-50 dark:bg-slate-800">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Row
                </th>
                {mapped.map((target) => (
                  <th key={target.field} scope="col" className="px-3 py-2 whitespace-nowrap">
                    {target.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.slice(0, PREVIEW_ROWS).map((row, index) => (
                <tr key={index} className="border-t border-slate-200 dark:border-slate-700">
                  <th scope="row" className="px-3 py-2 font-normal">
                    {index + 1}
                  </th>
                  {mapped.map((target) => (
                    <td
                      key={target.field}
                      className="max-w-64 truncate px-3 py-2"
                      title={previewCell(row[target.field])}
                    >
                      {previewCell(row[target.field])}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>

        <CheckOutcome check={check} count={count} id={field('outcome')} />

        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <button type="button" className={ui.buttonSecondary} onClick={onClose} disabled={importing}>
            Cancel
          </button>
          <button
            type="button"
            className={ui.buttonSecondary}
            onClick={() => void runCheck()}
            disabled={missing.length > 0 || check.state === 'checking' || importing}
            aria-describedby={missing.length > 0 ? field('missing') : undefined}
          >
            <ListChecks aria-hidden="true" className="size-4" />
            {check.state === 'checking' ? 'Checking…' : 'Check'}
          </button>
          <button
            type="button"
            className={ui.button}
            onClick={() => void runImport()}
            disabled={!ready || importing}
            aria-describedby={field('outcome')}
          >
            <Upload aria-hidden="true" className="size-4" />
            {importing ? 'Importing…' : `Import ${formatCount(count)} ${count === 1 ? 'link' : 'links'}`}
          </button>
        </div>
      </div>
    </div>,
    document.body,
  );
}

/** What the last check found: nothing yet, every problem by row, or that every row is ready. */
function CheckOutcome({ check, count, id }: { check: CheckState; count: number; id: string }) {
  const problems = check.state === 'done' ? check.result.problems : [];
  const badRows = new Set(problems.map((problem) => problem.row)).size;
  return (
    <div className="mt-4">
      <div id={id} role="status" aria-live="polite" className="text-sm">
        {check.state === 'idle' ? (
          <p className={ui.muted}>Check the file to see whether every row can be imported.</p>
        ) : check.state === 'checking' ? (
          <p className={ui.muted}>Checking {count === 1 ? 'the row' : `all ${formatCount(count)} rows`}…</p>
        ) : check.state === 'failed' ? (
          <p className={ui.error}>The check failed: {check.message}</p>
        ) : problems.length === 0 ? (
          <p className="flex items-center gap-2 font-semibold text-emerald-800 dark:text-emerald-300">
            <CheckCircle2 aria-hidden="true" className="size-4" />
            {count === 1 ? 'The row is ready' : `All ${formatCount(count)} rows are ready`}
          </p>
        ) : (
          <p className={ui.error}>
            {rowsLabel(badRows)} of {formatCount(count)} cannot be imported ({formatCount(problems.length)}{' '}
            {problems.length === 1 ? 'problem' : 'problems'}). Fix the file or the columns, then check again.
          </p>
        )}
      </div>
      {problems.length > 0 ? (
        <div
          role="region"
          aria-label="Problems"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- scrolls, so the keyboard must reach it
          tabIndex={0}
          className="mt-3 max-h-80 overflow-auto rounded-lg border border-slate-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 dark:border-slate-700"
        >
          <table className="w-full text-left text-sm">
            <caption className="px-3 py-2 text-left font-semibold text-slate-900 dark:text-white">
              Problems by row
              {problems.length > PROBLEMS_SHOWN
                ? ` (the first ${formatCount(PROBLEMS_SHOWN)} of ${formatCount(problems.length)})`
                : ''}
              <span className="block font-normal text-slate-600 dark:text-slate-400">
                Row 1 is the first row under the header.
              </span>
            </caption>
            <thead className="sticky top-0 bg-slate-50 dark:bg-slate-800">
              <tr>
                <th scope="col" className="px-3 py-2">
                  Row
                </th>
                <th scope="col" className="px-3 py-2">
                  Field
                </th>
                <th scope="col" className="px-3 py-2">
                  Problem
                </th>
              </tr>
            </thead>
            <tbody>
              {problems.slice(0, PROBLEMS_SHOWN).map((problem, index) => (
                <tr key={index} className="border-t border-slate-200 dark:border-slate-700">
                  <td className="px-3 py-2 tabular-nums">{problem.row}</td>
                  <td className="px-3 py-2 whitespace-nowrap">{fieldLabel(problem.field)}</td>
                  <td className="px-3 py-2 [overflow-wrap:anywhere]">{problem.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
