/**
 * The batch's side of the image workers: a pool of long-lived image workers
 * (as many as the browser reports cores, at most four) running the same
 * operation code as a single image, and a one-shot worker that packs the
 * results into a ZIP. Where workers cannot draw, and for SVG, files go one
 * at a time through the main-thread pipeline instead.
 */
import type { Result } from '../result';
import { runInWorker, type WorkerLike } from '../worker-client';
import { createWorkerPool, poolSize, type WorkerPool } from '../worker-pool';
import { createImageWorker, needsMainThread, runOnMainThread, workerCanDraw, type ImageWorkerLike } from './client';
import type { ImageOperation, ImageOutput, ImageWorkerRequest } from './operations';
import type { ZipWorkerRequest } from './zip.worker';

const ABORT_MESSAGE = 'Image processing was cancelled';

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

export interface BatchProcessorOptions {
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
          startErrorMessage: 'The image worker failed to start',
        });
        return pool.run({ file, operation }, { signal, onStart });
      }
      const turn = mainThread.then(() => {
        if (closed) throw new DOMException(ABORT_MESSAGE, 'AbortError');
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

export type ZipWorkerLike = WorkerLike<
  ZipWorkerRequest,
  { type: 'result'; result: Result<Blob> } | { type: 'crash'; message: string }
>;

export function createZipWorker(): ZipWorkerLike {
  return new Worker(new URL('./zip.worker.ts', import.meta.url), { type: 'module', name: 'zip' });
}

export type ZipFiles = (
  entries: ZipWorkerRequest['entries'],
  options?: { signal?: AbortSignal },
) => Promise<Result<Blob>>;

/** Packs the entries into one ZIP in a worker (fflate loads there, never in a screen's chunk). */
export const zipFiles: ZipFiles = (entries, { signal } = {}) =>
  runInWorker(
    { entries },
    {
      createWorker: createZipWorker,
      signal,
      abortMessage: 'Making the ZIP was cancelled',
      startErrorMessage: 'The ZIP worker failed to start',
    },
  );
