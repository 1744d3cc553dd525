/**
 * The screens' side of image.worker.ts (lib/worker). A single image runs in
 * a fresh worker, terminated when it ends or is cancelled; that worker is
 * started when the file is chosen (`processImage.prepare`) and decodes the
 * file while the user picks options. A batch runs
 * through a pool of long-lived image workers (as many as the browser reports
 * cores, at most four) running the same operation code. Where a worker
 * cannot draw (no OffscreenCanvas), and for SVG, the same pipeline runs on
 * the main thread instead, one file at a time.
 */
import type { Result } from '../result';
import { abortError, createWorkerPool, poolSize, workerCall, type WorkerLike, type WorkerPool } from '../worker';
import type {
  ImageOperation,
  ImageOutput,
  ImageWorkerPreload,
  ImageWorkerRequest,
  ImageWorkerResponse,
} from './operations';

type ImageWorkerLike = WorkerLike<ImageWorkerRequest | ImageWorkerPreload, ImageWorkerResponse>;

const createImageWorker = (): ImageWorkerLike =>
  new Worker(new URL('./image.worker.ts', import.meta.url), { type: 'module', name: 'image' });

const ABORT_MESSAGE = 'Image processing was cancelled';
const START_ERROR_MESSAGE = 'The image worker failed to start';
const cancelled = () => abortError(ABORT_MESSAGE);

/** Workers can decode and draw only where OffscreenCanvas exists with convertToBlob. */
export function workerCanDraw(scope: typeof globalThis = globalThis): boolean {
  return (
    typeof scope.Worker === 'function' &&
    typeof scope.OffscreenCanvas === 'function' &&
    typeof scope.OffscreenCanvas.prototype.convertToBlob === 'function'
  );
}

export interface ProcessImage {
  (file: Blob, operation: ImageOperation, options?: { signal?: AbortSignal }): Promise<Result<ImageOutput>>;
  /** Gets ready for a run on `file` (starts its worker, which decodes it) while the user is still choosing options. */
  prepare?: (file: Blob) => void;
  /** Lets go of what `prepare` started: the screen is going. */
  release?: () => void;
}

/**
 * The worker the next single run on `file` takes, started when the file is
 * chosen and already decoding it (an ImageWorkerPreload). Starting a worker
 * costs a run some 30-50 ms on a 2-core machine, and decoding a 12 MP photo
 * 150-250 ms: both happen while the user is still choosing options.
 */
let spare: { worker: ImageWorkerLike; file: Blob } | null = null;

/** Starts the next run's worker on `file` now, unless it is waiting already or `file` is drawn on the main thread. */
export function prepareImageWorker(file: Blob, createWorker: () => ImageWorkerLike = createImageWorker): void {
  if (spare?.file === file) return;
  releaseImageWorker();
  if (!workerCanDraw() || needsMainThread(file)) return;
  const worker = createWorker();
  worker.postMessage({ preload: file });
  spare = { worker, file };
}

/** Terminates the waiting worker, if any. */
export function releaseImageWorker(): void {
  spare?.worker.terminate();
  spare = null;
}

/** The waiting worker if it was started for `file` (it is then no longer waiting). */
function takeSpare(file: Blob): ImageWorkerLike | null {
  if (spare?.file !== file) return null;
  const { worker } = spare;
  spare = null;
  return worker;
}

/**
 * Runs one operation in a fresh worker. Resolves with the worker's Result;
 * rejects with an AbortError when `signal` fires (the worker is terminated at
 * once) and with an Error when the worker crashes.
 */
export const runImageWorker = workerCall<ImageWorkerRequest, ImageOutput>({
  createWorker: createImageWorker,
  abortMessage: ABORT_MESSAGE,
  startErrorMessage: START_ERROR_MESSAGE,
});

/**
 * Main-thread fallback for browsers whose workers cannot draw, and for SVG.
 * It cannot be interrupted mid-draw, so a cancel takes effect at the next step.
 */
export async function runOnMainThread(
  file: Blob,
  operation: ImageOperation,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Result<ImageOutput>> {
  if (signal?.aborted) throw cancelled();
  const { runImageOperation, documentSurface } = await import('./pipeline');
  const result = await runImageOperation(file, operation, documentSurface, signal);
  if (signal?.aborted) throw cancelled();
  return result;
}

/** SVG is drawn by an <img>, which exists only on the main thread (createImageBitmap cannot decode it). */
export function needsMainThread(file: Blob): boolean {
  return file.type === 'image/svg+xml';
}

/** Processes an image off the main thread where the browser allows. */
export const processImage: ProcessImage = Object.assign(
  (file: Blob, operation: ImageOperation, options: { signal?: AbortSignal } = {}) => {
    if (!workerCanDraw() || needsMainThread(file)) return runOnMainThread(file, operation, options);
    const ready = options.signal?.aborted ? null : takeSpare(file);
    return ready
      ? runImageWorker({ file, operation, preloaded: true }, { ...options, createWorker: () => ready })
      : runImageWorker({ file, operation }, options);
  },
  { prepare: (file: Blob) => prepareImageWorker(file), release: releaseImageWorker },
);

export interface BatchProcessor {
  /** Queues one file; `onStart` is called when its turn comes. */
  run(
    file: Blob,
    operation: ImageOperation,
    options: { signal?: AbortSignal; onStart?: () => void },
  ): Promise<Result<ImageOutput>>;
  /** Stops everything and lets the workers go. */
  close(): void;
  /** How many files run at once. */
  readonly concurrency: number;
}

interface BatchProcessorOptions {
  createWorker?: () => ImageWorkerLike;
  size?: number;
  canDraw?: boolean;
}

/** A processor for one batch: open it at the start, close it at the end. */
export function createBatchProcessor({
  createWorker = createImageWorker,
  size = poolSize(globalThis.navigator?.hardwareConcurrency),
  canDraw = workerCanDraw(),
}: BatchProcessorOptions = {}): BatchProcessor {
  let pool: WorkerPool<ImageWorkerRequest, ImageOutput> | null = null;
  // Main-thread files run one after another: two at once would only halve each one's speed.
  let mainThread: Promise<unknown> = Promise.resolve();
  let closed = false;
  return {
    run(file, operation, { signal, onStart }) {
      if (canDraw && !needsMainThread(file)) {
        pool ??= createWorkerPool({
          createWorker,
          size,
          abortMessage: ABORT_MESSAGE,
          startErrorMessage: START_ERROR_MESSAGE,
        });
        return pool.run({ file, operation }, { signal, onStart });
      }
      const turn = mainThread.then(() => {
        if (closed) throw cancelled();
        onStart?.();
        return runOnMainThread(file, operation, { signal });
      });
      mainThread = turn.catch(() => undefined);
      return turn;
    },
    close() {
      closed = true;
      pool?.close();
      pool = null;
    },
    concurrency: canDraw ? size : 1,
  };
}
