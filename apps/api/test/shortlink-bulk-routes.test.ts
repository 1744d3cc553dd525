import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { AuditPage, Shortlink, ShortlinkFolder, ShortlinkPage } from '@toolvault/shared';
import { ENGINE_APP_NOW } from './engine-app';
import { appPerTest, personKey, personSession, type SignedIn } from './people';

/*
 * The folder routes and `POST /api/shortlinks/bulk` through the whole app: success, each refusal
 * with its code, hostile bodies, and the own-only rule of an Author (ids: refused whole; a filter:
 * narrowed to their own links). Storage is tested on both engines in shortlink-bulk.test.ts; the
 * routes run on SQLite.
 */

describe('folders and bulk changes through the API', () => {
  const open = appPerTest('sqlite');

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
    const links = [await create(owner, 'One'), await create(owner, 'Two'), await create(owner, 'Three')];
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
    // The archived link still redirects.
    const redirect = await request(app).get(`/${links[0]!.shortCode}`).set('Accept', 'application/json');
    expect(redirect.status).toBe(200);

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

  it('changes the links a filter matches (the list’s own query), and refuses a filter matching too many', async () => {
    const { owner, create, bulk, list } = await setup();
    await create(owner, 'Alpha one', { tags: ['a'] });
    await create(owner, 'Alpha two', { tags: ['a'] });
    await create(owner, 'Beta');
    expect((await bulk(owner, { filter: { tag: 'a' }, action: { type: 'archive' } })).body).toEqual({
      changed: 2,
      matched: 2,
    });
    expect((await list(owner)).items.map((item) => item.title)).toEqual(['Beta']);
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
    ['both ids and filter', { ids: [1], filter: {}, action: { type: 'archive' } }, 'VALIDATION'],
    ['neither ids nor filter', { action: { type: 'archive' } }, 'VALIDATION'],
    ['no ids', { ids: [], action: { type: 'archive' } }, 'VALIDATION'],
    ['1001 ids', { ids: Array.from({ length: 1001 }, (_, i) => i + 1), action: { type: 'archive' } }, 'VALIDATION'],
    ['an id that is text', { ids: ['1'], action: { type: 'archive' } }, 'VALIDATION'],
    ['a negative id', { ids: [-1], action: { type: 'archive' } }, 'VALIDATION'],
    ['a fractional id', { ids: [1.5], action: { type: 'archive' } }, 'VALIDATION'],
    ['an id past 2^53', { ids: [2 ** 60], action: { type: 'archive' } }, 'VALIDATION'],
    ['an unknown action', { ids: [1], action: { type: 'drop' } }, 'VALIDATION'],
    ['an action that is text', { ids: [1], action: 'delete' }, 'VALIDATION'],
    ['tag without tags', { ids: [1], action: { type: 'tag' } }, 'VALIDATION'],
    ['tag with no tags', { ids: [1], action: { type: 'tag', tags: [] } }, 'VALIDATION'],
    ['a tag too long', { ids: [1], action: { type: 'tag', tags: ['x'.repeat(51)] } }, 'VALIDATION'],
    ['move without folderId', { ids: [1], action: { type: 'move' } }, 'VALIDATION'],
    ['move to folder 0', { ids: [1], action: { type: 'move', folderId: 0 } }, 'VALIDATION'],
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
