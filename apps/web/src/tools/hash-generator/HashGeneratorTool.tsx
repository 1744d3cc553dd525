import { FileUp, LoaderCircle, X } from 'lucide-react';
import { useId, useState, type DragEvent, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { CopyButton } from '../../components/CopyButton';
import { Card } from '../../components/Page';
import { SelectField, TextField, type SelectOption } from '../../components/FormField';
import { ui } from '../../components/ui';
import { isAbortError } from '../../lib/simulation';
import { useCancellableRun } from '../../lib/use-cancellable-run';
import { urlField } from '../../lib/url-state';
import { useUrlState } from '../../lib/use-url-state';
import {
  ALGORITHM_LABELS,
  CLASSIC_ALGORITHMS,
  HASH_ALGORITHMS,
  fileMethod,
  isHashAlgorithm,
  isHmacAlgorithm,
  type HashAlgorithm,
  type HmacKey,
  type KeyFormat,
} from './hash.protocol';
import { runHashWorker } from './hash.client';
import {
  batchStatus,
  Checkbox,
  Digest,
  FileRows,
  VerdictLine,
  WHOLE_FILE_BYTES,
  type Batch,
  type FileRow,
} from './hash-results';
import { algorithmForLength, checksumList, parseExpected, verify } from './hash-verify';

const CANCELLED = 'Hashing cancelled';

type TextResult = { algorithm: HashAlgorithm; hex: string; hmac: boolean };

const now = () => performance.now();

const KEY_FORMATS: readonly SelectOption<KeyFormat>[] = [
  { value: 'text', label: 'Text (UTF-8)' },
  { value: 'hex', label: 'Hex' },
];

/** The settings a shared address carries; the text, the key and the files never go there. */
const HASH_URL = {
  algorithm: urlField.choice(HASH_ALGORITHMS, 'md5'),
  hmac: urlField.flag(false),
  keyFormat: urlField.choice(['text', 'hex'], 'text'),
  all: urlField.flag(false),
};

export default function HashGeneratorTool({ runWorker = runHashWorker }: { runWorker?: typeof runHashWorker }) {
  const ids = useId();
  const [text, setText] = useState('');
  const [settings, update] = useUrlState(HASH_URL);
  const { algorithm, hmac, keyFormat, all: allFour } = settings;
  // Until the user picks an algorithm (or opens a link that names one), a pasted expected hash
  // picks it by its length.
  const [algorithmChosen, setAlgorithmChosen] = useState(algorithm !== 'md5');
  const [key, setKey] = useState('');
  const [expectedText, setExpectedText] = useState('');
  const [result, setResult] = useState<TextResult | null>(null);
  const textRun = useCancellableRun();
  const hashing = textRun.running;

  const setAllFour = (value: boolean) => update({ all: value });
  const [expectedFiles, setExpectedFiles] = useState('');
  const [batch, setBatch] = useState<Batch>({ rows: [], primary: 'md5', running: false });
  const [dragging, setDragging] = useState(false);
  // Leaving the page stops a running file hash (its worker is terminated).
  const fileRun = useCancellableRun();

  const invalidateText = () => {
    textRun.cancel();
    setResult(null);
  };

  const pickAlgorithmFrom = (expected: string) => {
    if (algorithmChosen) return;
    const parsed = parseExpected(expected);
    const first = parsed.ok ? parsed.value[0] : undefined;
    const guessed = first ? algorithmForLength(first.hex.length) : undefined;
    if (guessed && guessed !== algorithm) {
      update({ algorithm: guessed }, 'replace');
      invalidateText();
    }
  };

  const onGenerate = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (text === '' || hashing) return;
    const hmacKey: HmacKey | undefined = hmac ? { format: keyFormat, value: key } : undefined;
    await textRun
      .run(async (signal) => {
        const outcome = await runWorker({ type: 'text', text, algorithm, ...(hmacKey ? { hmacKey } : {}) }, { signal });
        const hex = outcome.ok ? outcome.value[algorithm] : undefined;
        if (hex !== undefined) setResult({ algorithm, hex, hmac });
        else toast.error(outcome.ok ? 'Hashing failed' : outcome.error);
      })
      .catch((error: unknown) => toast.error('Hashing failed', { description: String(error) }));
  };

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
  const textId = `${ids}-text`;
  const algorithmId = `${ids}-algorithm`;
  const fileInputId = `${ids}-file`;
  const fileHintId = `${ids}-file-hint`;
  const expectedTextId = `${ids}-expected-text`;
  const expectedFilesId = `${ids}-expected-files`;

  const parsedText = parseExpected(expectedText);
  const parsedFiles = parseExpected(expectedFiles);
  const textVerdict =
    result && parsedText.ok ? verify(parsedText.value, { [result.algorithm]: result.hex }) : undefined;
  const doneRows = batch.rows.flatMap((row) => (row.phase === 'done' ? [row] : []));
  const listRows = doneRows.flatMap((row) => {
    const hex = row.digests[batch.primary];
    return hex === undefined ? [] : [{ name: row.name, hex }];
  });
  const hmacUnavailable = hmac && !isHmacAlgorithm(algorithm);
  const resultLabel = (value: TextResult) =>
    value.hmac ? `HMAC-${ALGORITHM_LABELS[value.algorithm]}` : `${ALGORITHM_LABELS[value.algorithm]} hash`;

  const fileStatus = batchStatus(batch);

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
          <Checkbox
            id={`${ids}-hmac`}
            checked={hmac}
            onChange={(checked) => {
              update({ hmac: checked });
              invalidateText();
            }}
          >
            HMAC with a secret key
          </Checkbox>
          {hmac ? (
            <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
              <div className="flex-1">
                <TextField
                  id={`${ids}-key`}
                  label="HMAC key"
                  value={key}
                  onValueChange={(value) => {
                    setKey(value);
                    invalidateText();
                  }}
                />
              </div>
              <div className="sm:w-40">
                <SelectField
                  id={`${ids}-key-format`}
                  label="Key format"
                  value={keyFormat}
                  options={KEY_FORMATS}
                  onValueChange={(value) => {
                    update({ keyFormat: value });
                    invalidateText();
                  }}
                />
              </div>
            </div>
          ) : null}
          <div className="flex flex-col gap-4 sm:flex-row sm:items-end">
            <div className="sm:w-56">
              <label htmlFor={algorithmId} className={ui.label}>
                Algorithm
              </label>
              <select
                id={algorithmId}
                value={algorithm}
                onChange={(event) => {
                  if (isHashAlgorithm(event.target.value)) update({ algorithm: event.target.value });
                  setAlgorithmChosen(true);
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
            <button type="submit" className={ui.button} disabled={text === '' || hashing || hmacUnavailable}>
              {hashing ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin" /> : null}
              Generate Hash
            </button>
          </div>
          {hmacUnavailable ? (
            <p className={ui.muted}>
              HMAC is not defined for BLAKE3 (it has its own keyed mode); choose another algorithm.
            </p>
          ) : null}
          <TextField
            id={expectedTextId}
            label="Expected hash (optional)"
            value={expectedText}
            placeholder="Paste a hash to compare with"
            error={parsedText.ok ? null : parsedText.error}
            onValueChange={(value) => {
              setExpectedText(value);
              pickAlgorithmFrom(value);
            }}
          />
        </form>
        <div role="status" className="sr-only">
          {result ? `${resultLabel(result)} generated` : ''}
        </div>
        {result ? (
          <div className="mt-6 space-y-3">
            <Digest id={`${ids}-result`} label={resultLabel(result)} hex={result.hex} />
            <VerdictLine verdict={textVerdict} subject="the text" />
          </div>
        ) : null}
      </Card>

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
            <span className="font-semibold text-slate-900 dark:text-white">
              Drop a file here or click to choose one
            </span>
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
    </div>
  );
}
