import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { SHORTLINK_SORTS, type Shortlink, type ShortlinkPage, type ShortlinkSort } from '@toolvault/shared';
import { createShortlinksRepo, type NewShortlink } from '../src/db/shortlinks.repo';
import { dialectFor } from '../src/db/dialect';
import { ENGINES, openTestStorage, type TestStorage } from './engines';
import { ENGINE_APP_NOW } from './engine-app';
import { appPerTest, personSession } from './people';
import { recordPlans } from './sqlite-plans';

/*
 * The manager's list of one person's links (`createdBy`, and an Author's own list): keyset pages in
 * each order that hold exactly that person's links, with search and tag filters, read through the
 * (created_by, created_at, id) index.
 */

let serial = 0;
function link(createdBy: number | null, overrides: Partial<NewShortlink> = {}): NewShortlink {
  serial += 1;
  return {
    shortCode: `made${serial}`,
    targetUrl: `https://example.com/${serial}`,
    title: `Link ${String.fromCharCode(97 + (serial % 26))} ${serial}`,
    description: '',
    metaImage: '',
    tags: serial % 3 === 0 ? ['third'] : [],
    clickCount: (serial * 7) % 11,
    createdAt: new Date(Date.parse('2025-01-01T00:00:00Z') + (serial % 9) * 60_000).toISOString(),
    redirectMode: 'preview',
    createdBy,
    ...overrides,
  };
}

/** The links in the order of `sort`, as the list orders them (ties: the newer id first, or by id for titles). */
function sorted(links: Shortlink[], sort: ShortlinkSort): number[] {
  const ordered = [...links].sort((a, b) => {
    if (sort === 'newest') return b.createdAt.localeCompare(a.createdAt) || b.id - a.id;
    if (sort === 'clicks') return b.clickCount - a.clickCount || b.id - a.id;
    const [x, y] = [a.title.toLowerCase(), b.title.toLowerCase()];
    return x < y ? -1 : x > y ? 1 : a.id - b.id;
  });
  return ordered.map((item) => item.id);
}

describe.each(ENGINES)('one person’s links in the manager’s list, on %s', (engine) => {
  const open = appPerTest(engine);

  const setup = async () => {
    const { app, db, auth } = await open();
    const author = await personSession(db, 'author', { now: ENGINE_APP_NOW });
    const links = [...Array(30).keys()].map((i) => link(i % 3 === 0 ? author.userId : i % 3 === 1 ? 1 : null));
    expect(await db.shortlinks.insertAll(links)).toBeNull();
    const pages = async (who: { Authorization: string }, query: Record<string, string>) => {
      const items: Shortlink[] = [];
      let cursor: string | null = '';
      let total = -1;
      while (cursor !== null) {
        const res = await request(app)
          .get('/api/shortlinks')
          .query({ limit: '4', ...query, ...(cursor ? { cursor } : {}) })
          .set(who);
        expect(res.status).toBe(200);
        const page = res.body as ShortlinkPage;
        items.push(...page.items);
        cursor = page.nextCursor;
        total = page.total;
      }
      return { items, total };
    };
    const everything = (await pages(auth, { limit: '100' })).items;
    return { app, db, auth, author, pages, everything };
  };

  it.each(SHORTLINK_SORTS)('pages through exactly one person’s links, sorted by %s', async (sort) => {
    const { auth, author, pages, everything } = await setup();
    const authors = everything.filter((item) => item.createdBy?.id === author.userId);
    expect(authors).toHaveLength(10);

    const filtered = await pages(auth, { sort, createdBy: String(author.userId) });
    expect(filtered.items.map((item) => item.id)).toEqual(sorted(authors, sort));
    expect(filtered.total).toBe(10);
    // The Author's own list is the same list, without asking for it.
    const own = await pages(author.auth, { sort });
    expect(own.items.map((item) => item.id)).toEqual(sorted(authors, sort));
    expect(own.total).toBe(10);

    const owners = await pages(auth, { sort, createdBy: 'me' });
    expect(owners.items.map((item) => item.id)).toEqual(
      sorted(
        everything.filter((item) => item.createdBy?.id === 1),
        sort,
      ),
    );
  });

  it('combines the person filter with search and tag', async () => {
    const { auth, author, pages, everything } = await setup();
    const authors = everything.filter((item) => item.createdBy?.id === author.userId);
    const tagged = await pages(auth, { createdBy: String(author.userId), tag: 'third' });
    expect(tagged.items.map((item) => item.id)).toEqual(
      sorted(
        authors.filter((item) => item.tags.includes('third')),
        'newest',
      ),
    );
    const target = authors[0]!;
    const searched = await pages(author.auth, { q: target.shortCode });
    expect(searched.items.map((item) => item.id)).toEqual([target.id]);
    expect(searched.total).toBe(1);
    // Another person's link is not found by an Author's search, even by its code.
    const others = everything.find((item) => item.createdBy?.id === 1)!;
    expect((await pages(author.auth, { q: others.shortCode })).items).toEqual([]);
  });

  it.each([
    ['a word', 'someone'],
    ['zero', '0'],
    ['a negative id', '-1'],
    ['a decimal', '1.5'],
    ['too many digits', '12345678901'],
  ])('refuses %s as createdBy (400)', async (_name, value) => {
    const { app, auth } = await setup();
    const res = await request(app).get('/api/shortlinks').query({ createdBy: value }).set(auth);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: "createdBy must be a person's id or me", code: 'VALIDATION' });
  });

  it('refuses createdBy given twice, and lists nothing for an id nobody has', async () => {
    const { app, auth } = await setup();
    const twice = await request(app).get('/api/shortlinks?createdBy=1&createdBy=2').set(auth);
    expect(twice.status).toBe(400);
    for (const id of ['999', '4294967295']) {
      const res = await request(app).get('/api/shortlinks').query({ createdBy: id }).set(auth);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ items: [], nextCursor: null, total: 0 });
    }
  });
});

