/**
 * The screens' side of the image worker: one worker per run, terminated when
 * the run ends or is cancelled (lib/worker-client). Where a worker cannot
 * draw (no OffscreenCanvas), and for SVG, the same pipeline runs on the main
 * thread instead.
 */
import type { Result } from '../result';
import { abortError, runInWorker, type WorkerLike } from '../worker-client';
import type { ImageOperation, ImageOutput, ImageWorkerRequest, ImageWorkerResponse } from './operations';

/** The parts of Worker used here, so tests can pass a fake. */
export type ImageWorkerLike = WorkerLike<ImageWorkerRequest, ImageWorkerResponse>;

export function createImageWorker(): ImageWorkerLike {
  return new Worker(new URL('./image.worker.ts', import.meta.url), { type: 'module', name: 'image' });
}

/** Workers can decode and draw only where OffscreenCanvas exists with convertToBlob. */
export function workerCanDraw(scope: typeof globalThis = globalThis): boolean {
  return (
    typeof scope.Worker === 'function' &&
    typeof scope.OffscreenCanvas === 'function' &&
    typeof scope.OffscreenCanvas.prototype.convertToBlob === 'function'
  );
}

export type ProcessImage = (
  file: Blob,
  operation: ImageOperation,
  options?: { signal?: AbortSignal },
) => Promise<Result<ImageOutput>>;

const ABORT_MESSAGE = 'Image processing was cancelled';
const cancelled = () => abortError(ABORT_MESSAGE);

/**
 * Runs one operation in a fresh worker. Resolves with the worker's Result;
 * rejects with an AbortError when `signal` fires (the worker is terminated at
 * once) and with an Error when the worker crashes.
 */
export function runImageWorker(
  request: ImageWorkerRequest,
  { signal, createWorker = createImageWorker }: { signal?: AbortSignal; createWorker?: () => ImageWorkerLike } = {},
): Promise<Result<ImageOutput>> {
  return runInWorker(request, {
    createWorker,
    signal,
    abortMessage: ABORT_MESSAGE,
    startErrorMessage: 'The image worker failed to start',
  });
}

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
export const processImage: ProcessImage = (file, operation, options = {}) =>
  workerCanDraw() && !needsMainThread(file)
    ? runImageWorker({ file, operation }, options)
    : runOnMainThread(file, operation, options);
