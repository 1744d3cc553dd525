// What the import tests share: the app on a database of either engine as the server runs it, a live
// link, the rows of a file to import, and what an import leaves in the tables.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterEach } from 'vitest';
import { createRepositories, migrate, openSqlite, type Engine, type Repositories, type Storage } from '../src/db';
import type { NewShortlink } from '../src/db/shortlinks.repo';
import { openTestStorage } from './engines';
import { adminApp } from './helpers';

export const NOW = '2025-03-15T12:00:00.000Z';

/** For a file of these tests: `setup(engine)` opens a database and the app on it, closed after each test. */
export function importAppPerTest() {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  /**
   * SQLite as the server runs it, a file in a data folder (its reads have a connection of their
   * own), or PostgreSQL in a schema of the test's own.
   */
  async function openStorage(engine: Engine): Promise<{ storage: Storage; db: Repositories }> {
    if (engine === 'postgres') {
      const test = await openTestStorage('postgres');
      cleanups.push(test.close);
      return test;
    }
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'toolvault-import-'));
    const storage = openSqlite(dir);
    cleanups.push(async () => {
      await storage.close();
      fs.rmSync(dir, { recursive: true, force: true });
    });
    await migrate(storage);
    return { storage, db: createRepositories(storage) };
  }

  async function setup(engine: Engine) {
    const { storage, db } = await openStorage(engine);
    const { app, auth } = await adminApp(db, NOW);
    const list = (query: Record<string, string> = {}) => request(app).get('/api/shortlinks').query(query).set(auth);
    return { storage, db, app, auth, list };
  }

  return setup;
}

/** The live link (live01), or another with `overrides`. */
export const link = (overrides: Partial<NewShortlink> = {}): NewShortlink => ({
  shortCode: 'live01',
  targetUrl: 'https://example.com/live',
  title: 'Live link',
  description: '',
  metaImage: '',
  tags: [],
  clickCount: 0,
  createdAt: NOW,
  redirectMode: 'preview',
  ...overrides,
});

/** `count` rows of a file to import, tagged 'imported' and one of ten batches. */
export const importRows = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    shortCode: `imp${i}`,
    title: `Imported link ${i}`,
    targetUrl: `https://import.example/${i}`,
    tags: ['imported', `batch${i % 10}`],
  }));

/** The import's rows that are still pending, and its records in settings, straight from the tables. */
export async function leftovers(storage: Storage) {
  const pending = await storage.db
    .selectFrom('shortlinks')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('import_pending', 'is not', null)
    .executeTakeFirstOrThrow();
  const records = await storage.db
    .selectFrom('settings')
    .select('key')
    .where('key', 'like', 'shortlink_i%')
    .orderBy('key')
    .execute();
  return { pending: Number(pending.count), records: records.map((row) => row.key) };
}

/** The link and click totals as the repository keeps them. */
export async function totals(db: Repositories) {
  const { totalLinks, totalClicks } = await db.shortlinks.totals({ from: '', to: '' });
  return { totalLinks, totalClicks };
}
