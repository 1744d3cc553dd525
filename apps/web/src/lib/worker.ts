/**
 * The one helper for the app's workers, both sides of the line:
 *
 * - `workerCall` / `runInWorker`: a one-shot request — one worker per
 *   request, terminated when it answers, crashes or is cancelled (Squoosh's
 *   worker-bridge, reduced to one call). An AbortSignal cancels by
 *   terminating the worker, so no worker code has to poll for it.
 * - `createWorkerPool`: a few long-lived workers sharing a queue, for
 *   batches, so a batch pays a worker's start-up once per worker, not per file.
 * - `serveRequests`: the worker's side — answers each request with any
 *   number of updates, then one WorkerAnswer.
 *
 * Each `*.worker.ts` is paired with a `*.client.ts` that names its Worker
 * (Vite needs the `new Worker(new URL(...))` written out there) and builds
 * its call with `workerCall`.
 */
import type { Result } from './result';

/** The parts of Worker used here, so tests can pass a fake. */
export interface WorkerLike<Request, Response> {
  onmessage: ((event: MessageEvent<Response>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
  postMessage(message: Request, transfer?: Transferable[]): void;
  terminate(): void;
}

/** The message that ends a request: the work's Result, or a bug inside the worker. */
export type WorkerAnswer<T> = { type: 'result'; result: Result<T> } | { type: 'crash'; message: string };

/** The AbortError a cancelled request rejects with. */
export const abortError = (message: string) => new DOMException(message, 'AbortError');

/** What a request's caller may pass. */
export interface WorkerCallOptions<Update> {
  signal?: AbortSignal;
  /** Gets every message before the answer (progress), until the request ends. */
  onUpdate?: (update: Update) => void;
  /** Buffers handed to the worker instead of copied (they are unusable here afterwards). */
  transfer?: Transferable[];
}

/** The wording of a worker's failures. */
interface WorkerMessages {
  /** The AbortError's message, e.g. 'Hashing was cancelled'. */
  abortMessage: string;
  /** The Error's message when the worker cannot start and the browser gives none. */
  startErrorMessage: string;
}

export interface RunInWorkerOptions<Request, T, Update> extends WorkerCallOptions<Update>, WorkerMessages {
  createWorker: () => WorkerLike<Request, WorkerAnswer<T> | Update>;
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
  { createWorker, signal, onUpdate, transfer, abortMessage, startErrorMessage }: RunInWorkerOptions<Request, T, Update>,
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
    if (transfer) worker.postMessage(request, transfer);
    else worker.postMessage(request);
  });
}

/** A typed one-shot request to one kind of worker; tests pass `createWorker` to use a fake. */
export type WorkerCall<Request, T, Update = never> = (
  request: Request,
  options?: WorkerCallOptions<Update> & { createWorker?: () => WorkerLike<Request, WorkerAnswer<T> | Update> },
) => Promise<Result<T>>;

/** Binds `runInWorker` to one worker and its wording: the whole of a `*.client.ts`. */
export function workerCall<Request, T, Update = never>(
  defaults: RunInWorkerOptions<Request, T, Update>,
): WorkerCall<Request, T, Update> {
  return (request, options = {}) => runInWorker(request, { ...defaults, ...options });
}

/** The parts of DedicatedWorkerGlobalScope used here (the app's lib is DOM, not WebWorker). */
interface WorkerScope<Request, Response> {
  onmessage: ((event: MessageEvent<Request>) => void) | null;
  postMessage(message: Response, transfer?: Transferable[]): void;
}

/**
 * The worker's side: answers every request with `handle`'s Result, or a
 * crash when it throws. `handle` may post updates (progress) first.
 * `transfer` names the buffers of a value to hand back instead of copying.
 */
export function serveRequests<Request, T, Update = never>(
  handle: (request: Request, update: (message: Update) => void) => Promise<Result<T>>,
  {
    scope = self as unknown as WorkerScope<Request, WorkerAnswer<T> | Update>,
    transfer,
  }: { scope?: WorkerScope<Request, WorkerAnswer<T> | Update>; transfer?: (value: T) => Transferable[] } = {},
): void {
  scope.onmessage = ({ data }) => {
    handle(data, (message) => scope.postMessage(message))
      .then((result) => {
        const buffers = result.ok && transfer ? transfer(result.value) : [];
        scope.postMessage({ type: 'result', result }, buffers);
      })
      .catch((error: unknown) =>
        scope.postMessage({ type: 'crash', message: error instanceof Error ? error.message : String(error) }),
      );
  };
}

