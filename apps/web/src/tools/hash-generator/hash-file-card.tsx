/**
 * The Hash Generator's file card: the chosen or dropped files hashed one after another in the
 * worker, their rows from queued to digests, cancelling, the expected hash or checksum list they are
 * checked against, and the checksum list to copy. Apart from HashGeneratorTool.tsx because the batch
 * and its rows are state of their own; with the text card it shares only the algorithm settings and
 * the guess of an algorithm from a pasted hash, which it gets as props.
 */
import { FileUp, X } from 'lucide-react';
import { useState, type DragEvent } from 'react';
import { toast } from '../../lib/toast';
import { CopyButton } from '../../components/CopyButton';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { isAbortError } from '../../lib/simulation';
import { useCancellableRun } from '../../lib/use-cancellable-run';
import { ALGORITHM_LABELS, CLASSIC_ALGORITHMS, fileMethod, type HashAlgorithm } from './hash.protocol';
import type { runHashWorker } from './hash.client';
import { batchStatus, Checkbox, FileRows, WHOLE_FILE_BYTES, type Batch, type FileRow } from './hash-results';
import { checksumList, parseExpected } from './hash-verify';

const CANCELLED = 'Hashing cancelled';

const now = () => performance.now();

export function FileCard({
  ids,
  algorithm,
  allFour,
  setAllFour,
  pickAlgorithmFrom,
  runWorker,
}: {
  ids: string;
  algorithm: HashAlgorithm;
  allFour: boolean;
  setAllFour: (value: boolean) => void;
  pickAlgorithmFrom: (expected: string) => void;
  runWorker: typeof runHashWorker;
}) {
  const [expectedFiles, setExpectedFiles] = useState('');
  const [batch, setBatch] = useState<Batch>({ rows: [], primary: 'md5', running: false });
  const [dragging, setDragging] = useState(false);
  // Leaving the page stops a running file hash (its worker is terminated).
  const fileRun = useCancellableRun();

  const hashFiles = (chosen: readonly File[]) => {
    if (batch.running || chosen.length === 0) return;
    const algorithms: HashAlgorithm[] = allFour ? [...CLASSIC_ALGORITHMS] : [algorithm];
    const primary = algorithms.includes(algorithm) ? algorithm : algorithms[0]!;
    const update = (index: number, row: FileRow) =>
      setBatch((current) => ({ ...current, rows: current.rows.map((old, at) => (at === index ? row : old)) }));
    setBatch({
      rows: chosen.map((file) => ({ name: file.name, size: file.size, phase: 'queued' })),
      primary,
      running: true,
    });
    return fileRun.run(async (signal) => {
      let hashed = 0;
      for (const [index, file] of chosen.entries()) {
        const base = { name: file.name, size: file.size };
        update(index, { ...base, phase: 'running', progress: { bytesDone: 0, totalBytes: file.size } });
        const started = now();
        try {
          const outcome = await runWorker(
            { type: 'file', file, algorithms, wholeFileBytes: WHOLE_FILE_BYTES },
            { signal, onProgress: (progress) => update(index, { ...base, phase: 'running', progress }) },
          );
          update(
            index,
            outcome.ok
              ? {
                  ...base,
                  phase: 'done',
                  digests: outcome.value,
                  milliseconds: now() - started,
                  method: fileMethod(file.size, algorithms, WHOLE_FILE_BYTES),
                }
              : { ...base, phase: 'failed', message: outcome.error },
          );
          if (outcome.ok) hashed += 1;
        } catch (error) {
          if (isAbortError(error)) break;
          update(index, { ...base, phase: 'failed', message: error instanceof Error ? error.message : String(error) });
        }
      }
      if (!signal.aborted) {
        setBatch((current) => ({ ...current, running: false }));
        return;
      }
      const notice =
        chosen.length === 1
          ? `${CANCELLED}. No hash was computed for ${chosen[0]!.name}.`
          : `${CANCELLED}. ${hashed} of ${chosen.length} files were hashed.`;
      setBatch((current) => ({
        ...current,
        running: false,
        notice,
        rows: current.rows.map((row) =>
          row.phase === 'queued' || row.phase === 'running'
            ? { name: row.name, size: row.size, phase: 'cancelled' }
            : row,
        ),
      }));
      toast.info(CANCELLED);
    });
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void hashFiles([...event.dataTransfer.files]);
  };

  const running = batch.running;
  const multi = batch.rows.length > 1;
  const fileInputId = `${ids}-file`;
  const fileHintId = `${ids}-file-hint`;
  const expectedFilesId = `${ids}-expected-files`;

  const parsedFiles = parseExpected(expectedFiles);
  const doneRows = batch.rows.flatMap((row) => (row.phase === 'done' ? [row] : []));
  const listRows = doneRows.flatMap((row) => {
    const hex = row.digests[batch.primary];
    return hex === undefined ? [] : [{ name: row.name, hex }];
  });

  const fileStatus = batchStatus(batch);

  return (
    <Card>
      <h2 className={ui.subheading}>File</h2>
      <p className={`mt-1 ${ui.muted}`}>
        Hashed on this device in a background worker, 4 MB at a time, so files of any size work. Nothing is uploaded.
        Choose several files to hash them one after another.
      </p>
      <div className="mt-4">
        <Checkbox id={`${ids}-all`} checked={allFour} disabled={running} onChange={setAllFour}>
          Compute all four hashes (MD5, SHA-1, SHA-256, SHA-512) in one pass
        </Checkbox>
      </div>
      <div className="mt-4">
        <label htmlFor={expectedFilesId} className={ui.label}>
          Expected hash or checksum list (optional)
        </label>
        <textarea
          id={expectedFilesId}
          value={expectedFiles}
          rows={2}
          spellCheck={false}
          placeholder="A hash, or the lines of a SHA256SUMS file"
          aria-invalid={!parsedFiles.ok}
          onChange={(event) => {
            setExpectedFiles(event.target.value);
            pickAlgorithmFrom(event.target.value);
          }}
          className={`${ui.input} font-mono`}
        />
        {!parsedFiles.ok ? <p className="mt-1 text-sm text-red-700 dark:text-red-400">{parsedFiles.error}</p> : null}
      </div>
      <div
        className="mt-4"
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = running ? 'none' : 'copy';
          if (!running) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={running ? (event) => event.preventDefault() : onDrop}
      >
        <input
          id={fileInputId}
          type="file"
          multiple
          className="peer sr-only"
          disabled={running}
          aria-describedby={fileHintId}
          onChange={(event) => {
            const chosen = [...(event.target.files ?? [])];
            event.target.value = '';
            void hashFiles(chosen);
          }}
        />
        <label
          htmlFor={fileInputId}
          className={`flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center peer-focus-visible:ring-2 peer-focus-visible:ring-indigo-500 peer-focus-visible:ring-offset-2 peer-disabled:cursor-not-allowed peer-disabled:opacity-60 dark:ring-offset-slate-900 ${
            dragging
              ? 'border-indigo-600 bg-indigo-50 dark:border-indigo-400 dark:bg-indigo-950'
              : 'border-slate-300 bg-slate-50 hover:border-indigo-500 dark:border-slate-700 dark:bg-slate-950'
          }`}
        >
          <FileUp aria-hidden="true" className="size-8 text-indigo-700 dark:text-indigo-300" />
          <span className="font-semibold text-slate-900 dark:text-white">Drop a file here or click to choose one</span>
        </label>
        <p id={fileHintId} className={`mt-2 ${ui.muted}`}>
          Algorithm: {allFour ? 'all four' : ALGORITHM_LABELS[algorithm]} (change it above).
        </p>
      </div>

      <div role="status" className="mt-4 text-sm text-slate-800 dark:text-slate-200">
        {fileStatus}
      </div>

      {running ? (
        <div className="mt-3 flex justify-end">
          <button type="button" className={ui.buttonSecondary} onClick={fileRun.cancel}>
            <X aria-hidden="true" className="size-4" />
            {multi ? 'Cancel all' : 'Cancel'}
          </button>
        </div>
      ) : null}

      <FileRows rows={batch.rows} expected={parsedFiles} idPrefix={`${ids}-file`} />

      {!running && listRows.length > 0 ? (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <CopyButton
            text={checksumList(listRows)}
            description="Checksum list copied to clipboard"
            label={`Copy ${ALGORITHM_LABELS[batch.primary]} list`}
          />
          <p className={ui.muted}>One line per file: digest, two spaces, name, as sha256sum -c reads it.</p>
        </div>
      ) : null}
    </Card>
  );
}
