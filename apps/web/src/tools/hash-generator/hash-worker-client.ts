/**
 * The screen's side of the hash worker: one worker per run, terminated when
 * the run ends or is cancelled (Squoosh's worker-bridge, reduced to one call).
 */
import type { Result } from '../../lib/result';
import { runInWorker, type WorkerLike } from '../../lib/worker-client';
import type { Digests, HashProgress, HashWorkerRequest, HashWorkerResponse } from './hash.protocol';

/** The parts of Worker used here, so tests can pass a fake. */
export type HashWorkerLike = WorkerLike<HashWorkerRequest, HashWorkerResponse>;

export function createHashWorker(): HashWorkerLike {
  return new Worker(new URL('./hash.worker.ts', import.meta.url), { type: 'module', name: 'hash' });
}

export interface RunHashWorkerOptions {
  signal?: AbortSignal;
  onProgress?: (progress: HashProgress) => void;
  createWorker?: () => HashWorkerLike;
}

/**
 * Runs one request in a fresh worker. Resolves with the worker's Result;
 * rejects with an AbortError when `signal` fires (the worker is terminated at
 * once) and with an Error when the worker crashes.
 */
export function runHashWorker(
  request: HashWorkerRequest,
  { signal, onProgress, createWorker = createHashWorker }: RunHashWorkerOptions = {},
): Promise<Result<Digests>> {
  return runInWorker(request, {
    createWorker,
    signal,
    onUpdate: ({ bytesDone, totalBytes }) => onProgress?.({ bytesDone, totalBytes }),
    abortMessage: 'Hashing was cancelled',
    startErrorMessage: 'The hash worker failed to start',
  });
}
