/**
 * The screens' side of a one-shot worker: one worker per request, terminated
 * when it answers, crashes or is cancelled (Squoosh's worker-bridge, reduced
 * to one call). Each tool's client wraps this with its worker and messages.
 */
import type { Result } from './result';

/** The parts of Worker used here, so tests can pass a fake. */
export interface WorkerLike<Request, Response> {
  onmessage: ((event: MessageEvent<Response>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: Request): void;
  terminate(): void;
}

/** The message that ends a request: the work's Result, or a bug inside the worker. */
export type WorkerAnswer<T> = { type: 'result'; result: Result<T> } | { type: 'crash'; message: string };

/** The AbortError a cancelled request rejects with. */
export const abortError = (message: string) => new DOMException(message, 'AbortError');

export interface RunInWorkerOptions<Request, T, Update> {
  createWorker: () => WorkerLike<Request, WorkerAnswer<T> | Update>;
  signal?: AbortSignal;
  /** Gets every message before the answer (progress), until the request ends. */
  onUpdate?: (update: Update) => void;
  /** The AbortError's message, e.g. 'Hashing was cancelled'. */
  abortMessage: string;
  /** The Error's message when the worker cannot start and the browser gives none. */
  startErrorMessage: string;
}

function isAnswer<T, Update>(data: WorkerAnswer<T> | Update): data is WorkerAnswer<T> {
  const { type } = data as { type?: unknown };
  return type === 'result' || type === 'crash';
}

/**
 * Posts `request` to a fresh worker and resolves with the Result it answers.
 * Rejects with an AbortError when `signal` fires (the worker is terminated at
 * once; no worker starts if it already fired) and with an Error when the
 * worker crashes or fails to start. Nothing the worker sends after the end
 * reaches `onUpdate`.
 */
export function runInWorker<Request, T, Update = never>(
  request: Request,
  { createWorker, signal, onUpdate, abortMessage, startErrorMessage }: RunInWorkerOptions<Request, T, Update>,
): Promise<Result<T>> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(abortMessage));
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
      reject(abortError(abortMessage));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    worker.onmessage = ({ data }) => {
      if (!isAnswer(data)) {
        onUpdate?.(data);
        return;
      }
      finish();
      if (data.type === 'result') resolve(data.result);
      else reject(new Error(data.message));
    };
    worker.onerror = (event) => {
      finish();
      reject(new Error(event.message || startErrorMessage));
    };
    worker.postMessage(request);
  });
}
