import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShortlinkPage } from '@toolvault/shared';
import { createApp } from '../src/app';
import { createRepositories, migrate, openSqlite, type Engine, type Repositories, type Storage } from '../src/db';
import type { NewShortlink } from '../src/db/shortlinks.repo';
import { silentLogger } from '../src/logger';
import { ENGINES, openTestStorage } from './engines';
import { JWT_SECRET, TEST_SESSION_ID, testConfig } from './helpers';

const NOW = '2025-03-15T12:00:00.000Z';
const CHROME =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';
const geo = { lookup: () => Promise.reject(new Error('not used')), countryOf: () => Promise.resolve(null) };

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
  const app = createApp({
    config: testConfig(),
    db,
    logger: silentLogger,
    credentials: { passwordHash: 'unused', jwtSecret: JWT_SECRET },
    clock: () => new Date(NOW),
    geo,
  });
  await db.adminSessions.insert({
    id: TEST_SESSION_ID,
    createdAt: new Date('2000-01-01T00:00:00Z'),
    expiresAt: new Date('2999-01-01T00:00:00Z'),
  });
  const token = jwt.sign({ iat: Math.floor(Date.parse(NOW) / 1000) }, JWT_SECRET, {
    algorithm: 'HS256',
    expiresIn: '1h',
    subject: 'admin',
    jwtid: TEST_SESSION_ID,
  });
  const auth = { Authorization: `Bearer ${token}` };
  const list = (query: Record<string, string> = {}) => request(app).get('/api/shortlinks').query(query).set(auth);
  return { storage, db, app, auth, list };
}

const link = (overrides: Partial<NewShortlink> = {}): NewShortlink => ({
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

const importRows = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    shortCode: `imp${i}`,
    title: `Imported link ${i}`,
    targetUrl: `https://import.example/${i}`,
    tags: ['imported', `batch${i % 10}`],
  }));

describe.each(ENGINES)('an import of 10,000 rows on %s', (engine) => {
  it('lets a list and a click be answered while its transaction is open, and shows its links only after it', async () => {
    const t = await setup(engine);
    expect(await t.db.shortlinks.insert(link())).not.toBeNull();
    const events: string[] = [];
    let listDuring: ShortlinkPage | undefined;
    let click: Promise<request.Response> | undefined;
    // The route's pause between chunks of the import's transaction: the first one asks for a list
    // and waits for its answer while the transaction is open (reads that needed the writing
    // connection would wait for the import, and the import for them, for ever), and starts a click.
    const insertAll = t.db.shortlinks.insertAll.bind(t.db.shortlinks);
    t.db.shortlinks.insertAll = (links, pause) =>
      insertAll(links, async () => {
        if (!click) {
          click = request(t.app).get('/live01').set('Accept', 'application/json').set('User-Agent', CHROME);
          void click.then(() => events.push('click'));
          // PostgreSQL takes the click at once: the import locks no row it needs until its last statements.
          if (engine === 'postgres') await click;
          const res = await t.list();
          events.push('list');
          listDuring = res.body as ShortlinkPage;
        }
        await pause?.();
      });

    const res = await request(t.app).post('/api/shortlinks/import').set(t.auth).send(importRows(10_000));
    events.push('import');
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ imported: 10_000 });
    const clicked = await click!;
    expect(clicked.status).toBe(200);
    expect(clicked.body.shortCode).toBe('live01');

    // The list answered inside the transaction: the live link, none of the imported ones yet.
    expect(listDuring?.total).toBe(1);
    expect(listDuring?.items.map((item) => item.shortCode)).toEqual(['live01']);
    // The click (on SQLite it waits for the link rows' commit) is answered before the import.
    expect(events.indexOf('list')).toBeLessThan(events.indexOf('import'));
    expect(events.indexOf('click')).toBeLessThan(events.indexOf('import'));

    expect(((await t.list()).body as ShortlinkPage).total).toBe(10_001);
    expect(((await t.list({ q: 'live01' })).body as ShortlinkPage).items[0]?.clickCount).toBe(1);
    // Search and tags have caught up when the import answers.
    expect(((await t.list({ q: 'imported link 9999' })).body as ShortlinkPage).total).toBe(1);
    expect(((await t.list({ q: 'import.example/12' })).body as ShortlinkPage).total).toBe(111);
    expect(((await t.list({ tag: 'batch3' })).body as ShortlinkPage).total).toBe(1000);
    expect(((await t.list({ tag: 'batch3' })).body as ShortlinkPage).items).toHaveLength(25);
    const tags = (await request(t.app).get('/api/shortlinks/tags').set(t.auth)).body as {
      tags: { tag: string; count: number }[];
    };
    expect(tags.tags.find((tag) => tag.tag === 'imported')?.count).toBe(10_000);
  }, 120_000);
});

describe.each(ENGINES)('an import stopped after its commit on %s', (engine) => {
  it('leaves a record from which its links are indexed once, exactly, later', async () => {
    const t = await setup(engine);
    const links = importRows(250).map((row) => link({ ...row, redirectMode: 'preview' }));
    // 250 links: two pauses inside the transaction (after the rows 1–100 and 101–200), then one
    // between the two indexing transactions (links 1–200, 201–250), where this one stops it.
    let pauses = 0;
    const stop = () => {
      pauses += 1;
      if (pauses === 3) return Promise.reject(new Error('stopped'));
      return Promise.resolve();
    };
    expect(await t.db.shortlinks.insertAll(links, stop)).toBeNull();
    expect(pauses).toBe(3);

    // The links are all in, with their totals; the last 50 are not searchable yet.
    expect(((await t.list()).body as ShortlinkPage).total).toBe(250);
    expect(((await t.list({ q: 'imported link 199' })).body as ShortlinkPage).total).toBe(1);
    expect(((await t.list({ q: 'imported link 249' })).body as ShortlinkPage).total).toBe(0);
    expect(((await t.list({ tag: 'imported' })).body as ShortlinkPage).total).toBe(200);

    // An edit of a link not yet indexed indexes it itself; the later indexing counts it once.
    const newest = ((await t.list({ limit: '100' })).body as ShortlinkPage).items;
    const edited = newest.find((item) => item.shortCode === 'imp240')!;
    await t.db.shortlinks.update(edited.id, { ...edited, tags: ['imported', 'edited'] });

    expect(await t.db.shortlinks.indexPending()).toBe(1);
    expect(((await t.list({ q: 'imported link 249' })).body as ShortlinkPage).total).toBe(1);
    expect(((await t.list({ tag: 'imported' })).body as ShortlinkPage).total).toBe(250);
    expect(((await t.list({ tag: 'edited' })).body as ShortlinkPage).total).toBe(1);
    expect(((await t.list({ tag: 'batch0' })).body as ShortlinkPage).total).toBe(24);
    // Nothing is left to do, and doing it again changes nothing.
    expect(await t.db.shortlinks.indexPending()).toBe(0);
    expect(((await t.list({ tag: 'imported' })).body as ShortlinkPage).total).toBe(250);
    const summary = (await request(t.app).get('/api/shortlinks/summary').set(t.auth)).body as { totalLinks: number };
    expect(summary.totalLinks).toBe(250);
  }, 60_000);
});
