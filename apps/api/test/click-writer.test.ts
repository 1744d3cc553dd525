import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { ClickWriterThread } from '../src/db/click-writer';
import { DB_FILE_NAME, isDatabaseUnavailable, openMemorySqlite, type Storage } from '../src/db/database';
import { createRepositories, migrate } from '../src/db';
import type { ClickRecord } from '../src/db/shortlink-clicks.repo';
import type { NewShortlink } from '../src/db/shortlinks.repo';
import { runSqliteScript, sqliteFolders } from './helpers';

/**
 * On a SQLite file the clicks are written by a thread of its own (src/db/click-writer.ts), so
 * the kernel holding a write to the WAL holds that thread, never the event loop. Seen from outside:
 * the event loop's connection changes no row when a click is counted, and every click is counted.
 */
const sqliteFiles = sqliteFolders('toolvault-click-writer-');

const CLICK: ClickRecord = {
  clickedAt: '2026-03-01T12:00:00.000Z',
  referrerHost: 'ref.example',
  country: 'DE',
  device: 'desktop',
};

function link(shortCode: string, overrides: Partial<NewShortlink> = {}): NewShortlink {
  return {
    shortCode,
    targetUrl: `https://example.com/${shortCode}`,
    title: shortCode,
    description: '',
    metaImage: '',
    tags: [],
    clickCount: 0,
    createdAt: '2026-03-01T00:00:00.000Z',
    redirectMode: 'direct',
    ...overrides,
  };
}

/** A migrated SQLite file with `codes` as links. */
async function fileWithLinks(...codes: string[]): Promise<Storage> {
  const storage = sqliteFiles.open();
  await migrate(storage);
  expect(await createRepositories(storage).shortlinks.insertAll(codes.map((code) => link(code)))).toBeNull();
  return storage;
}

/** Rows the event loop's own connection has inserted, updated or deleted since it opened. */
const changesOnTheEventLoop = (storage: Storage) =>
  (storage.sqlite!.prepare('SELECT total_changes() AS n').get() as { n: number }).n;

