import { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import {
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import type { WalCheckpoints } from './wal-checkpointer';

/** Distinct statement texts the reader keeps prepared; queries are parameterised, so the set is small. */
const STATEMENT_CACHE_SIZE = 500;

/** How long a read waits for a lock (opening while the writer checkpoints), as on the writer. */
const BUSY_TIMEOUT_MS = 5000;

interface Pending {
  sql: string;
  parameters: readonly unknown[];
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
}

type Answer = { id: number; rows: unknown[] } | { id: number; error: { message: string; code?: string } };

/**
 * Runs read queries on a thread of its own, with its own read-only connection to the database file.
 * better-sqlite3 is synchronous, so a query run on the event loop holds every other request for as
 * long as it takes: an admin's search over a million links or a year of analytics (10–40 ms each at
 * that size) made every redirect waiting behind it that much slower. On this thread they cost the
 * event loop only the hand-over of the query and its rows. WAL lets this connection read the last
 * committed state while the event loop's connection writes.
 *
 * The thread runs at the process's CPU priority. At niceness 10 (so that on a machine whose cores
 * were all busy the redirects would win), an admin's first page of links during a 10,000-row
 * import waited up to 58 ms in the server (23–58 ms in ten runs, at a million links): the import
 * keeps the event loop busy, and the thread got the CPU only when nothing else wanted it. At the
 * process's priority that was 25–32 ms in five runs (48 ms once in eight), the health check (read
 * here too) no longer waited behind the import, and redirects at 500 a second while the admin
 * worked moved by under a millisecond (client p99 3.4–3.9 ms against 2.8–3.6).
 *
 * Given `checkpoints`, the same thread also checkpoints the WAL for the writing connection
 * (wal-checkpointer.ts): one thread, and one V8 isolate, for both.
 *
 * Should the thread fail to start or die, its queries (and every later one) run on a read-only
 * connection on the event loop instead, and the writer checkpoints for itself again: slower for
 * the others, never wrong.
 */
export class ThreadReader {
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private worker: Worker | undefined;
  private inThread: Database.Database | undefined;
  private stopped: Promise<void> | undefined;

  constructor(
    private readonly file: string,
    private readonly checkpoints?: WalCheckpoints,
  ) {
    const worker = new Worker(new URL('./sqlite-reader.worker.mjs', import.meta.url), {
      workerData: {
        file,
        busyTimeoutMs: BUSY_TIMEOUT_MS,
        statementCacheSize: STATEMENT_CACHE_SIZE,
        checkpointIntervalMs: checkpoints?.intervalMs,
      },
    });
    worker.on('message', (answer: Answer) => {
      const query = this.pending.get(answer.id);
      if (!query) return;
      this.pending.delete(answer.id);
      if (this.pending.size === 0) worker.unref();
      if ('rows' in answer) query.resolve(answer.rows);
      else query.reject(Object.assign(new Error(answer.error.message), { code: answer.error.code }));
    });
    worker.on('error', () => this.fallBack());
    worker.on('exit', () => {
      if (this.stopped === undefined) this.fallBack();
    });
    // Idle, the thread never keeps a process alive (a script that forgot to close its database
    // still ends); while a query waits for its answer it does, like any other pending I/O.
    // After the listeners: adding a 'message' listener holds the worker's port open again.
    worker.unref();
    this.worker = worker;
  }

  query(sql: string, parameters: readonly unknown[]): Promise<unknown[]> {
    if (this.worker === undefined) return Promise.resolve().then(() => this.runInThread(sql, parameters));
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      if (this.pending.size === 0) this.worker!.ref();
      this.pending.set(id, { sql, parameters, resolve, reject });
      this.worker!.postMessage({ id, sql, parameters });
    });
  }

  /** Stops the thread after the queries it was given; closes the fallback connection if one was opened. */
  stop(): Promise<void> {
    this.stopped ??= (async () => {
      const worker = this.worker;
      if (worker !== undefined) {
        const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
        worker.ref();
        worker.postMessage('stop');
        await exited;
      }
      this.inThread?.close();
    })();
    return this.stopped;
  }

  private runInThread(sql: string, parameters: readonly unknown[]): unknown[] {
    this.inThread ??= new Database(this.file, { readonly: true, fileMustExist: true });
    this.inThread.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
    const statement = this.inThread.prepare(sql);
    return statement.reader ? statement.all(...parameters) : (statement.run(...parameters), []);
  }

  private fallBack(): void {
    if (this.worker === undefined) return;
    this.worker = undefined;
    this.checkpoints?.fallBack();
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const query of waiting) {
      try {
        query.resolve(this.runInThread(query.sql, query.parameters));
      } catch (error) {
        query.reject(error as Error);
      }
    }
  }
}

class ThreadReaderConnection implements DatabaseConnection {
  constructor(private readonly reader: ThreadReader) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return { rows: (await this.reader.query(compiled.sql, compiled.parameters)) as R[] };
  }

  // eslint-disable-next-line require-yield -- nothing streams from this reader; the generator only refuses
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('The SQLite reader thread does not stream; read in keyset batches instead');
  }
}

/**
 * Queries go to the thread one after another in the order they were made, and each stands alone,
 * so every caller may hold the one connection at once; a transaction, which needs its statements
 * together on one connection, is refused (this reader never needs one).
 */
class ThreadReaderDriver implements Driver {
  private readonly connection: ThreadReaderConnection;

  constructor(private readonly reader: ThreadReader) {
    this.connection = new ThreadReaderConnection(reader);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return this.connection;
  }

  async beginTransaction(): Promise<void> {
    throw new Error('The SQLite reader thread runs single statements, not transactions');
  }

  async commitTransaction(): Promise<void> {}

  async rollbackTransaction(): Promise<void> {}

  async releaseConnection(): Promise<void> {}

  destroy(): Promise<void> {
    return this.reader.stop();
  }
}

/**
 * A Kysely dialect whose queries run on the SQLite reader thread for `file`, which also takes the
 * writer's checkpoints if given (see ThreadReader).
 */
export function sqliteReaderDialect(file: string, checkpoints?: WalCheckpoints): Dialect {
  return {
    createAdapter: () => new SqliteAdapter(),
    createDriver: () => new ThreadReaderDriver(new ThreadReader(file, checkpoints)),
    createIntrospector: (db) => new SqliteIntrospector(db),
    createQueryCompiler: () => new SqliteQueryCompiler(),
  };
}