describe.each(ENGINES)('the reads of one person’s links, on %s', (engine) => {
  let test: TestStorage | undefined;
  afterEach(async () => {
    await test?.close();
    test = undefined;
  });

  it('walks the sort’s index for a person with more links than a count stops at, with the same pages', async () => {
    test = await openTestStorage(engine);
    const others = [...Array(4).keys()].map(() => link(8));
    expect(await test.db.shortlinks.insertAll([...[...Array(12).keys()].map(() => link(7)), ...others])).toBeNull();
    // A count that stops at 5 makes 12 links "many": the page walks the sort's index.
    const repo = createShortlinksRepo(test.storage.db, dialectFor(engine), test.storage.reader, { countCap: 5 });
    const all = (await test.db.shortlinks.page({ sort: 'newest', limit: 100 })).items;
    const sevens = all.filter((item) => item.createdBy?.id === 7);
    for (const sort of SHORTLINK_SORTS) {
      const read = await repo.page({ sort, limit: 20, createdBy: 7 });
      expect(read).toMatchObject({ total: 5, totalCapped: true });
      expect(read.items.map((item) => item.id)).toEqual(sorted(sevens, sort));
      const eights = await repo.page({ sort, limit: 20, createdBy: 8 });
      expect(eights.totalCapped).toBeUndefined();
      expect(eights.items.map((item) => item.id)).toEqual(
        sorted(
          all.filter((item) => item.createdBy?.id === 8),
          sort,
        ),
      );
    }
  });
});

// The query plans are SQLite's to check: PostgreSQL chooses its own from its statistics.
describe('the SQLite plans of one person’s links', () => {
  const engine = 'sqlite' as const;
  let test: TestStorage | undefined;
  afterEach(async () => {
    await test?.close();
    test = undefined;
  });

  it('reads one person’s newest links from their index, without sorting', async () => {
    test = await openTestStorage(engine);
    expect(await test.db.shortlinks.insertAll([...Array(8).keys()].map(() => link(7)))).toBeNull();
    // The person's condition, as the index's column or (for a walk of another index) kept out of it.
    const plans = recordPlans(test.storage, (source) => /("s"\."created_by"|\+s\.created_by) = \?/.test(source));
    const first = await test.db.shortlinks.page({ sort: 'newest', limit: 3, createdBy: 7 });
    const last = first.items.at(-1)!;
    await test.db.shortlinks.page({
      sort: 'newest',
      limit: 3,
      createdBy: 7,
      after: { sort: 'newest', createdAt: last.createdAt, id: last.id },
    });
    expect(plans.length).toBeGreaterThanOrEqual(2);
    for (const plan of plans.filter((detail) => /ORDER|SCAN|SEARCH s/.test(detail))) {
      expect(plan).toContain('shortlinks_created_by');
      expect(plan).not.toContain('TEMP B-TREE');
    }

    // Many links (more than a count of 5 stops at), sorted by title: the title index is walked.
    plans.length = 0;
    const walking = createShortlinksRepo(test.storage.db, dialectFor(engine), test.storage.reader, { countCap: 5 });
    await walking.page({ sort: 'title', limit: 3, createdBy: 7 });
    const read = plans.filter((detail) => !detail.includes('CO-ROUTINE matched'));
    expect(read.length).toBeGreaterThanOrEqual(1);
    expect(read.join('\n')).toContain('shortlinks_title');
    expect(read.join('\n')).not.toContain('TEMP B-TREE');
  });
});
