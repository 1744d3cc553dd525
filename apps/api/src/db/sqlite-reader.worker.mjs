// The SQLite reader's thread (see sqlite-reader.ts): a read-only connection of its own runs the
// queries the event loop hands it, one at a time, and posts the rows back. Plain JavaScript, so the
// sources (run through tsx) and the built server start the same file.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file, { readonly: true, fileMustExist: true });
db.pragma(`busy_timeout = ${workerData.busyTimeoutMs}`);

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
