/**
 * The Hash Generator's pieces that show results: a digest with its copy button, the verdict against an
 * expected hash, and the file card's rows (one per chosen file, from queued to its digests).
 */
import { CircleCheck, CircleX } from 'lucide-react';
import { CopyButton } from '../../components/CopyButton';
import { ProgressBar } from '../../components/ProgressBar';
import { ui } from '../../components/ui';
import type { Result } from '../../lib/result';
import {
  ALGORITHM_LABELS,
  HASH_ALGORITHMS,
  describeMethod,
  describeProgress,
  formatMegabytes,
  progressPercent,
  throughput,
  wholeFileBudget,
  type Digests,
  type FileMethod,
  type HashAlgorithm,
  type HashProgress,
} from './hash.protocol';
import { verify, type ExpectedEntry, type Verdict } from './hash-verify';

/** The copy toast's description, as the original design words it. */
const COPY_DESCRIPTION = 'Hash copied to clipboard';

export type FileRow = { name: string; size: number } & (
  | { phase: 'queued' | 'cancelled' }
  | { phase: 'running'; progress: HashProgress }
  | { phase: 'done'; digests: Digests; milliseconds: number; method: FileMethod }
  | { phase: 'failed'; message: string }
);

export interface Batch {
  rows: FileRow[];
  /** The algorithm whose digests the checksum list copies. */
  primary: HashAlgorithm;
  running: boolean;
  notice?: string;
}

/** How much of a file may be read whole for WebCrypto on this device (hash.protocol.ts). */
export const WHOLE_FILE_BYTES = wholeFileBudget(
  (globalThis.navigator as { deviceMemory?: number } | undefined)?.deviceMemory,
);

export function Digest({ id, label, hex }: { id: string; label: string; hex: string }) {
  return (
    <div>
      <label htmlFor={id} className={ui.label}>
        {label}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <textarea
          id={id}
          readOnly
          value={hex}
          rows={Math.ceil(hex.length / 64)}
          spellCheck={false}
          className={`${ui.input} resize-none font-mono break-all`}
        />
        <CopyButton text={hex} description={COPY_DESCRIPTION} />
      </div>
    </div>
  );
}

export function VerdictLine({ verdict, subject }: { verdict: Verdict | undefined; subject: string }) {
  if (!verdict) return null;
  if (verdict.kind === 'match') {
    return (
      <p className="flex items-center gap-2 text-sm font-semibold text-emerald-700 dark:text-emerald-400">
        <CircleCheck aria-hidden="true" className="size-4" />
        Match: the {ALGORITHM_LABELS[verdict.algorithm]} of {subject} is the expected hash.
      </p>
    );
  }
  return (
    <p className="flex items-center gap-2 text-sm font-semibold text-red-700 dark:text-red-400">
      <CircleX aria-hidden="true" className="size-4" />
      {verdict.kind === 'mismatch'
        ? `No match: ${subject} does not have the expected hash.`
        : `No match: the list has no line for ${subject}.`}
    </p>
  );
}

export function Checkbox({
  id,
  checked,
  disabled,
  onChange,
  children,
}: {
  id: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  children: string;
}) {
  return (
    <div className="flex items-center gap-2">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        onChange={(event) => onChange(event.target.checked)}
        className="size-4 rounded border-slate-400 accent-indigo-600"
      />
      <label htmlFor={id} className="text-sm text-slate-800 dark:text-slate-200">
        {children}
      </label>
    </div>
  );
}

/** The file card's status line: the file being hashed, how many are done, or why the run stopped. */
export function batchStatus(batch: Batch): string {
  const activeIndex = batch.rows.findIndex((row) => row.phase === 'running');
  const active = batch.rows[activeIndex];
  const multi = batch.rows.length > 1;
  const doneRows = batch.rows.filter((row) => row.phase === 'done');
  if (active) {
    return multi ? `Hashing ${active.name} (${activeIndex + 1} of ${batch.rows.length})…` : `Hashing ${active.name}…`;
  }
  if (!batch.running && !batch.notice && doneRows.length > 0) {
    return multi ? `Hashed ${doneRows.length} of ${batch.rows.length} files.` : `Hashed ${doneRows[0]!.name}.`;
  }
  return batch.notice ?? '';
}

/** One entry per chosen file: its progress, its failure, or its digests and the verdict against `expected`. */
export function FileRows({
  rows,
  expected,
  idPrefix,
}: {
  rows: readonly FileRow[];
  expected: Result<ExpectedEntry[]>;
  idPrefix: string;
}) {
  if (rows.length === 0) return null;
  const multi = rows.length > 1;
  return (
    <ul className="mt-3 space-y-6">
      {rows.map((row, index) => {
        const suffix = multi ? ` of ${row.name}` : '';
        const verdict = row.phase === 'done' && expected.ok ? verify(expected.value, row.digests, row.name) : undefined;
        return (
          <li key={`${index}-${row.name}`} className="space-y-3">
            {multi ? (
              <p className="text-sm font-semibold text-slate-900 dark:text-white">
                {row.name} · {formatMegabytes(row.size)}
                {row.phase === 'queued' ? ' · waiting' : ''}
                {row.phase === 'cancelled' ? ' · cancelled' : ''}
              </p>
            ) : null}
            {row.phase === 'running' ? (
              <ProgressBar
                label={`Hashing progress${suffix}`}
                value={progressPercent(row.progress)}
                valueText={describeProgress(row.progress)}
              />
            ) : null}
            {row.phase === 'failed' ? (
              <p role="alert" className="text-sm text-red-700 dark:text-red-400">
                Could not hash {row.name}: {row.message}
              </p>
            ) : null}
            {row.phase === 'done' ? (
              <>
                <p className={ui.muted}>
                  {row.name} · {formatMegabytes(row.size)} · {(row.milliseconds / 1000).toFixed(2)} s
                  {throughput(row.size, row.milliseconds) !== undefined
                    ? ` · ${throughput(row.size, row.milliseconds)!.toFixed(1)} MB/s`
                    : ''}
                </p>
                <p className={ui.muted}>{describeMethod(row.method, WHOLE_FILE_BYTES)}.</p>
                {HASH_ALGORITHMS.filter((value) => row.digests[value] !== undefined).map((value) => (
                  <Digest
                    key={value}
                    id={`${idPrefix}-${index}-${value}`}
                    label={`${ALGORITHM_LABELS[value]} hash${suffix}`}
                    hex={row.digests[value]!}
                  />
                ))}
                <VerdictLine verdict={verdict} subject={row.name} />
              </>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
