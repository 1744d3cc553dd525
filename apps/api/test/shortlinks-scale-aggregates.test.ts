// Click aggregates on both engines: the stored per-day and all-time sums always equal a recount of
// the raw clicks, through random clicks, deletes, pruning and failed batches; one link's analytics.
import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { DeviceClass } from '@toolvault/shared';
import type { ClickRecord } from '../src/db/shortlink-clicks.repo';
import { ENGINES, openTestStorage, type TestStorage } from './engines';
import { databasePerTest, insertAll, newLink, NOW } from './shortlinks-scale-support';

const { setup } = databasePerTest();

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
