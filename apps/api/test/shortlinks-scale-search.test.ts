// How searches and pages are read at scale on both engines: broad searches and their capped counts,
// day by day for the newest first, reads by id on PostgreSQL, and title pages by the index.
import { CompiledQuery, sql, type KyselyPlugin } from 'kysely';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { SHORTLINK_SORTS, type ShortlinkPage, type ShortlinkSort } from '@toolvault/shared';
import { createApp } from '../src/app';
import { createShortlinksRepo, type ShortlinkPosition, type ShortlinksRepo } from '../src/db/shortlinks.repo';
import { dialectFor } from '../src/db/dialect';
import { searchTermsSql } from '../src/db/shortlink-index.sql';
import { silentLogger } from '../src/logger';
import { ENGINES, openTestStorage } from './engines';
import { JWT_SECRET, NO_GEO, testConfig } from './helpers';
import { databasePerTest, insertAll, newLink, NOW } from './shortlinks-scale-support';
import { recordPlans } from './sqlite-plans';

const { opened, setup } = databasePerTest();

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
        geo: NO_GEO,
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
