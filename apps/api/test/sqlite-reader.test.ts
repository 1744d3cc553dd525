import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DB_FILE_NAME, openMemorySqlite, type Storage } from '../src/db/database';
import { ThreadReader } from '../src/db/sqlite-reader';
import { runSqliteScript, sqliteFolders } from './helpers';

/**
 * On a SQLite file, `storage.reader` runs its queries on a thread of its own
 * (src/db/sqlite-reader.ts), so a long read never holds the event loop that serves redirects.
 */
const sqliteFiles = sqliteFolders('toolvault-reader-');

/** A SQLite file with one table, `t`, in a folder of its own. */
function openFile(dataDir = sqliteFiles.folder()): Storage {
  const storage = sqliteFiles.open(dataDir);
  storage.sqlite!.exec('CREATE TABLE t (x INTEGER NOT NULL, label TEXT)');
  return storage;
}

/** A read that takes a few hundred milliseconds of SQLite's own work. */
const slowCount = (db: Kysely<never>) =>
  sql<{ n: number }>`WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 2000000)
    SELECT count(*) AS n FROM c`.execute(db);

/** How many timer turns the event loop takes while `work` runs: 0 when the work holds it throughout. */
async function timerTurnsDuring(work: Promise<unknown>): Promise<number> {
  let done = false;
  let turns = 0;
  const finished = work.finally(() => (done = true));
  while (!done) {
    await new Promise((resolve) => setTimeout(resolve, 1));
    if (!done) turns += 1;
  }
  await finished;
  return turns;
}

describe('the SQLite reader', () => {
  it('runs a long read off the event loop on a file, and on it in memory (the control)', async () => {
    const file = openFile();
    expect(await timerTurnsDuring(slowCount(file.reader as unknown as Kysely<never>))).toBeGreaterThan(0);
    expect((await slowCount(file.reader as unknown as Kysely<never>)).rows).toEqual([{ n: 2_000_000 }]);

    const memory = openMemorySqlite();
    try {
      // The same query on the event loop's own connection holds it until the rows are there.
      expect(await timerTurnsDuring(slowCount(memory.reader as unknown as Kysely<never>))).toBe(0);
    } finally {
      await memory.close();
    }
  });

  it('sees what the writer committed as soon as the commit returns, and never a transaction in progress', async () => {
    const { sqlite, reader } = openFile();
    const rows = () => sql<{ x: number; label: string | null }>`SELECT x, label FROM t ORDER BY x`.execute(reader);
    sqlite!.prepare('INSERT INTO t (x, label) VALUES (?, ?)').run(1, 'one');
    expect((await rows()).rows).toEqual([{ x: 1, label: 'one' }]);

    sqlite!.exec('BEGIN');
    sqlite!.prepare('INSERT INTO t (x, label) VALUES (?, ?)').run(2, null);
    expect((await rows()).rows).toEqual([{ x: 1, label: 'one' }]);
    sqlite!.exec('COMMIT');
    expect((await rows()).rows).toEqual([
      { x: 1, label: 'one' },
      { x: 2, label: null },
    ]);
  });

  it('answers queries in the order they were made, with bound parameters', async () => {
    const { sqlite, reader } = openFile();
    const insert = sqlite!.prepare('INSERT INTO t (x) VALUES (?)');
    for (let x = 1; x <= 100; x += 1) insert.run(x);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        sql<{ n: number }>`SELECT count(*) AS n FROM t WHERE x <= ${index * 2}`.execute(reader),
      ),
    );
    expect(answers.map((answer) => answer.rows[0]!.n)).toEqual(Array.from({ length: 50 }, (_, index) => index * 2));
  });

  it('refuses writes and transactions with an error that keeps SQLite’s code', async () => {
    const { reader } = openFile();
    await expect(sql`INSERT INTO t (x) VALUES (1)`.execute(reader)).rejects.toMatchObject({
      code: 'SQLITE_READONLY',
    });
    await expect(sql`SELECT nope FROM t`.execute(reader)).rejects.toThrow(/no such column: nope/);
    await expect(reader.transaction().execute(async () => undefined)).rejects.toThrow(/not transactions/);
    // The thread is still there after the errors.
    expect((await sql<{ one: number }>`SELECT 1 AS one`.execute(reader)).rows).toEqual([{ one: 1 }]);
  });

  it("runs at the event loop's CPU priority, so an admin's read is not starved while an import keeps the loop busy", async () => {
    // The niceness of each thread of this process (field 19 of /proc/<pid>/task/<tid>/stat).
    const niceness = () =>
      new Map(
        fs.readdirSync(`/proc/${process.pid}/task`).map((task) => {
          const stat = fs.readFileSync(`/proc/${process.pid}/task/${task}/stat`, 'utf8');
          return [Number(task), Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16])] as const;
        }),
      );
    const before = new Set(niceness().keys());
    const { reader } = openFile();
    await sql`SELECT 1`.execute(reader);
    const started = [...niceness()].filter(([task]) => !before.has(task));
    // The reader's thread is among the new ones (others, e.g. libuv's pool, may start with it).
    expect(started.length).toBeGreaterThan(0);
    const loop = niceness().get(process.pid);
    expect(started.map(([, value]) => value)).toEqual(started.map(() => loop));
  });

  it('reads on the event loop instead when its thread dies, including the queries it was given', async () => {
    const dataDir = sqliteFiles.folder();
    const { sqlite } = openFile(dataDir);
    sqlite!.prepare('INSERT INTO t (x) VALUES (?)').run(7);
    const reader = new ThreadReader(path.join(dataDir, DB_FILE_NAME));
    try {
      expect(await reader.query('SELECT x FROM t', [])).toEqual([{ x: 7 }]);
      const worker = (reader as unknown as { worker: { terminate(): Promise<number> } }).worker;
      const inFlight = reader.query('SELECT x + ? AS y FROM t', [1]);
      await worker.terminate();
      expect(await inFlight).toEqual([{ y: 8 }]);
      expect(await reader.query('SELECT count(*) AS n FROM t WHERE x = ?', [7])).toEqual([{ n: 1 }]);
    } finally {
      await reader.stop();
    }
  });

  it('never keeps a process alive once idle: a script that reads and closes only its SQLite handle still ends', () => {
    const dataDir = sqliteFiles.folder();
    const run = runSqliteScript(
      dataDir,
      `const storage = openSqlite(${JSON.stringify(dataDir)});
       storage.sqlite.exec('CREATE TABLE t (x); INSERT INTO t VALUES (42)');
       // A top-level await on the thread's answer: the process must wait for it, then end.
       const rows = await storage.reader.selectFrom('t').select('x').execute();
       console.log(JSON.stringify(rows));
       storage.sqlite.close();`,
    );
    expect(run.error, run.stderr).toBeUndefined();
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe('[{"x":42}]');
  }, 30_000);
});
