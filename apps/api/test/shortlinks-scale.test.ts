import fc from 'fast-check';
import { CompiledQuery, sql, type KyselyPlugin } from 'kysely';
import request from 'supertest';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SHORTLINK_SORTS,
  type DeviceClass,
  type Shortlink,
  type ShortlinkExportRow,
  type ShortlinkPage,
  type ShortlinkSort,
  type ShortlinkSummary,
  withRuleDefaults,
} from '@toolvault/shared';
import { createApp } from '../src/app';
import type { ClickRecord, ShortlinkClicksRepo } from '../src/db/shortlink-clicks.repo';
import {
  createShortlinksRepo,
  type NewShortlink,
  type ShortlinkPosition,
  type ShortlinksRepo,
} from '../src/db/shortlinks.repo';
import { dialectFor } from '../src/db/dialect';
import { searchTermsSql } from '../src/db/shortlink-index.sql';
import { silentLogger } from '../src/logger';
import { startClickRetention } from '../src/services/retention.service';
import { csvCell } from '../src/lib/csv';
import { encodeCursor } from '../src/services/shortlink-cursor';
import { ENGINES, openTestStorage, type TestStorage } from './engines';
import { recordPlans } from './sqlite-plans';
import { adminToken, JWT_SECRET, openTestSession, testConfig } from './helpers';

const NOW = '2025-03-15T12:00:00.000Z';
const geo = { lookup: () => Promise.reject(new Error('not used')), countryOf: () => Promise.resolve(null) };

const opened: TestStorage[] = [];
afterEach(async () => {
  for (const test of opened.splice(0)) await test.close();
});

async function setup(engine: (typeof ENGINES)[number]) {
  const test = await openTestStorage(engine);
  opened.push(test);
  let now = new Date(NOW);
  const clock = () => new Date(now);
  // Only the JWT is checked by these routes; the password hash is never used here.
  const app = createApp({
    config: testConfig(),
    db: test.db,
    logger: silentLogger,
    credentials: { passwordHash: 'unused', jwtSecret: JWT_SECRET },
    clock,
    geo,
  });
  // Logins are server-side sessions: the token names one that exists.
  await openTestSession(test.db);
  const auth = { Authorization: `Bearer ${adminToken(NOW)}` };
  const get = (path: string, query: Record<string, string | number> = {}) =>
    request(app).get(path).query(query).set(auth);
  const page = async (query: Record<string, string | number>) => {
    const res = await get('/api/shortlinks', query);
    expect(res.status).toBe(200);
    return res.body as ShortlinkPage;
  };
  /** Every page of a query, in order, following nextCursor. */
  const allPages = async (query: Record<string, string | number>, between?: () => Promise<void>) => {
    const items: Shortlink[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const body: ShortlinkPage = await page({ ...query, ...(cursor ? { cursor } : {}) });
      items.push(...body.items);
      cursor = body.nextCursor;
      if (between) await between();
    }
    return items;
  };
  return { ...test, app, auth, get, page, allPages, setNow: (iso: string) => void (now = new Date(iso)) };
}

let serial = 0;
function newLink(overrides: Partial<NewShortlink> = {}): NewShortlink {
  serial += 1;
  return {
    shortCode: `code${serial}`,
    targetUrl: `https://example.com/${serial}`,
    title: `Link ${serial}`,
    description: '',
    metaImage: '',
    tags: [],
    clickCount: 0,
    createdAt: NOW,
    redirectMode: 'preview',
    ...overrides,
  };
}

const insertAll = async (test: TestStorage, links: NewShortlink[]) => {
  expect(await test.db.shortlinks.insertAll(links)).toBeNull();
};

