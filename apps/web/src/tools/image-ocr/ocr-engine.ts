// import.meta.env, also for `tsc -p e2e`, which reaches this file through the tool catalogue.
/// <reference types="vite/client" />
/**
 * The one place that talks to tesseract.js (it wraps the engine's throws and keeps it off the screen chunk: docs/decisions/0012-code-habits.md). The engine
 * runs in tesseract.js's own Web Worker, loaded with its WebAssembly core and
 * language data from this site (ocr-assets.ts). The library itself is imported
 * only when the first recognition starts, so no other page loads it.
 *
 * One engine keeps its worker between runs; cancelling a run terminates the
 * worker, and the next run starts a fresh one.
 */
import type { Worker as TesseractWorker } from 'tesseract.js';
import { err, ok, type Result } from '../../lib/result';
import { coreVariant, throttleOcrProgress, type LanguagePlan, type OcrProgress } from './image-ocr.service';
import { OCR_ASSET_DIR, OCR_LANG_DIR, OCR_WORKER_FILE } from './ocr-assets';
import { HEAD_BYTES, readableAsIs } from './ocr-input';

export interface RecognizedText {
  /** The engine's text, as it returned it. */
  text: string;
  /** The engine's mean word confidence, 0–100. */
  confidence: number;
}

export interface RecognizeOptions {
  language: LanguagePlan['data'];
  signal?: AbortSignal;
  onProgress?: (progress: OcrProgress) => void;
}

export interface OcrEngine {
  /**
   * Reads the text in an image. Resolves with the engine's text and confidence,
   * or an error value when the image or the engine fails; rejects with an
   * AbortError when `signal` fires (the worker is terminated at once).
   */
  recognize(image: Blob, options: RecognizeOptions): Promise<Result<RecognizedText>>;
  /**
   * Starts loading the engine's script (not its worker or data), when an image is chosen: the first
   * run then starts with it in hand, where it waited for the import before fetching anything else.
   */
  prepare(): void;
  /** Terminates the worker, if one is running. */
  dispose(): Promise<void>;
}

const abortError = () => new DOMException('Text extraction was cancelled', 'AbortError');

// wasm-feature-detect's probes (the ones tesseract.js runs in its worker): tiny modules using one SIMD opcode.
const SIMD_PROBE = [
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 10, 1, 8, 0, 65, 0, 253, 15, 253, 98, 11,
];
const RELAXED_SIMD_PROBE = [
  0, 97, 115, 109, 1, 0, 0, 0, 1, 5, 1, 96, 0, 1, 123, 3, 2, 1, 0, 10, 15, 1, 13, 0, 65, 1, 253, 15, 65, 2, 253, 15,
  253, 128, 2, 11,
];
const supports = (probe: number[]) => {
  try {
    return WebAssembly.validate(new Uint8Array(probe));
  } catch {
    return false;
  }
};

/** Same-origin URLs of the engine's files under the app's base URL. */
function assetUrls() {
  const dir = new URL(`${import.meta.env.BASE_URL}${OCR_ASSET_DIR}/`, window.location.href);
  const core = coreVariant({ simd: supports(SIMD_PROBE), relaxedSimd: supports(RELAXED_SIMD_PROBE) });
  return {
    workerPath: new URL(OCR_WORKER_FILE, dir).href,
    // A file, not a folder: the loader then fetches the binary .wasm beside the worker script.
    corePath: new URL(`${core}.js`, dir).href,
    langPath: new URL(OCR_LANG_DIR, dir).href,
  };
}

/**
 * What tesseract.js is given: the file itself when its worker decodes it as the browser shows it
 * (ocr-input.ts), else the image decoded here, in its EXIF orientation, from any type the browser reads.
 */
async function recognizable(image: Blob): Promise<Blob | OffscreenCanvas> {
  const head = new Uint8Array(await image.slice(0, HEAD_BYTES).arrayBuffer());
  return readableAsIs(head) ? image : decodeImage(image);
}

