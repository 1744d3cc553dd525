// An import that stops or fails part way: what it leaves behind, the cleanup of it at start, and the
// indexing of a published one that is finished later, exactly once.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { ShortlinkPage } from '@toolvault/shared';
import { createRepositories } from '../src/db';
import { ENGINES } from './engines';
import { importAppPerTest, importRows, leftovers, link, NOW, totals } from './shortlinks-import-support';

const setup = importAppPerTest();

/** A promise the test resolves itself. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe.each(ENGINES)('an import stopped after its commit on %s', (engine) => {
  it('leaves a record from which its links are indexed once, exactly, later', async () => {
    const t = await setup(engine);
    const links = importRows(250).map((row) => link({ ...row, redirectMode: 'preview' }));
    // 250 links: three pauses while the rows are written (after the rows 1–100, 101–200 and
    // 201–250), one after the publish, then one after each indexing transaction but the last
    // (links 1–50, 51–100, … 201–250): this one stops it after the fourth.
    let pauses = 0;
    const stop = () => {
      pauses += 1;
      if (pauses === 8) return Promise.reject(new Error('stopped'));
      return Promise.resolve();
    };
    expect(await t.db.shortlinks.insertAll(links, stop)).toBeNull();
    expect(pauses).toBe(8);

    // The links are all in, with their totals; the last 50 are not searchable yet.
    expect(((await t.list()).body as ShortlinkPage).total).toBe(250);
    expect(((await t.list({ q: 'imported link 199' })).body as ShortlinkPage).total).toBe(1);
    expect(((await t.list({ q: 'imported link 249' })).body as ShortlinkPage).total).toBe(0);
    expect(((await t.list({ tag: 'imported' })).body as ShortlinkPage).total).toBe(200);

    // An edit of a link not yet indexed indexes it itself; the later indexing counts it once.
    const newest = ((await t.list({ limit: '100' })).body as ShortlinkPage).items;
    const edited = newest.find((item) => item.shortCode === 'imp240')!;
    await t.db.shortlinks.update(edited.id, { ...edited, tags: ['imported', 'edited'], updatedBy: 1 });

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

describe.each(ENGINES)('an import whose code is taken in a later chunk on %s', (engine) => {
  it('leaves nothing behind: no rows, totals, tags or records', async () => {
    const t = await setup(engine);
    expect(await t.db.shortlinks.insert(link())).not.toBeNull();
    const links = importRows(350).map((row) => link({ ...row, clickCount: 3 }));
    // Between the first and second chunk, another writer (a guest, an admin) takes the code of row 251.
    let pauses = 0;
    const result = await t.db.shortlinks.insertAll(links, async () => {
      pauses += 1;
      if (pauses === 1)
        expect(await t.db.shortlinks.insert(link({ shortCode: 'imp250', title: 'First' }))).not.toBeNull();
    });
    expect(result).toEqual({ takenAt: 250 });
    expect(pauses).toBe(2);

    expect(await leftovers(t.storage)).toEqual({ pending: 0, records: [] });
    const codes = await t.storage.db.selectFrom('shortlinks').select('short_code').orderBy('short_code').execute();
    expect(codes.map((row) => row.short_code)).toEqual(['imp250', 'live01']);
    expect(await totals(t.db)).toEqual({ totalLinks: 2, totalClicks: 0 });
    expect(((await t.list()).body as ShortlinkPage).total).toBe(2);
    expect(((await t.list({ tag: 'imported' })).body as ShortlinkPage).total).toBe(0);
    expect((await t.db.shortlinks.tagCounts(10)).map((row) => row.tag)).toEqual([]);
    // The codes are free again: the same import, without the taken row, goes through.
    expect(await t.db.shortlinks.insertAll(links.filter((row) => row.shortCode !== 'imp250'))).toBeNull();
    expect(await totals(t.db)).toEqual({ totalLinks: 351, totalClicks: 349 * 3 });
  }, 60_000);
});

describe.each(ENGINES)('an import stopped before it published on %s', (engine) => {
  it('is removed by the cleanup at start; a published one is still indexed; totals stay', async () => {
    const t = await setup(engine);
    expect(await t.db.shortlinks.insert(link())).not.toBeNull();
    // A published import whose indexing stopped (its fifth pause, see above).
    let pauses = 0;
    const stop = () => (++pauses === 5 ? Promise.reject(new Error('stopped')) : Promise.resolve());
    expect(
      await t.db.shortlinks.insertAll(
        importRows(250).map((row) => link(row)),
        stop,
      ),
    ).toBeNull();
    // A process that stopped while writing: its record and 150 pending rows, as it left them.
    const token = 2 ** 40 + 12_345;
    await t.storage.db
      .insertInto('settings')
      .values({ key: `shortlink_import:${token}`, value: '300', updated_at: NOW })
      .execute();
    await t.storage.db
      .insertInto('shortlinks')
      .values(
        Array.from({ length: 150 }, (_, i) => ({
          short_code: `lost${i}`,
          target_url: `https://lost.example/${i}`,
          title: `Lost ${i}`,
          tags: '["lost"]',
          click_count: 5,
          created_at: NOW,
          import_pending: token,
        })),
      )
      .execute();
    const before = await totals(t.db);
    expect(before).toEqual({ totalLinks: 251, totalClicks: 0 });
    expect(await leftovers(t.storage)).toMatchObject({ pending: 150 });

    // What the server runs at start, in this order.
    expect(await t.db.shortlinks.discardUnfinishedImports()).toBe(1);
    expect(await t.db.shortlinks.indexPending()).toBe(1);

    expect(await leftovers(t.storage)).toEqual({ pending: 0, records: [] });
    expect(await t.db.shortlinks.codeExists('lost0')).toBe(false);
    expect(await totals(t.db)).toEqual(before);
    expect(((await t.list()).body as ShortlinkPage).total).toBe(251);
    expect(((await t.list({ tag: 'imported' })).body as ShortlinkPage).total).toBe(250);
    expect(((await t.list({ q: 'imported link 249' })).body as ShortlinkPage).total).toBe(1);
    expect(await t.db.shortlinks.discardUnfinishedImports()).toBe(0);
  }, 60_000);

  it('leaves an import that is still running alone, in this process and (PostgreSQL) in another one', async () => {
    const t = await setup(engine);
    const wait = gate();
    const reached = gate();
    let pauses = 0;
    const running = t.db.shortlinks.insertAll(
      importRows(250).map((row) => link(row)),
      async () => {
        pauses += 1;
        if (pauses === 1) {
          reached.open();
          await wait.opened;
        }
      },
    );
    await reached.opened;
    expect(await leftovers(t.storage)).toMatchObject({ pending: 100 });
    expect(await t.db.shortlinks.discardUnfinishedImports()).toBe(0);
    if (engine === 'postgres') {
      // Another replica's repositories on the same database: the import's lock says it is alive.
      const other = createRepositories(t.storage);
      expect(await other.shortlinks.discardUnfinishedImports()).toBe(0);
    }
    expect(await leftovers(t.storage)).toMatchObject({ pending: 100 });
    wait.open();
    expect(await running).toBeNull();
    expect(await totals(t.db)).toEqual({ totalLinks: 250, totalClicks: 0 });
    expect(await leftovers(t.storage)).toEqual({ pending: 0, records: [] });
  }, 60_000);
});
