import { FileUp, LoaderCircle, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { toast } from 'sonner';
import { CopyButton } from '../../components/CopyButton';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { isAbortError } from '../../lib/simulation';
import {
  ALGORITHM_LABELS,
  HASH_ALGORITHMS,
  describeProgress,
  formatMegabytes,
  isHashAlgorithm,
  progressPercent,
  throughput,
  type Digests,
  type HashAlgorithm,
  type HashProgress,
} from './hash.protocol';
import { runHashWorker } from './hash-worker-client';

/** Spec 000 §8: the copy toast's description. */
const COPY_DESCRIPTION = 'Hash copied to clipboard';
const CANCELLED = 'Hashing cancelled';

type TextResult = { algorithm: HashAlgorithm; hex: string };

type FileRun =
  | { phase: 'idle'; notice?: string }
  | { phase: 'running'; name: string; progress: HashProgress }
  | { phase: 'done'; name: string; size: number; digests: Digests; milliseconds: number }
  | { phase: 'failed'; name: string; message: string };

const now = () => performance.now();

function Digest({ id, algorithm, hex }: { id: string; algorithm: HashAlgorithm; hex: string }) {
  return (
    <div>
      <label htmlFor={id} className={ui.label}>
        {ALGORITHM_LABELS[algorithm]} hash
      </label>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start">
        <textarea
          id={id}
          readOnly
          value={hex}
          rows={algorithm === 'sha512' ? 3 : algorithm === 'sha256' ? 2 : 1}
          spellCheck={false}
          className={`${ui.input} resize-none font-mono break-all`}
        />
        <CopyButton text={hex} description={COPY_DESCRIPTION} />
      </div>
    </div>
  );
}

export default function HashGeneratorTool({ runWorker = runHashWorker }: { runWorker?: typeof runHashWorker }) {
  const ids = useId();
  const [text, setText] = useState('');
  const [algorithm, setAlgorithm] = useState<HashAlgorithm>('md5');
  const [result, setResult] = useState<TextResult | null>(null);
  const [hashing, setHashing] = useState(false);
  const textRun = useRef(0);

  const [allFour, setAllFour] = useState(false);
  const [file, setFile] = useState<FileRun>({ phase: 'idle' });
  const [dragging, setDragging] = useState(false);
  const fileRun = useRef<AbortController | null>(null);

  // Leaving the page stops a running file hash (its worker is terminated).
  useEffect(() => () => fileRun.current?.abort(), []);

  const invalidateText = () => {
    textRun.current += 1;
    setResult(null);
    setHashing(false);
  };

  const onGenerate = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (text === '' || hashing) return;
    const run = ++textRun.current;
    setHashing(true);
    try {
      const outcome = await runWorker({ type: 'text', text, algorithm });
      if (run !== textRun.current) return;
      const hex = outcome.ok ? outcome.value[algorithm] : undefined;
      if (hex !== undefined) setResult({ algorithm, hex });
      else toast.error(outcome.ok ? 'Hashing failed' : outcome.error);
    } catch (error) {
      if (run === textRun.current) toast.error('Hashing failed', { description: String(error) });
    } finally {
      if (run === textRun.current) setHashing(false);
    }
  };

  const hashFile = async (chosen: File) => {
    if (file.phase === 'running') return;
    const controller = new AbortController();
    fileRun.current = controller;
    const algorithms = allFour ? [...HASH_ALGORITHMS] : [algorithm];
    setFile({ phase: 'running', name: chosen.name, progress: { bytesDone: 0, totalBytes: chosen.size } });
    const started = now();
    try {
      const outcome = await runWorker(
        { type: 'file', file: chosen, algorithms },
        {
          signal: controller.signal,
          onProgress: (progress) => setFile({ phase: 'running', name: chosen.name, progress }),
        },
      );
      setFile(
        outcome.ok
          ? {
              phase: 'done',
              name: chosen.name,
              size: chosen.size,
              digests: outcome.value,
              milliseconds: now() - started,
            }
          : { phase: 'failed', name: chosen.name, message: outcome.error },
      );
    } catch (error) {
      if (isAbortError(error)) {
        setFile({ phase: 'idle', notice: `${CANCELLED}. No hash was computed for ${chosen.name}.` });
        toast.info(CANCELLED);
      } else {
        setFile({
          phase: 'failed',
          name: chosen.name,
          message: error instanceof Error ? error.message : String(error),
        });
      }
    } finally {
      if (fileRun.current === controller) fileRun.current = null;
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) void hashFile(dropped);
  };

  const running = file.phase === 'running';
  const textId = `${ids}-text`;
  const algorithmId = `${ids}-algorithm`;
  const fileInputId = `${ids}-file`;
  const fileHintId = `${ids}-file-hint`;

  return (
    <div className="space-y-6">
      <Card>
        <h2 className={ui.subheading}>Text</h2>
        <form className="mt-4 space-y-4" onSubmit={onGenerate}>
          <div>
            <label htmlFor={textId} className={ui.label}>
              Input Text
            </label>
            <textarea
              id={textId}
              value={text}
              rows={5}
              placeholder="Enter text to hash..."
              onChange={(event) => {
                setText(event.target.value);
                invalidateText();
              }}
              className={ui.input}
            />
          </div>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
            <div className="sm:w-56">
              <label htmlFor={algorithmId} className={ui.label}>
                Algorithm
              </label>
              <select
                id={algorithmId}
                value={algorithm}
                onChange={(event) => {
                  if (isHashAlgorithm(event.target.value)) setAlgorithm(event.target.value);
                  invalidateText();
                }}
                className={ui.input}
              >
                {HASH_ALGORITHMS.map((value) => (
                  <option key={value} value={value}>
                    {ALGORITHM_LABELS[value]}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={ui.button} disabled={text === '' || hashing}>
              {hashing ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
              Generate Hash
            </button>
          </div>
        </form>
        <div role="status" className="sr-only">
          {result ? `${ALGORITHM_LABELS[result.algorithm]} hash generated` : ''}
        </div>
        {result ? (
          <div className="mt-6">
            <Digest id={`${ids}-result`} algorithm={result.algorithm} hex={result.hex} />
          </div>
        ) : null}
      </Card>

      <Card>
        <h2 className={ui.subheading}>File</h2>
        <p className={`mt-1 ${ui.muted}`}>
          Hashed on this device in a background worker, 4 MB at a time, so files of any size work. Nothing is uploaded.
        </p>
        <div className="mt-4 flex items-center gap-2">
          <input
            id={`${ids}-all`}
            type="checkbox"
            checked={allFour}
            disabled={running}
            onChange={(event) => setAllFour(event.target.checked)}
            className="size-4 rounded border-slate-400 accent-indigo-600"
          />
          <label htmlFor={`${ids}-all`} className="text-sm text-slate-800 dark:text-slate-200">
            Compute all four hashes (MD5, SHA-1, SHA-256, SHA-512) in one pass
          </label>
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
            className="peer sr-only"
            disabled={running}
            aria-describedby={fileHintId}
            onChange={(event) => {
              const chosen = event.target.files?.[0];
              event.target.value = '';
              if (chosen) void hashFile(chosen);
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
            <span className="font-semibold text-slate-900 dark:text-white">
              Drop a file here or click to choose one
            </span>
          </label>
          <p id={fileHintId} className={`mt-2 ${ui.muted}`}>
            Algorithm: {allFour ? 'all four' : ALGORITHM_LABELS[algorithm]} (change it above).
          </p>
        </div>

        <div role="status" className="mt-4 text-sm text-slate-800 dark:text-slate-200">
          {file.phase === 'idle' && file.notice ? file.notice : null}
          {file.phase === 'running' ? `Hashing ${file.name}…` : null}
          {file.phase === 'done' ? `Hashed ${file.name}.` : null}
        </div>

        {file.phase === 'running' ? (
          <div className="mt-3 space-y-3">
            <div
              role="progressbar"
              aria-label="Hashing progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progressPercent(file.progress)}
              aria-valuetext={describeProgress(file.progress)}
              className="h-3 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
            >
              <div
                className="h-full rounded-full bg-indigo-600 transition-[width] dark:bg-indigo-400"
                style={{ width: `${progressPercent(file.progress)}%` }}
              />
            </div>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <p className="text-sm text-slate-700 tabular-nums dark:text-slate-300">
                {describeProgress(file.progress)}
              </p>
              <button type="button" className={ui.buttonSecondary} onClick={() => fileRun.current?.abort()}>
                <X aria-hidden="true" className="size-4" />
                Cancel
              </button>
            </div>
          </div>
        ) : null}

        {file.phase === 'failed' ? (
          <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
            Could not hash {file.name}: {file.message}
          </p>
        ) : null}

        {file.phase === 'done' ? (
          <div className="mt-3 space-y-4">
            <p className={ui.muted}>
              {file.name} · {formatMegabytes(file.size)} · {(file.milliseconds / 1000).toFixed(2)} s
              {throughput(file.size, file.milliseconds) !== undefined
                ? ` · ${throughput(file.size, file.milliseconds)!.toFixed(1)} MB/s`
                : ''}
            </p>
            {HASH_ALGORITHMS.filter((value) => file.digests[value] !== undefined).map((value) => (
              <Digest key={value} id={`${ids}-file-${value}`} algorithm={value} hex={file.digests[value]!} />
            ))}
          </div>
        ) : null}
      </Card>
    </div>
  );
}
