import { Worker } from 'node:worker_threads';
import type { ClickAnswer, QueuedClick } from './click-batch';

/** What the thread is started with. */
export interface ClickWriterData {
  file: string;
  busyTimeoutMs: number;
  /** The WAL size (pages) past which this connection checkpoints by itself, as the event loop's does. */
  autocheckpointPages: number;
}

/** The thread's answer to one batch. */
export type ClickWriterReply =
  { id: number; answers: ClickAnswer[] } | { id: number; error: { message: string; code?: string } };

interface Pending {
  resolve: (answers: ClickAnswer[]) => void;
  reject: (error: Error) => void;
}

/**
 * Writes the batches of clicks of a SQLite file on a thread of its own, with a connection of its own.
 *
 * A write on the event loop is a system call the kernel may hold: appending to the WAL, and the
 * fsync of its header each time the WAL starts again from its beginning (several times a second
 * under clicks, since the reader's thread keeps checkpointing). These are normally under a
 * millisecond, but under write pressure on the disk the kernel held three appends of one batch for
 * 120–173 ms each, and the event loop with them, 508 ms in all (strace of the server at 1,100
 * redirects a second while another process wrote 3 GB). Here such a wait holds this thread: the
 * visitors whose clicks are in that batch wait for their commit (a 2xx still means "counted"), and
 * every other request goes on.
 *
 * The group commit hands a batch over while it holds the event loop's own connection (Kysely's
 * connection), so the two connections never write at once: no statement on the event loop ever
 * waits in SQLite's busy handler for this one, which would hold the loop again.
 *
 * Started by `start()` or else on the first batch, so a script that never counts a click never
 * starts it. Should the thread fail to start or die, `alive` turns false and the caller writes on
 * the event loop instead: slower for the others, never wrong. Batches the thread had not answered
 * are rejected.
 */
export class ClickWriterThread {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private worker: Worker | undefined;
  private failed = false;
  private stopped: Promise<void> | undefined;
  /** Batches the thread has committed: for tests and for a look inside a running server. */
  committed = 0;

  constructor(private readonly data: ClickWriterData) {}

  /** False once the thread has failed or been stopped: batches must then be written elsewhere. */
  get alive(): boolean {
    return !this.failed && this.stopped === undefined;
  }

  /**
   * Starts the thread now rather than on the first batch, whose visitors would otherwise wait for it
   * to load (up to 1.4 s under tsx on a busy machine). The server calls it once migrated.
   */
  start(): void {
    if (this.alive) this.worker ??= this.spawn();
  }

  write(batch: QueuedClick[]): Promise<ClickAnswer[]> {
    if (!this.alive) return Promise.reject(new Error('The click writer thread is not running'));
    const worker = (this.worker ??= this.spawn());
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      if (this.pending.size === 0) worker.ref();
      this.pending.set(id, { resolve, reject });
      worker.postMessage({ id, batch });
    });
  }

  /** Stops the thread once it has answered the batches it was given. */
  stop(): Promise<void> {
    this.stopped ??= (async () => {
      const worker = this.worker;
      if (worker === undefined || this.failed) return;
      const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
      worker.ref();
      worker.postMessage('stop');
      await exited;
    })();
    return this.stopped;
  }

  private spawn(): Worker {
    const worker = new Worker(new URL('./click-writer.worker.mjs', import.meta.url), { workerData: this.data });
    worker.on('message', (reply: ClickWriterReply) => {
      const batch = this.pending.get(reply.id);
      if (!batch) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      if ('answers' in reply) {
        this.committed += 1;
        batch.resolve(reply.answers);
      } else {
        batch.reject(Object.assign(new Error(reply.error.message), { code: reply.error.code }));
      }
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', () => {
      if (this.stopped === undefined) this.fail(new Error('The click writer thread exited'));
    });
    // Idle, the thread never keeps a process alive; while a batch waits for its commit it does.
    // After the listeners: adding a 'message' listener holds the worker's port open again.
    worker.unref();
    return worker;
  }

  private fail(error: Error): void {
    if (this.failed) return;
    this.failed = true;
    // Whether these were committed before the thread died is unknown: they are answered as failed
    // (5xx), never written a second time.
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const batch of waiting) batch.reject(error);
    void this.worker?.terminate();
  }
}
