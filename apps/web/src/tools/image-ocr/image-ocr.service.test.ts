import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANGUAGE,
  OCR_LANGUAGES,
  cleanOcrText,
  confidenceOf,
  coreVariant,
  describeLanguageData,
  describeProgress,
  formatBytes,
  languageDataBytes,
  type DataState,
  type DataSummary,
  isOcrLanguage,
  ocrFileName,
  planLanguage,
  progressPercent,
  throttleOcrProgress,
  type ConfidenceBand,
  type OcrProgress,
} from './image-ocr.service';
import { OCR_CORE_VARIANTS, OCR_LANGUAGE_BYTES, type OcrDataCode } from './ocr-assets';

describe('languages', () => {
  it('offers the designed eight languages in order, English first and default', () => {
    expect(OCR_LANGUAGES.map((language) => language.label)).toEqual([
      'English',
      'Spanish',
      'French',
      'German',
      'Chinese',
      'Japanese',
      'Korean',
      'Auto Detect',
    ]);
    expect(DEFAULT_LANGUAGE).toBe('eng');
  });

  it.each([
    ['eng', true],
    ['auto', true],
    ['chi_sim', true],
    ['', false],
    ['english', false],
    ['ENG', false],
  ])('isOcrLanguage(%j) = %s', (value, expected) => {
    expect(isOcrLanguage(value)).toBe(expected);
  });

  it.each([
    ['eng', { ok: true, value: { data: 'eng', codes: ['eng'] } }],
    ['spa', { ok: true, value: { data: 'spa', codes: ['spa'] } }],
    ['fra', { ok: true, value: { data: 'fra', codes: ['fra'] } }],
    ['deu', { ok: true, value: { data: 'deu', codes: ['deu'] } }],
    ['chi_sim', { ok: true, value: { data: 'chi_sim', codes: ['chi_sim'] } }],
    ['jpn', { ok: true, value: { data: 'jpn', codes: ['jpn'] } }],
    ['kor', { ok: true, value: { data: 'kor', codes: ['kor'] } }],
    [
      'auto',
      {
        ok: true,
        value: {
          data: 'eng+spa+fra+deu+chi_sim+jpn+kor',
          codes: ['eng', 'spa', 'fra', 'deu', 'chi_sim', 'jpn', 'kor'],
          note: "Auto Detect reads with all seven languages at once and keeps, line by line, the language that recognises it best. It needs every language's data (12.4 MB in all, downloaded once) and is slower than choosing the language.",
        },
      },
    ],
    ['', { ok: false, error: 'Unknown language: (none)' }],
    ['klingon', { ok: false, error: 'Unknown language: klingon' }],
  ])('planLanguage(%j)', (value, expected) => {
    expect(planLanguage(value)).toEqual(expected);
  });
});

describe('confidenceOf (90+ Excellent, 80+ Good, 70+ Fair, else Poor)', () => {
  it.each<[number, number, ConfidenceBand]>([
    [100, 100, 'Excellent'],
    [96.4, 96, 'Excellent'],
    [90, 90, 'Excellent'],
    [89.5, 90, 'Excellent'],
    [89.4, 89, 'Good'],
    [80, 80, 'Good'],
    [79.99, 80, 'Good'],
    [79.4, 79, 'Fair'],
    [70, 70, 'Fair'],
    [69.4, 69, 'Poor'],
    [12, 12, 'Poor'],
    [0, 0, 'Poor'],
    [-5, 0, 'Poor'],
    [140, 100, 'Excellent'],
    [Number.NaN, 0, 'Poor'],
    [Number.POSITIVE_INFINITY, 0, 'Poor'],
  ])('%s → %s%% %s', (engine, percent, band) => {
    expect(confidenceOf(engine)).toEqual({ percent, band });
  });
});

describe('cleanOcrText', () => {
  it.each([
    ['', ''],
    ['   \n\n \n', ''],
    ['Hello world\n', 'Hello world'],
    ['Hello  \nworld\t\n', 'Hello\nworld'],
    ['line one\r\nline two\rline three', 'line one\nline two\nline three'],
    ['para one\n\n\n\n\npara two', 'para one\n\npara two'],
    ['  indented stays\nnext', 'indented stays\nnext'],
    ['a\n  b', 'a\n  b'],
    ['page one\fpage two', 'page one\npage two'],
    ['Grüße 🔐 café\u00a0\n', 'Grüße 🔐 café'],
  ])('%j → %j', (input, expected) => {
    expect(cleanOcrText(input)).toBe(expected);
  });
});

describe('ocrFileName', () => {
  it.each([
    ['scan.png', 'ocr_scan.txt'],
    ['photo.final.jpeg', 'ocr_photo.final.txt'],
    ['receipt', 'ocr_receipt.txt'],
    ['', 'ocr_image.txt'],
    ['.png', 'ocr_image.txt'],
  ])('%j → %j', (name, expected) => {
    expect(ocrFileName(name)).toBe(expected);
  });
});

