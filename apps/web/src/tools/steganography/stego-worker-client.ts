/**
 * The screen's side of the steganography worker: one worker per request,
 * terminated when it answers or when the request is cancelled.
 */
import type { Result } from '../../lib/result';
import { runInWorker, type WorkerLike } from '../../lib/worker-client';
import type { HiddenImage, ImageInfo, StegoRequest, StegoResponse, StegoResultOf } from './steganography.protocol';

/** The parts of Worker used here, so tests can pass a fake. */
export type StegoWorkerLike = WorkerLike<StegoRequest, StegoResponse>;

export function createStegoWorker(): StegoWorkerLike {
  return new Worker(new URL('./steganography.worker.ts', import.meta.url), { type: 'module', name: 'steganography' });
}

export interface RunStegoOptions {
  signal?: AbortSignal;
  createWorker?: () => StegoWorkerLike;
}

/**
 * Resolves with the worker's Result; rejects with an AbortError when `signal`
 * fires and with an Error when the worker crashes or cannot start.
 */
export function runStegoWorker<R extends StegoRequest>(
  request: R,
  { signal, createWorker = createStegoWorker }: RunStegoOptions = {},
): Promise<Result<StegoResultOf<R>>> {
  const run = runInWorker<StegoRequest, ImageInfo | HiddenImage | string>(request, {
    createWorker,
    signal,
    abortMessage: 'Cancelled',
    startErrorMessage: 'The steganography worker failed to start',
  });
  // The worker answers a request of type R with that type's value.
  return run as Promise<Result<StegoResultOf<R>>>;
}
