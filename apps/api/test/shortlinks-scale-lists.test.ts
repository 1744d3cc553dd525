// Shortlink lists on both engines: stable paging, search, tag filters, the summary and its per-day
// counts, the 400 answers to a bad query, and the cursors that pages are read by.
import fc from 'fast-check';
import { sql } from 'kysely';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Shortlink, ShortlinkSort, ShortlinkSummary } from '@toolvault/shared';
import type { NewShortlink } from '../src/db/shortlinks.repo';
import { encodeCursor } from '../src/services/shortlink-cursor';
import { ENGINES, openTestStorage } from './engines';
import { adminToken } from './helpers';
import { databasePerTest, insertAll, newLink, NOW } from './shortlinks-scale-support';
import { recordPlans } from './sqlite-plans';

const { setup } = databasePerTest();

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
