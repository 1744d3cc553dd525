import type Database from 'better-sqlite3';

/** How long a SQLite connection waits for another's lock before it fails with SQLITE_BUSY. */
export const BUSY_TIMEOUT_MS = 5000;

/**
 * The settings of every connection that writes a Toolvault SQLite file: the event loop's
 * (database.ts) and the click writer's thread (click-writer.worker.ts) alike.
 */
export function configureWritingConnection(sqlite: Database.Database, busyTimeoutMs = BUSY_TIMEOUT_MS): void {
  // A commit writes the WAL without an fsync; the checkpoints (on the reader's thread) sync before
  // they copy. Said here, not left to the build's default for WAL files (NORMAL in better-sqlite3's, FULL in
  // SQLite's own, which would fsync at every commit).
  sqlite.pragma('synchronous = NORMAL');
  // Wait for a competing writer instead of failing with SQLITE_BUSY at once.
  sqlite.pragma(`busy_timeout = ${busyTimeoutMs}`);
  sqlite.pragma('foreign_keys = ON');
}
