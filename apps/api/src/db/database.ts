import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

export type Db = Database.Database;

export const DB_FILE_NAME = 'toolvault.db';

/** Opens (creating if needed) `${dataDir}/toolvault.db`. */
export function openDatabase(dataDir: string): Db {
  fs.mkdirSync(dataDir, { recursive: true });
  return configure(new Database(path.join(dataDir, DB_FILE_NAME)));
}

/** A private database that lives as long as the handle: for tests. */
export function openMemoryDatabase(): Db {
  return configure(new Database(':memory:'));
}

function configure(db: Db): Db {
  // WAL lets readers proceed while one writer commits (DECISIONS P5).
  db.pragma('journal_mode = WAL');
  // Wait for a competing writer instead of failing with SQLITE_BUSY at once.
  db.pragma('busy_timeout = 5000');
  db.pragma('foreign_keys = ON');
  return db;
}
