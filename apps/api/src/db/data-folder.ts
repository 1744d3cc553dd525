import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { createPrivateDir, createPrivateFile, DB_FILE_NAME } from './database';

/** The file whose lock says that a server is using the folder. */
export const LOCK_FILE_NAME = 'toolvault.lock';

/**
 * One line for the operator when the existing database (or its folder) can be read by users other
 * than its owner; undefined when it is private. A database created by an older version was 0644.
 */
export function permissionWarning(dataDir: string): string | undefined {
  const file = path.join(dataDir, DB_FILE_NAME);
  const exposed = [file, dataDir].filter((target) => {
    try {
      return (fs.statSync(target).mode & 0o077) !== 0;
    } catch {
      return false;
    }
  });
  if (exposed.length === 0) return undefined;
  return (
    `${exposed.join(' and ')} can be read by other users; it holds the admin password hash and the token secret ` +
    `(fix: chmod 700 ${dataDir} && chmod 600 ${path.join(dataDir, `${DB_FILE_NAME}*`)})`
  );
}

export interface DataFolderLock {
  release(): void;
}

/**
 * Claims the folder for this process: an exclusive SQLite lock on toolvault.lock, held until
 * release() or the end of the process. The operating system drops the lock when the process dies,
 * even by SIGKILL, so a crash never leaves a stale lock behind (a pid file could). Answers null
 * when another process holds it.
 */
export function lockDataFolder(dataDir: string): DataFolderLock | null {
  createPrivateDir(dataDir);
  const file = path.join(dataDir, LOCK_FILE_NAME);
  createPrivateFile(file);
  const db = new Database(file, { timeout: 0 });
  try {
    // Exclusive locking mode keeps the lock taken by the first write until the connection closes.
    db.pragma('locking_mode = EXCLUSIVE');
    db.pragma('journal_mode = OFF');
    db.exec('BEGIN EXCLUSIVE; COMMIT');
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') return null;
    throw error;
  }
  return { release: () => db.close() };
}

export function folderInUseMessage(dataDir: string): string {
  return `Another Toolvault server is using ${dataDir}; stop it first, or set DATA_DIR to another folder.`;
}
