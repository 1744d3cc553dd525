import { fork, type ChildProcess } from 'node:child_process';
import type { Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
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
   * Starts the process if it is not running, and resolves once it can take a document (starting it
   * loads jsdom: seconds on a small machine), or once it failed to start. Never rejects.
   */
  ready(): Promise<void>;
  /** Stops the process (tests, shutdown); a later clean() starts a new one. */
  close(): Promise<void>;
}

export interface HtmlSanitizerPoolOptions {
  /** Longest time one document may take; measured from when the worker receives it. */
  timeLimitMs?: number;
  /** Heap of the sanitizer's process; a document that needs more is refused. */
  maxHeapMb?: number;
}

/**
 * The editor's largest real posts (200 000 characters of text in a few thousand elements) clean in well
 * under half a second; a document that needs four times that is built to be slow, and is refused.
 */
export const SANITIZE_TIME_LIMIT_MS = 2000;
const SANITIZE_MAX_HEAP_MB = 256;
/** The start of what the process wrote to stderr, kept for the error when it cannot start. */
const STDERR_KEPT_CHARS = 4000;

interface Job {
  id: number;
  html: string;
  timeLimitMs: number;
  resolve: (result: Result<CleanPost, SanitizeFailure>) => void;
  /** A bug, not the document: the process could not be started. */
  reject: (error: Error) => void;
}

/**
 * One child process that sanitizes blog HTML off the event loop, one document at a time, each within a
 * time limit: a document that runs past it (or exhausts the process's memory or stack) is refused and the
 * process replaced, so no post can hold the server. A process, not a worker thread: a thread's heap limit
 * does not always hold, and V8 then ends the whole process that runs the thread with a fatal "heap out of
 * memory" (a large allocation near the limit does it), taking the server (or a test runner's fork) with
 * the document. Posting is an admin's action, so one process and a queue are enough; it starts on first
 * use, does not keep the server running, and exits when the server does.
 */
export function createHtmlSanitizerPool({
  timeLimitMs = SANITIZE_TIME_LIMIT_MS,
  maxHeapMb = SANITIZE_MAX_HEAP_MB,
}: HtmlSanitizerPoolOptions = {}): HtmlSanitizerPool {
  const queue: Job[] = [];
  let nextId = 1;
  let worker: ChildProcess | undefined;
  let ready = false;
  let running: { job: Job; timer: NodeJS.Timeout } | undefined;
  const waiting: (() => void)[] = [];

  const finish = (result: Result<CleanPost, SanitizeFailure>) => {
    if (!running) return;
    clearTimeout(running.timer);
    running.job.resolve(result);
    running = undefined;
  };

  /** Ends the current process (it may be stuck in a long synchronous call: SIGKILL stops it wherever it is). */
  const stop = () => {
    const old = worker;
    worker = undefined;
    ready = false;
    if (!old) return undefined;
    old.removeAllListeners('message');
    const exited = new Promise<void>((resolve) => {
      if (old.exitCode !== null || old.signalCode !== null) resolve();
      else old.once('exit', () => resolve());
    });
    old.kill('SIGKILL');
    return exited;
  };

  /** Ends the current process; the running job (if any) is refused and the queue moves on in a new one. */
  const replace = (failure: SanitizeFailure) => {
    void stop();
    finish(fail(failure));
    pump();
  };

  /**
   * The process ended, or could not be started, on its own. While a document runs that is the
   * document's doing (out of memory, a crash in the parser): it is refused. Before the process was
   * ready it is not: what waits is let go (ready() resolves, clean() rejects), and the next
   * clean() tries again, so a process that cannot start is not restarted in a loop.
   */
  const lost = (child: ChildProcess, stderr: string) => {
    if (child !== worker) return;
    if (ready) return replace('POST_CONTENT_TOO_COMPLEX');
    void stop();
    for (const resolve of waiting.splice(0)) resolve();
    const lines = stderr.split('\n').map((line) => line.trim());
    const said = lines.find((line) => /error/i.test(line)) ?? lines.find(Boolean) ?? 'nothing on stderr';
    const error = new Error(
      `The HTML sanitizer's process ended while starting (exit ${child.exitCode ?? child.signalCode}): ${said}`,
    );
    for (const job of queue.splice(0)) job.reject(error);
  };

  const start = (): ChildProcess => {
    const child = fork(fileURLToPath(new URL('./html-sanitizer.worker.mjs', import.meta.url)), [], {
      execArgv: [`--max-old-space-size=${maxHeapMb}`],
      // stderr is kept, not printed: a document that exhausts the memory makes V8 print a fatal
      // error and a native stack trace, and that document is only refused.
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    // The start of its stderr: V8's "heap out of memory", a failed import.
    let stderr = '';
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => (stderr = (stderr + text).slice(0, STDERR_KEPT_CHARS)));
    // The process does not keep the server running, nor its stderr; its channel only while someone
    // waits (`hold`).
    child.unref();
    (child.stderr as Socket | null)?.unref();
    child.on('message', (message: SanitizeReply | { ready: true }) => {
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
    // 'error': it could not be started, or its channel failed.
    child.on('error', (error) => lost(child, `${error.message}\n${stderr}`));
    // 'close', not 'exit': it comes after the last of its stderr.
    child.on('close', () => lost(child, stderr));
    return child;
  };

  /** The channel keeps this process running while a caller waits for an answer, and only then. */
  const hold = () => {
    const waited = waiting.length > 0 || queue.length > 0 || running !== undefined;
    if (waited) worker?.channel?.ref();
    else worker?.channel?.unref();
  };

  function pump(): void {
    if (!running && queue.length > 0) {
      worker ??= start();
      const job = ready ? queue.shift() : undefined;
      if (job) {
        running = { job, timer: setTimeout(() => replace('POST_CONTENT_TOO_COMPLEX'), job.timeLimitMs) };
        worker.send({ id: job.id, html: job.html } satisfies SanitizeRequest);
      }
    }
    hold();
  }

  return {
    clean: (html, options = {}) =>
      new Promise((resolve, reject) => {
        queue.push({ id: nextId++, html, timeLimitMs: options.timeLimitMs ?? timeLimitMs, resolve, reject });
        pump();
      }),
    ready: () =>
      new Promise((resolve) => {
        if (ready) return resolve();
        waiting.push(resolve);
        worker ??= start();
        hold();
      }),
    async close() {
      for (const resolve of waiting.splice(0)) resolve();
      await stop();
    },
  };
}

let shared: HtmlSanitizerPool | undefined;

/** The server's one sanitizer process, started on first use (every app of a server shares it). */
export function sharedHtmlSanitizerPool(): HtmlSanitizerPool {
  shared ??= createHtmlSanitizerPool();
  return shared;
}
