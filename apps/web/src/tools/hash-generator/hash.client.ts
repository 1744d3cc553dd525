/** The screen's side of hash.worker.ts (lib/worker: one worker per run, terminated when it ends or is cancelled). */
import type { Result } from '../../lib/result';
import { workerCall, type WorkerCallOptions, type WorkerLike } from '../../lib/worker';
import type { Digests, HashProgress, HashWorkerRequest, HashWorkerResponse } from './hash.protocol';

const hashCall = workerCall<HashWorkerRequest, Digests, Extract<HashWorkerResponse, { type: 'progress' }>>({
  createWorker: () => new Worker(new URL('./hash.worker.ts', import.meta.url), { type: 'module', name: 'hash' }),
  abortMessage: 'Hashing was cancelled',
  startErrorMessage: 'The hash worker failed to start',
});

export interface RunHashWorkerOptions extends Pick<WorkerCallOptions<never>, 'signal'> {
  onProgress?: (progress: HashProgress) => void;
  createWorker?: () => WorkerLike<HashWorkerRequest, HashWorkerResponse>;
}

/**
 * Runs one request in a fresh worker. Resolves with the worker's Result;
 * rejects with an AbortError when `signal` fires (the worker is terminated at
 * once) and with an Error when the worker crashes.
 */
export function runHashWorker(
  request: HashWorkerRequest,
  { onProgress, ...options }: RunHashWorkerOptions = {},
): Promise<Result<Digests>> {
  return hashCall(request, {
    ...options,
    onUpdate: ({ bytesDone, totalBytes }) => onProgress?.({ bytesDone, totalBytes }),
  });
}
