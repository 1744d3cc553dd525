/**
 * A few long-lived workers sharing a queue of requests, for batches: each
 * worker takes the next request when it answers the last, so a batch pays a
 * worker's start-up (and its libraries' set-up) once per worker, not once per
 * file. The messages are lib/worker-client's: any number of updates, then one
 * WorkerAnswer. Cancelling one request terminates only the worker running it;
 * a crashed worker is replaced on demand.
 */
import type { Result } from './result';
import { abortError, type WorkerAnswer, type WorkerLike } from './worker-client';

/** Our own engineering limit: more than four image workers only add memory on most machines. */
export const MAX_POOL_SIZE = 4;

/** Workers for this machine: one per logical core the browser reports, between 1 and `max`. */
export function poolSize(hardwareConcurrency: number | undefined, max = MAX_POOL_SIZE): number {
  const cores = Number.isInteger(hardwareConcurrency) && hardwareConcurrency! > 0 ? hardwareConcurrency! : 1;
  return Math.min(max, cores);
}

export interface WorkerPoolOptions<Request, T> {
  createWorker: () => WorkerLike<Request, WorkerAnswer<T>>;
  size: number;
  /** The AbortError's message for a cancelled request. */
  abortMessage: string;
  /** The Error's message when a worker cannot start and the browser gives none. */
  startErrorMessage: string;
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
