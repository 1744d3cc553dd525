import { Worker } from 'node:worker_threads';
import { fail, ok, type Result } from '../lib/result';

/** A message to the worker: one document to clean. */
export interface SanitizeRequest {
  id: number;
  html: string;
}

/** The worker's answer: the stored form of the document, or why it has none. */
export type SanitizeReply =
  | { id: number; ok: true; html: string; excerpt: string }
  | { id: number; ok: false; error: 'too-deep' | 'failed'; detail?: string };

/** What a post's content becomes before it is stored. */
export interface CleanPost {
  /** Sanitized HTML. */
  html: string;
  /** The plain-text summary shown in lists and feeds. */
  excerpt: string;
}

/** Too deep after parsing; too slow, too big for memory, or too deep for the parser's recursion. */
export type SanitizeFailure = 'POST_CONTENT_TOO_DEEP' | 'POST_CONTENT_TOO_COMPLEX';

export interface HtmlSanitizerPool {
  /** `timeLimitMs` overrides the pool's limit for this one document. */
  clean(html: string, options?: { timeLimitMs?: number }): Promise<Result<CleanPost, SanitizeFailure>>;
  /**
   * Starts the thread if it is not running, and resolves once it can take a document (starting it
   * loads jsdom: seconds on a small machine). Never rejects.
   */
  ready(): Promise<void>;
  /** Stops the worker thread (tests, shutdown); a later clean() starts a new one. */
  close(): Promise<void>;
}

export interface HtmlSanitizerPoolOptions {
  /** Longest time one document may take; measured from when the worker receives it. */
  timeLimitMs?: number;
  /** Heap of the worker thread; a document that needs more is refused. */
  maxHeapMb?: number;
}

/**
 * The editor's largest real posts (200 000 characters of text in a few thousand elements) clean in well
 * under half a second; a document that needs four times that is built to be slow, and is refused.
 */
export const SANITIZE_TIME_LIMIT_MS = 2000;
const SANITIZE_MAX_HEAP_MB = 256;

interface Job {
  id: number;
  html: string;
  timeLimitMs: number;
  resolve: (result: Result<CleanPost, SanitizeFailure>) => void;
}

/**
 * One worker thread that sanitizes blog HTML off the event loop, one document at a time, each within a
 * time limit: a document that runs past it (or exhausts the worker's memory or stack) is refused and the
 * thread replaced, so no post can hold the server. Posting is an admin's action, so one thread and a queue
 * are enough; the thread starts on first use and does not keep the process alive.
 */
export function createHtmlSanitizerPool({
  timeLimitMs = SANITIZE_TIME_LIMIT_MS,
  maxHeapMb = SANITIZE_MAX_HEAP_MB,
}: HtmlSanitizerPoolOptions = {}): HtmlSanitizerPool {
  const queue: Job[] = [];
  let nextId = 1;
  let worker: Worker | undefined;
  let ready = false;
  let running: { job: Job; timer: NodeJS.Timeout } | undefined;
  const waiting: (() => void)[] = [];

  const finish = (result: Result<CleanPost, SanitizeFailure>) => {
    if (!running) return;
    clearTimeout(running.timer);
    running.job.resolve(result);
    running = undefined;
  };

  /** Ends the current thread; the running job (if any) is refused and the queue moves on in a new one. */
  const replace = (failure: SanitizeFailure) => {
    const old = worker;
    worker = undefined;
    ready = false;
    if (old) {
      old.removeAllListeners();
      // The thread may be stuck in a long synchronous call: terminate() stops it wherever it is.
      void old.terminate();
    }
    finish(fail(failure));
    pump();
  };

  const start = (): Worker => {
    const thread = new Worker(new URL('./html-sanitizer.worker.mjs', import.meta.url), {
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb },
    });
    thread.unref();
    thread.on('message', (message: SanitizeReply | { ready: true }) => {
      if ('ready' in message) {
        ready = true;
        for (const resolve of waiting.splice(0)) resolve();
        pump();
        return;
      }
      if (!running || message.id !== running.job.id) return;
      if (message.ok) finish(ok({ html: message.html, excerpt: message.excerpt }));
      else finish(fail(message.error === 'too-deep' ? 'POST_CONTENT_TOO_DEEP' : 'POST_CONTENT_TOO_COMPLEX'));
      pump();
    });
    // Out of memory or an exception outside the handler: the document is refused, the thread replaced.
    thread.on('error', () => replace('POST_CONTENT_TOO_COMPLEX'));
    thread.on('exit', () => {
      if (worker === thread) replace('POST_CONTENT_TOO_COMPLEX');
    });
    return thread;
  };

  function pump(): void {
    if (running || queue.length === 0) return;
    worker ??= start();
    if (!ready) return;
    const job = queue.shift();
    if (!job) return;
    running = { job, timer: setTimeout(() => replace('POST_CONTENT_TOO_COMPLEX'), job.timeLimitMs) };
    worker.postMessage({ id: job.id, html: job.html } satisfies SanitizeRequest);
  }

  return {
    clean: (html, options = {}) =>
      new Promise((resolve) => {
        queue.push({ id: nextId++, html, timeLimitMs: options.timeLimitMs ?? timeLimitMs, resolve });
        pump();
      }),
    ready: () =>
      new Promise((resolve) => {
        if (ready) return resolve();
        waiting.push(resolve);
        worker ??= start();
      }),
    async close() {
      for (const resolve of waiting.splice(0)) resolve();
      const old = worker;
      worker = undefined;
      ready = false;
      if (old) {
        old.removeAllListeners();
        await old.terminate();
      }
    },
  };
}

let shared: HtmlSanitizerPool | undefined;

/** The process's one sanitizer thread, started on first use (every app of a process shares it). */
export function sharedHtmlSanitizerPool(): HtmlSanitizerPool {
  shared ??= createHtmlSanitizerPool();
  return shared;
}