/** Resolves with the decoded image as a canvas in its EXIF orientation; any image type the browser decodes. */
async function decodeImage(image: Blob): Promise<OffscreenCanvas> {
  const bitmap = await createImageBitmap(image, { imageOrientation: 'from-image' });
  try {
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('2D canvas is not available');
    context.drawImage(bitmap, 0, 0);
    return canvas;
  } finally {
    bitmap.close();
  }
}

/** Error, DOMException (not an Error everywhere) or the plain strings tesseract.js rejects with. */
const message = (error: unknown) =>
  typeof error === 'object' && error !== null && 'message' in error ? String(error.message) : String(error);

/** Settles with `work` unless `signal` fires first. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return work;
  return new Promise<T>((resolve, reject) => {
    if (signal.aborted) return reject(abortError());
    const onAbort = () => reject(abortError());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

interface Session {
  language: string;
  worker: Promise<TesseractWorker>;
}

export function createOcrEngine(): OcrEngine {
  let session: Session | null = null;
  let listener: ((progress: OcrProgress) => void) | undefined;

  const start = (language: string): Session => {
    // Progress of a session that has been dropped (cancelled while starting) is not shown.
    const isCurrent = () => session === own;
    const worker = new Promise<TesseractWorker>((resolve, reject) => {
      let started = false;
      import('tesseract.js')
        .then(({ default: tesseract }) =>
          tesseract.createWorker(language, tesseract.OEM.LSTM_ONLY, {
            ...assetUrls(),
            // A same-origin script, not a blob: wrapper (CSP worker-src 'self').
            workerBlobURL: false,
            gzip: true,
            // The browser's HTTP cache keeps the files; no copy of the data is written to IndexedDB.
            cacheMethod: 'none',
            logger: ({ status, progress }) => {
              if (isCurrent()) listener?.({ status, progress });
            },
            // tesseract.js reports some start-up failures only here, and without a
            // handler it throws job failures from its message handler (uncaught).
            errorHandler: (error: unknown) => {
              if (!started) reject(new Error(String(error)));
            },
          }),
        )
        .then((worker) => {
          started = true;
          resolve(worker);
        }, reject);
    });
    // Nobody awaits a session dropped while starting.
    worker.catch(() => {});
    const own: Session = { language, worker };
    return own;
  };

  /** Drops the current worker; one still starting is terminated as soon as it is up. */
  const reset = () => {
    const dropped = session;
    session = null;
    void dropped?.worker.then((worker) => worker.terminate()).catch(() => {});
  };

  return {
    prepare() {
      // The same import as start()'s: the module loader runs it once. A failure shows at the run.
      import('tesseract.js').catch(() => {});
    },
    async recognize(image, { language, signal, onProgress }) {
      if (signal?.aborted) throw abortError();
      let input: Blob | OffscreenCanvas;
      try {
        input = await untilAborted(recognizable(image), signal);
      } catch (error) {
        if (signal?.aborted) throw abortError();
        return err(`The image could not be decoded: ${message(error)}`);
      }

      // Fewer re-renders beside the engine's worker: see throttleOcrProgress.
      listener = onProgress && throttleOcrProgress(onProgress);
      const onAbort = () => reset();
      signal?.addEventListener('abort', onAbort, { once: true });
      try {
        if (session?.language !== language) {
          reset();
          session = start(language);
        }
        const worker = await untilAborted(session.worker, signal);
        const { data } = await untilAborted(worker.recognize(input), signal);
        return ok({ text: data.text ?? '', confidence: data.confidence ?? 0 });
      } catch (error) {
        if (signal?.aborted) throw abortError();
        // A worker that failed once is not trusted with the next run.
        reset();
        return err(message(error));
      } finally {
        signal?.removeEventListener('abort', onAbort);
        listener = undefined;
      }
    },
    async dispose() {
      listener = undefined;
      reset();
    },
  };
}