describe('progress', () => {
  it.each([
    [{ status: 'loading tesseract core', progress: 0 }, 0, 'Loading OCR engine: 0%'],
    [{ status: 'initializing tesseract', progress: 1 }, 100, 'Starting OCR engine: 100%'],
    [{ status: 'loading language traineddata', progress: 0.5 }, 50, 'Loading language data: 50%'],
    [{ status: 'initializing api', progress: 0.25 }, 25, 'Preparing recognition: 25%'],
    [{ status: 'recognizing text', progress: 0.4236 }, 42, 'Recognizing text: 42%'],
    [{ status: 'some new status', progress: 1.7 }, 100, 'Some new status: 100%'],
    [{ status: '', progress: Number.NaN }, 0, 'Working: 0%'],
    [{ status: 'recognizing text', progress: -0.2 }, 0, 'Recognizing text: 0%'],
  ])('%j → %s%% "%s"', (update, percent, text) => {
    expect(progressPercent(update)).toBe(percent);
    expect(describeProgress(update)).toBe(text);
  });
});

describe('throttleOcrProgress', () => {
  const recognizing = (progress: number): OcrProgress => ({ status: 'recognizing text', progress });
  const loading = (progress: number): OcrProgress => ({ status: 'loading language traineddata', progress });
  // Each row: the updates as [time in ms, update], and the updates that get through.
  it.each([
    ['nothing', [], []],
    ['the first update at once', [[0, recognizing(0)]], [recognizing(0)]],
    [
      'then one per interval within a status',
      [
        [0, recognizing(0)],
        [30, recognizing(0.1)],
        [99, recognizing(0.2)],
        [100, recognizing(0.3)],
        [180, recognizing(0.4)],
        [210, recognizing(0.5)],
      ],
      [recognizing(0), recognizing(0.3), recognizing(0.5)],
    ],
    [
      'a new status and the end of one at once',
      [
        [0, loading(0)],
        [10, loading(0.5)],
        [20, loading(1)],
        [25, recognizing(0)],
        [30, recognizing(0.01)],
        [40, recognizing(1)],
      ],
      [loading(0), loading(1), recognizing(0), recognizing(1)],
    ],
  ] as [string, [number, OcrProgress][], OcrProgress[]][])('passes %s', (_name, updates, expected) => {
    let time = 0;
    const seen: OcrProgress[] = [];
    const report = throttleOcrProgress((update) => seen.push(update), { intervalMs: 100, now: () => time });
    for (const [at, update] of updates) {
      time = at;
      report(update);
    }
    expect(seen).toEqual(expected);
  });
});

describe('coreVariant (the LSTM-only build tesseract.js would pick)', () => {
  it.each([
    [{ simd: true, relaxedSimd: true }, 'tesseract-core-relaxedsimd-lstm'],
    [{ simd: false, relaxedSimd: true }, 'tesseract-core-relaxedsimd-lstm'],
    [{ simd: true, relaxedSimd: false }, 'tesseract-core-simd-lstm'],
    [{ simd: false, relaxedSimd: false }, 'tesseract-core-lstm'],
  ])('%j → %s', (features, expected) => {
    expect(coreVariant(features)).toBe(expected);
    expect(OCR_CORE_VARIANTS).toContain(expected);
  });
});

describe('language data', () => {
  it.each<[number, string]>([
    [0, '1 kB'],
    [707_406, '707 kB'],
    [999_999, '1000 kB'],
    [1_000_000, '1.0 MB'],
    [2_952_873, '3.0 MB'],
    [12_414_931, '12.4 MB'],
  ])('formatBytes(%i) = %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it.each<[string, OcrDataCode[], Partial<Record<OcrDataCode, DataState>>, DataSummary]>([
    [
      'not yet downloaded',
      ['spa'],
      {},
      {
        text: 'Spanish language data: 2.1 MB, downloaded from this site once, then kept for offline use.',
        failed: false,
      },
    ],
    [
      'half way',
      ['spa'],
      { spa: { state: 'downloading', loaded: 1_050_095, total: 2_100_190 } },
      { text: 'Downloading Spanish language data: 50% of 2.1 MB', percent: 50, failed: false },
    ],
    [
      'ready',
      ['deu'],
      { deu: { state: 'ready' } },
      { text: 'German language data is on this device; text is read offline too.', failed: false },
    ],
    [
      'failed',
      ['kor'],
      { kor: { state: 'failed' } },
      { text: 'Korean language data could not be downloaded. Check your connection and try again.', failed: true },
    ],
    [
      'several, counting only what is missing',
      ['eng', 'fra'],
      { eng: { state: 'ready' } },
      {
        text: 'Language data for 2 languages: 707 kB, downloaded from this site once, then kept for offline use.',
        failed: false,
      },
    ],
  ])('describeLanguageData: %s', (_label, codes, states, summary) => {
    expect(describeLanguageData(codes, states)).toEqual(summary);
  });

  it('sums the sizes', () => {
    expect(languageDataBytes(['eng', 'spa'])).toBe(OCR_LANGUAGE_BYTES.eng + OCR_LANGUAGE_BYTES.spa);
  });
});