describe.each(ENGINES)('shortlink lists on %s', (engine) => {
  it('pages in a stable order with no duplicates or gaps while links are created between pages', async () => {
    const t = await setup(engine);
    // Several links share a created_at (imports), so the id must break the ties.
    const links = Array.from({ length: 53 }, (_, i) =>
      newLink({
        createdAt: new Date(Date.parse('2025-01-01T00:00:00Z') + Math.floor(i / 4) * 60_000).toISOString(),
        title: `${i % 3 === 0 ? 'alpha' : i % 3 === 1 ? 'Alpha' : 'beta'} ${i % 5}`,
        clickCount: i % 7,
      }),
    );
    await insertAll(t, links);
    const codes = links.map((link) => link.shortCode).sort();
    for (const sort of ['newest', 'clicks', 'title'] as const) {
      let created = 0;
      const seen = await t.allPages({ limit: 10, sort }, async () => {
        // A new link between two page loads (newest of all, most clicked, and first by title).
        created += 1;
        await insertAll(t, [newLink({ createdAt: NOW, title: `aaa ${sort} ${created}`, clickCount: 100 })]);
      });
      const fromBefore = seen.filter((link) => codes.includes(link.shortCode));
      expect(fromBefore.map((link) => link.shortCode).sort()).toEqual(codes);
      expect(new Set(seen.map((link) => link.id)).size).toBe(seen.length);
      expect(fromBefore.map((link) => link.id)).toEqual(
        orderOf(
          sort,
          links.map((link) => withIdOf(link, seen)),
        ),
      );
    }
  });

  it('answers total and nextCursor, and a last page without a cursor', async () => {
    const t = await setup(engine);
    await insertAll(
      t,
      Array.from({ length: 5 }, () => newLink()),
    );
    const first = await t.page({ limit: 2 });
    expect(first.items).toHaveLength(2);
    expect(first.total).toBe(5);
    expect(first.nextCursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const rest = await t.page({ limit: 3, cursor: first.nextCursor! });
    expect(rest.items).toHaveLength(3);
    expect(rest.nextCursor).toBeNull();
    expect((await t.page({ limit: 100 })).nextCursor).toBeNull();
  });

  it('searches code, title, target and tags by prefix, without regard to case', async () => {
    const t = await setup(engine);
    await insertAll(t, [
      newLink({ shortCode: 'GitCode', title: 'Something', targetUrl: 'https://a.example/' }),
      newLink({ title: 'GitHub notes', targetUrl: 'https://b.example/' }),
      newLink({ title: 'Other', targetUrl: 'https://www.GITLAB.com/project' }),
      newLink({ title: 'Tagged', targetUrl: 'https://c.example/', tags: ['git-tips', 'misc'] }),
      newLink({ title: 'My GitHub', targetUrl: 'https://d.example/' }),
      newLink({ title: 'Percent 100%_', targetUrl: 'http://e.example/' }),
      newLink({ title: 'Ärger im Büro', targetUrl: 'https://f.example/' }),
    ]);
    const titles = async (query: Record<string, string | number>) => {
      const body = await t.page({ limit: 100, sort: 'title', ...query });
      return { titles: body.items.map((link) => link.title), total: body.total };
    };
    expect(await titles({ q: 'git' })).toEqual({ titles: ['GitHub notes', 'Other', 'Something', 'Tagged'], total: 4 });
    expect(await titles({ q: 'GITHUB' })).toEqual({ titles: ['GitHub notes'], total: 1 });
    expect(await titles({ q: 'gitlab.com/pro' })).toEqual({ titles: ['Other'], total: 1 });
    expect(await titles({ q: 'e.example' })).toEqual({ titles: ['Percent 100%_'], total: 1 });
    // LIKE wildcards are plain characters here.
    expect(await titles({ q: 'percent 100%_' })).toEqual({ titles: ['Percent 100%_'], total: 1 });
    expect(await titles({ q: '%' })).toEqual({ titles: [], total: 0 });
    expect(await titles({ q: 'git', tag: 'misc' })).toEqual({ titles: ['Tagged'], total: 1 });
    expect(await titles({ q: 'zzz' })).toEqual({ titles: [], total: 0 });
    // Non-ASCII text is found as typed (SQLite folds the case of ASCII letters only).
    expect(await titles({ q: 'Ärger im' })).toEqual({ titles: ['Ärger im Büro'], total: 1 });
  });

  it('filters by one exact tag in every sort, lists tags with counts, and follows edits and deletes', async () => {
    const t = await setup(engine);
    await insertAll(t, [
      newLink({ title: 'A', tags: ['dev', 'Docs'], clickCount: 1, createdAt: '2025-01-01T00:00:00.000Z' }),
      newLink({ title: 'B', tags: ['dev'], clickCount: 5, createdAt: '2025-01-02T00:00:00.000Z' }),
      newLink({ title: 'C', tags: ['docs', 'dev', 'dev'], clickCount: 3, createdAt: '2025-01-03T00:00:00.000Z' }),
      newLink({ title: 'D', tags: [], createdAt: '2025-01-04T00:00:00.000Z' }),
    ]);
    const titles = async (query: Record<string, string | number>) =>
      (await t.allPages({ limit: 1, ...query })).map((link) => link.title);
    expect(await titles({ tag: 'dev' })).toEqual(['C', 'B', 'A']);
    expect(await titles({ tag: 'dev', sort: 'clicks' })).toEqual(['B', 'C', 'A']);
    expect(await titles({ tag: 'dev', sort: 'title' })).toEqual(['A', 'B', 'C']);
    expect(await titles({ tag: 'Docs' })).toEqual(['A']);
    expect(await titles({ tag: 'nope' })).toEqual([]);
    expect((await t.page({ tag: 'dev' })).total).toBe(3);
    expect((await t.get('/api/shortlinks/tags')).body).toEqual({
      tags: [
        { tag: 'dev', count: 3 },
        { tag: 'Docs', count: 1 },
        { tag: 'docs', count: 1 },
      ],
    });

    const all = await t.allPages({ limit: 100 });
    const c = all.find((link) => link.title === 'C')!;
    const put = await request(t.app)
      .put(`/api/shortlinks/${c.id}`)
      .set(t.auth)
      .send({ title: 'C', targetUrl: 'https://c.example/', tags: ['new'] });
    expect(put.status).toBe(200);
    const a = all.find((link) => link.title === 'A')!;
    expect((await request(t.app).delete(`/api/shortlinks/${a.id}`).set(t.auth)).status).toBe(204);
    expect(await titles({ tag: 'dev' })).toEqual(['B']);
    expect(await titles({ tag: 'new' })).toEqual(['C']);
    expect((await t.page({ q: 'c.example' })).total).toBe(1);
    expect((await t.page({ q: 'example.com/' })).total).toBe(2);
    expect((await t.get('/api/shortlinks/tags')).body).toEqual({
      tags: [
        { tag: 'dev', count: 1 },
        { tag: 'new', count: 1 },
      ],
    });
    expect((await t.page({})).total).toBe(3);
  });

  it('answers the summary from counters: totals and the 5 newest', async () => {
    const t = await setup(engine);
    await insertAll(
      t,
      Array.from({ length: 7 }, (_, i) =>
        newLink({ title: `S${i}`, clickCount: i, createdAt: `2025-01-0${i + 1}T00:00:00.000Z` }),
      ),
    );
    const res = await t.get('/api/shortlinks/summary');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.totalLinks).toBe(7);
    expect(res.body.totalClicks).toBe(21);
    expect(res.body.recent.map((link: Shortlink) => link.title)).toEqual(['S6', 'S5', 'S4', 'S3', 'S2']);
  });

  it('answers how many links were created today (UTC), past the 5 newest it lists', async () => {
    const t = await setup(engine);
    // NOW is 2025-03-15T12:00Z: eleven links on that UTC day, from its first to its last millisecond.
    const today = [
      ...Array.from({ length: 10 }, (_, i) =>
        newLink({ title: `T${i}`, createdAt: `2025-03-15T${String(i).padStart(2, '0')}:00:00.000Z` }),
      ),
      newLink({ title: 'T-last', createdAt: '2025-03-15T23:59:59.999Z' }),
    ];
    await insertAll(t, [newLink({ title: 'Yesterday', createdAt: '2025-03-14T23:59:59.999Z' }), ...today]);
    const summary = async () => (await t.get('/api/shortlinks/summary')).body as ShortlinkSummary;
    expect(await summary()).toMatchObject({ totalLinks: 12, createdToday: 11 });
    expect((await summary()).recent).toHaveLength(5);

    const { items } = await t.page({ limit: 100 });
    const first = items.find((link) => link.title === 'T0')!;
    expect((await request(t.app).delete(`/api/shortlinks/${first.id}`).set(t.auth)).status).toBe(204);
    expect(await summary()).toMatchObject({ totalLinks: 11, createdToday: 10 });

    // The next UTC day (and a token of that day: the first one has expired by then).
    const tomorrow = '2025-03-16T00:00:00.000Z';
    t.setNow(tomorrow);
    const next = await request(t.app)
      .get('/api/shortlinks/summary')
      .set({ Authorization: `Bearer ${adminToken(tomorrow)}` });
    expect(next.body).toMatchObject({ totalLinks: 11, createdToday: 0 });
  });

  it('counts the links created per UTC day as a recount does, through inserts, imports and deletes', async () => {
    const days = ['2024-12-31', '2025-01-01', '2025-01-02'];
    const op = fc.oneof(
      fc.record({ kind: fc.constant('insert' as const), day: fc.constantFrom(...days), last: fc.boolean() }),
      fc.record({ kind: fc.constant('import' as const), days: fc.array(fc.constantFrom(...days), { maxLength: 4 }) }),
      fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), async (ops) => {
        const test = await openTestStorage(engine);
        try {
          const ids: number[] = [];
          // The day's first or last millisecond: the count follows the UTC day, not the time.
          const at = (day: string, last: boolean) => `${day}T${last ? '23:59:59.999' : '00:00:00.000'}Z`;
          for (const step of ops) {
            if (step.kind === 'insert') {
              const link = await test.db.shortlinks.insert(newLink({ createdAt: at(step.day, step.last) }));
              ids.push(link!.id);
            } else if (step.kind === 'import') {
              const links = step.days.map((day, i) => newLink({ createdAt: at(day, i % 2 === 0) }));
              expect(await test.db.shortlinks.insertAll(links)).toBeNull();
              const stored = await test.storage.db
                .selectFrom('shortlinks')
                .select('id')
                .where('short_code', 'in', links.length > 0 ? links.map((link) => link.shortCode) : [''])
                .execute();
              ids.push(...stored.map((row) => row.id));
            } else if (ids.length > 0) {
              const [id] = ids.splice(step.pick % ids.length, 1);
              expect(await test.db.shortlinks.delete(id!)).toBe(true);
            }
          }
          const recount = await test.storage.db
            .selectFrom('shortlinks')
            .select((eb) => [sql<string>`substr(created_at, 1, 10)`.as('day'), eb.fn.countAll<number>().as('links')])
            .where('import_pending', 'is', null)
            .groupBy(sql`substr(created_at, 1, 10)`)
            .execute();
          const expected = Object.fromEntries(recount.map((row) => [row.day, Number(row.links)]));
          for (const day of days) {
            const next = days[days.indexOf(day) + 1] ?? '2025-01-03';
            const { createdBetween } = await test.db.shortlinks.totals({ from: day, to: next });
            expect({ day, createdBetween }).toEqual({ day, createdBetween: expected[day] ?? 0 });
          }
          const all = await test.db.shortlinks.totals({ from: '2000', to: '3000' });
          expect(all.createdBetween).toBe(ids.length);
          expect(all.totalLinks).toBe(ids.length);
        } finally {
          await test.close();
        }
      }),
      { numRuns: engine === 'sqlite' ? 25 : 5 },
    );
  }, 120_000);

  const LIMIT = 'limit must be a whole number from 1 to 100';
  it.each<[string, Record<string, string>, string]>([
    ['limit 0', { limit: '0' }, LIMIT],
    ['limit 101', { limit: '101' }, LIMIT],
    ['limit abc', { limit: 'abc' }, LIMIT],
    ['limit 1.5', { limit: '1.5' }, LIMIT],
    ['a cursor with other characters', { cursor: 'abc$' }, 'Invalid cursor'],
    ['a cursor that decodes to nothing', { cursor: 'AAAA' }, 'Invalid cursor'],
    [
      'a cursor of JSON that is no position',
      { cursor: Buffer.from('{"a":1}').toString('base64url') },
      'Invalid cursor',
    ],
    [
      'a cursor with a negative id',
      { cursor: Buffer.from('["newest","x",-1]').toString('base64url') },
      'Invalid cursor',
    ],
    [
      'a cursor of another sort',
      { sort: 'clicks', cursor: Buffer.from('["newest","2025-01-01",1]').toString('base64url') },
      'Invalid cursor',
    ],
    ['a very long cursor', { cursor: 'A'.repeat(1501) }, 'Invalid cursor'],
    ['a sort that is not listed', { sort: 'created_at desc' }, 'sort must be one of newest, clicks, title'],
    ['a long search', { q: 'x'.repeat(201) }, 'Search text must be at most 200 characters'],
    ['a long tag', { tag: 'x'.repeat(51) }, 'A tag is at most 50 characters'],
  ])('answers 400 for %s', async (_label, query, error) => {
    const t = await setup(engine);
    const res = await t.get('/api/shortlinks', query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error, code: 'VALIDATION' });
  });

  it('answers 400 for a repeated query parameter and a bad analytics range or export format', async () => {
    const t = await setup(engine);
    expect((await request(t.app).get('/api/shortlinks?limit=1&limit=2').set(t.auth)).status).toBe(400);
    expect((await t.get('/api/shortlinks/1/analytics', { range: 'week' })).status).toBe(400);
    expect((await t.get('/api/shortlinks/export', { format: 'xml' })).body).toEqual({
      error: 'format must be one of json, csv',
      code: 'VALIDATION',
    });
    expect((await t.get('/api/shortlinks/abc/analytics')).status).toBe(400);
    expect((await t.get('/api/shortlinks/99/analytics')).body).toEqual({
      error: 'Shortlink not found',
      code: 'SHORTLINK_NOT_FOUND',
    });
  });

  it('pages a common and a rare tag by clicks and by title in full order, whichever way SQLite reads them', async () => {
    const t = await setup(engine);
    // 1,000 links, each with its own click count and title (no ties). "common" is on 1 link in 5,
    // whose pages SQLite reads by walking the sort's index; "rare" is on 4 (below 1 in 200), read
    // as its few rows, sorted. Both must page exactly like sorting the tagged links here.
    const links = Array.from({ length: 1000 }, (_, i) =>
      newLink({
        clickCount: (i * 7919) % 1000,
        title: `${i % 2 ? 'item' : 'Item'} ${String((i * 631) % 1000).padStart(4, '0')}`,
        tags: [...(i % 5 === 0 ? ['common'] : []), ...([13, 400, 555, 998].includes(i) ? ['rare'] : [])],
      }),
    );
    await insertAll(t, links);

    // Every list statement that reads tagged links, explained with the parameters it ran with.
    const plans = recordPlans(
      t.storage,
      (source) => /from "shortlinks" as "s"/i.test(source) && source.includes('shortlink_tags'),
    );

    for (const tag of ['common', 'rare']) {
      const tagged = links.filter((link) => link.tags.includes(tag));
      const byClicks = await t.allPages({ tag, sort: 'clicks', limit: 7 });
      expect(byClicks.map((link) => link.shortCode)).toEqual(
        [...tagged].sort((a, b) => b.clickCount - a.clickCount).map((link) => link.shortCode),
      );
      const byTitle = await t.allPages({ tag, sort: 'title', limit: 7 });
      expect(byTitle.map((link) => link.shortCode)).toEqual(
        [...tagged]
          .sort((a, b) => (a.title.toLowerCase() < b.title.toLowerCase() ? -1 : 1))
          .map((link) => link.shortCode),
      );
      expect((await t.page({ tag, sort: 'clicks', limit: 7 })).total).toBe(tagged.length);
      if (t.storage.sqlite) {
        const seen = plans.splice(0);
        // A walk reads the sort index from its start (SCAN) or from the cursor on (SEARCH … <, >).
        const walks = seen.map((plan) =>
          /(SCAN|SEARCH) s USING (COVERING )?INDEX shortlinks_(clicks|title)/.test(plan),
        );
        expect(walks.length).toBeGreaterThan(0);
        expect({ tag, walks, seen }).toEqual({ tag, walks: walks.map(() => tag === 'common'), seen });
      }
    }
  });
});

