import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { QueuedClick } from './click-batch';
import type { ClickWriterData, ClickWriterReply } from './click-writer';
import { sqliteClickTransaction } from './dialect/sqlite-clicks';
import { configureWritingConnection } from './sqlite-connection';

/**
 * The SQLite click writer's thread (see click-writer.ts): a connection of its own to the database
 * file writes each batch of clicks the event loop hands it, one batch at a time, and posts back the
 * links they were counted for.
 */
const port = parentPort;
if (!port) throw new Error('click-writer.worker runs only as a worker thread');
const data = workerData as ClickWriterData;

const db = new Database(data.file, { fileMustExist: true });
configureWritingConnection(db, data.busyTimeoutMs);
// As on the event loop's connection: checkpoints are left to the reader's thread up to the same backstop.
db.pragma(`wal_autocheckpoint = ${data.autocheckpointPages}`);

let write: ReturnType<typeof sqliteClickTransaction> | undefined;

port.on('message', (message: 'stop' | { id: number; batch: QueuedClick[] }) => {
  if (message === 'stop') {
    db.close();
    port.close();
    return;
  }
  const { id, batch } = message;
  let reply: ClickWriterReply;
  try {
    // Prepared on the first batch: the server starts this thread before its first click, after the migrations.
    write ??= sqliteClickTransaction(db);
    reply = { id, answers: write(batch) };
  } catch (error) {
    reply = {
      id,
      error: {
        message: error instanceof Error ? error.message : String(error),
        code: (error as { code?: unknown } | null)?.code as string | undefined,
      },
    };
  }
  port.postMessage(reply);
});
