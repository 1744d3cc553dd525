import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { QR_REFERRER } from '@toolvault/shared';
import type { Engine } from '../src/db';
import { visitFlags, visitPasses, visitorHash } from '../src/db/click-visitors';
import type { NewShortlink } from '../src/db/shortlinks.repo';
import { createShortlinkClickService, type Visit } from '../src/services/shortlink-click.service';
import { visitorHashCutoff } from '../src/services/retention.service';
import { ENGINES, openTestStorage, type TestStorage } from './engines';
import { NO_GEO } from './helpers';

/*
 * Deduplicated clicks (one per link, visitor and UTC hour) and unique visitors (one per link,
 * visitor and UTC day), from a scripted set of visitors on an injected clock, on each engine (and
 * on a SQLite file, whose clicks the writer thread counts).
 */

const UA = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0';

const opened: TestStorage[] = [];
afterEach(async () => {
  for (const test of opened.splice(0)) await test.close();
});

function link(shortCode: string): NewShortlink {
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
  };
}

const VARIANTS: { name: string; engine: Engine; file: boolean }[] = [
  ...ENGINES.map((engine) => ({ name: engine, engine, file: false })),
  { name: 'sqlite file (writer thread)', engine: 'sqlite', file: true },
];

async function setup(engine: Engine, file: boolean) {
  const test = await openTestStorage(engine, { file });
  opened.push(test);
  expect(await test.db.shortlinks.insertAll([link('alpha'), link('beta')])).toBeNull();
  let now = Date.parse('2026-03-10T10:00:00.000Z');
  let salts = 0;
  const service = createShortlinkClickService({
    shortlinks: test.db.shortlinks,
    clicks: test.db.shortlinkClicks,
    salts: test.db.clickSalts,
    geo: NO_GEO,
    clock: () => new Date(now),
    // A distinct salt per day asked for, so a test can tell them apart.
    random: (size) => Buffer.alloc(size, ++salts),
  });
  const visit = (clientIp: string, userAgent = UA, extra: Partial<Visit> = {}): Visit => ({
    clientIp,
    userAgent,
    referer: undefined,
    ownHosts: [],
    ...extra,
  });
  const linkId = async (code: string) =>
    (
      await test.storage.db
        .selectFrom('shortlinks')
        .select('id')
        .where('short_code', '=', code)
        .executeTakeFirstOrThrow()
    ).id;
  const linkDays = async (code: string) => {
    const id = await linkId(code);
    const rows = await test.storage.db
      .selectFrom('shortlink_daily_stats')
      .select([
        'day',
        sql<number>`sum(clicks)`.as('clicks'),
        sql<number>`sum(deduplicated)`.as('deduplicated'),
        sql<number>`sum(uniques)`.as('uniques'),
      ])
      .where('shortlink_id', '=', id)
      .where('dimension', '=', 'device')
      .groupBy('day')
      .orderBy('day')
      .execute();
    return rows.map((row) => ({
      day: row.day,
      clicks: Number(row.clicks),
      deduplicated: Number(row.deduplicated),
      uniques: Number(row.uniques),
    }));
  };
  const allDays = async () =>
    (
      await test.storage.db
        .selectFrom('click_daily_stats')
        .select(['day', 'clicks', 'deduplicated', 'uniques'])
        .where('dimension', '=', 'device')
        .orderBy('day')
        .execute()
    ).map((row) => ({
      day: row.day,
      clicks: Number(row.clicks),
      deduplicated: Number(row.deduplicated),
      uniques: Number(row.uniques),
    }));
  return {
    test,
    service,
    visit,
    linkDays,
    allDays,
    linkId,
    at: (iso: string) => (now = Date.parse(iso)),
  };
}