/** The order the API promises, computed here from plain data. */
function orderOf(sort: ShortlinkSort, links: { id: number; createdAt: string; clickCount: number; title: string }[]) {
  const sorted = [...links].sort((a, b) => {
    if (sort === 'newest') return b.createdAt.localeCompare(a.createdAt) || b.id - a.id;
    if (sort === 'clicks') return b.clickCount - a.clickCount || b.id - a.id;
    const ta = a.title.toLowerCase();
    const tb = b.title.toLowerCase();
    return (ta < tb ? -1 : ta > tb ? 1 : 0) || a.id - b.id;
  });
  return sorted.map((link) => link.id);
}

function withIdOf(link: NewShortlink, seen: Shortlink[]) {
  const found = seen.find((item) => item.shortCode === link.shortCode);
  if (!found) throw new Error(`${link.shortCode} was not listed`);
  return found;
}

const DAYS = ['2025-03-10', '2025-03-11', '2025-03-13', '2025-03-14', '2025-03-15'];
const arbClick = fc.record({
  link: fc.nat({ max: 5 }),
  day: fc.constantFrom(...DAYS),
  second: fc.nat({ max: 86_399 }),
  referrerHost: fc.constantFrom(null, 'news.example', 't.co', 'www.google.com'),
  country: fc.constantFrom(null, 'DE', 'US', 'FR'),
  device: fc.constantFrom<DeviceClass>('desktop', 'mobile', 'tablet'),
});

/**
 * The aggregates as stored, and the same figures counted again from the raw clicks: per day for all
 * links (link 0) and per link, and the all-time totals (link -1, no day).
 */
async function aggregatesAndRecount(test: TestStorage) {
  const { db } = test.storage;
  const stored = await sql<{ link: number; dimension: string; day: string; value: string; clicks: number }>`
    SELECT 0 AS link, dimension, day, value, clicks FROM click_daily_stats WHERE clicks > 0
    UNION ALL SELECT shortlink_id, dimension, day, value, clicks FROM shortlink_daily_stats WHERE clicks > 0
    UNION ALL SELECT -1, dimension, '', value, clicks FROM click_value_totals WHERE clicks > 0
    ORDER BY 1, 2, 3, 4`.execute(db);
  const recount = await sql<{ link: number; dimension: string; day: string; value: string; clicks: number }>`
    WITH raw AS (
      SELECT shortlink_id, substr(clicked_at, 1, 10) AS day, coalesce(referrer_host, '') AS referrer,
             coalesce(country, '') AS country, device FROM shortlink_clicks)
    SELECT 0 AS link, 'referrer' AS dimension, day, referrer AS value, count(*) AS clicks FROM raw GROUP BY day, referrer
    UNION ALL SELECT 0, 'country', day, country, count(*) FROM raw GROUP BY day, country
    UNION ALL SELECT 0, 'device', day, device, count(*) FROM raw GROUP BY day, device
    UNION ALL SELECT shortlink_id, 'referrer', day, referrer, count(*) FROM raw GROUP BY shortlink_id, day, referrer
    UNION ALL SELECT shortlink_id, 'country', day, country, count(*) FROM raw GROUP BY shortlink_id, day, country
    UNION ALL SELECT shortlink_id, 'device', day, device, count(*) FROM raw GROUP BY shortlink_id, day, device
    UNION ALL SELECT -1, 'referrer', '', referrer, count(*) FROM raw GROUP BY referrer
    UNION ALL SELECT -1, 'country', '', country, count(*) FROM raw GROUP BY country
    UNION ALL SELECT -1, 'device', '', device, count(*) FROM raw GROUP BY device
    ORDER BY 1, 2, 3, 4`.execute(db);
  const totals = await sql<{ links: number; clicks: number; counted_links: number; counted_clicks: number }>`
    SELECT t.links, t.clicks, (SELECT count(*) FROM shortlinks) AS counted_links,
           (SELECT coalesce(sum(click_count), 0) FROM shortlinks) AS counted_clicks
    FROM shortlink_totals t`.execute(db);
  const numbers = <T extends { clicks: number | string; link: number | string }>(rows: T[]) =>
    rows.map((row) => ({ ...row, link: Number(row.link), clicks: Number(row.clicks) }));
  const total = totals.rows[0]!;
  return {
    stored: numbers(stored.rows),
    recount: numbers(recount.rows),
    totals: [Number(total.links), Number(total.clicks)],
    countedTotals: [Number(total.counted_links), Number(total.counted_clicks)],
  };
}

