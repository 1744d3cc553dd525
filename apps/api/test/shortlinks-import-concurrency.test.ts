// What others get while an import runs: lists, clicks and guest links answered between its chunks,
// none of its links before it publishes, its ids in one block; lookups never queue behind a long read.
import { sql } from 'kysely';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { ShortlinkPage } from '@toolvault/shared';
import { ENGINES } from './engines';
import { importAppPerTest, importRows, leftovers, link, totals } from './shortlinks-import-support';
import { CHROME } from './helpers';

const setup = importAppPerTest();

describe.each(ENGINES)('an import of 10,000 rows on %s', (engine) => {
  it('lets a list and a click be answered while it writes, and shows its links only after it', async () => {
    const t = await setup(engine);
    expect(await t.db.shortlinks.insert(link())).not.toBeNull();
    const events: string[] = [];
    let listDuring: ShortlinkPage | undefined;
    let click: Promise<request.Response> | undefined;
    // The route's pause between chunks of the import's rows: the first one asks for a list and
    // waits for its answer while the import is unfinished (a read that waited for the import would
    // wait for ever), and starts a click.
    const insertAll = t.db.shortlinks.insertAll.bind(t.db.shortlinks);
    t.db.shortlinks.insertAll = (links, pause) =>
      insertAll(links, async () => {
        if (!click) {
          click = request(t.app).get('/live01').set('Accept', 'application/json').set('User-Agent', CHROME);
          void click.then(() => events.push('click'));
          // The click is taken at once: the import holds no lock it needs between its chunks.
          await click;
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

    // The list answered while the import was unfinished: the live link, none of the imported ones yet.
    expect(listDuring?.total).toBe(1);
    expect(listDuring?.items.map((item) => item.shortCode)).toEqual(['live01']);
    // The click is answered before the import.
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

describe.each(ENGINES)('an import between two of its chunks on %s', (engine) => {
  it('shows none of its links to anyone, and lets a click and a guest link complete before it goes on', async () => {
    const t = await setup(engine);
    expect(await t.db.shortlinks.insert(link())).not.toBeNull();
    // Imported links bring their own clicks: were a pending one visible, it would top every list.
    const links = importRows(250).map((row) =>
      link({ ...row, clickCount: 1000, createdAt: '2030-01-01T00:00:00.000Z' }),
    );
    let pauses = 0;
    const result = await t.db.shortlinks.insertAll(links, async () => {
      pauses += 1;
      if (pauses > 1) return;
      // The first 100 rows are written; the import goes on only once this function returns.
      // A click and a guest link are written while the import waits here. Were the import's rows
      // one open transaction, both would wait for its end on SQLite, and it for this: never.
      const click = await request(t.app).get('/live01').set('Accept', 'application/json').set('User-Agent', CHROME);
      expect(click.status).toBe(200);
      const guest = await request(t.app)
        .post('/api/shortlinks')
        .send({ title: 'Guest', targetUrl: 'https://guest.example/' });
      expect(guest.status).toBe(201);
      const visible = ['live01', (guest.body as { shortCode: string }).shortCode].sort();
      const pendingId = (
        await t.storage.db.selectFrom('shortlinks').select('id').where('short_code', '=', 'imp0').executeTakeFirst()
      )?.id;
      expect(pendingId).toBeTypeOf('number');
      expect(await t.db.shortlinks.findPublic('imp0')).toBeNull();
      expect(await t.db.shortlinks.findById(pendingId!)).toBeNull();
      const redirect = await request(t.app).get('/imp0').set('Accept', 'application/json').set('User-Agent', CHROME);
      expect(redirect.status).toBe(404);
      expect((await request(t.app).get('/api/shortlink/imp0')).status).toBe(404);
      for (const sort of ['newest', 'clicks', 'title']) {
        const page = (await t.list({ sort })).body as ShortlinkPage;
        expect({ sort, total: page.total, codes: page.items.map((item) => item.shortCode).sort() }).toEqual({
          sort,
          total: 2,
          codes: visible,
        });
      }
      const summary = (await request(t.app).get('/api/shortlinks/summary').set(t.auth)).body as {
        totalLinks: number;
        recent: { shortCode: string }[];
      };
      expect(summary.totalLinks).toBe(2);
      expect(summary.recent.map((item) => item.shortCode).sort()).toEqual(visible);
      expect((await t.db.shortlinks.topByClicks(10)).map((item) => item.shortCode).sort()).toEqual(visible);
      expect((await t.db.shortlinks.totals({ from: '2000', to: '3000' })).createdBetween).toBe(2);
      const exported = (await request(t.app).get('/api/shortlinks/export').set(t.auth)).body as { shortCode: string }[];
      expect(exported.map((row) => row.shortCode).sort()).toEqual(visible);
      // Not there for an edit or a delete either; its code is taken all the same.
      const edit = { targetUrl: 'https://example.com/edited', title: 'Edited', tags: [] };
      expect((await request(t.app).put(`/api/shortlinks/${pendingId}`).set(t.auth).send(edit)).status).toBe(404);
      expect((await request(t.app).delete(`/api/shortlinks/${pendingId}`).set(t.auth)).status).toBe(404);
      expect(await t.db.shortlinks.codeExists('imp0')).toBe(true);
      const taken = await request(t.app)
        .post('/api/shortlinks')
        .set(t.auth)
        .send({ ...edit, shortCode: 'imp0' });
      expect(taken.status).toBe(409);
    });
    expect(result).toBeNull();
    expect(pauses).toBeGreaterThan(1);

    // Published: all of them at once, with their clicks (the 404 above counted none).
    expect(((await t.list()).body as ShortlinkPage).total).toBe(252);
    expect(await t.db.shortlinks.findPublic('imp0')).toMatchObject({ shortCode: 'imp0' });
    expect(((await t.list({ q: 'imp0' })).body as ShortlinkPage).items[0]?.clickCount).toBe(1000);
    expect(((await t.list({ q: 'live01' })).body as ShortlinkPage).items[0]?.clickCount).toBe(1);
    expect(await totals(t.db)).toEqual({ totalLinks: 252, totalClicks: 250 * 1000 + 1 });
    expect(((await t.list({ tag: 'imported' })).body as ShortlinkPage).total).toBe(250);
    expect(await leftovers(t.storage)).toEqual({ pending: 0, records: [] });
  }, 60_000);
});

describe('an import on SQLite', () => {
  it('numbers its rows in one block set aside before the first; a link created meanwhile comes after it', async () => {
    const t = await setup('sqlite');
    const live = await t.db.shortlinks.insert(link());
    const links = importRows(250).map((row) => link({ ...row, createdAt: '2030-01-01T00:00:00.000Z' }));
    let guestId: number | undefined;
    let pauses = 0;
    const result = await t.db.shortlinks.insertAll(links, async () => {
      pauses += 1;
      if (pauses === 1) guestId = (await t.db.shortlinks.insert(link({ shortCode: 'guest1', title: 'Guest' })))?.id;
    });
    expect(result).toBeNull();

    const rows = await t.storage.db
      .selectFrom('shortlinks')
      .select(['id', 'short_code'])
      .where('short_code', 'like', 'imp%')
      .orderBy('id')
      .execute();
    // The file's order, one id after the other, right after the link that was there before.
    expect(rows.map((row) => row.short_code)).toEqual(links.map((row) => row.shortCode));
    expect(rows.map((row) => row.id)).toEqual(links.map((_, index) => live!.id + 1 + index));
    expect(guestId).toBe(live!.id + 251);
    // The next import's block starts after the guest link.
    expect(await t.db.shortlinks.insertAll([link({ shortCode: 'later1' })])).toBeNull();
    expect((await t.db.shortlinks.page({ sort: 'newest', limit: 1, q: 'later1' })).items[0]?.id).toBe(guestId! + 1);
  });

  it("keeps a failed import's block a gap, so no later link is ever numbered inside a running one", async () => {
    const t = await setup('sqlite');
    const live = await t.db.shortlinks.insert(link());
    // 150 rows whose second code is taken: the first chunk finds it, the rest are never written.
    const links = importRows(150).map((row, index) => link(index === 1 ? { ...row, shortCode: 'live01' } : row));
    expect(await t.db.shortlinks.insertAll(links)).toEqual({ takenAt: 1 });
    expect((await t.db.shortlinks.insert(link({ shortCode: 'after1' })))?.id).toBe(live!.id + 151);
  });

  it("steps over a running import's block by id in every unfiltered list, whatever a row there says", async () => {
    const t = await setup('sqlite');
    expect(await t.db.shortlinks.insert(link())).not.toBeNull();
    const links = importRows(250).map((row) => link({ ...row, clickCount: 5, createdAt: '2030-01-01T00:00:00.000Z' }));
    let checked = false;
    const result = await t.db.shortlinks.insertAll(links, async () => {
      if (checked) return;
      checked = true;
      // A row of the block made visible behind the import's back: the lists still skip it, which
      // shows that they leave out the block by id, without reading each of its rows.
      const row = await t.storage.db
        .selectFrom('shortlinks')
        .select(['id', 'import_pending'])
        .where('short_code', '=', 'imp0')
        .executeTakeFirstOrThrow();
      await t.storage.db.updateTable('shortlinks').set({ import_pending: null }).where('id', '=', row.id).execute();
      expect(await t.db.shortlinks.findById(row.id)).toMatchObject({ shortCode: 'imp0' });
      for (const sort of ['newest', 'clicks', 'title'] as const) {
        const page = await t.db.shortlinks.page({ sort, limit: 50 });
        expect({ sort, codes: page.items.map((item) => item.shortCode) }).toEqual({ sort, codes: ['live01'] });
      }
      expect((await t.db.shortlinks.listNewestFirst(5)).map((item) => item.shortCode)).toEqual(['live01']);
      expect((await t.db.shortlinks.topByClicks(5)).map((item) => item.shortCode)).toEqual(['live01']);
      const exported: string[] = [];
      for await (const batch of t.db.shortlinks.batchesOldestFirst(100))
        exported.push(...batch.map((l) => l.shortCode));
      expect(exported).toEqual(['live01']);
      await t.storage.db
        .updateTable('shortlinks')
        .set({ import_pending: row.import_pending })
        .where('id', '=', row.id)
        .execute();
    });
    expect(result).toBeNull();
    expect(checked).toBe(true);
    // Published, the block is an ordinary part of every list.
    expect((await t.db.shortlinks.page({ sort: 'newest', limit: 300 })).items).toHaveLength(251);
    expect((await t.db.shortlinks.topByClicks(1))[0]?.clickCount).toBe(5);
  });
});

describe('lookups of one link on a SQLite file', () => {
  it('never queue behind a long read on the reader thread (a broad search, a year of analytics)', async () => {
    const t = await setup('sqlite');
    const live = await t.db.shortlinks.insert(link());
    const done: string[] = [];
    // About a second of work on the reader thread, which runs its reads one after the other.
    const longRead = sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000000)
                         SELECT count(*) AS c FROM n`
      .execute(t.storage.reader)
      .then(() => done.push('long read'));
    expect(t.storage.readerOffThread).toBe(true);

    const info = await request(t.app).get('/api/shortlink/live01');
    expect(info.status).toBe(200);
    done.push('public link');
    // A crawler's request reads the link without counting a click.
    const crawler = await request(t.app)
      .get('/live01')
      .set('Accept', 'application/json')
      .set('User-Agent', 'facebookexternalhit/1.1');
    expect(crawler.status).toBe(200);
    done.push('crawler');
    const guest = await request(t.app)
      .post('/api/shortlinks')
      .send({ title: 'Guest', targetUrl: 'https://g.example/' });
    expect(guest.status).toBe(201);
    done.push('guest link');
    expect(await t.db.shortlinks.findById(live!.id)).toMatchObject({ shortCode: 'live01' });
    done.push('by id');

    await longRead;
    expect(done).toEqual(['public link', 'crawler', 'guest link', 'by id', 'long read']);
  }, 60_000);
});
