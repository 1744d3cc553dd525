import { afterEach, describe, expect, it } from 'vitest';
import type { ShortlinkBulkAction } from '@toolvault/shared/schemas';
import type { BulkOutcome } from '../src/db/shortlink-bulk.repo';
import type { NewShortlink } from '../src/db/shortlinks.repo';
import { ENGINES, openTestStorage, type TestStorage } from './engines';

/*
 * Folders and bulk changes in storage, on both engines: a bulk change is all or nothing, keeps the
 * tag counts and the search index with the links, and a folder's deletion keeps its links.
 */

const link = (i: number, overrides: Partial<NewShortlink> = {}): NewShortlink => ({
  shortCode: `bulk${i}`,
  targetUrl: `https://example.com/${i}`,
  title: `Link ${i}`,
  description: '',
  metaImage: '',
  tags: i % 2 === 0 ? ['even'] : [],
  clickCount: i,
  createdAt: new Date(Date.parse('2025-03-01T00:00:00Z') + i * 60_000).toISOString(),
  redirectMode: 'preview',
  createdBy: i <= 3 ? 1 : null,
  ...overrides,
});

/** A bulk outcome by ids: the links changed (each answered with its new state) and those deleted. */
const byIds = (outcome: BulkOutcome) =>
  outcome.ok ? { ok: true, updated: outcome.changed.map((link) => link.id), deleted: outcome.deleted } : outcome;