describe.each(ENGINES)('a broad search on %s', (engine) => {
  /** Every page of a search read straight from `repo`, `limit` at a time, with each total met. */
  const pagesOf = async (repo: ShortlinksRepo, query: { sort: ShortlinkSort; q: string; tag?: string }, limit = 7) => {
    const codes: string[] = [];
    const totals = new Set<string>();
    let after: ShortlinkPosition | undefined;
    for (;;) {
      const page = await repo.page({ ...query, limit, after });
      totals.add(`${page.total}${page.totalCapped ? '+' : ''}`);
      codes.push(...page.items.map((item) => item.shortCode));
      const last = page.items.at(-1);
      if (page.items.length < limit || !last) return { codes, totals: [...totals] };
      after =
        query.sort === 'newest'
          ? { sort: 'newest', createdAt: last.createdAt, id: last.id }
          : query.sort === 'clicks'
            ? { sort: 'clicks', clicks: last.clickCount, id: last.id }
            : { sort: 'title', title: last.title, id: last.id };
    }
  };

  it('counts links, not entries: exact below the cap, capped above it, however many entries a link has', async () => {
    const t = await setup(engine);
    // 12 links with six terms each starting "zq": code, title, target and three tags. In term
    // order a link's entries lie together, so the first entries of the range hold few links.
    const links = Array.from({ length: 12 }, (_, index) => {
      const i = index + 10;
      return newLink({
        shortCode: `zq${i}c`,
        title: `zq${i}t`,
        targetUrl: `https://zq${i}u.example/`,
        tags: [`zq${i}a`, `zq${i}b`, `zq${i}d`],
      });
    });
    await insertAll(t, links);
    const dialect = dialectFor(t.storage.engine);
    const totalWith = async (countCap: number) => {
      const repo = createShortlinksRepo(t.storage.db, dialect, t.storage.reader, { broadTerms: 20, countCap });
      const page = await repo.page({ sort: 'newest', q: 'zq', limit: 5 });
      expect(page.items).toHaveLength(5);
      return `${page.total}${page.totalCapped ? '+' : ''}`;
    };
    expect((await t.db.shortlinks.page({ sort: 'newest', q: 'zq', limit: 5 })).total).toBe(12);
    // PostgreSQL counts in windows of entries (twice the cap, then wider): with a cap of 20 the
    // first window (42 entries) holds 7 links, the next the whole range (72 entries).
    expect(await totalWith(20)).toBe('12');
    expect(await totalWith(12)).toBe('12');
    expect(await totalWith(11)).toBe('11+');
    expect(await totalWith(5)).toBe('5+');
  });

  // Sixty links written one by one and paged in every sort: about 5 s on PostgreSQL when the
  // machine is busy, past vitest's default limit, so it gets more (a limit, not a speed check).
  it(
    'pages like a narrow one in every sort, and counts its links only up to the cap',
    { timeout: 30_000 },
    async () => {
      const t = await setup(engine);
      // 60 links titled "Bulk …" (one search term each starts with "bulk"), 40 of them tagged "even";
      // 5 "Rare …" links among them; creation times, clicks and titles in different orders, with ties.
      const rare = (i: number) => i % 13 === 5;
      let bulk = 0;
      const links = Array.from({ length: 65 }, (_, i) => {
        const n = rare(i) ? -1 : bulk++;
        return newLink({
          shortCode: `bs${i}`,
          title: rare(i) ? `Rare ${i}` : `${n % 2 ? 'bulk' : 'Bulk'} ${String((n * 37) % 60).padStart(2, '0')}`,
          clickCount: (i * 13) % 9,
          createdAt: `2025-03-${String(1 + (i % 7)).padStart(2, '0')}T00:00:00.000Z`,
          tags: !rare(i) && n < 40 ? ['even'] : [],
        });
      });
      // 25 "Aged …" links, the oldest and least clicked: a broad prefix whose links lie at the far end
      // of the newest and clicks orders, past a short walk.
      const aged = Array.from({ length: 25 }, (_, i) =>
        newLink({ shortCode: `ag${i}`, title: `Aged ${i}`, clickCount: 0, createdAt: '2024-01-01T00:00:00.000Z' }),
      );
      await insertAll(t, [...aged, ...links]);
      const dialect = dialectFor(t.storage.engine);
      // The same data read as a broad search (20 entries or more) with a cap of 30, and as the server
      // reads any search of a few dozen links (narrow).
      const broad = createShortlinksRepo(t.storage.db, dialect, t.storage.reader, { broadTerms: 20, countCap: 30 });
      const uncapped = createShortlinksRepo(t.storage.db, dialect, t.storage.reader, { broadTerms: 20, countCap: 100 });
      const narrow = t.db.shortlinks;
      // Walks of 10 links: most pages are found further on, and read by id and sorted after all, or
      // (a prefix of 40 terms or more: "bulk") found by walking on.
      const shortWalk = createShortlinksRepo(t.storage.db, dialect, t.storage.reader, {
        broadTerms: 20,
        countCap: 30,
        walkBudget: 10,
      });
      const walkOn = createShortlinksRepo(t.storage.db, dialect, t.storage.reader, {
        broadTerms: 20,
        countCap: 30,
        walkBudget: 10,
        denseTerms: 40,
      });
      // Newest first, the short walks above go on by creation day and read each day's few matches by
      // id; here a day with 3 of the prefix's terms or more is walked instead.
      const dayWalk = createShortlinksRepo(t.storage.db, dialect, t.storage.reader, {
        broadTerms: 20,
        countCap: 30,
        walkBudget: 10,
        daySortTerms: 3,
      });
      // And here every search of 3 terms or more goes by day (not only broad ones), in batches of as
      // many days as a page has links (several, where the tag filter leaves links out).
      const narrowByDay = createShortlinksRepo(t.storage.db, dialect, t.storage.reader, {
        broadTerms: 20,
        countCap: 30,
        walkBudget: 10,
        daySortTerms: 3,
        newestSortTerms: 3,
      });

      for (const sort of SHORTLINK_SORTS) {
        for (const query of [
          { sort, q: 'bulk' },
          { sort, q: 'BULK 1' },
          { sort, q: 'bulk', tag: 'even' },
          { sort, q: 'aged' },
        ]) {
          const expected = await pagesOf(narrow, query);
          expect(expected.totals).toEqual([String(expected.codes.length)]);
          for (const repo of [broad, shortWalk, walkOn, dayWalk, narrowByDay]) {
            const read = await pagesOf(repo, query);
            expect({ query, codes: read.codes }).toEqual({ query, codes: expected.codes });
          }
        }
        expect((await pagesOf(broad, { sort, q: 'bulk' })).totals).toEqual(['30+']);
        expect((await pagesOf(broad, { sort, q: 'bulk', tag: 'even' })).totals).toEqual(['30+']);
        expect((await pagesOf(uncapped, { sort, q: 'bulk' })).totals).toEqual(['60']);
        expect((await pagesOf(uncapped, { sort, q: 'bulk', tag: 'even' })).totals).toEqual(['40']);
        // "bulk 1" starts 10 titles' terms: below 20, a narrow search, counted exactly.
        expect((await pagesOf(broad, { sort, q: 'bulk 1' })).totals).toEqual(['10']);
        expect((await pagesOf(broad, { sort, q: 'rare' })).totals).toEqual(['5']);
      }

      // The list answers the cap as the page shows it: "30+".
      const app = createApp({
        config: testConfig(),
        db: { ...t.db, shortlinks: broad },
        logger: silentLogger,
        credentials: { passwordHash: 'unused', jwtSecret: JWT_SECRET },
        clock: () => new Date(NOW),
        geo,
      });
      const res = await request(app).get('/api/shortlinks').query({ q: 'bulk', limit: 10 }).set(t.auth);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ total: 30, totalCapped: true });
      expect((res.body as ShortlinkPage).items).toHaveLength(10);
      const rareList = await request(app).get('/api/shortlinks').query({ q: 'rare' }).set(t.auth);
      expect(rareList.body).toMatchObject({ total: 5 });
      expect(rareList.body).not.toHaveProperty('totalCapped');
    },
  );
});

