import type Database from 'better-sqlite3';

/**
 * How often the reader's thread copies the WAL into the database file. A few hundred milliseconds
 * of writes is at most a few megabytes of WAL, which a checkpoint copies in a few milliseconds.
 */
export const CHECKPOINT_INTERVAL_MS = 250;

/**
 * The WAL size (in 4 KiB pages, 1 GB) at which the writing connection checkpoints by itself after
 * all, so the WAL stays bounded should the checkpoints' thread fall behind or stop. That
 * checkpoint runs inside a commit on the event loop, where every request waits for it, so the bound
 * sits well above what normal work writes between two restarts of the WAL.
 *
 * The WAL starts again from its beginning only once every frame is copied and a write comes; while
 * writes keep coming (an import, or clicks at full speed) it grows. A 10,000-row import's indexing
 * writes about 6 pages per link, since each transaction of 50 links rewrites the index pages its
 * terms land on: 300–400 MB of WAL in all. With a backstop of 10,000 pages (40 MB) the writer
 * checkpointed two or three times per import, 38–46 ms each. At 100,000 pages (400 MB) one import
 * reached it on a database of about 1.8 million links: the event loop was held 390–580 ms in each
 * of six runs, growing with the database; at this bound, 45–83 ms (the import's own statements).
 * Clicks at full speed write 3–5 MB of WAL a second: without a pause for minutes, they still reach
 * it.
 *
 * The WAL file keeps the size it reached (SQLite writes it again from its start): cutting it back
 * (journal_size_limit) happens inside the commit that starts it again: with a 64 MB limit, the
 * redirects after an import saw the event loop held for 62–96 ms, without it 9–20 ms.
 */
export const BACKSTOP_PAGES = 250_000;

/** What the reader's thread needs to checkpoint for the writer, and what to do should it be lost. */
export interface WalCheckpoints {
  intervalMs: number;
  /** Called once if the thread dies or never starts: the writer checkpoints for itself again. */
  fallBack(): void;
}

/**
 * Moves SQLite's checkpoints off the event loop. By default the connection whose commit takes the
 * WAL past 1,000 pages copies them into the database file and flushes it, inside that commit: on
 * a busy server one redirect's click (or one transaction of an import's indexing) in every few
 * hundred waited 10–30 ms for it, and every other request with it, since better-sqlite3 runs on
 * the event loop. Instead the reader's thread (sqlite-reader.ts), with a read-write connection of
 * its own for this alone, checkpoints every CHECKPOINT_INTERVAL_MS (PASSIVE: it never waits for the
 * writer or for readers), and the writing connection checkpoints itself only past BACKSTOP_PAGES.
 *
 * The checkpoints once had a thread of their own; sharing the reader's saves a V8 isolate (about
 * 9 MB of the server's memory). A checkpoint of a few milliseconds may now delay an admin's read by
 * as much, and a long read delays a checkpoint, which the backstop bounds.
 */
export function handCheckpointsToReader(writer: Database.Database): WalCheckpoints {
  writer.pragma(`wal_autocheckpoint = ${BACKSTOP_PAGES}`);
  let fellBack = false;
  return {
    intervalMs: CHECKPOINT_INTERVAL_MS,
    fallBack() {
      if (fellBack) return;
      fellBack = true;
      // Without the thread, the writer checkpoints as SQLite does by default: slower, never unbounded.
      if (writer.open) writer.pragma('wal_autocheckpoint = 1000');
    },
  };
}
