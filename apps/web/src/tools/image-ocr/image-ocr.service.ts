/**
 * Image OCR's pure logic: the language list and what each choice means with
 * the data this site ships, the confidence band, clean-up of the engine's
 * text, progress wording and the download name. No React, no DOM.
 */
import { outputFileName } from '../../lib/image-file';
import { err, ok, type Result } from '../../lib/result';
import { throttleCalls } from '../../lib/throttle';
import { OCR_LANGUAGE_BYTES, OCR_SHIPPED_LANGUAGES, type OcrCoreVariant, type OcrDataCode } from './ocr-assets';

/** The one failure message of the OCR screen. */
export const OCR_ERROR_MESSAGE = 'Error processing image. Please try again.';
/** Said under that message when the browser is offline: the engine's files may never have been fetched. */
export const OCR_OFFLINE_HINT =
  'You are offline. The OCR engine is downloaded the first time you extract text online, then works offline.';
export const NO_TEXT_MESSAGE = 'No text found in this image.';

/** The languages offered, in the designed order; `value` is Tesseract's traineddata name. */
export const OCR_LANGUAGES = [
  { value: 'eng', label: 'English' },
  { value: 'spa', label: 'Spanish' },
  { value: 'fra', label: 'French' },
  { value: 'deu', label: 'German' },
  { value: 'chi_sim', label: 'Chinese' },
  { value: 'jpn', label: 'Japanese' },
  { value: 'kor', label: 'Korean' },
  { value: 'auto', label: 'Auto Detect' },
] as const;

export type OcrLanguage = (typeof OCR_LANGUAGES)[number]['value'];
export const DEFAULT_LANGUAGE: OcrLanguage = 'eng';

/** Every language's data is served by the site itself (no CDN), each downloaded the first time it is needed. */
export const SHIPPED_LANGUAGE_DATA: readonly OcrDataCode[] = OCR_SHIPPED_LANGUAGES;

const isShipped = (value: string): value is OcrDataCode => (SHIPPED_LANGUAGE_DATA as readonly string[]).includes(value);

export function isOcrLanguage(value: string): value is OcrLanguage {
  return OCR_LANGUAGES.some((language) => language.value === value);
}

export interface LanguagePlan {
  /** The language string the engine is started with: one code, or several joined by "+". */
  data: string;
  /** The traineddata files that run needs. */
  codes: OcrDataCode[];
  /** Shown under the select when the choice needs explaining. */
  note?: string;
}

/** "2.1 MB", "708 kB": decimal units, as download sizes are usually given. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000) return `${(bytes / 1_000_000).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1000))} kB`;
}

/** Total download size of these languages' data. */
export const languageDataBytes = (codes: readonly OcrDataCode[]): number =>
  codes.reduce((sum, code) => sum + OCR_LANGUAGE_BYTES[code], 0);

/**
 * What a language choice runs with. A language runs with its own data. Auto Detect runs Tesseract
 * with all seven languages at once ("eng+spa+…"): for each line the engine keeps the reading of
 * the language model that recognises it best, so the text's language need not be known. It needs
 * every language's data and is slower than choosing the language.
 */
export function planLanguage(value: string): Result<LanguagePlan> {
  if (!isOcrLanguage(value)) return err(`Unknown language: ${value || '(none)'}`);
  if (value === 'auto') {
    const codes = [...SHIPPED_LANGUAGE_DATA];
    return ok({
      data: codes.join('+'),
      codes,
      note: `Auto Detect reads with all seven languages at once and keeps, line by line, the language that recognises it best. It needs every language's data (${formatBytes(languageDataBytes(codes))} in all, downloaded once) and is slower than choosing the language.`,
    });
  }
  if (!isShipped(value)) return err(`Unknown language: ${value}`);
  return ok({ data: value, codes: [value] });
}

export type ConfidenceBand = 'Excellent' | 'Good' | 'Fair' | 'Poor';

export interface Confidence {
  /** Whole percent, 0–100. */
  percent: number;
  band: ConfidenceBand;
}

/**
 * 90+ Excellent, 80+ Good, 70+ Fair, else Poor. The band is taken
 * from the whole percent shown, so the badge never says "90%" beside "Good".
 * Anything that is not a finite number counts as 0.
 */
export function confidenceOf(engineConfidence: number): Confidence {
  const percent = Number.isFinite(engineConfidence) ? Math.min(100, Math.max(0, Math.round(engineConfidence))) : 0;
  const band: ConfidenceBand = percent >= 90 ? 'Excellent' : percent >= 80 ? 'Good' : percent >= 70 ? 'Fair' : 'Poor';
  return { percent, band };
}

/**
 * The engine's text made presentable: Unix line ends, no trailing spaces on a
 * line, at most one blank line between paragraphs, nothing around the whole.
 */
export function cleanOcrText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/\f/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t\u00a0]+$/u, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** `ocr_` + the image's name with `.txt`: "scan.png" → "ocr_scan.txt". */
export function ocrFileName(imageName: string): string {
  return outputFileName('ocr_', imageName, 'txt');
}