describe.each(ENGINES)('a broad search sorted newest first on %s', (engine) => {
  it('goes on day by day behind newer links that do not match, reading only the days that hold it', async () => {
    const t = await setup(engine);
    const day = (date: string, count: number, title: string, code: string) =>
      Array.from({ length: count }, (_, i) =>
        newLink({
          shortCode: `${code}${i}`,
          title: `${title} ${i}`,
          // Several links per second, and the day's first and last milliseconds: the day's bounds.
          createdAt:
            i === 0 ? `${date}T00:00:00.000Z` : i === 1 ? `${date}T23:59:59.999Z` : `${date}T12:00:0${i % 3}.000Z`,
        }),
      );
    await insertAll(t, [
      ...day('2024-06-01', 30, 'Old many', 'om'),
      ...day('2024-12-31', 8, 'Old few', 'of'),
      ...day('2025-01-05', 5, 'Old last', 'ol'),
      ...day('2025-02-01', 40, 'Other', 'ot'),
      ...day('2025-03-10', 100, 'Newer', 'na'),
      ...day('2025-03-11', 100, 'Newer', 'nb'),
    ]);
    const dialect = dialectFor(t.storage.engine);
    // The statements that find days (the recursive one), count or read a day's matches by the day,
    // and walk a day's stretch of the newest index (bounded by the day's first and last times).
    const plans = recordPlans(
      t.storage,
      (source) =>
        source.includes('WITH RECURSIVE days') ||
        source.includes('"created_day" in (') ||
        source.includes('"s"."created_at" < ?'),
    );
    // "old" is broad here (20 terms or more), and a walk of 10 links finds none of it.
    const repo = createShortlinksRepo(t.storage.db, dialect, t.storage.reader, {
      broadTerms: 20,
      walkBudget: 10,
      daySortTerms: 10,
    });
    const codes = async (read: ShortlinksRepo, q: string, limit: number) => {
      const found: string[] = [];
      let after: ShortlinkPosition | undefined;
      for (;;) {
        const page = await read.page({ sort: 'newest', q, limit, after });
        found.push(...page.items.map((item) => item.shortCode));
        const last = page.items.at(-1);
        if (page.items.length < limit || !last) return found;
        after = { sort: 'newest', createdAt: last.createdAt, id: last.id };
      }
    };
    for (const limit of [4, 7, 25, 50]) {
      expect(await codes(repo, 'old', limit)).toEqual(await codes(t.db.shortlinks, 'old', limit));
    }
    expect(await codes(repo, 'old', 50)).toHaveLength(43);
    expect((await codes(repo, 'old many', 7)).slice(0, 2)).toEqual(['om1', 'om29']);
    expect((await codes(repo, 'old', 7)).slice(0, 7)).toEqual(['ol1', 'ol2', 'ol4', 'ol3', 'ol0', 'of1', 'of5']);

    if (engine === 'sqlite') {
      // Days are found by the (created_day, term) index; a day of 8 or 5 matches is read by id from
      // it, the day of 30 is walked within its own stretch of the newest index.
      expect(
        plans.some((plan) =>
          /shortlink_search USING COVERING INDEX shortlink_search_day \(created_day<\?\)/.test(plan),
        ),
      ).toBe(true);
      expect(
        plans.some((plan) =>
          /SEARCH shortlink_search USING COVERING INDEX shortlink_search_day \(created_day=\? AND term>\? AND term<\?\)/.test(
            plan,
          ),
        ),
      ).toBe(true);
      expect(
        plans.some((plan) => /SEARCH s USING INDEX shortlinks_newest \(created_at>\? AND created_at<\?\)/.test(plan)),
      ).toBe(true);
    }
  });
});

describe.runIf(ENGINES.includes('postgres'))('searches read by id on PostgreSQL', () => {
  it('read the matches by id and sort them, not the newest index walked with a probe per link', async () => {
    const t = await openTestStorage('postgres');
    opened.push(t);
    // 20,000 links, the newest 5,000 without the prefix "site77"; of the older ones 1 in 100 has it
    // (150 links). Walking the newest index from the front crosses 5,000 links before the first.
    await sql
      .raw(
        `INSERT INTO shortlinks (short_code, target_url, title, tags, created_at)
         SELECT 'p' || i, CASE WHEN i <= 15000 THEN 'https://site' || (i % 100) || '.example/' || i
                               ELSE 'https://other.example/' || i END,
                'Link ' || i, '[]', to_char(timestamp '2025-01-01' + i * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
         FROM generate_series(1, 20000) AS i;
         ${searchTermsSql('TRUE', 'TRUE')};
         ANALYZE`,
      )
      .execute(t.storage.db);
    const compiled: CompiledQuery[] = [];
    const executor = t.storage.db.getExecutor();
    const record: KyselyPlugin = {
      transformQuery: ({ node, queryId }) => {
        compiled.push(executor.compileQuery(node, queryId));
        return node;
      },
      transformResult: ({ result }) => Promise.resolve(result),
    };
    const db = t.storage.db.withPlugin(record);
    const repo = createShortlinksRepo(db, dialectFor('postgres'), db);
    const page = await repo.page({ sort: 'newest', q: 'site77', limit: 25 });
    expect(page.items.map((item) => item.shortCode)).toEqual(
      Array.from({ length: 25 }, (_, i) => `p${15000 - 23 - i * 100}`),
    );
    const reads = compiled.filter((query) => /^select "s"\.\*/.test(query.sql));
    expect(reads).toHaveLength(1);
    const plan = await t.storage.db.executeQuery<{ 'QUERY PLAN': string }>(
      CompiledQuery.raw(`EXPLAIN ${reads[0]!.sql}`, [...reads[0]!.parameters]),
    );
    const text = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(text).toMatch(/Index Cond: \(id = ANY/);
    expect(text).not.toMatch(/shortlinks_newest/);
  });
});

describe('title pages on SQLite', () => {
  it('read a range of the title index after a cursor, not the index from its start', async () => {
    const t = await setup('sqlite');
    const links = Array.from({ length: 30 }, (_, i) => newLink({ title: `${i % 2 ? 't' : 'T'}${(i * 7) % 30}` }));
    await insertAll(t, links);
    const plans = recordPlans(t.storage, (source) => /order by "s"\."title" collate nocase/i.test(source));
    const titles = (await t.allPages({ sort: 'title', limit: 4 })).map((link) => link.title);
    expect(titles).toEqual(
      links.map((link) => link.title).sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()) || 0),
    );
    // The first page starts at the index's start; every later one at its cursor, found by a search.
    expect(plans.length).toBeGreaterThan(7);
    for (const plan of plans.slice(1)) expect(plan).toMatch(/SEARCH s USING INDEX shortlinks_title \(title>\?\)/);
  });
});