describe.each(VARIANTS)('visitor counts: $name', { timeout: 30_000 }, ({ engine, file }) => {
  it('counts 500 clicks of one address and agent in an hour as 500 raw, 1 deduplicated, 1 unique', async () => {
    const { service, visit, linkDays, allDays, at, test } = await setup(engine, file);
    at('2026-03-10T10:00:00.000Z');
    // Concurrent: they form several batches, and a batch holds the same visitor many times.
    await Promise.all(Array.from({ length: 500 }, () => service.openDirect('alpha', visit('203.0.113.9'))));
    const expected = [{ day: '2026-03-10', clicks: 500, deduplicated: 1, uniques: 1 }];
    expect(await linkDays('alpha')).toEqual(expected);
    expect(await allDays()).toEqual(expected);
    const flags = await test.storage.db
      .selectFrom('shortlink_clicks')
      .select([
        sql<number>`sum(deduplicated)`.as('d'),
        sql<number>`sum(unique_visitor)`.as('u'),
        sql<number>`count(*)`.as('n'),
      ])
      .executeTakeFirstOrThrow();
    expect([Number(flags.n), Number(flags.d), Number(flags.u)]).toEqual([500, 1, 1]);
    // The first click carries the flags: the CSV export shows which row was counted.
    const first = await test.storage.db
      .selectFrom('shortlink_clicks')
      .select(['deduplicated', 'unique_visitor'])
      .orderBy('id')
      .limit(1)
      .executeTakeFirstOrThrow();
    expect([Number(first.deduplicated), Number(first.unique_visitor)]).toEqual([1, 1]);
  });

  it('counts a scripted set of visitors per hour and per day, per link', async () => {
    const { service, visit, linkDays, at } = await setup(engine, file);
    const script: [string, string, string, string?][] = [
      // time, link, address, agent
      ['2026-03-10T10:00:00.000Z', 'alpha', '203.0.113.1'],
      ['2026-03-10T10:59:59.999Z', 'alpha', '203.0.113.1'], // same hour: a repeat
      ['2026-03-10T11:00:00.000Z', 'alpha', '203.0.113.1'], // next hour: deduplicated, not unique
      ['2026-03-10T11:05:00.000Z', 'alpha', '203.0.113.1', 'curl/8.0'], // another agent: another visitor
      ['2026-03-10T11:06:00.000Z', 'alpha', '203.0.113.2'], // another address
      ['2026-03-10T11:07:00.000Z', 'beta', '203.0.113.1'], // another link: its own visitor
      ['2026-03-11T00:00:00.000Z', 'alpha', '203.0.113.1'], // next day: unique again
      ['2026-03-11T00:30:00.000Z', 'alpha', '203.0.113.1'],
    ];
    for (const [time, code, address, agent] of script) {
      at(time);
      expect(await service.openDirect(code, visit(address, agent))).not.toBeNull();
    }
    expect(await linkDays('alpha')).toEqual([
      { day: '2026-03-10', clicks: 5, deduplicated: 4, uniques: 3 },
      { day: '2026-03-11', clicks: 2, deduplicated: 1, uniques: 1 },
    ]);
    expect(await linkDays('beta')).toEqual([{ day: '2026-03-10', clicks: 1, deduplicated: 1, uniques: 1 }]);
  });

  it('keeps one salt per day shared by every process, and no address anywhere', async () => {
    const { test, service, visit, at, linkId } = await setup(engine, file);
    // Two processes asking for the same new day at once with different candidates: one salt wins.
    const [a, b] = await Promise.all([
      test.db.clickSalts.saltFor('2026-03-09', 'first'),
      test.db.clickSalts.saltFor('2026-03-09', 'second'),
    ]);
    expect(a).toBe(b);
    expect(['first', 'second']).toContain(a);
    at('2026-03-10T10:00:00.000Z');
    await service.openDirect('alpha', visit('198.51.100.77'));
    at('2026-03-11T10:00:00.000Z');
    await service.openDirect('alpha', visit('198.51.100.77'));
    const salts = await test.storage.db.selectFrom('click_salts').select(['day', 'salt']).orderBy('day').execute();
    expect(salts.map((row) => row.day)).toEqual(['2026-03-09', '2026-03-10', '2026-03-11']);
    expect(new Set(salts.map((row) => row.salt)).size).toBe(3);
    const visitors = await test.storage.db.selectFrom('click_visitors').selectAll().execute();
    expect(visitors).toHaveLength(2);
    expect(JSON.stringify(visitors)).not.toContain('198.51.100.77');
    // The stored key is the documented hash of the day's salt, the link id, the address and the agent.
    const id = await linkId('alpha');
    const salt = salts.find((row) => row.day === '2026-03-10')!.salt;
    expect(visitors.map((row) => row.visitor)).toContain(
      visitorHash({ salt, address: '198.51.100.77', userAgent: UA }, id),
    );
  });

  it('deletes salts and visitor hashes once 48 hours old, and the aggregates stay', async () => {
    const { test, service, visit, at, linkDays } = await setup(engine, file);
    for (const day of ['2026-03-08', '2026-03-09', '2026-03-10']) {
      at(`${day}T12:00:00.000Z`);
      await service.openDirect('alpha', visit('203.0.113.5'));
    }
    // At 2026-03-10 00:00 the salt of 2026-03-08 (made at its start at the earliest) is 48 hours old.
    expect(visitorHashCutoff(Date.parse('2026-03-10T00:00:00.000Z'))).toBe('2026-03-09');
    expect(visitorHashCutoff(Date.parse('2026-03-09T23:59:59.999Z'))).toBe('2026-03-08');
    expect(await test.db.clickSalts.pruneBefore(visitorHashCutoff(Date.parse('2026-03-10T12:00:00.000Z')))).toBe(2);
    expect(
      (await test.storage.db.selectFrom('click_salts').select('day').execute()).map((row) => row.day).sort(),
    ).toEqual(['2026-03-09', '2026-03-10']);
    expect(
      (await test.storage.db.selectFrom('click_visitors').select('day').execute()).map((row) => row.day).sort(),
    ).toEqual(['2026-03-09', '2026-03-10']);
    expect((await linkDays('alpha')).map((day) => day.uniques)).toEqual([1, 1, 1]);
  });

  it('counts a visit of the short URL with ?qr=1 under the QR code source', async () => {
    const { test, service, visit } = await setup(engine, file);
    await service.openDirect('alpha', visit('203.0.113.1', UA, { qr: true, referer: 'https://news.example/' }));
    await service.open('alpha', visit('203.0.113.2', UA, { referer: 'https://news.example/' }));
    const rows = await test.storage.db
      .selectFrom('shortlink_daily_stats')
      .select(['value', 'clicks'])
      .where('dimension', '=', 'referrer')
      .orderBy('value')
      .execute();
    expect(rows.map((row) => [row.value, Number(row.clicks)])).toEqual([
      [QR_REFERRER, 1],
      ['news.example', 1],
    ]);
  });
});

