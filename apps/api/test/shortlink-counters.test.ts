import { sql, type RawBuilder } from 'kysely';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { SHORTLINK_LIMITS, SHORTLINK_MESSAGES, type ShortlinkPage } from '@toolvault/shared';
import type { Storage } from '../src/db';
import type { NewShortlink } from '../src/db/shortlinks.repo';
import { ENGINES, openTestStorage, type TestStorage } from './engines';
import { adminApp, CHROME } from './helpers';

/*
 * Counters past 32 bits, on both engines: PostgreSQL's INTEGER stopped at 2,147,483,647 (every
 * counted redirect failed from there on), and SQLite's totals ran past 2^53, where a JSON number
 * is no longer exact.
 */

const NOW = '2025-03-15T12:00:00.000Z';
const TODAY = NOW.slice(0, 10);
const INT32_MAX = 2 ** 31 - 1;

const opened: TestStorage[] = [];
afterEach(async () => {
  for (const test of opened.splice(0)) await test.close();
});

/** The app on `engine`: SQLite as the server runs it (a file, clicks written by their own thread). */
async function setup(engine: (typeof ENGINES)[number]) {
  const test = await openTestStorage(engine, { file: true });
  opened.push(test);
  const { storage, db } = test;
  const { app, auth } = await adminApp(db, NOW);
  const get = (path: string) => request(app).get(path).set(auth);
  const importRows = (rows: object[]) => request(app).post('/api/shortlinks/import').set(auth).send(rows);
  const visit = (code: string) =>
    request(app).get(`/${code}`).set('Accept', 'application/json').set('User-Agent', CHROME);
  const exec = <R>(query: RawBuilder<R>) => query.execute(storage.db);
  return { storage, db, get, importRows, visit, exec };
}

const link = (overrides: Partial<NewShortlink> = {}): NewShortlink => ({
  shortCode: 'big001',
  targetUrl: 'https://example.com/big',
  title: 'Big link',
  description: '',
  metaImage: '',
  tags: ['big'],
  clickCount: 0,
  createdAt: NOW,
  redirectMode: 'preview',
  ...overrides,
});

const row = (overrides: object = {}) => ({ title: 'Imported', targetUrl: 'https://import.example/', ...overrides });

/** The next raw click gets id `next`: the identity's sequence (PostgreSQL), AUTOINCREMENT's (SQLite). */
async function nextClickId(storage: Storage, next: number) {
  if (storage.engine === 'postgres') {
    await sql`ALTER TABLE shortlink_clicks ALTER COLUMN id RESTART WITH ${sql.raw(String(next))}`.execute(storage.db);
    return;
  }
  await sql`DELETE FROM sqlite_sequence WHERE name = 'shortlink_clicks'`.execute(storage.db);
  await sql`INSERT INTO sqlite_sequence (name, seq) VALUES ('shortlink_clicks', ${next - 1})`.execute(storage.db);
}

/** Every number in a JSON answer that a JSON number does not carry exactly. */
function unsafeNumbers(value: unknown, path = '$'): string[] {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? [] : [`${path} = ${value}`];
  if (Array.isArray(value)) return value.flatMap((item, index) => unsafeNumbers(item, `${path}[${index}]`));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => unsafeNumbers(item, `${path}.${key}`));
  }
  return [];
}