describe.each(ENGINES)('click aggregates on %s', (engine) => {
  it('equal a recount from the raw clicks after 1,000 random clicks across links and days, and a delete', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(arbClick, { minLength: 1000, maxLength: 1000 }),
        fc.nat({ max: 5 }),
        async (clicks, deleted) => {
          const test = await openTestStorage(engine);
          try {
            const links = Array.from({ length: 6 }, (_, i) => newLink({ clickCount: i }));
            await test.db.shortlinks.insertAll(links);
            // Concurrent in groups, as clicks arrive: the aggregates must not lose any.
            for (let start = 0; start < clicks.length; start += 50) {
              await Promise.all(
                clicks.slice(start, start + 50).map((click) => {
                  const record: ClickRecord = {
                    clickedAt: new Date(Date.parse(`${click.day}T00:00:00Z`) + click.second * 1000).toISOString(),
                    referrerHost: click.referrerHost,
                    country: click.country,
                    device: click.device,
                  };
                  return test.db.shortlinkClicks.countClick(links[click.link]!.shortCode, record);
                }),
              );
            }
            let result = await aggregatesAndRecount(test);
            expect(result.stored).toEqual(result.recount);
            expect(result.totals).toEqual(result.countedTotals);
            expect(result.totals).toEqual([6, 15 + 1000]);

            const page = await test.db.shortlinks.page({ sort: 'newest', limit: 10 });
            const victim = page.items.find((link) => link.shortCode === links[deleted]!.shortCode)!;
            expect(await test.db.shortlinks.delete(victim.id)).toBe(true);
            result = await aggregatesAndRecount(test);
            expect(result.stored).toEqual(result.recount);
            expect(result.totals).toEqual(result.countedTotals);
          } finally {
            await test.close();
          }
        },
      ),
      { numRuns: engine === 'sqlite' ? 3 : 1 },
    );
  }, 120_000);

  it.each(engine === 'sqlite' ? ['in memory', 'on a file'] : ['on its server'])(
    'are read back as a recount over 200 days (%s): sums per day and per value, ranked, zeros left out',
    async (where) => {
      // 200 days is seven of the month-long windows SQLite sums one at a time on the event loop (in
      // memory); a SQLite file's reader thread and PostgreSQL sum in one statement. All must answer
      // what counting the raw clicks here answers, in the same order.
      const test = await openTestStorage(engine, { file: where === 'on a file' });
      try {
        const links = Array.from({ length: 3 }, () => newLink());
        await test.db.shortlinks.insertAll(links);
        const hosts = [null, 'b.example', 'a.example', 'é.example', 'z.example', 'c.example'];
        const countries = [null, 'DE', 'US', 'FR'];
        const devices: DeviceClass[] = ['desktop', 'mobile', 'tablet'];
        const clicks = Array.from({ length: 900 }, (_, i) => ({
          link: i % 3,
          day: new Date(Date.parse('2024-06-01T00:00:00Z') + ((i * 37) % 200) * 86_400_000).toISOString().slice(0, 10),
          // Uneven on purpose: ties between hosts (broken by name) and the unknown host among them.
          referrerHost: hosts[(i * i) % hosts.length]!,
          country: countries[(i * 7) % countries.length]!,
          device: devices[(i * 5) % devices.length]!,
        }));
        for (const click of clicks) {
          await test.db.shortlinkClicks.countClick(links[click.link]!.shortCode, {
            clickedAt: `${click.day}T10:00:00.000Z`,
            referrerHost: click.referrerHost,
            country: click.country,
            device: click.device,
          });
        }
        // A deleted link's clicks are subtracted from the all-links sums (rows left at 0 drop out).
        const stored = await test.db.shortlinks.page({ sort: 'newest', limit: 10 });
        await test.db.shortlinks.delete(stored.items.find((link) => link.shortCode === links[2]!.shortCode)!.id);
        const kept = clicks.filter((click) => click.link !== 2);

        const count = <K extends string | null>(list: typeof clicks, key: (click: (typeof clicks)[number]) => K) => {
          const totals = new Map<K, number>();
          for (const click of list) totals.set(key(click), (totals.get(key(click)) ?? 0) + 1);
          return [...totals].map(([k, n]) => ({ key: k, clicks: n }));
        };
        const bytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));
        const byRank = <K extends string | null>(rows: { key: K; clicks: number }[]) =>
          rows.sort(
            (a, b) =>
              b.clicks - a.clicks || Number(a.key === null) - Number(b.key === null) || bytes(a.key ?? '', b.key ?? ''),
          );
        const byDay = (rows: { key: string; clicks: number }[]) => rows.sort((a, b) => bytes(a.key, b.key));

        const repo = test.db.shortlinkClicks;
        for (const [scope, list] of [
          [{ from: '2024-06-01' }, kept],
          // All time: the per-value sums come from the all-time totals, the days from the daily rows.
          [{ from: '2024-06-01', allTime: true }, kept],
          [{ from: '2024-09-15' }, kept.filter((click) => click.day >= '2024-09-15')],
          [
            { from: '2024-06-01', shortlinkId: stored.items.find((l) => l.shortCode === links[1]!.shortCode)!.id },
            kept.filter((c) => c.link === 1),
          ],
        ] as const) {
          expect(await repo.clicksPerDay(scope)).toEqual(byDay(count(list, (click) => click.day)));
          expect(await repo.topReferrers(scope, 4)).toEqual(
            byRank(count(list, (click) => click.referrerHost)).slice(0, 4),
          );
          expect(await repo.topCountries(scope, 10)).toEqual(byRank(count(list, (click) => click.country)));
          expect(await repo.devices(scope)).toEqual(byRank(count(list, (click) => click.device)));
        }
      } finally {
        await test.close();
      }
    },
    60_000,
  );

  it('stay exact when a link is deleted while clicks on it are being counted, and nothing fails', async () => {
    const test = await openTestStorage(engine);
    try {
      const links = [newLink({ shortCode: 'racer1' }), newLink({ shortCode: 'racer2' })];
      await test.db.shortlinks.insertAll(links);
      const { items } = await test.db.shortlinks.page({ sort: 'newest', limit: 10 });
      const victim = items.find((link) => link.shortCode === 'racer1')!;
      const click = (code: string, i: number) =>
        test.db.shortlinkClicks.countClick(code, {
          clickedAt: `2025-03-0${1 + (i % 3)}T10:00:00.000Z`,
          referrerHost: i % 2 ? 'ref.example' : null,
          country: i % 4 ? 'DE' : null,
          device: 'desktop',
        });
      // Clicks on both links before, during and after the delete: every promise settles without an
      // error (no deadlock between the delete's locks and a click batch's), and what stays adds up.
      const results = await Promise.allSettled([
        ...Array.from({ length: 40 }, (_, i) => click(i % 2 ? 'racer1' : 'racer2', i)),
        test.db.shortlinks.delete(victim.id),
        ...Array.from({ length: 40 }, (_, i) => click(i % 2 ? 'racer1' : 'racer2', i)),
      ]);
      expect(results.filter((result) => result.status === 'rejected')).toEqual([]);
      const result = await aggregatesAndRecount(test);
      expect(result.stored).toEqual(result.recount);
      expect(result.totals).toEqual(result.countedTotals);
      expect(result.totals).toEqual([1, 40]);
    } finally {
      await test.close();
    }
  });

  it('are kept when old raw clicks are pruned, and analytics do not change', async () => {
    const t = await setup(engine);
    await insertAll(t, [newLink({ shortCode: 'prune1' })]);
    const days = ['2024-12-01', '2025-01-20', '2025-03-01', '2025-03-15'];
    for (const [index, day] of days.entries()) {
      for (let i = 0; i <= index; i += 1) {
        await t.db.shortlinkClicks.countClick('prune1', {
          clickedAt: `${day}T0${i}:00:00.000Z`,
          referrerHost: i % 2 ? 'ref.example' : null,
          country: 'DE',
          device: 'desktop',
        });
      }
    }
    const { id } = (await t.page({})).items[0]!;
    const before = await Promise.all([
      t.get('/api/shortlinks/analytics', { range: 'all' }),
      t.get(`/api/shortlinks/${id}/analytics`, { range: 'all' }),
      t.get('/api/shortlinks/analytics', { range: '90d' }),
    ]);
    const stats = await aggregatesAndRecount(t);
    // Everything before 2025-02-01 goes: 1 + 2 raw rows, in batches of 2.
    expect(await t.db.shortlinkClicks.pruneBefore('2025-02-01T00:00:00.000Z', 2)).toBe(3);
    const raw = await sql<{ n: number }>`SELECT count(*) AS n FROM shortlink_clicks`.execute(t.storage.db);
    expect(Number(raw.rows[0]!.n)).toBe(7);
    expect((await aggregatesAndRecount(t)).stored).toEqual(stats.stored);
    const after = await Promise.all([
      t.get('/api/shortlinks/analytics', { range: 'all' }),
      t.get(`/api/shortlinks/${id}/analytics`, { range: 'all' }),
      t.get('/api/shortlinks/analytics', { range: '90d' }),
    ]);
    expect(after.map((res) => res.body)).toEqual(before.map((res) => res.body));
    expect(before[1]!.body).toMatchObject({
      range: 'all',
      totalClicks: 10,
      referrers: [
        { host: '(direct)', clicks: 6 },
        { host: 'ref.example', clicks: 4 },
      ],
      countries: [{ country: 'DE', clicks: 10 }],
      devices: [{ device: 'desktop', clicks: 10 }],
    });
    expect(before[1]!.body.clicksPerDay[0]).toEqual({ date: '2024-12-01', clicks: 1 });
    expect(before[1]!.body.clicksPerDay.at(-1)).toEqual({ date: '2025-03-15', clicks: 4 });
  });

  it('counts a page request only for a link that redirects at once', async () => {
    const t = await setup(engine);
    await insertAll(t, [newLink({ shortCode: 'prev11' }), newLink({ shortCode: 'dire11', redirectMode: 'direct' })]);
    const click: ClickRecord = { clickedAt: NOW, referrerHost: null, country: null, device: 'desktop' };
    expect(await t.db.shortlinkClicks.countClick('prev11', click, { onlyDirect: true })).toBeNull();
    expect(await t.db.shortlinkClicks.countClick('nope11', click, { onlyDirect: true })).toBeNull();
    expect(await t.db.shortlinkClicks.countClick('dire11', click, { onlyDirect: true })).toMatchObject({
      shortCode: 'dire11',
    });
    const result = await aggregatesAndRecount(t);
    expect(result.stored).toEqual(result.recount);
    expect(result.totals).toEqual([2, 1]);
    const counts = (await t.page({ sort: 'clicks' })).items.map((link) => [link.shortCode, link.clickCount]);
    expect(counts).toEqual([
      ['dire11', 1],
      ['prev11', 0],
    ]);
  });

  it('answers each click of one batch for itself: counted, unknown, not direct', async () => {
    const t = await setup(engine);
    await insertAll(t, [newLink({ shortCode: 'prev22' }), newLink({ shortCode: 'dire22', redirectMode: 'direct' })]);
    const click: ClickRecord = { clickedAt: NOW, referrerHost: null, country: null, device: 'desktop' };
    // Started together, so they are written as one batch.
    const answers = await Promise.all([
      t.db.shortlinkClicks.countClick('prev22', click, { onlyDirect: true }),
      t.db.shortlinkClicks.countClick('dire22', click, { onlyDirect: true }),
      t.db.shortlinkClicks.countClick('nope22', click),
      t.db.shortlinkClicks.countClick('prev22', click),
      t.db.shortlinkClicks.countClick('dire22', click),
    ]);
    expect(answers.map((link) => (link !== null && 'shortCode' in link ? link.shortCode : null))).toEqual([
      null,
      'dire22',
      null,
      'prev22',
      'dire22',
    ]);
    const counts = (await t.page({ sort: 'clicks' })).items.map((link) => [link.shortCode, link.clickCount]);
    expect(counts).toEqual([
      ['dire22', 2],
      ['prev22', 1],
    ]);
    const result = await aggregatesAndRecount(t);
    expect(result.stored).toEqual(result.recount);
    expect(result.totals).toEqual([2, 3]);
  });

  it('rejects every click of a batch that fails and writes none of them, then counts the next', async () => {
    const t = await setup(engine);
    await insertAll(t, [newLink({ shortCode: 'fail33' })]);
    const click: ClickRecord = { clickedAt: NOW, referrerHost: null, country: null, device: 'desktop' };
    // A device the table's CHECK refuses makes the batch's transaction fail.
    const bad = { ...click, device: 'toaster' as DeviceClass };
    const settled = await Promise.allSettled([
      t.db.shortlinkClicks.countClick('fail33', click),
      t.db.shortlinkClicks.countClick('fail33', bad),
      t.db.shortlinkClicks.countClick('fail33', click),
    ]);
    expect(settled.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected']);
    let result = await aggregatesAndRecount(t);
    expect(result.totals).toEqual([1, 0]);
    expect(result.stored.filter((row) => row.clicks > 0)).toEqual([]);
    expect(await t.db.shortlinkClicks.countClick('fail33', click)).toMatchObject({ shortCode: 'fail33' });
    result = await aggregatesAndRecount(t);
    expect(result.stored).toEqual(result.recount);
    expect(result.totals).toEqual([1, 1]);
  });

  it('serves one link’s analytics per range', async () => {
    const t = await setup(engine);
    await insertAll(t, [newLink({ shortCode: 'one111' }), newLink({ shortCode: 'two222' })]);
    for (const [code, day, device] of [
      ['one111', '2025-03-15', 'mobile'],
      ['one111', '2025-03-09', 'desktop'],
      ['one111', '2025-03-08', 'desktop'],
      ['two222', '2025-03-15', 'tablet'],
    ] as const) {
      await t.db.shortlinkClicks.countClick(code, {
        clickedAt: `${day}T10:00:00.000Z`,
        referrerHost: null,
        country: 'FR',
        device,
      });
    }
    const one = (await t.page({ q: 'one111' })).items[0]!;
    const week = await t.get(`/api/shortlinks/${one.id}/analytics`, { range: '7d' });
    expect(week.status).toBe(200);
    expect(week.body).toMatchObject({
      link: { shortCode: 'one111', clickCount: 3 },
      range: '7d',
      totalClicks: 2,
      devices: [
        { device: 'desktop', clicks: 1 },
        { device: 'mobile', clicks: 1 },
      ],
      countries: [{ country: 'FR', clicks: 2 }],
      referrers: [{ host: '(direct)', clicks: 2 }],
    });
    expect(week.body.clicksPerDay.map((day: { clicks: number }) => day.clicks)).toEqual([1, 0, 0, 0, 0, 0, 1]);
    const month = await t.get(`/api/shortlinks/${one.id}/analytics`);
    expect(month.body.range).toBe('30d');
    expect(month.body.clicksPerDay).toHaveLength(30);
    expect(month.body.totalClicks).toBe(3);
  });
});