describe.each(ENGINES)('folders and bulk changes on %s', (engine) => {
  let t: TestStorage | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** Six links (ids 1–6): 1–3 made by person 1; even ones tagged "even". */
  const setup = async () => {
    t = await openTestStorage(engine);
    const repo = t.db.shortlinks;
    expect(await repo.insertAll([1, 2, 3, 4, 5, 6].map((i) => link(i)))).toBeNull();
    const ids = (await repo.page({ sort: 'newest', limit: 10 })).items.map((item) => item.id).sort((a, b) => a - b);
    /** The links as the list shows them (archived ones too), by id. */
    const state = async () => {
      const all = [
        ...(await repo.page({ sort: 'newest', limit: 10 })).items,
        ...(await repo.page({ sort: 'newest', limit: 10, archived: true })).items,
      ];
      return all
        .sort((a, b) => a.id - b.id)
        .map(({ id, tags, folderId, archived }) => ({ id, tags, folderId, archived }));
    };
    return { repo, ids, state };
  };
  const by = { updatedBy: 1 };

  it('creates, renames and deletes folders; names are unique whatever their case', async () => {
    const { repo } = await setup();
    const made = await repo.insertFolder('Campaigns', '2025-03-02T00:00:00.000Z', 1);
    expect(made).toEqual({
      ok: true,
      folder: { id: expect.any(Number), name: 'Campaigns', createdAt: '2025-03-02T00:00:00.000Z', links: 0 },
    });
    if (!made.ok) return;
    expect(await repo.insertFolder('CAMPAIGNS', '2025-03-02T00:00:00.000Z', 1)).toEqual({
      ok: false,
      reason: 'name-taken',
    });
    // Unicode folds as well (SQLite's own lower() would not).
    expect((await repo.insertFolder('Ärger', '2025-03-02T00:00:00.000Z', 1)).ok).toBe(true);
    expect(await repo.insertFolder('ärger', '2025-03-02T00:00:00.000Z', 1)).toEqual({
      ok: false,
      reason: 'name-taken',
    });
    const other = await repo.insertFolder('Zoo', '2025-03-02T00:00:00.000Z', 1);
    if (!other.ok) throw new Error('not created');
    expect(await repo.renameFolder(other.folder.id, 'campaigns')).toEqual({ ok: false, reason: 'name-taken' });
    expect(await repo.renameFolder(made.folder.id, 'campaigns')).toMatchObject({
      ok: true,
      folder: { name: 'campaigns' },
    });
    expect(await repo.renameFolder(999, 'x')).toEqual({ ok: false, reason: 'not-found' });
    expect((await repo.listFolders()).map((folder) => folder.name)).toEqual(['campaigns', 'Zoo', 'Ärger']);
    expect(await repo.deleteFolder(other.folder.id)).toBe(true);
    expect(await repo.deleteFolder(other.folder.id)).toBe(false);
  });

  it('moves links into a folder, lists the folder and "no folder", and deleting the folder keeps its links', async () => {
    const { repo, ids, state } = await setup();
    const made = await repo.insertFolder('Spring', '2025-03-02T00:00:00.000Z', 1);
    if (!made.ok) throw new Error('not created');
    const folder = made.folder.id;
    const moved = await repo.bulkChange([ids[1]!, ids[0]!], { type: 'move', folderId: folder }, by);
    expect(byIds(moved)).toEqual({ ok: true, updated: [ids[0], ids[1]], deleted: [] });
    // The changed links as the API answers them now.
    expect(moved.ok && moved.changed.map((one) => [one.folderId, one.updatedBy?.id])).toEqual([
      [folder, 1],
      [folder, 1],
    ]);
    // Already there: nothing changes the second time.
    expect(byIds(await repo.bulkChange([ids[0]!], { type: 'move', folderId: folder }, by))).toEqual({
      ok: true,
      updated: [],
      deleted: [],
    });
    const inFolder = await repo.page({ sort: 'newest', limit: 10, folder });
    expect(inFolder.items.map((item) => item.id)).toEqual([ids[1], ids[0]]);
    expect(inFolder.total).toBe(2);
    const none = await repo.page({ sort: 'clicks', limit: 10, folder: 'none' });
    expect(none.items.map((item) => item.id).sort((a, b) => a - b)).toEqual(ids.slice(2));
    expect(none.total).toBe(4);
    expect((await repo.listFolders())[0]!.links).toBe(2);

    expect(await repo.deleteFolder(folder)).toBe(true);
    expect((await state()).map((row) => row.folderId)).toEqual([null, null, null, null, null, null]);
    expect((await repo.page({ sort: 'newest', limit: 10 })).total).toBe(6);
  });

  it('archives links out of the default list and counts, and back', async () => {
    const { repo, ids } = await setup();
    expect(byIds(await repo.bulkChange([ids[1]!, ids[3]!], { type: 'archive' }, by))).toEqual({
      ok: true,
      updated: [ids[1], ids[3]],
      deleted: [],
    });
    for (const sort of ['newest', 'clicks', 'title'] as const) {
      const page = await repo.page({ sort, limit: 10 });
      expect(page.items.map((item) => item.id).sort((a, b) => a - b)).toEqual([ids[0], ids[2], ids[4], ids[5]]);
      expect(page.total).toBe(4);
    }
    // The tag filter and the search count without the archived ones too.
    expect((await repo.page({ sort: 'newest', limit: 10, tag: 'even' })).total).toBe(1);
    expect((await repo.page({ sort: 'newest', limit: 10, q: 'link' })).total).toBe(4);
    const archived = await repo.page({ sort: 'newest', limit: 10, archived: true });
    expect(archived.items.map((item) => [item.id, item.archived])).toEqual([
      [ids[3], true],
      [ids[1], true],
    ]);
    expect(archived.total).toBe(2);
    expect(byIds(await repo.bulkChange([ids[1]!], { type: 'unarchive' }, by))).toEqual({
      ok: true,
      updated: [ids[1]],
      deleted: [],
    });
    expect((await repo.page({ sort: 'newest', limit: 10 })).total).toBe(5);
  });

  it('tags and untags, keeping the tag counts and the search index with the links', async () => {
    const { repo, ids, state } = await setup();
    expect(byIds(await repo.bulkChange(ids.slice(0, 3), { type: 'tag', tags: ['even', 'promo'] }, by))).toEqual({
      ok: true,
      updated: ids.slice(0, 3),
      deleted: [],
    });
    expect((await state()).slice(0, 3).map((row) => row.tags)).toEqual([
      ['even', 'promo'],
      ['even', 'promo'],
      ['even', 'promo'],
    ]);
    expect(await repo.tagCounts(10)).toEqual([
      { tag: 'even', count: 5 },
      { tag: 'promo', count: 3 },
    ]);
    expect((await repo.page({ sort: 'newest', limit: 10, q: 'promo' })).total).toBe(3);
    // Links 1–4 and 6 have "even" now; link 5 has no tag to take off.
    expect(byIds(await repo.bulkChange(ids, { type: 'untag', tags: ['even'] }, by))).toEqual({
      ok: true,
      updated: [ids[0], ids[1], ids[2], ids[3], ids[5]],
      deleted: [],
    });
    expect(await repo.tagCounts(10)).toEqual([{ tag: 'promo', count: 3 }]);
    expect((await repo.page({ sort: 'newest', limit: 10, q: 'even' })).total).toBe(0);
  });

  it('deletes links with their totals', async () => {
    const { repo, ids } = await setup();
    expect(byIds(await repo.bulkChange([ids[0]!, ids[5]!], { type: 'delete' }, by))).toEqual({
      ok: true,
      updated: [],
      deleted: [ids[0], ids[5]],
    });
    expect((await repo.page({ sort: 'newest', limit: 10 })).total).toBe(4);
    expect((await repo.totals({ from: '2025-03-01', to: '2025-03-02' })).totalLinks).toBe(4);
  });

  it.each<[string, ShortlinkBulkAction]>([
    ['tag', { type: 'tag', tags: ['new'] }],
    ['untag', { type: 'untag', tags: ['even'] }],
    ['archive', { type: 'archive' }],
    ['delete', { type: 'delete' }],
    ['setExpiry', { type: 'setExpiry', validUntil: '2030-01-01T00:00:00.000Z' }],
  ])('changes nothing when one id names no link (%s)', async (_name, action) => {
    const { repo, ids, state } = await setup();
    const before = await state();
    expect(await repo.bulkChange([ids[0]!, ids[1]!, 999_999], action, by)).toEqual({ ok: false, reason: 'not-found' });
    expect(await state()).toEqual(before);
    expect(await repo.tagCounts(10)).toEqual([{ tag: 'even', count: 3 }]);
  });

  it('refuses the whole change when one link is another person’s, limited to the caller', async () => {
    const { repo, ids, state } = await setup();
    const before = await state();
    // Links 1–3 are person 1's; link 4 is nobody's.
    expect(await repo.bulkChange(ids.slice(0, 4), { type: 'archive' }, { updatedBy: 1, ownedBy: 1 })).toEqual({
      ok: false,
      reason: 'not-yours',
    });
    expect(await state()).toEqual(before);
    expect(byIds(await repo.bulkChange(ids.slice(0, 3), { type: 'archive' }, { updatedBy: 1, ownedBy: 1 }))).toEqual({
      ok: true,
      updated: ids.slice(0, 3),
      deleted: [],
    });
  });

  it('refuses a move to a folder that does not exist, and a tag that takes a link past its limit', async () => {
    const { repo, ids, state } = await setup();
    const before = await state();
    expect(await repo.bulkChange(ids, { type: 'move', folderId: 424_242 }, by)).toEqual({
      ok: false,
      reason: 'unknown-folder',
    });
    const many = Array.from({ length: 20 }, (_, i) => `t${i}`);
    expect(await repo.bulkChange(ids, { type: 'tag', tags: many }, by)).toEqual({ ok: false, reason: 'too-many-tags' });
    expect(await state()).toEqual(before);
  });

  it('sets and clears the end of the links’ window, and refuses it whole before a link’s start', async () => {
    const { repo, ids } = await setup();
    const rules = async () =>
      (await repo.page({ sort: 'newest', limit: 10 })).items
        .sort((a, b) => a.id - b.id)
        .map((item) => [item.validFrom, item.validUntil]);
    const until = '2030-06-30T12:00:00.000Z';
    const set = await repo.bulkChange(ids.slice(0, 2), { type: 'setExpiry', validUntil: until }, by);
    expect(byIds(set)).toEqual({ ok: true, updated: ids.slice(0, 2), deleted: [] });
    expect(set.ok && set.changed.map((one) => one.validUntil)).toEqual([until, until]);
    expect(await rules()).toEqual([
      [null, until],
      [null, until],
      [null, null],
      [null, null],
      [null, null],
      [null, null],
    ]);
    // The same end again changes nothing; null takes it away.
    expect(byIds(await repo.bulkChange([ids[0]!], { type: 'setExpiry', validUntil: until }, by))).toEqual({
      ok: true,
      updated: [],
      deleted: [],
    });
    expect(byIds(await repo.bulkChange(ids.slice(0, 3), { type: 'setExpiry', validUntil: null }, by))).toEqual({
      ok: true,
      updated: ids.slice(0, 2),
      deleted: [],
    });

    // Link 3 starts in 2031: an end before that is refused for all of them, naming it.
    await t!.storage.db
      .updateTable('shortlinks')
      .set({ valid_from: '2031-01-01T00:00:00.000Z' })
      .where('id', '=', ids[2]!)
      .execute();
    const before = await rules();
    expect(await repo.bulkChange(ids.slice(0, 4), { type: 'setExpiry', validUntil: until }, by)).toEqual({
      ok: false,
      reason: 'window-order',
      shortCode: 'bulk3',
    });
    expect(await rules()).toEqual(before);
  });
});
