import path from 'node:path';
import type Database from 'better-sqlite3';
import { createPrivateFile, DB_FILE_NAME } from './database';

/** A backup file name with the time in it, e.g. toolvault-2026-11-22T01-30-00Z.db. */
export function backupFileName(now: Date): string {
  return `toolvault-${now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-')}.db`;
}

/**
 * SQLite's online backup of a live database into `destination`: safe while
 * the server runs and writes (pages changed during the copy are copied again),
 * unlike copying the file, which can miss what is still in the WAL.
 */
export async function backupDatabase(db: Database.Database, destination: string): Promise<string> {
  // Created 0600 first: the copy holds the same secrets as the database, and keeps the file's mode.
  createPrivateFile(destination);
  await db.backup(destination);
  return destination;
}

export function databasePath(dataDir: string): string {
  return path.join(dataDir, DB_FILE_NAME);
}