describe('visit passes and flags', () => {
  const v = (visitor: string, hour: string) => ({ visitor, day: hour.slice(0, 10), hour });
  it.each([
    { name: 'empty', visits: [], passes: [] },
    { name: 'no visitor keys', visits: [null, null], passes: [] },
    {
      name: 'one visitor straddling an hour in one batch',
      visits: [v('b', '2026-03-10T10'), v('a', '2026-03-10T10'), v('b', '2026-03-10T11'), v('b', '2026-03-10T10')],
      passes: [[v('a', '2026-03-10T10'), v('b', '2026-03-10T10')], [v('b', '2026-03-10T11')]],
    },
  ])('passes: $name', ({ visits, passes }) => {
    expect(visitPasses(visits)).toEqual(passes);
  });

  it('flags the first click of each (visitor, hour) the database counted, and only it', () => {
    const visits = [
      v('a', '2026-03-10T10'),
      v('a', '2026-03-10T10'),
      v('b', '2026-03-10T10'),
      null,
      v('a', '2026-03-10T11'),
    ];
    const results = [
      { visitor: 'a', hour: '2026-03-10T10', fresh: true },
      { visitor: 'a', hour: '2026-03-10T11', fresh: false },
    ];
    expect(visitFlags(visits, results)).toEqual([
      { deduplicated: 1, unique: 1 },
      { deduplicated: 0, unique: 0 },
      { deduplicated: 0, unique: 0 }, // b's hour was already counted by an earlier batch
      { deduplicated: 1, unique: 1 }, // no key: its own visitor
      { deduplicated: 1, unique: 0 },
    ]);
  });

  it('hashes a known answer: SHA-256 of salt, link id, address and agent joined by NUL', () => {
    // printf 's\0007\0001.2.3.4\000ua' | sha256sum, as base64url
    expect(visitorHash({ salt: 's', address: '1.2.3.4', userAgent: 'ua' }, 7)).toBe(
      Buffer.from('720914324ae2db4843cba1575e3b6e6ee320ea57ca75fa0bb7e75fe815f24990', 'hex').toString('base64url'),
    );
  });
});
