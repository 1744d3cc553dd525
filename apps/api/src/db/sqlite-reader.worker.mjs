// The SQLite reader's thread (see sqlite-reader.ts): a read-only connection of its own runs the
// queries the event loop hands it, one at a time, and posts the rows back. Given an interval, a
// second connection copies committed pages from the WAL into the database file that often (see
// wal-checkpointer.ts). Plain JavaScript, so the sources (run through tsx) and the built server
// start the same file.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma(`busy_timeout = ${workerData.busyTimeoutMs}`);

// A checkpoint writes the database file, which the read-only connection cannot.
let checkpointer;
let timer;
if (workerData.checkpointIntervalMs !== undefined) {
  checkpointer = new Database(workerData.file, { fileMustExist: true });
  // A checkpoint waits for nobody (PASSIVE); this is for opening while a writer holds a lock.
  checkpointer.pragma('busy_timeout = 1000');
  const checkpoint = checkpointer.prepare('PRAGMA wal_checkpoint(PASSIVE)');
  timer = setInterval(() => {
    try {
      checkpoint.get();
    } catch {
      // Tried again at the next tick; meanwhile the writer's backstop bounds the WAL.
    }
  }, workerData.checkpointIntervalMs);
}

// Query texts repeat (values are bound parameters), so each is prepared once; a bounded cache,
// cleared when full, as on the event loop's connections.
const statements = new Map();
const prepare = (sql) => {
  let statement = statements.get(sql);
  if (!statement) {
    if (statements.size >= workerData.statementCacheSize) statements.clear();
    statement = db.prepare(sql);
    statements.set(sql, statement);
  }
  return statement;
};

parentPort.on('message', (message) => {
  if (message === 'stop') {
    clearInterval(timer);
    checkpointer?.close();
    db.close();
    parentPort.close();
    return;
  }
  const { id, sql, parameters } = message;
  try {
    const statement = prepare(sql);
    // The connection is read-only: a statement that would write fails in SQLite itself.
    const rows = statement.reader ? statement.all(parameters) : (statement.run(parameters), []);
    parentPort.postMessage({ id, rows });
  } catch (error) {
    parentPort.postMessage({
      id,
      error: { message: error instanceof Error ? error.message : String(error), code: error?.code },
    });
  }
});