describe.each(ENGINES)('counters past 2^31 on %s', (engine) => {
  it('counts a visit when every counter it raises is at 2^31 − 1, and reads 2^31 back', async () => {
    const t = await setup(engine);
    const created = (await t.db.shortlinks.insert(link()))!;
    await t.exec(sql`UPDATE shortlinks SET click_count = ${INT32_MAX} WHERE id = ${created.id}`);
    await t.exec(sql`UPDATE shortlink_totals SET clicks = ${INT32_MAX}, links = ${INT32_MAX}`);
    // The rows this click adds to: today, no referrer (''), unknown country (''), a desktop.
    for (const [dimension, value] of [
      ['device', 'desktop'],
      ['referrer', ''],
      ['country', ''],
    ]) {
      await t.exec(sql`INSERT INTO click_daily_stats (dimension, day, value, clicks)
                       VALUES (${dimension}, ${TODAY}, ${value}, ${INT32_MAX})`);
      await t.exec(sql`INSERT INTO shortlink_daily_stats (shortlink_id, dimension, day, value, clicks)
                       VALUES (${created.id}, ${dimension}, ${TODAY}, ${value}, ${INT32_MAX})`);
      await t.exec(sql`INSERT INTO click_value_totals (dimension, value, clicks)
                       VALUES (${dimension}, ${value}, ${INT32_MAX})`);
    }
    await nextClickId(t.storage, INT32_MAX + 1);

    const visited = await t.visit('big001');
    expect(visited.status).toBe(200);
    expect(visited.body.shortCode).toBe('big001');

    const list = (await t.get('/api/shortlinks')).body as ShortlinkPage;
    expect(list.items[0]?.clickCount).toBe(2 ** 31);
    expect((await t.get('/api/shortlinks/summary')).body).toMatchObject({ totalClicks: 2 ** 31 });
    const analytics = (await t.get('/api/shortlinks/analytics?range=all')).body;
    expect(analytics).toMatchObject({
      totalClicks: 2 ** 31,
      rangeClicks: 2 ** 31,
      devices: [{ device: 'desktop', clicks: 2 ** 31 }],
      topLinks: [{ shortCode: 'big001', clickCount: 2 ** 31 }],
    });
    expect((await t.get('/api/shortlinks/analytics?range=7d')).body.topReferrers[0].clicks).toBe(2 ** 31);
    const linkAnalytics = (await t.get(`/api/shortlinks/${created.id}/analytics?range=7d`)).body;
    expect(linkAnalytics.totalClicks).toBe(2 ** 31);
    const [click] = (await t.exec(sql<{ id: number }>`SELECT id FROM shortlink_clicks`)).rows;
    expect(Number(click?.id)).toBe(2 ** 31);
  });

  it('adds a link when the link, tag and per-day counts are at 2^31 − 1', async () => {
    const t = await setup(engine);
    await t.db.shortlinks.insert(link());
    await t.exec(sql`UPDATE shortlink_totals SET links = ${INT32_MAX}`);
    await t.exec(sql`UPDATE shortlink_tag_counts SET count = ${INT32_MAX} WHERE tag = 'big'`);
    await t.exec(sql`UPDATE shortlink_daily_created SET links = ${INT32_MAX} WHERE day = ${TODAY}`);

    expect(await t.db.shortlinks.insert(link({ shortCode: 'big002' }))).not.toBeNull();
    expect(await t.db.shortlinks.tagCounts(5)).toEqual([{ tag: 'big', count: 2 ** 31 }]);
    expect((await t.get('/api/shortlinks/analytics')).body).toMatchObject({
      totalLinks: 2 ** 31,
      createdToday: 2 ** 31,
    });
  });

  it('imports a clickCount of 2^31 and reads it back exactly', async () => {
    const t = await setup(engine);
    const res = await t.importRows([row({ shortCode: 'imp001', clickCount: 2 ** 31 })]);
    expect(res.status).toBe(201);
    expect(((await t.get('/api/shortlinks')).body as ShortlinkPage).items[0]?.clickCount).toBe(2 ** 31);
    expect((await t.get('/api/shortlinks/summary')).body).toMatchObject({ totalClicks: 2 ** 31 });
    const exported = (await t.get('/api/shortlinks/export')).body as { clickCount: number }[];
    expect(exported.map((item) => item.clickCount)).toEqual([2 ** 31]);
  });

  it('pages by clicks past a link of more than 2^31 clicks (its count is in the cursor)', async () => {
    const t = await setup(engine);
    const counts = [SHORTLINK_LIMITS.importClickCount, 2 ** 31, 5];
    const rows = counts.map((clickCount, index) => row({ shortCode: `page0${index}`, clickCount }));
    expect((await t.importRows(rows)).status).toBe(201);
    const seen: number[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res = await t.get(`/api/shortlinks?sort=clicks&limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const page = res.body as ShortlinkPage;
      seen.push(...page.items.map((item) => item.clickCount));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(counts);
  });
});

describe.each(ENGINES)('imported click counts on %s', (engine) => {
  const tooMany = `Row 1: clickCount must be at most ${SHORTLINK_LIMITS.importClickCount}`;
  it.each([
    ['the cap itself', SHORTLINK_LIMITS.importClickCount, 201, undefined],
    ['one past the cap', SHORTLINK_LIMITS.importClickCount + 1, 400, tooMany],
    ['2^53', 2 ** 53, 400, tooMany],
    ['1e300', 1e300, 400, tooMany],
    ['a fraction', 1.5, 400, 'Row 1: clickCount must be a whole number of 0 or more'],
    ['a negative count', -1, 400, 'Row 1: clickCount must be a whole number of 0 or more'],
  ])('%s', async (_label, clickCount, status, error) => {
    const t = await setup(engine);
    const res = await t.importRows([row({ clickCount })]);
    expect(res.status).toBe(status);
    if (error !== undefined) expect(res.body).toEqual({ error, code: 'VALIDATION' });
    else expect((await t.get('/api/shortlinks/summary')).body).toMatchObject({ totalClicks: clickCount });
  });

  it('refuses, whole, an import that would take the clicks of all links past 2^52', async () => {
    const t = await setup(engine);
    const ceiling = SHORTLINK_LIMITS.importedClicksTotal;
    await t.exec(sql`UPDATE shortlink_totals SET clicks = ${ceiling - 10}`);
    expect((await t.importRows([row({ clickCount: 4 }), row({ clickCount: 6 })])).status).toBe(201);

    const refused = await t.importRows([row({ shortCode: 'late01' }), row({ shortCode: 'late02', clickCount: 1 })]);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: SHORTLINK_MESSAGES.importClicksOverTotal, code: 'VALIDATION' });
    expect((await t.get('/api/shortlinks/summary')).body).toMatchObject({ totalLinks: 2, totalClicks: ceiling });
    const left = await t.exec(sql<{ n: number }>`SELECT count(*) AS n FROM shortlinks`);
    expect(Number(left.rows[0]?.n)).toBe(2);

    // Links without clicks still come in, and clicks are still counted.
    expect((await t.importRows([row({ shortCode: 'zero01' })])).status).toBe(201);
    expect((await t.visit('zero01')).status).toBe(200);
    expect((await t.get('/api/shortlinks/summary')).body).toMatchObject({ totalLinks: 3, totalClicks: ceiling + 1 });
  });
});

describe.each(ENGINES)('counts from before the cap, near and past 2^53, on %s', (engine) => {
  it('never answers a number that JSON does not carry exactly', async () => {
    const t = await setup(engine);
    const first = (await t.db.shortlinks.insert(link()))!;
    const second = (await t.db.shortlinks.insert(link({ shortCode: 'big002' })))!;
    // As an unchecked import could leave them: each link at 2^53 − 1 (a click takes one past it),
    // their total where one SQLite database was found.
    const huge = 2 ** 53 - 1;
    for (const id of [first.id, second.id]) {
      await t.exec(sql`UPDATE shortlinks SET click_count = ${huge} WHERE id = ${id}`);
    }
    await t.exec(sql`UPDATE shortlink_totals SET clicks = ${sql.raw('65462887799324690')}`);
    for (const [day, id] of [
      [TODAY, first.id],
      [TODAY, second.id],
      ['2025-03-14', first.id],
    ] as const) {
      await t.exec(sql`INSERT INTO shortlink_daily_stats (shortlink_id, dimension, day, value, clicks)
                       VALUES (${id}, 'device', ${day}, 'desktop', ${huge})`);
    }
    for (const day of [TODAY, '2025-03-14']) {
      await t.exec(sql`INSERT INTO click_daily_stats (dimension, day, value, clicks)
                       VALUES ('device', ${day}, 'desktop', ${huge})`);
    }
    await t.exec(sql`INSERT INTO click_value_totals (dimension, value, clicks) VALUES ('device', 'desktop', ${huge})`);
    expect((await t.visit('big001')).status).toBe(200);

    for (const path of [
      '/api/shortlinks',
      '/api/shortlinks?sort=clicks',
      '/api/shortlinks/summary',
      '/api/shortlinks/analytics',
      '/api/shortlinks/analytics?range=all',
      `/api/shortlinks/${first.id}/analytics?range=all`,
      '/api/shortlinks/export',
    ]) {
      const res = await t.get(path);
      expect(res.status, path).toBe(200);
      expect(unsafeNumbers(res.body), path).toEqual([]);
    }
    expect((await t.get('/api/shortlinks/summary')).body.totalClicks).toBe(Number.MAX_SAFE_INTEGER);
  });
});
