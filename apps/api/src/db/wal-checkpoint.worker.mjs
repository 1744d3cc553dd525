// The SQLite checkpointer's thread (see wal-checkpointer.ts): its own connection to the database
// file copies committed pages from the WAL into the database every few hundred milliseconds. Plain
// JavaScript, so the sources (run through tsx) and the built server start the same file.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const db = new Database(workerData.file, { fileMustExist: true });
// A checkpoint waits for nobody (PASSIVE); this is for opening while a writer holds a lock.
db.pragma('busy_timeout = 1000');
const checkpoint = db.prepare('PRAGMA wal_checkpoint(PASSIVE)');

const timer = setInterval(() => {
  try {
    const { log, checkpointed } = checkpoint.get();
    // Reported only when there was something to copy, so an idle server posts nothing.
    if (log > 0) parentPort.postMessage({ log, checkpointed });
  } catch (error) {
    parentPort.postMessage({ error: String(error) });
  }
}, workerData.intervalMs);

parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  clearInterval(timer);
  db.close();
  parentPort.close();
});
