import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LANGUAGE,
  OCR_LANGUAGES,
  cleanOcrText,
  confidenceOf,
  coreVariant,
  describeProgress,
  isOcrLanguage,
  ocrFileName,
  planLanguage,
  progressPercent,
  type ConfidenceBand,
} from './image-ocr.service';
import { OCR_CORE_VARIANTS } from './ocr-assets';

describe('languages', () => {
  it("offers the spec's eight languages in order, English first and default", () => {
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
    ['eng', { ok: true, value: { data: 'eng' } }],
    [
      'auto',
      {
        ok: true,
        value: {
          data: 'eng',
          note: 'Auto Detect reads the image as English: English is the only language data shipped with this site.',
        },
      },
    ],
    [
      'spa',
      {
        ok: false,
        error:
          'Spanish language data is not shipped with this site, so text cannot be extracted in Spanish. Choose English or Auto Detect.',
      },
    ],
    ['fra', { ok: false, error: expect.stringMatching(/^French language data is not shipped with this site/) }],
    ['deu', { ok: false, error: expect.stringMatching(/^German language data is not shipped with this site/) }],
    ['chi_sim', { ok: false, error: expect.stringMatching(/^Chinese language data is not shipped with this site/) }],
    ['jpn', { ok: false, error: expect.stringMatching(/^Japanese language data is not shipped with this site/) }],
    ['kor', { ok: false, error: expect.stringMatching(/^Korean language data is not shipped with this site/) }],
    ['', { ok: false, error: 'Unknown language: (none)' }],
    ['klingon', { ok: false, error: 'Unknown language: klingon' }],
  ])('planLanguage(%j)', (value, expected) => {
    expect(planLanguage(value)).toEqual(expected);
  });
});

describe('confidenceOf (spec 001 §9: 90+ Excellent, 80+ Good, 70+ Fair, else Poor)', () => {
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