describe.each(ENGINES)('export and import at scale on %s', (engine) => {
  it('round-trips 10,000 links through JSON, and exports the same rows as CSV', async () => {
    const t = await setup(engine);
    const rows: ShortlinkExportRow[] = Array.from({ length: 10_000 }, (_, i) => ({
      shortCode: `bulk${i}`,
      targetUrl: `https://example.com/${i}?a=1&b=2`,
      title: i % 100 === 0 ? `=cmd|' /C calc'!A${i}` : `Bulk "link", ${i}`,
      description: i % 2 ? 'line one\nline two' : '',
      metaImage: i % 3 ? '' : `https://img.example/${i}.png`,
      tags: i % 4 ? ['bulk', `t${i % 10}`] : [],
      clickCount: i % 17,
      createdAt: new Date(Date.parse('2024-01-01T00:00:00Z') + i * 1000).toISOString(),
      redirectMode: i % 5 ? 'preview' : 'direct',
      // Every seventh link carries rules, which the round trip keeps.
      ...withRuleDefaults(
        i % 7
          ? {}
          : {
              validFrom: '2024-01-01T00:00:00.000Z',
              validUntil: '2031-06-30T12:00:00.000Z',
              maxVisits: 100 + i,
              fallbackUrl: `https://fallback.example/${i}`,
              redirectStatus: 308,
            },
      ),
      folderId: null,
      archived: false,
      // The export names the importer (the Owner) as the maker of every imported link.
      createdBy: 'owner',
    }));
    const imported = await request(t.app).post('/api/shortlinks/import').set(t.auth).send(rows);
    expect(imported.body).toEqual({ imported: 10_000 });
    expect(imported.status).toBe(201);

    const exported = await t.get('/api/shortlinks/export');
    expect(exported.status).toBe(200);
    expect(exported.headers['content-disposition']).toContain('shortlinks.json');
    expect(exported.body).toEqual(rows);

    // A second, empty database takes the export back unchanged.
    const other = await setup(engine);
    expect((await request(other.app).post('/api/shortlinks/import').set(other.auth).send(exported.body)).status).toBe(
      201,
    );
    expect((await other.get('/api/shortlinks/export')).body).toEqual(rows);
    expect((await other.get('/api/shortlinks/summary')).body).toMatchObject({
      totalLinks: 10_000,
      totalClicks: rows.reduce((sum, row) => sum + row.clickCount, 0),
    });
    expect((await other.page({ tag: 't3' })).total).toBe(rows.filter((row) => row.tags.includes('t3')).length);

    const csv = await t.get('/api/shortlinks/export', { format: 'csv' });
    expect(csv.type).toBe('text/csv');
    const text = csv.text;
    expect(
      text.startsWith(
        'shortCode,targetUrl,title,description,metaImage,tags,clickCount,createdAt,redirectMode,' +
          'validFrom,validUntil,maxVisits,fallbackUrl,redirectStatus,createdBy\r\n',
      ),
    ).toBe(true);
    expect(text).toContain(`bulk0,https://example.com/0?a=1&b=2,'=cmd|' /C calc'!A0,,https://img.example/0.png,,0,`);
    expect(text).toContain(
      'bulk1,https://example.com/1?a=1&b=2,"Bulk ""link"", 1","line one\nline two",,"bulk, t1",1,',
    );
    expect(text.split('\r\n').filter((line) => line.startsWith('bulk'))).toHaveLength(10_000);
  }, 120_000);

  it('exports an empty collection as [] and as a CSV header alone', async () => {
    const t = await setup(engine);
    const json = await t.get('/api/shortlinks/export');
    expect(json.status).toBe(200);
    expect(json.body).toEqual([]);
    const csv = await t.get('/api/shortlinks/export', { format: 'csv' });
    expect(csv.headers['content-disposition']).toContain('shortlinks.csv');
    expect(csv.text).toBe(
      'shortCode,targetUrl,title,description,metaImage,tags,clickCount,createdAt,redirectMode,' +
        'validFrom,validUntil,maxVisits,fallbackUrl,redirectStatus,createdBy\r\n',
    );
  });

  it('exports the raw clicks oldest first, as JSON and as formula-safe CSV, to the admin only', async () => {
    const t = await setup(engine);
    await insertAll(t, [newLink({ shortCode: 'clk001' }), newLink({ shortCode: 'clk002' })]);
    // More than one read batch (1,000), so the keyset paging is crossed.
    const expected = Array.from({ length: 1_005 }, (_, i) => ({
      shortCode: i % 3 ? 'clk001' : 'clk002',
      clickedAt: new Date(Date.parse('2025-03-01T00:00:00Z') + i * 1000).toISOString(),
      referrerHost: i % 4 ? `ref${i % 7}.example` : null,
      country: i % 5 ? 'DE' : null,
      device: (['desktop', 'mobile', 'tablet'] as const)[i % 3]!,
    }));
    // A cell a spreadsheet would run as a formula, stored as it came.
    expected[1] = { ...expected[1]!, referrerHost: '=HYPERLINK("http://evil.example")' };
    for (const { shortCode, ...click } of expected) await t.db.shortlinkClicks.countClick(shortCode, click);

    const json = await t.get('/api/shortlinks/clicks/export');
    expect(json.status).toBe(200);
    expect(json.headers['content-disposition']).toContain('shortlink-clicks.json');
    // Clicks counted without a visitor (no daily salt given) are each their own first visit.
    expect(json.body).toEqual(expected.map((click) => ({ ...click, deduplicated: 1 })));

    const csv = await t.get('/api/shortlinks/clicks/export', { format: 'csv' });
    expect(csv.type).toBe('text/csv');
    expect(csv.headers['content-disposition']).toContain('shortlink-clicks.csv');
    const lines = csv.text.split('\r\n');
    expect(lines[0]).toBe('shortCode,clickedAt,referrerHost,country,device,deduplicated');
    expect(lines[1]).toBe('clk002,2025-03-01T00:00:00.000Z,,,desktop,1');
    expect(lines[2]).toBe(`clk001,2025-03-01T00:00:01.000Z,"'=HYPERLINK(""http://evil.example"")",DE,mobile,1`);
    expect(lines.filter((line) => line.startsWith('clk'))).toHaveLength(1_005);

    expect((await request(t.app).get('/api/shortlinks/clicks/export')).status).toBe(401);
    expect((await t.get('/api/shortlinks/clicks/export', { format: 'xml' })).body).toEqual({
      error: 'format must be one of json, csv',
      code: 'VALIDATION',
    });
  }, 120_000);

  it('inserts none of 10,000 rows when the last code is taken', async () => {
    const t = await setup(engine);
    await insertAll(t, [newLink({ shortCode: 'taken1' })]);
    const rows = Array.from({ length: 10_000 }, (_, i) => ({
      title: `R${i}`,
      targetUrl: 'https://example.com/',
      ...(i === 9_999 ? { shortCode: 'taken1' } : {}),
    }));
    const res = await request(t.app).post('/api/shortlinks/import').set(t.auth).send(rows);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: 'Row 10000: Short code already exists', code: 'SHORT_CODE_TAKEN' });
    expect((await t.page({})).total).toBe(1);
    expect((await t.get('/api/shortlinks/summary')).body.totalLinks).toBe(1);
  }, 60_000);
});

