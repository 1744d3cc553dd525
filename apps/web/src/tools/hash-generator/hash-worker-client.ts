/**
 * The screen's side of the hash worker: one worker per run, terminated when
 * the run ends or is cancelled (Squoosh's worker-bridge, reduced to one call).
 */
import type { Result } from '../../lib/result';
import type { Digests, HashProgress, HashWorkerRequest, HashWorkerResponse } from './hash.protocol';

/** The parts of Worker used here, so tests can pass a fake. */
export interface HashWorkerLike {
  onmessage: ((event: MessageEvent<HashWorkerResponse>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: HashWorkerRequest): void;
  terminate(): void;
}

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
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Hashing was cancelled', 'AbortError'));
      return;
    }
    const worker = createWorker();
    const finish = () => {
      signal?.removeEventListener('abort', onAbort);
      worker.onmessage = null;
      worker.onerror = null;
      worker.terminate();
    };
    const onAbort = () => {
      finish();
      reject(new DOMException('Hashing was cancelled', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = ({ data }) => {
      if (data.type === 'progress') {
        onProgress?.({ bytesDone: data.bytesDone, totalBytes: data.totalBytes });
        return;
      }
      finish();
      if (data.type === 'result') resolve(data.result);
      else reject(new Error(data.message));
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(event.message || 'The hash worker failed to start'));
    };
    worker.postMessage(request);
  });
}
