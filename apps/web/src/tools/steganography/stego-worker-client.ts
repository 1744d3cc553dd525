/**
 * The screen's side of the steganography worker: one worker per request,
 * terminated when it answers or when the request is cancelled.
 */
import type { Result } from '../../lib/result';
import type { StegoRequest, StegoResponse, StegoResultOf } from './steganography.protocol';

/** The parts of Worker used here, so tests can pass a fake. */
export interface StegoWorkerLike {
  onmessage: ((event: MessageEvent<StegoResponse>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: StegoRequest): void;
  terminate(): void;
}

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
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('Cancelled', 'AbortError'));
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
      reject(new DOMException('Cancelled', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = ({ data }) => {
      finish();
      // The worker answers a request of type R with that type's value.
      if (data.type === 'result') resolve(data.result as Result<StegoResultOf<R>>);
      else reject(new Error(data.message));
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(event.message || 'The steganography worker failed to start'));
    };
    worker.postMessage(request);
  });
}
