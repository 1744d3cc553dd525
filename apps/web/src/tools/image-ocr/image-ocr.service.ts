/**
 * Image OCR's pure logic: the language list and what each choice means with
 * the data this site ships, the confidence band, clean-up of the engine's
 * text, progress wording and the download name. No React, no DOM.
 */
import { outputFileName } from '../../lib/image-file';
import { err, ok, type Result } from '../../lib/result';
import { OCR_SHIPPED_LANGUAGES, type OcrCoreVariant } from './ocr-assets';

/** Spec 001 §8: the one failure message of the OCR screen. */
export const OCR_ERROR_MESSAGE = 'Error processing image. Please try again.';
/** Said under that message when the browser is offline: the engine's files may never have been fetched. */
export const OCR_OFFLINE_HINT =
  'You are offline. The OCR engine is downloaded the first time you extract text online, then works offline.';
export const NO_TEXT_MESSAGE = 'No text found in this image.';

/** Spec 001 §9: the languages offered, in the spec's order; `value` is Tesseract's traineddata name. */
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

/**
 * DECISIONS P1: only the English data is served by the site (no CDN), so a
 * language whose data is not shipped says so instead of pretending.
 */
export const SHIPPED_LANGUAGE_DATA: readonly OcrLanguage[] = OCR_SHIPPED_LANGUAGES;

export function isOcrLanguage(value: string): value is OcrLanguage {
  return OCR_LANGUAGES.some((language) => language.value === value);
}

export function languageLabel(value: OcrLanguage): string {
  return OCR_LANGUAGES.find((language) => language.value === value)?.label ?? value;
}

export interface LanguagePlan {
  /** The traineddata the engine loads. */
  data: OcrLanguage;
  /** Shown under the select when the choice is not taken literally. */
  note?: string;
}

/**
 * What a language choice runs with: English data for English and Auto Detect
 * (with a note), and an error naming the language for one whose data this site
 * does not ship.
 */
export function planLanguage(value: string): Result<LanguagePlan> {
  if (!isOcrLanguage(value)) return err(`Unknown language: ${value || '(none)'}`);
  if (value === 'auto') {
    return ok({
      data: 'eng',
      note: 'Auto Detect reads the image as English: English is the only language data shipped with this site.',
    });
  }
  if (!SHIPPED_LANGUAGE_DATA.includes(value)) {
    const label = languageLabel(value);
    return err(
      `${label} language data is not shipped with this site, so text cannot be extracted in ${label}. Choose English or Auto Detect.`,
    );
  }
  return ok({ data: value });
}

export type ConfidenceBand = 'Excellent' | 'Good' | 'Fair' | 'Poor';

export interface Confidence {
  /** Whole percent, 0–100. */
  percent: number;
  band: ConfidenceBand;
}

/**
 * Spec 001 §9: 90+ Excellent, 80+ Good, 70+ Fair, else Poor. The band is taken
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
