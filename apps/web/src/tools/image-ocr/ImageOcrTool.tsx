import { Download, LoaderCircle, ScanText, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from '../../lib/toast';
import { CopyButton } from '../../components/CopyButton';
import { ImageUpload } from '../../components/ImageUpload';
import { Card } from '../../components/Page';
import { ProgressBar } from '../../components/ProgressBar';
import { ui } from '../../components/ui';
import { downloadText } from '../../lib/download';
import { isAbortError } from '../../lib/simulation';
import { useCancellableRun } from '../../lib/use-cancellable-run';
import {
  DEFAULT_LANGUAGE,
  NO_TEXT_MESSAGE,
  OCR_ERROR_MESSAGE,
  OCR_OFFLINE_HINT,
  OCR_LANGUAGES,
  SHIPPED_LANGUAGE_DATA,
  cleanOcrText,
  confidenceOf,
  describeLanguageData,
  describeProgress,
  isOcrLanguage,
  ocrFileName,
  planLanguage,
  progressPercent,
  type Confidence,
  type ConfidenceBand,
  type DataState,
  type DataSummary,
  type OcrLanguage,
  type OcrProgress,
} from './image-ocr.service';
import type { OcrDataCode } from './ocr-assets';
import { createOcrEngine, type OcrEngine } from './ocr-engine';
import { ensureLanguageData, findCachedLanguageData, hasLanguageData } from './ocr-language-data';

/** The copy toast's description for text output. */
const COPY_DESCRIPTION = 'Text copied to clipboard';
const CANCELLED = 'Text extraction cancelled.';
const LANGUAGE_DATA_FAILED = 'The language data could not be downloaded. Check your connection and try again.';
const STARTING: OcrProgress = { status: 'loading tesseract core', progress: 0 };

type Run =
  | { phase: 'idle'; notice?: string }
  | { phase: 'running'; progress: OcrProgress }
  | { phase: 'done'; fileName: string; text: string; confidence: Confidence };

const bandClass: Record<ConfidenceBand, string> = {
  Excellent: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  Good: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  Fair: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  Poor: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
};

function announce(run: Run): string {
  if (run.phase === 'idle') return run.notice ?? '';
  if (run.phase === 'running') return 'Extracting text…';
  if (run.text === '') return NO_TEXT_MESSAGE;
  return `Text extracted with ${run.confidence.percent}% confidence (${run.confidence.band}).`;
}

export interface ImageOcrToolProps {
  createEngine?: () => OcrEngine;
  /** Downloads one language's data (ocr-language-data.ts); tests pass a stand-in. */
  ensureData?: typeof ensureLanguageData;
  /** The languages whose data this device already has. */
  findCached?: typeof findCachedLanguageData;
  /** Whether this page already has a language's data. */
  hasData?: typeof hasLanguageData;
}

export default function ImageOcrTool({
  createEngine = createOcrEngine,
  ensureData = ensureLanguageData,
  findCached = findCachedLanguageData,
  hasData = hasLanguageData,
}: ImageOcrToolProps) {
  const ids = useId();
  const [file, setFile] = useState<File | null>(null);
  const [language, setLanguage] = useState<OcrLanguage>(DEFAULT_LANGUAGE);
  const [run, setRun] = useState<Run>({ phase: 'idle' });
  const [dataStates, setDataStates] = useState<Partial<Record<OcrDataCode, DataState>>>({});
  const setDataState = (code: OcrDataCode, state: DataState) =>
    setDataStates((states) => ({ ...states, [code]: state }));

  // What an earlier visit already downloaded (the service worker kept it) is not offered again.
  useEffect(() => {
    let live = true;
    void findCached(SHIPPED_LANGUAGE_DATA)
      .then((codes) => {
        if (!live) return;
        setDataStates((states) => {
          const next = { ...states };
          for (const code of codes) next[code] = { state: 'ready' };
          return next;
        });
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [findCached]);

  /** Downloads what `codes` still lack, each once; true when all of them are here. */
  const fetchData = async (codes: readonly OcrDataCode[]): Promise<boolean> => {
    const results = await Promise.allSettled(
      codes.map(async (code) => {
        await ensureData(code, {
          onProgress: ({ loaded, total }) =>
            setDataState(code, loaded >= total ? { state: 'ready' } : { state: 'downloading', loaded, total }),
        });
        setDataState(code, { state: 'ready' });
      }),
    );
    results.forEach((result, index) => {
      if (result.status === 'rejected') setDataState(codes[index]!, { state: 'failed' });
    });
    return results.every((result) => result.status === 'fulfilled');
  };
  const engine = useRef<OcrEngine | null>(null);
  const extraction = useCancellableRun();

  // The worker stays up between runs on this page and is terminated when the page is left.
  useEffect(
    () => () => {
      void engine.current?.dispose();
      engine.current = null;
    },
    [],
  );

  const plan = planLanguage(language);
  const running = run.phase === 'running';

  const failed = (error: unknown) => {
    console.error('OCR failed:', error);
    setRun({ phase: 'idle' });
    toast.error(OCR_ERROR_MESSAGE, navigator.onLine ? undefined : { description: OCR_OFFLINE_HINT });
  };

  const onExtract = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!file || !plan.ok || running) return;
    setRun({ phase: 'running', progress: STARTING });
    const recognizer = (engine.current ??= createEngine());
    await extraction.run(async (signal) => {
      try {
        // English, the default, is fetched by the engine itself as it starts (one request, and a cancel
        // stops it); other languages come first through the downloader, which shows their progress.
        const missing = plan.value.codes.filter((code) => code !== DEFAULT_LANGUAGE && !hasData(code));
        if (missing.length > 0 && !(await fetchData(missing))) {
          setRun({ phase: 'idle' });
          toast.error(OCR_ERROR_MESSAGE, { description: LANGUAGE_DATA_FAILED });
          return;
        }
        if (signal.aborted) throw new DOMException('Text extraction was cancelled', 'AbortError');
        const outcome = await recognizer.recognize(file, {
          language: plan.value.data,
          signal,
          onProgress: (progress) => setRun({ phase: 'running', progress }),
        });
        if (outcome.ok) {
          for (const code of plan.value.codes) setDataState(code, { state: 'ready' });
          setRun({
            phase: 'done',
            fileName: file.name,
            text: cleanOcrText(outcome.value.text),
            confidence: confidenceOf(outcome.value.confidence),
          });
        } else {
          failed(outcome.error);
        }
      } catch (error) {
        // A cancel is shown as such; the hook only keeps aborts from counting as failures.
        if (isAbortError(error)) setRun({ phase: 'idle', notice: CANCELLED });
        else failed(error);
      }
    });
  };

  const languageId = `${ids}-language`;
  const languageNoteId = `${ids}-language-note`;
  const resultId = `${ids}-result`;
  const languageNote = plan.ok ? plan.value.note : plan.error;

  return (
    <div className="space-y-6">
      <Card>
        <h2 className={ui.subheading}>Image</h2>
        <p className={`mt-1 ${ui.muted}`}>
          Text is read on this device. The OCR engine and its English language data are loaded from this site the first
          time you extract text; the image is never uploaded.
        </p>
        <form className="mt-4 space-y-4" onSubmit={onExtract}>
          <ImageUpload
            file={file}
            disabled={running}
            onFileChange={(chosen) => {
              setFile(chosen);
              setRun({ phase: 'idle' });
              if (chosen) (engine.current ??= createEngine()).prepare();
            }}
          />
          <div className="sm:w-64">
            <label htmlFor={languageId} className={ui.label}>
              Language
            </label>
            <select
              id={languageId}
              value={language}
              disabled={running}
              aria-describedby={languageNote ? languageNoteId : undefined}
              onChange={(event) => {
                const chosen = event.target.value;
                if (!isOcrLanguage(chosen)) return;
                setLanguage(chosen);
                // A language's data is downloaded when it is first chosen, not with the page.
                const chosenPlan = planLanguage(chosen);
                if (chosenPlan.ok) void fetchData(chosenPlan.value.codes);
              }}
              className={ui.input}
            >
              {OCR_LANGUAGES.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          <p
            id={languageNoteId}
            aria-live="polite"
            className={
              languageNote
                ? `rounded-lg border px-3 py-2 text-sm ${
                    plan.ok
                      ? 'border-slate-200 bg-slate-50 text-slate-800 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-200'
                      : 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100'
                  }`
                : 'sr-only'
            }
          >
            {languageNote ?? ''}
          </p>
          {plan.ok ? (
            <LanguageDataStatus
              summary={describeLanguageData(plan.value.codes, dataStates)}
              onRetry={() => void fetchData(plan.value.codes)}
            />
          ) : null}
          <div className="flex flex-wrap items-center gap-3">
            <button type="submit" className={ui.button} disabled={!file || !plan.ok || running}>
              {running ? (
                <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
              ) : (
                <ScanText aria-hidden="true" className="size-4" />
              )}
              {running ? 'Processing...' : 'Extract Text'}
            </button>
            {running ? (
              <button type="button" className={ui.buttonSecondary} onClick={extraction.cancel}>
                <X aria-hidden="true" className="size-4" />
                Cancel
              </button>
            ) : null}
          </div>
        </form>

        {run.phase === 'running' ? (
          <ProgressBar
            className="mt-4"
            label="Text extraction progress"
            value={progressPercent(run.progress)}
            valueText={describeProgress(run.progress)}
          />
        ) : null}

        <div role="status" className={run.phase === 'idle' && run.notice ? `mt-4 ${ui.muted}` : 'sr-only'}>
          {announce(run)}
        </div>
      </Card>

      {run.phase === 'done' ? (
        <Card>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className={ui.subheading}>Extracted Text</h2>
            {run.text !== '' ? (
              <span
                className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${bandClass[run.confidence.band]}`}
              >
                Confidence: {run.confidence.percent}% · {run.confidence.band}
              </span>
            ) : null}
          </div>
          {run.text === '' ? (
            <p className={`mt-3 ${ui.muted}`}>{NO_TEXT_MESSAGE}</p>
          ) : (
            <div className="mt-4 space-y-3">
              <label htmlFor={resultId} className={ui.label}>
                Extracted text
              </label>
              <textarea
                id={resultId}
                readOnly
                value={run.text}
                rows={Math.min(16, Math.max(4, run.text.split('\n').length + 1))}
                className={`${ui.input} font-mono`}
              />
              <div className="flex flex-wrap gap-3">
                <CopyButton text={run.text} description={COPY_DESCRIPTION} />
                <button
                  type="button"
                  className={ui.buttonSecondary}
                  onClick={() => downloadText(run.text, ocrFileName(run.fileName))}
                >
                  <Download aria-hidden="true" className="size-4" />
                  Download
                </button>
              </div>
            </div>
          )}
        </Card>
      ) : null}
    </div>
  );
}

function LanguageDataStatus({ summary, onRetry }: { summary: DataSummary; onRetry: () => void }) {
  return (
    <div className="space-y-2" aria-live="polite">
      <p
        className={`text-sm ${summary.failed ? 'text-red-800 dark:text-red-300' : 'text-slate-700 dark:text-slate-300'}`}
      >
        {summary.text}
      </p>
      {summary.percent !== undefined ? (
        <ProgressBar label="Language data download" value={summary.percent} className="sm:w-64" />
      ) : null}
      {summary.failed ? (
        <button type="button" className={ui.buttonSecondary} onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}
