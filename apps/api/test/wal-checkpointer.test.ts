import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import Database from 'better-sqlite3';
import { DB_FILE_NAME, openMemorySqlite } from '../src/db/database';
import { ThreadReader } from '../src/db/sqlite-reader';
import { handCheckpointsToReader } from '../src/db/wal-checkpointer';
import { runSqliteScript, sqliteFolders } from './helpers';

/**
 * The checkpoints of a SQLite file run on the reader's thread (src/db/wal-checkpointer.ts,
 * sqlite-reader.ts), not inside a commit on the event loop. Seen from outside: a commit that takes the WAL past SQLite's
 * default 1,000 pages leaves the database file as it was, and the pages arrive in it shortly after.
 */
const sqliteFiles = sqliteFolders('toolvault-checkpoint-');

const PAGE = 4096;

describe('a SQLite data folder', () => {
  it("has its WAL copied into the database file by the reader's thread, not by the committing connection", async () => {
    const dataDir = sqliteFiles.folder();
    const sqlite = sqliteFiles.open(dataDir).sqlite!;
    // The writer checkpoints by itself only far past SQLite's default of 1,000 pages.
    expect(sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(250_000);
    // The WAL file is never cut back (that would happen inside a commit, on the event loop).
    expect(sqlite.pragma('journal_size_limit', { simple: true })).toBe(-1);

    const file = path.join(dataDir, DB_FILE_NAME);
    const before = fs.statSync(file).size;
    // About 2,000 pages in one commit: twice the point at which SQLite's default checkpoints.
    sqlite.exec('CREATE TABLE filler (data BLOB NOT NULL)');
    const insert = sqlite.prepare('INSERT INTO filler (data) VALUES (randomblob(4000))');
    sqlite.transaction(() => {
      for (let row = 0; row < 2000; row += 1) insert.run();
    })();
    // The commit wrote the WAL only (by default it would have copied it into the file as well).
    expect(fs.statSync(file).size).toBe(before);
    expect(fs.statSync(`${file}-wal`).size).toBeGreaterThan(2000 * PAGE);

    await expect.poll(() => fs.statSync(file).size, { timeout: 10_000, interval: 50 }).toBeGreaterThan(2000 * PAGE);
    expect(sqlite.prepare('SELECT count(*) AS rows FROM filler').get()).toEqual({ rows: 2000 });
  });

  it('hands the checkpoints back to the writer when the thread dies, and stops them with the thread', async () => {
    const dataDir = sqliteFiles.folder();
    const file = path.join(dataDir, DB_FILE_NAME);
    const writer = new Database(file);
    writer.pragma('journal_mode = WAL');
    writer.exec('CREATE TABLE t (x)');
    const reader = new ThreadReader(file, handCheckpointsToReader(writer));
    try {
      expect(writer.pragma('wal_autocheckpoint', { simple: true })).toBe(250_000);
      expect(await reader.query('SELECT count(*) AS n FROM t', [])).toEqual([{ n: 0 }]);
      await (reader as unknown as { worker: { terminate(): Promise<number> } }).worker.terminate();
      // The exit is heard on the event loop's next turns.
      await expect.poll(() => writer.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
      // Reads go on, on the event loop.
      expect(await reader.query('SELECT count(*) AS n FROM t', [])).toEqual([{ n: 0 }]);
    } finally {
      await reader.stop();
      writer.close();
    }
    // The writer closed last: SQLite checkpointed and removed the WAL.
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  });

  it('never keeps a process alive: a script that closes only its SQLite handle still ends', () => {
    const dataDir = sqliteFiles.folder();
    const run = runSqliteScript(
      dataDir,
      `const storage = openSqlite(${JSON.stringify(dataDir)});
       storage.sqlite.exec('CREATE TABLE t (x); INSERT INTO t VALUES (randomblob(100000))');
       storage.sqlite.close();`,
    );
    expect(run.error, run.stderr).toBeUndefined();
    expect(run.status, run.stderr).toBe(0);
  }, 30_000);

  it('leaves an in-memory database (tests) without a checkpointer', () => {
    const storage = sqliteFiles.track(openMemorySqlite());
    // No WAL in memory: SQLite's default stands, and no thread is started.
    expect(storage.sqlite!.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
  });
});