describe('the SQLite click writer', () => {
  it('counts the clicks of a file on its own connection, exactly, and never on the event loop’s', async () => {
    const storage = await fileWithLinks('alpha', 'beta');
    const repos = createRepositories(storage);
    const before = changesOnTheEventLoop(storage);

    // Concurrent, so several batches form while one commits; one unknown code among them.
    const answers = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        repos.shortlinkClicks.countClick(i % 3 === 0 ? 'alpha' : i % 3 === 1 ? 'beta' : 'nope', CLICK),
      ),
    );
    expect(
      answers.filter((answer) => answer !== null && 'shortCode' in answer && answer.shortCode === 'alpha'),
    ).toHaveLength(100);
    expect(
      answers.filter((answer) => answer !== null && 'shortCode' in answer && answer.shortCode === 'beta'),
    ).toHaveLength(100);
    expect(answers.filter((answer) => answer === null)).toHaveLength(100);

    expect(storage.clickWriter!.committed).toBeGreaterThan(0);
    expect(changesOnTheEventLoop(storage)).toBe(before);
    const counts = storage
      .sqlite!.prepare('SELECT short_code AS code, click_count AS clicks FROM shortlinks ORDER BY short_code')
      .all();
    expect(counts).toEqual([
      { code: 'alpha', clicks: 100 },
      { code: 'beta', clicks: 100 },
    ]);
    expect(storage.sqlite!.prepare('SELECT count(*) AS n FROM shortlink_clicks').get()).toEqual({ n: 200 });
    expect(storage.sqlite!.prepare('SELECT clicks FROM shortlink_totals WHERE id = 1').get()).toEqual({ clicks: 200 });
  });

  it('writes on the event loop’s connection in memory, where no other connection can open the database', async () => {
    const storage = sqliteFiles.track(openMemorySqlite());
    await migrate(storage);
    const repos = createRepositories(storage);
    expect(await repos.shortlinks.insertAll([link('mem')])).toBeNull();
    expect(storage.clickWriter).toBeUndefined();
    const before = changesOnTheEventLoop(storage);
    expect(await repos.shortlinkClicks.countClick('mem', CLICK)).toMatchObject({ shortCode: 'mem' });
    expect(changesOnTheEventLoop(storage)).toBeGreaterThan(before);
  });

  it('opens a fresh file with NORMAL sync: no fsync at each commit', async () => {
    // Set by the storage itself: SQLite's own default for a WAL file is FULL (better-sqlite3's build
    // has NORMAL, applied only from the first transaction on).
    const fresh = sqliteFiles.open();
    expect(fresh.sqlite!.pragma('synchronous', { simple: true })).toBe(1);
    const storage = await fileWithLinks('sync');
    await createRepositories(storage).shortlinkClicks.countClick('sync', CLICK);
    expect(storage.clickWriter!.committed).toBe(1);
  });

  it('hands a database error back with its code: a lock held past the wait is a 503, not a 500', async () => {
    const storage = await fileWithLinks('busy');
    const file = path.join(path.dirname(storage.sqlite!.name), DB_FILE_NAME);
    const writer = new ClickWriterThread({ file, busyTimeoutMs: 20, autocheckpointPages: 1000 });
    const other = new Database(file);
    try {
      other.exec('BEGIN IMMEDIATE');
      const failed = writer.write([{ shortCode: 'busy', click: CLICK, onlyDirect: false }]);
      await expect(failed).rejects.toMatchObject({ code: 'SQLITE_BUSY' });
      expect(isDatabaseUnavailable(await failed.catch((error: unknown) => error))).toBe(true);
      other.exec('ROLLBACK');
      // The thread goes on with the next batch.
      expect(await writer.write([{ shortCode: 'busy', click: CLICK, onlyDirect: false }])).toEqual([
        expect.objectContaining({ shortCode: 'busy' }),
      ]);
    } finally {
      other.close();
      await writer.stop();
    }
  });

  it('falls back to the event loop’s connection when its thread cannot start, losing no later click', async () => {
    const storage = await fileWithLinks('gamma');
    const broken = new ClickWriterThread({
      file: path.join(path.dirname(storage.sqlite!.name), 'missing.db'),
      busyTimeoutMs: 5000,
      autocheckpointPages: 1000,
    });
    const repos = createRepositories({ ...storage, clickWriter: broken });
    // The batch handed to the thread is answered as failed: it was never written.
    await expect(repos.shortlinkClicks.countClick('gamma', CLICK)).rejects.toThrow();
    expect(broken.alive).toBe(false);
    expect(await repos.shortlinkClicks.countClick('gamma', CLICK)).toMatchObject({ shortCode: 'gamma' });
    expect(storage.sqlite!.prepare("SELECT click_count AS n FROM shortlinks WHERE short_code = 'gamma'").get()).toEqual(
      { n: 1 },
    );
  });

  it('never keeps a process alive: a script that counted a click and closes only its SQLite handle still ends', () => {
    const dataDir = sqliteFiles.folder();
    const repositories = JSON.stringify(path.resolve(import.meta.dirname, '../src/db/index.ts'));
    const run = runSqliteScript(
      dataDir,
      `const { createRepositories, migrate } = await import(${repositories});
       const storage = openSqlite(${JSON.stringify(dataDir)});
       await migrate(storage);
       const repos = createRepositories(storage);
       await repos.shortlinks.insertAll([{ shortCode: 'kept', targetUrl: 'https://example.com/', title: 't',
         description: '', metaImage: '', tags: [], clickCount: 0, createdAt: new Date().toISOString(), redirectMode: 'direct' }]);
       const counted = await repos.shortlinkClicks.countClick('kept', ${JSON.stringify(CLICK)});
       if (counted?.shortCode !== 'kept' || storage.clickWriter.committed !== 1) throw new Error('not counted in the thread');
       storage.sqlite.close();`,
    );
    expect(run.error, run.stderr).toBeUndefined();
    expect(run.status, run.stderr).toBe(0);
  }, 30_000);
});