describe('CSV cells', () => {
  it.each<[string | number, string]>([
    ['', ''],
    ['plain', 'plain'],
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['mid=dle', 'mid=dle'],
    [42, '42'],
    [0, '0'],
  ])('%j → %j', (value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });
});

describe('cursors', () => {
  it('name their sort and the last link’s key', () => {
    const link = { id: 7, createdAt: '2025-01-01T00:00:00.000Z', clickCount: 3, title: 'Ünïcode ✓' } as Shortlink;
    for (const [sort, key] of [
      ['newest', link.createdAt],
      ['clicks', 3],
      ['title', link.title],
    ] as const) {
      const cursor = encodeCursor(sort, link);
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(JSON.parse(Buffer.from(cursor, 'base64url').toString())).toEqual([sort, key, 7]);
    }
  });
});

describe('startClickRetention', () => {
  it('prunes at start, then daily, with the cut-off its clock gives', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const cutoffs: string[] = [];
      const clicks = {
        pruneBefore: (before: string) => {
          cutoffs.push(before);
          return Promise.resolve(cutoffs.length === 1 ? 5 : 0);
        },
      } as unknown as ShortlinkClicksRepo;
      let now = Date.parse('2025-03-15T12:00:00.000Z');
      const logs: string[] = [];
      const logger = { ...silentLogger, info: (message: string) => void logs.push(message) };
      const stop = startClickRetention({ clicks, days: 30, clock: () => new Date(now), logger });
      await Promise.resolve();
      expect(cutoffs).toEqual(['2025-02-13T12:00:00.000Z']);
      now += 86_400_000;
      await vi.advanceTimersByTimeAsync(86_400_000);
      expect(cutoffs).toEqual(['2025-02-13T12:00:00.000Z', '2025-02-14T12:00:00.000Z']);
      expect(logs).toEqual(['Deleted 5 raw clicks older than 30 days (aggregates kept)']);
      stop();
      await vi.advanceTimersByTimeAsync(86_400_000);
      expect(cutoffs).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
