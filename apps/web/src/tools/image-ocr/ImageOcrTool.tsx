import { Download, LoaderCircle, ScanText, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { CopyButton } from '../../components/CopyButton';
import { ImageUpload } from '../../components/ImageUpload';
import { Card } from '../../components/Page';
import { ui } from '../../components/ui';
import { downloadText } from '../../lib/download';
import { isAbortError } from '../../lib/simulation';
import {
  DEFAULT_LANGUAGE,
  NO_TEXT_MESSAGE,
  OCR_ERROR_MESSAGE,
  OCR_OFFLINE_HINT,
  OCR_LANGUAGES,
  cleanOcrText,
  confidenceOf,
  describeProgress,
  isOcrLanguage,
  ocrFileName,
  planLanguage,
  progressPercent,
  type Confidence,
  type ConfidenceBand,
  type OcrLanguage,
  type OcrProgress,
} from './image-ocr.service';
import { createOcrEngine, type OcrEngine } from './ocr-engine';

/** Spec 000 §8: the copy toast's description for text output. */
const COPY_DESCRIPTION = 'Text copied to clipboard';
const CANCELLED = 'Text extraction cancelled.';
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

export default function ImageOcrTool({ createEngine = createOcrEngine }: { createEngine?: () => OcrEngine }) {
  const ids = useId();
  const [file, setFile] = useState<File | null>(null);
  const [language, setLanguage] = useState<OcrLanguage>(DEFAULT_LANGUAGE);
  const [run, setRun] = useState<Run>({ phase: 'idle' });
  const engine = useRef<OcrEngine | null>(null);
  const controller = useRef<AbortController | null>(null);

  // The worker stays up between runs on this page and is terminated when the page is left.
  useEffect(
    () => () => {
      controller.current?.abort();
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
    const abort = new AbortController();
    controller.current = abort;
    setRun({ phase: 'running', progress: STARTING });
    engine.current ??= createEngine();
    try {
      const outcome = await engine.current.recognize(file, {
        language: plan.value.data,
        signal: abort.signal,
        onProgress: (progress) => setRun({ phase: 'running', progress }),
      });
      if (outcome.ok) {
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
      if (isAbortError(error)) {
        setRun({ phase: 'idle', notice: CANCELLED });
      } else {
        failed(error);
      }
    } finally {
      if (controller.current === abort) controller.current = null;
    }
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
                if (isOcrLanguage(event.target.value)) setLanguage(event.target.value);
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
              <button type="button" className={ui.buttonSecondary} onClick={() => controller.current?.abort()}>
                <X aria-hidden="true" className="size-4" />
                Cancel
              </button>
            ) : null}
          </div>
        </form>

        {run.phase === 'running' ? (
          <div className="mt-4 space-y-2">
            <div
              role="progressbar"
              aria-label="Text extraction progress"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progressPercent(run.progress)}
              aria-valuetext={describeProgress(run.progress)}
              className="h-3 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
            >
              <div
                className="h-full rounded-full bg-indigo-600 transition-[width] dark:bg-indigo-400"
                style={{ width: `${progressPercent(run.progress)}%` }}
              />
            </div>
            <p className="text-sm text-slate-700 tabular-nums dark:text-slate-300">{describeProgress(run.progress)}</p>
          </div>
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
