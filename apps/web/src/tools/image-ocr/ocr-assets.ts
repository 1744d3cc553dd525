/**
 * Where the site serves the OCR engine, relative to the app's base URL. The
 * files are copied from their npm packages by apps/web/build/tesseract-assets.ts
 * (build and dev server alike), so no byte of the engine comes from a CDN
 * (docs/decisions/0001-real-tools.md, docs/decisions/0007-privacy.md). Plain data: the Vite plugin imports it too.
 */
export const OCR_ASSET_DIR = 'vendor/tesseract';

/** tesseract.js's worker script (tesseract.js/dist). */
export const OCR_WORKER_FILE = 'worker.min.js';

/**
 * The LSTM-only WebAssembly builds (tesseract.js-core), best first. Each is a
 * small `.js` loader plus its binary `.wasm`, which the loader fetches from the
 * worker script's folder.
 */
export const OCR_CORE_VARIANTS = [
  'tesseract-core-relaxedsimd-lstm',
  'tesseract-core-simd-lstm',
  'tesseract-core-lstm',
] as const;
export type OcrCoreVariant = (typeof OCR_CORE_VARIANTS)[number];

/** Language data (gzip'd traineddata), in a folder of its own. */
export const OCR_LANG_DIR = 'lang';
/** @tesseract.js-data/<code>/4.0.0_best_int: the integer LSTM models, the smallest that read well. */
export const OCR_LANG_DATA_VERSION = '4.0.0_best_int';
/** Every language of the OCR screen; each comes from its own `@tesseract.js-data/<code>` package. */
export const OCR_SHIPPED_LANGUAGES = ['eng', 'spa', 'fra', 'deu', 'chi_sim', 'jpn', 'kor'] as const;
export type OcrDataCode = (typeof OCR_SHIPPED_LANGUAGES)[number];

/**
 * Size in bytes of each `<code>.traineddata.gz`, shown before a download starts (a test checks these
 * against the installed packages, so an update of one of them updates this table too).
 */
export const OCR_LANGUAGE_BYTES: Record<OcrDataCode, number> = {
  eng: 2_952_873,
  spa: 2_100_190,
  fra: 707_406,
  deu: 1_333_102,
  chi_sim: 1_718_768,
  jpn: 2_030_256,
  kor: 1_572_336,
};
