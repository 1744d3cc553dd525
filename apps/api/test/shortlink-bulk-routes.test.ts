import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { AuditPage, Shortlink, ShortlinkFolder, ShortlinkPage, WebhookDelivery } from '@toolvault/shared';
import { ENGINE_APP_NOW } from './engine-app';
import { ENGINES } from './engines';
import { appPerTest, personKey, personSession, type SignedIn } from './people';

/*
 * The folder routes and `POST /api/shortlinks/bulk` through the whole app, on both engines:
 * success, each refusal with its code (nothing changed then), hostile bodies, the 1,000-link bound,
 * the webhook events of the links changed, and the own-only rule of an Author (ids: refused whole;
 * a filter: narrowed to their own links).
 */

describe.each(ENGINES)('folders and bulk changes through the API on %s', (engine) => {
  const open = appPerTest(engine);

  const setup = async () => {
    const { app, db, owner } = await open();
    const author = await personSession(db, 'author', { now: ENGINE_APP_NOW });
    const create = async (who: SignedIn, title: string, extra: object = {}) => {
      const res = await request(app)
        .post('/api/shortlinks')
        .set(who.auth)
        .send({ title, targetUrl: `https://example.com/${encodeURIComponent(title)}`, ...extra });
      expect(res.status).toBe(201);
      return res.body as Shortlink;
    };
    const bulk = (who: { auth: Record<string, string> }, body: unknown) =>
      request(app)
        .post('/api/shortlinks/bulk')
        .set(who.auth)
        .send(body as object);
    const list = async (who: SignedIn, query: Record<string, string> = {}) => {
      const res = await request(app).get('/api/shortlinks').query(query).set(who.auth);
      expect(res.status).toBe(200);
      return res.body as ShortlinkPage;
    };
    const folder = async (name: string) => {
      const res = await request(app).post('/api/shortlinks/folders').set(owner.auth).send({ name });
      expect(res.status).toBe(201);
      return res.body as ShortlinkFolder;
    };
    return { app, db, owner, author, create, bulk, list, folder };
  };

  // The first test of the file hashes the people's password (scrypt, slow on purpose).
  it('creates, lists, renames and deletes folders; deleting one keeps its links', { timeout: 30_000 }, async () => {
    const { app, owner, create, list, folder } = await setup();
    const spring = await folder('Spring');
    expect(spring).toEqual({ id: expect.any(Number), name: 'Spring', createdAt: ENGINE_APP_NOW, links: 0 });
    const link = await create(owner, 'In spring', { folderId: spring.id });
    expect(link.folderId).toBe(spring.id);
    expect((await list(owner, { folder: String(spring.id) })).items.map((item) => item.id)).toEqual([link.id]);

    const taken = await request(app).post('/api/shortlinks/folders').set(owner.auth).send({ name: 'SPRING' });
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'FOLDER_NAME_TAKEN' });
    const renamed = await request(app)
      .put(`/api/shortlinks/folders/${spring.id}`)
      .set(owner.auth)
      .send({ name: 'Summer' });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: 'Summer', links: 1 });
    const folders = await request(app).get('/api/shortlinks/folders').set(owner.auth);
    expect(folders.body).toEqual({ folders: [{ ...spring, name: 'Summer', links: 1 }] });

    expect((await request(app).delete(`/api/shortlinks/folders/${spring.id}`).set(owner.auth)).status).toBe(204);
    const again = await request(app).delete(`/api/shortlinks/folders/${spring.id}`).set(owner.auth);
    expect(again.status).toBe(404);
    expect(again.body).toMatchObject({ code: 'FOLDER_NOT_FOUND' });
    expect((await list(owner, { folder: 'none' })).items.map((item) => [item.id, item.folderId])).toEqual([
      [link.id, null],
    ]);
  });

  it.each<[string, unknown, number, string]>([
    ['no name', {}, 400, 'VALIDATION'],
    ['a blank name', { name: '   ' }, 400, 'VALIDATION'],
    ['a name too long', { name: 'x'.repeat(61) }, 400, 'VALIDATION'],
    ['a name that is not text', { name: ['a'] }, 400, 'VALIDATION'],
    ['a control character', { name: 'a\u0000b' }, 400, 'INVALID_CHARACTERS'],
    ['another field', { name: 'a', admin: true }, 400, 'UNKNOWN_FIELDS'],
  ])('refuses a folder with %s', async (_name, body, status, code) => {
    const { app, owner } = await setup();
    const res = await request(app)
      .post('/api/shortlinks/folders')
      .set(owner.auth)
      .send(body as object);
    expect([res.status, (res.body as { code: string }).code]).toEqual([status, code]);
  });

  it('refuses folder changes to an Author (folders hold others’ links) and lets them list folders', async () => {
    const { app, author, folder } = await setup();
    const made = await folder('Shared');
    const created = await request(app).post('/api/shortlinks/folders').set(author.auth).send({ name: 'Mine' });
    expect([created.status, created.body.code]).toEqual([403, 'FORBIDDEN']);
    const deleted = await request(app).delete(`/api/shortlinks/folders/${made.id}`).set(author.auth);
    expect([deleted.status, deleted.body.code]).toEqual([403, 'FORBIDDEN']);
    expect((await request(app).get('/api/shortlinks/folders').set(author.auth)).status).toBe(200);
  });

  it('refuses a link in a folder that does not exist', async () => {
    const { app, owner } = await setup();
    const res = await request(app)
      .post('/api/shortlinks')
      .set(owner.auth)
      .send({ title: 'x', targetUrl: 'https://example.com/', folderId: 9999 });
    expect([res.status, res.body.code]).toEqual([400, 'UNKNOWN_FOLDER']);
  });

  it('tags, moves, archives and deletes by id, answers the count, and logs one event per change', async () => {
    const { app, owner, create, bulk, list, folder } = await setup();
    const links = [
      await create(owner, 'One', { redirectMode: 'direct' }),
      await create(owner, 'Two'),
      await create(owner, 'Three'),
    ];
    const ids = links.map((link) => link.id);
    const spring = await folder('Spring');

    expect((await bulk(owner, { ids, action: { type: 'tag', tags: ['promo'] } })).body).toEqual({
      changed: 3,
      matched: 3,
    });
    expect((await bulk(owner, { ids: ids.slice(0, 2), action: { type: 'move', folderId: spring.id } })).body).toEqual({
      changed: 2,
      matched: 2,
    });
    expect((await bulk(owner, { ids: [ids[0]], action: { type: 'archive' } })).body).toEqual({
      changed: 1,
      matched: 1,
    });
    const visible = await list(owner);
    expect(visible.items.map((item) => [item.title, item.tags, item.folderId === spring.id])).toEqual([
      ['Three', ['promo'], false],
      ['Two', ['promo'], true],
    ]);
    expect((await list(owner, { archived: 'true' })).items.map((item) => item.title)).toEqual(['One']);
    // The archived link still redirects: its JSON to the redirect page, and a browser's 302.
    const redirect = await request(app).get(`/${links[0]!.shortCode}`).set('Accept', 'application/json');
    expect(redirect.status).toBe(200);
    const direct = await request(app)
      .get(`/${links[0]!.shortCode}`)
      .set('Accept', 'text/html')
      .set(
        'User-Agent',
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Safari/537.36',
      )
      .redirects(0);
    expect(direct.status).toBe(302);
    expect(direct.headers.location).toBe('https://example.com/One');

    expect((await bulk(owner, { ids, action: { type: 'delete' } })).body).toEqual({ changed: 3, matched: 3 });
    expect((await list(owner)).total).toBe(0);

    const audit = (await request(app).get('/api/audit').query({ type: 'link' }).set(owner.auth)).body as AuditPage;
    expect(
      audit.events.filter((event) => event.action.startsWith('links.bulk.')).map((e) => [e.action, e.targetId]),
    ).toEqual([
      ['links.bulk.delete', '3'],
      ['links.bulk.archive', '1'],
      ['links.bulk.move', '2'],
      ['links.bulk.tag', '3'],
    ]);
  });

  it('changes the links a filter matches (the list’s own query, its status too)', async () => {
    const { owner, create, bulk, list } = await setup();
    await create(owner, 'Alpha one', { tags: ['a'] });
    await create(owner, 'Alpha two', { tags: ['a'] });
    await create(owner, 'Beta');
    // Expired before the app's clock: inactive.
    await create(owner, 'Gamma', { tags: ['a'], validUntil: '2025-01-01T00:00:00.000Z' });
    expect(
      (await bulk(owner, { filter: { tag: 'a', status: 'inactive' }, action: { type: 'untag', tags: ['a'] } })).body,
    ).toEqual({
      changed: 1,
      matched: 1,
    });
    expect((await bulk(owner, { filter: { tag: 'a' }, action: { type: 'archive' } })).body).toEqual({
      changed: 2,
      matched: 2,
    });
    expect((await list(owner)).items.map((item) => item.title)).toEqual(['Gamma', 'Beta']);
    expect((await bulk(owner, { filter: { q: 'nothing-matches' }, action: { type: 'delete' } })).body).toEqual({
      changed: 0,
      matched: 0,
    });
  });

  it('changes nothing when one id names no link', async () => {
    const { owner, create, bulk, list } = await setup();
    const link = await create(owner, 'Kept');
    const res = await bulk(owner, { ids: [link.id, 999_999], action: { type: 'delete' } });
    expect([res.status, res.body.code]).toEqual([400, 'BULK_LINK_NOT_FOUND']);
    expect((await list(owner)).total).toBe(1);
    const moved = await bulk(owner, { ids: [link.id], action: { type: 'move', folderId: 4242 } });
    expect([moved.status, moved.body.code]).toEqual([400, 'UNKNOWN_FOLDER']);
  });

  it('refuses an Author’s ids naming another’s link whole, and narrows their filter to their own links', async () => {
    const { owner, author, create, bulk, list } = await setup();
    const theirs = await create(owner, 'Owner link', { tags: ['t'] });
    const mine = await create(author, 'Author link', { tags: ['t'] });
    const refused = await bulk(author, { ids: [mine.id, theirs.id], action: { type: 'delete' } });
    expect([refused.status, refused.body.code]).toEqual([403, 'FORBIDDEN']);
    expect((await list(owner)).total).toBe(2);

    expect((await bulk(author, { filter: { tag: 't' }, action: { type: 'archive' } })).body).toEqual({
      changed: 1,
      matched: 1,
    });
    expect((await list(owner)).items.map((item) => item.title)).toEqual(['Owner link']);
    const other = await bulk(author, { filter: { createdBy: '1' }, action: { type: 'archive' } });
    expect([other.status, other.body.code]).toEqual([403, 'FORBIDDEN']);
  });

  it.each<[string, unknown, string]>([
    ['no body fields', {}, 'VALIDATION'],
    ['no action', { ids: [1] }, 'VALIDATION'],
    ['both ids and filter', { ids: [1], filter: {}, action: { type: 'archive' } }, 'FIELDS_CONFLICT'],
    ['neither ids nor filter', { action: { type: 'archive' } }, 'FIELDS_CONFLICT'],
    ['no ids', { ids: [], action: { type: 'archive' } }, 'VALIDATION'],
    ['1001 ids', { ids: Array.from({ length: 1001 }, (_, i) => i + 1), action: { type: 'archive' } }, 'BULK_TOO_MANY'],
    ['ids that are an object', { ids: { 0: 1 }, action: { type: 'archive' } }, 'VALIDATION'],
    ['a null action', { ids: [1], action: null }, 'VALIDATION'],
    ['an id that is text', { ids: ['1'], action: { type: 'archive' } }, 'VALIDATION'],
    ['a negative id', { ids: [-1], action: { type: 'archive' } }, 'VALIDATION'],
    ['a fractional id', { ids: [1.5], action: { type: 'archive' } }, 'VALIDATION'],
    ['an id past 2^53', { ids: [2 ** 60], action: { type: 'archive' } }, 'VALIDATION'],
    ['an unknown action', { ids: [1], action: { type: 'drop' } }, 'VALIDATION'],
    ['an action that is text', { ids: [1], action: 'delete' }, 'VALIDATION'],
    ['tag without tags', { ids: [1], action: { type: 'tag' } }, 'VALIDATION'],
    ['tag with no tags', { ids: [1], action: { type: 'tag', tags: [] } }, 'VALIDATION'],
    ['a tag too long', { ids: [1], action: { type: 'tag', tags: ['x'.repeat(51)] } }, 'VALIDATION'],
    ['a blank tag', { ids: [1], action: { type: 'untag', tags: ['  '] } }, 'VALIDATION'],
    ['move without folderId', { ids: [1], action: { type: 'move' } }, 'VALIDATION'],
    ['move to folder 0', { ids: [1], action: { type: 'move', folderId: 0 } }, 'VALIDATION'],
    ['move to a folder named by text', { ids: [1], action: { type: 'move', folderId: '1' } }, 'VALIDATION'],
    ['setExpiry without validUntil', { ids: [1], action: { type: 'setExpiry' } }, 'VALIDATION'],
    ['setExpiry to words', { ids: [1], action: { type: 'setExpiry', validUntil: 'tomorrow' } }, 'VALIDATION'],
    ['setExpiry to a number', { ids: [1], action: { type: 'setExpiry', validUntil: 1_900_000_000 } }, 'VALIDATION'],
    [
      'setExpiry without a zone',
      { ids: [1], action: { type: 'setExpiry', validUntil: '2030-01-01T00:00:00' } },
      'VALIDATION',
    ],
    ['setExpiry to an empty text', { ids: [1], action: { type: 'setExpiry', validUntil: '' } }, 'VALIDATION'],
    ['a search too long', { filter: { q: 'x'.repeat(201) }, action: { type: 'archive' } }, 'VALIDATION'],
    ['a filter that is a list', { filter: ['q'], action: { type: 'archive' } }, 'VALIDATION'],
    ['an action with another field', { ids: [1], action: { type: 'archive', all: true } }, 'UNKNOWN_FIELDS'],
    ['another body field', { ids: [1], action: { type: 'archive' }, force: true }, 'UNKNOWN_FIELDS'],
    [
      'a filter field the list does not take',
      { filter: { sql: '1=1' }, action: { type: 'archive' } },
      'UNKNOWN_FIELDS',
    ],
    ['a bad folder filter', { filter: { folder: 'x' }, action: { type: 'archive' } }, 'VALIDATION'],
    ['a control character in a tag', { ids: [1], action: { type: 'tag', tags: ['a\u0007'] } }, 'INVALID_CHARACTERS'],
    ['__proto__', JSON.parse('{"__proto__": {"ids": [1]}, "action": {"type": "archive"}}'), 'UNKNOWN_FIELDS'],
  ])('refuses a body with %s (400, nothing changed)', async (_name, body, code) => {
    const { owner, create, bulk, list } = await setup();
    await create(owner, 'Kept');
    const res = await bulk(owner, body);
    expect([res.status, (res.body as { code: string }).code]).toEqual([400, code]);
    expect((await list(owner)).total).toBe(1);
  });

  it('refuses a body past the size limit before reading it (413), nothing changed', async () => {
    const { owner, create, bulk, list } = await setup();
    await create(owner, 'Kept');
    const res = await bulk(owner, {
      ids: Array.from({ length: 100_000 }, (_, i) => i + 1),
      action: { type: 'delete' },
    });
    expect([res.status, res.body.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect((await list(owner)).total).toBe(1);
  });

  it(
    'takes 1,000 links by id or by filter, and refuses 1,001 either way with nothing changed',
    { timeout: 60_000 },
    async () => {
      const { app, owner, bulk, list } = await setup();
      // 1,001 links, all tagged "many" but the last.
      const rows = Array.from({ length: 1001 }, (_, i) => ({
        title: `Many ${i}`,
        targetUrl: `https://example.com/many/${i}`,
        tags: i < 1000 ? ['many'] : [],
      }));
      expect((await request(app).post('/api/shortlinks/import').set(owner.auth).send(rows)).status).toBe(201);
      const all = (await list(owner, { limit: '100' })).total;
      expect(all).toBe(1001);

      const tooMany = await bulk(owner, { filter: {}, action: { type: 'archive' } });
      expect([tooMany.status, tooMany.body.code]).toEqual([400, 'BULK_TOO_MANY']);
      expect((await list(owner, { archived: 'true' })).total).toBe(0);

      const until = '2031-01-01T00:00:00.000Z';
      const tagged = await bulk(owner, { filter: { tag: 'many' }, action: { type: 'setExpiry', validUntil: until } });
      expect([tagged.status, tagged.body]).toEqual([200, { changed: 1000, matched: 1000 }]);

      // By id: the first 1,000 ids are taken whole; one more is refused before anything is read.
      const ids: number[] = [];
      let cursor: string | null = null;
      do {
        const page: ShortlinkPage = (
          await request(app)
            .get('/api/shortlinks')
            .query({ limit: '100', ...(cursor ? { cursor } : {}) })
            .set(owner.auth)
        ).body;
        ids.push(...page.items.map((item) => item.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(ids).toHaveLength(1001);
      const over = await bulk(owner, { ids, action: { type: 'delete' } });
      expect([over.status, over.body.code]).toEqual([400, 'BULK_TOO_MANY']);
      expect((await list(owner)).total).toBe(1001);
      const archived = await bulk(owner, { ids: ids.slice(0, 1000), action: { type: 'archive' } });
      expect([archived.status, archived.body]).toEqual([200, { changed: 1000, matched: 1000 }]);
      expect((await list(owner)).total).toBe(1);
    },
  );

  it('sets or clears the expiry of links, refused whole when a link would end before it starts', async () => {
    const { app, owner, create, bulk } = await setup();
    const early = await create(owner, 'Starts late', { validFrom: '2032-01-01T00:00:00.000Z' });
    const plain = await create(owner, 'Plain');
    const read = async (id: number) => {
      const page = (await request(app).get('/api/shortlinks').set(owner.auth)).body as ShortlinkPage;
      return page.items.find((item) => item.id === id)?.validUntil;
    };

    // An offset is stored as the UTC instant.
    const set = await bulk(owner, {
      ids: [plain.id],
      action: { type: 'setExpiry', validUntil: '2031-01-01T02:00:00+02:00' },
    });
    expect([set.status, set.body]).toEqual([200, { changed: 1, matched: 1 }]);
    expect(await read(plain.id)).toBe('2031-01-01T00:00:00.000Z');

    const refused = await bulk(owner, {
      ids: [plain.id, early.id],
      action: { type: 'setExpiry', validUntil: '2031-06-01T00:00:00Z' },
    });
    expect([refused.status, refused.body]).toEqual([
      400,
      {
        code: 'FIELDS_CONFLICT',
        error: `Valid until must be later than valid from (link ${early.shortCode}); nothing was changed`,
      },
    ]);
    expect([await read(plain.id), await read(early.id)]).toEqual(['2031-01-01T00:00:00.000Z', null]);

    const cleared = await bulk(owner, { ids: [plain.id, early.id], action: { type: 'setExpiry', validUntil: null } });
    expect([cleared.status, cleared.body]).toEqual([200, { changed: 1, matched: 2 }]);
    expect(await read(plain.id)).toBeNull();
  });

  it('tells webhooks of each link a bulk change changed or deleted, and of none when it is refused', async () => {
    const { app, db, owner, create, bulk } = await setup();
    // Stored directly: registering through the API resolves the host, which this app does not stub.
    const { id: hookId } = await db.webhooks.insert({
      url: 'https://hooks.example.com/links',
      description: '',
      events: ['link.updated', 'link.deleted'],
      active: true,
      secret: 'whsec_test',
      createdBy: 1,
      at: new Date(ENGINE_APP_NOW),
    });
    const events = async () => {
      const res = await request(app).get(`/api/webhooks/${hookId}/deliveries?limit=100`).set(owner.auth);
      const deliveries = (res.body as { deliveries: WebhookDelivery[] }).deliveries;
      const payloads = await Promise.all(deliveries.map((delivery) => db.webhookDeliveries.find(hookId, delivery.id)));
      return payloads
        .map((found) => JSON.parse(found!.payload) as { type: string; data: { link: Shortlink; fields?: string[] } })
        .map(({ type, data }) => [type, data.link.id, data.fields ?? null, data.link.tags ?? null])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0])) || Number(a[1]) - Number(b[1]));
    };
    const [one, two, three] = [await create(owner, 'One'), await create(owner, 'Two'), await create(owner, 'Three')];

    expect((await bulk(owner, { ids: [one.id, two.id], action: { type: 'tag', tags: ['hooked'] } })).status).toBe(200);
    expect(await events()).toEqual([
      ['link.updated', one.id, ['tags'], ['hooked']],
      ['link.updated', two.id, ['tags'], ['hooked']],
    ]);
    // Refused whole (one id names no link): no event.
    expect((await bulk(owner, { ids: [three.id, 999_999], action: { type: 'delete' } })).status).toBe(400);
    // A link that already was as asked is not told of again.
    expect((await bulk(owner, { ids: [one.id, three.id], action: { type: 'tag', tags: ['hooked'] } })).status).toBe(
      200,
    );
    expect((await bulk(owner, { ids: [one.id, three.id], action: { type: 'delete' } })).status).toBe(200);
    expect(await events()).toEqual([
      ['link.deleted', one.id, null, null],
      ['link.deleted', three.id, null, null],
      ['link.updated', one.id, ['tags'], ['hooked']],
      ['link.updated', two.id, ['tags'], ['hooked']],
      ['link.updated', three.id, ['tags'], ['hooked']],
    ]);
  });

  it('asks for credentials and the links:write scope', async () => {
    const { db, bulk } = await setup();
    expect((await bulk({ auth: {} }, { ids: [1], action: { type: 'archive' } })).status).toBe(401);
    const readKey = await personKey(db, 1, ['links:read'], { now: ENGINE_APP_NOW });
    const res = await bulk(readKey, { ids: [1], action: { type: 'archive' } });
    expect([res.status, res.body.code]).toEqual([403, 'FORBIDDEN']);
    const viewer = await personSession(db, 'viewer', { now: ENGINE_APP_NOW });
    expect((await bulk(viewer, { ids: [1], action: { type: 'archive' } })).status).toBe(403);
  });
});