export interface OcrProgress {
  /** The engine's status, e.g. "loading language traineddata". */
  status: string;
  /** 0–1 within that status. */
  progress: number;
}

/** The engine's statuses in the words the screen shows. */
const STATUS_LABELS: Record<string, string> = {
  'loading tesseract core': 'Loading OCR engine',
  'initializing tesseract': 'Starting OCR engine',
  'loading language traineddata': 'Loading language data',
  'initializing api': 'Preparing recognition',
  'recognizing text': 'Recognizing text',
};

export function progressPercent({ progress }: OcrProgress): number {
  return Number.isFinite(progress) ? Math.round(Math.min(1, Math.max(0, progress)) * 100) : 0;
}

/** "Recognizing text: 42%" */
export function describeProgress(update: OcrProgress): string {
  const status = update.status.trim();
  const label = STATUS_LABELS[status] ?? (status ? status[0]!.toUpperCase() + status.slice(1) : 'Working');
  return `${label}: ${progressPercent(update)}%`;
}

/**
 * The least time between two progress updates of one status. The engine reports each percent of its
 * recognition (about seventy messages for a screenshot), and the page re-rendered for each, on a core
 * the engine's worker could use: a second image's run kept the main thread busy for a median 88 ms,
 * 67 ms with this limit (ten alternating runs on a 2-core machine), and took 1.24× tesseract.js's own
 * time, 1.18× with it. Ten updates a second still move the bar smoothly.
 */
export const OCR_PROGRESS_INTERVAL_MS = 100;

/**
 * Wraps `report` so that it passes a new status, the end of one (progress 1) and otherwise at most one
 * update per `intervalMs` of `now()`.
 */
export function throttleOcrProgress(
  report: (progress: OcrProgress) => void,
  {
    intervalMs = OCR_PROGRESS_INTERVAL_MS,
    now = () => performance.now(),
  }: { intervalMs?: number; now?: () => number } = {},
): (progress: OcrProgress) => void {
  let status: string | undefined;
  return throttleCalls(
    (update: OcrProgress) => {
      status = update.status;
      report(update);
    },
    { intervalMs, now, always: (update) => update.status !== status || update.progress >= 1 },
  );
}

/**
 * The WebAssembly build of the engine for this browser: relaxed SIMD, else
 * SIMD, else plain — the choice tesseract.js makes itself for the LSTM-only
 * engine. The screen makes it up front so the engine loads the small `.js`
 * loader and the binary `.wasm` rather than the base64-embedded `.wasm.js`
 * (3.9 MB instead of 2.9 MB).
 */
export function coreVariant(features: { simd: boolean; relaxedSimd: boolean }): OcrCoreVariant {
  if (features.relaxedSimd) return 'tesseract-core-relaxedsimd-lstm';
  if (features.simd) return 'tesseract-core-simd-lstm';
  return 'tesseract-core-lstm';
}

/** Where one language's data stands on this device. */
export type DataState =
  | { state: 'missing' }
  | { state: 'downloading'; loaded: number; total: number }
  | { state: 'ready' }
  | { state: 'failed' };

export interface DataSummary {
  text: string;
  /** 0–100 while downloading. */
  percent?: number;
  failed: boolean;
}

const CODE_LABELS: Record<OcrDataCode, string> = {
  eng: 'English',
  spa: 'Spanish',
  fra: 'French',
  deu: 'German',
  chi_sim: 'Chinese',
  jpn: 'Japanese',
  kor: 'Korean',
};

/** The line under the language select: size before the download, progress during it, then offline use. */
export function describeLanguageData(
  codes: readonly OcrDataCode[],
  states: Partial<Record<OcrDataCode, DataState>>,
): DataSummary {
  const subject =
    codes.length === 1 ? `${CODE_LABELS[codes[0]!]} language data` : `language data for ${codes.length} languages`;
  const name = subject.charAt(0).toUpperCase() + subject.slice(1);
  const stateOf = (code: OcrDataCode): DataState => states[code] ?? { state: 'missing' };
  const pending = codes.filter((code) => stateOf(code).state !== 'ready');
  if (pending.length === 0) return { text: `${name} is on this device; text is read offline too.`, failed: false };
  if (pending.some((code) => stateOf(code).state === 'failed')) {
    return { text: `${name} could not be downloaded. Check your connection and try again.`, failed: true };
  }
  const total = languageDataBytes(pending);
  const downloading = pending.some((code) => stateOf(code).state === 'downloading');
  if (!downloading) {
    return {
      text: `${name}: ${formatBytes(total)}, downloaded from this site once, then kept for offline use.`,
      failed: false,
    };
  }
  const loaded = pending.reduce((sum, code) => {
    const state = stateOf(code);
    // Each file's own fraction, weighted by its size: a server may state another length (compressed).
    const fraction = state.state === 'downloading' && state.total > 0 ? Math.min(1, state.loaded / state.total) : 0;
    return sum + fraction * OCR_LANGUAGE_BYTES[code];
  }, 0);
  const percent = Math.min(100, Math.round((loaded / total) * 100));
  return {
    text: `Downloading ${subject}: ${percent}% of ${formatBytes(total)}`,
    percent,
    failed: false,
  };
}