/** More than four image workers only add memory on most machines. */
export const MAX_POOL_SIZE = 4;

/** Workers for this machine: one per logical core the browser reports, between 1 and `max`. */
export function poolSize(hardwareConcurrency: number | undefined, max = MAX_POOL_SIZE): number {
  const cores = Number.isInteger(hardwareConcurrency) && hardwareConcurrency! > 0 ? hardwareConcurrency! : 1;
  return Math.min(max, cores);
}

export interface WorkerPoolOptions<Request, T> extends WorkerMessages {
  createWorker: () => WorkerLike<Request, WorkerAnswer<T>>;
  size: number;
}

export interface WorkerPool<Request, T> {
  /**
   * Queues `request`; resolves with the worker's Result, rejects with an
   * AbortError when `signal` fires (queued or running) or the pool is closed,
   * and with an Error when the worker running it crashes. `onStart` is
   * called when a worker takes it off the queue.
   */
  run(request: Request, options?: { signal?: AbortSignal; onStart?: () => void }): Promise<Result<T>>;
  /** Rejects everything queued or running and terminates every worker. */
  close(): void;
  /** Workers alive now (for tests and figures). */
  readonly workers: number;
}

interface Task<Request, T> {
  request: Request;
  signal?: AbortSignal;
  onStart?: () => void;
  resolve: (result: Result<T>) => void;
  reject: (error: unknown) => void;
  onAbort: () => void;
}

/**
 * A few long-lived workers sharing a queue of requests: each worker takes the
 * next request when it answers the last. The messages are the one-shot
 * call's: any number of updates, then one WorkerAnswer. Cancelling one
 * request terminates only the worker running it; a crashed worker is
 * replaced on demand.
 */
export function createWorkerPool<Request, T>({
  createWorker,
  size,
  abortMessage,
  startErrorMessage,
}: WorkerPoolOptions<Request, T>): WorkerPool<Request, T> {
  type Worker = WorkerLike<Request, WorkerAnswer<T>>;
  const limit = Math.max(1, Math.floor(size));
  const queue: Task<Request, T>[] = [];
  const idle: Worker[] = [];
  const busy = new Map<Worker, Task<Request, T>>();
  let closed = false;

  const settle = (task: Task<Request, T>) => task.signal?.removeEventListener('abort', task.onAbort);

  const retire = (worker: Worker) => {
    worker.onmessage = null;
    worker.onerror = null;
    worker.terminate();
  };

  const dispatch = (worker: Worker, task: Task<Request, T>) => {
    busy.set(worker, task);
    worker.onmessage = ({ data }) => {
      if (data.type !== 'result' && data.type !== 'crash') return;
      busy.delete(worker);
      settle(task);
      if (data.type === 'result') {
        idle.push(worker);
        task.resolve(data.result);
      } else {
        retire(worker);
        task.reject(new Error(data.message));
      }
      pump();
    };
    worker.onerror = (event) => {
      busy.delete(worker);
      settle(task);
      retire(worker);
      task.reject(new Error(event.message || startErrorMessage));
      pump();
    };
    worker.postMessage(task.request);
    task.onStart?.();
  };

  function pump() {
    while (queue.length > 0) {
      const worker = idle.pop() ?? (busy.size + idle.length < limit ? createWorker() : undefined);
      if (!worker) return;
      dispatch(worker, queue.shift()!);
    }
  }

  const cancel = (task: Task<Request, T>) => {
    const queued = queue.indexOf(task);
    if (queued >= 0) queue.splice(queued, 1);
    for (const [worker, running] of busy) {
      if (running !== task) continue;
      busy.delete(worker);
      retire(worker);
    }
    settle(task);
    task.reject(abortError(abortMessage));
    pump();
  };

  return {
    run(request, { signal, onStart } = {}) {
      return new Promise<Result<T>>((resolve, reject) => {
        if (closed || signal?.aborted) {
          reject(abortError(abortMessage));
          return;
        }
        const task: Task<Request, T> = { request, signal, onStart, resolve, reject, onAbort: () => cancel(task) };
        signal?.addEventListener('abort', task.onAbort, { once: true });
        queue.push(task);
        pump();
      });
    },
    close() {
      closed = true;
      const pending = [...queue, ...busy.values()];
      queue.length = 0;
      for (const worker of [...busy.keys(), ...idle]) retire(worker);
      busy.clear();
      idle.length = 0;
      for (const task of pending) {
        settle(task);
        task.reject(abortError(abortMessage));
      }
    },
    get workers() {
      return busy.size + idle.length;
    },
  };
}
