import request from 'supertest';
import { describe, expect, it } from 'vitest';
import type { Shortlink, ShortlinkExportRow, ShortlinkPage } from '@toolvault/shared';
import { createApiKeysService } from '../src/services/api-keys.service';
import { ENGINE_APP_NOW } from './engine-app';
import { ENGINES } from './engines';
import { appPerTest, personSession, type SignedIn } from './people';

/*
 * Who made which link, and the own-only rules of an Author: links record their creator and their
 * last editor, the manager's answers name them, and someone whose links permission reaches only
 * their own changes, deletes and reads the analytics of their own links alone (403 FORBIDDEN).
 */

const OWNER = { id: 1, name: 'Owner' };
const FORBIDDEN = 'FORBIDDEN';

describe.each(ENGINES)('who made which link, on %s', (engine) => {
  const open = appPerTest(engine);

  const setup = async () => {
    const { app, db, owner } = await open();
    const author = await personSession(db, 'author', { now: ENGINE_APP_NOW, displayName: 'Ada Author' });
    const other = await personSession(db, 'author', { now: ENGINE_APP_NOW, displayName: 'Otto Author' });
    const editor = await personSession(db, 'editor', { now: ENGINE_APP_NOW, displayName: 'Eddie Editor' });
    const create = async (who: SignedIn, title: string) => {
      const res = await request(app)
        .post('/api/shortlinks')
        .set(who.auth)
        .send({ title, targetUrl: `https://example.com/${encodeURIComponent(title)}` });
      expect(res.status).toBe(201);
      return res.body as Shortlink;
    };
    const update = (who: SignedIn, link: Shortlink, title: string) =>
      request(app).put(`/api/shortlinks/${link.id}`).set(who.auth).send({ title, targetUrl: link.targetUrl });
    const list = async (who: SignedIn, query: Record<string, string> = {}) =>
      request(app).get('/api/shortlinks').query(query).set(who.auth);
    return { app, db, owner, author, other, editor, create, update, list };
  };

  it('records who created a link (a guest: nobody) and answers it with their display name', async () => {
    const { app, owner, author, create, list } = await setup();
    const mine = await create(author, 'Ada link');
    expect(mine.createdBy).toEqual({ id: author.userId, name: 'Ada Author' });
    expect(mine.updatedBy).toBeNull();
    expect((await create(owner, 'Owner link')).createdBy).toEqual(OWNER);

    const guest = await request(app)
      .post('/api/shortlinks')
      .send({ title: 'Guest link', targetUrl: 'https://example.com/guest' });
    expect(guest.status).toBe(201);
    expect((guest.body as Shortlink).createdBy).toBeNull();

    const page = (await list(owner, { sort: 'title' })).body as ShortlinkPage;
    expect(page.items.map((link) => [link.title, link.createdBy?.name ?? null])).toEqual([
      ['Ada link', 'Ada Author'],
      ['Guest link', null],
      ['Owner link', 'Owner'],
    ]);
  });

  it('records who changed a link last, and shows the new name after a rename of the person', async () => {
    const { app, db, owner, author, editor, create, update, list } = await setup();
    const link = await create(author, 'Ada link');
    const changed = await update(editor, link, 'Edited by the editor');
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({
      title: 'Edited by the editor',
      createdBy: { id: author.userId, name: 'Ada Author' },
      updatedBy: { id: editor.userId, name: 'Eddie Editor' },
    });
    await db.users.update(editor.userId, { displayName: 'Edith Editor' }, new Date(ENGINE_APP_NOW));
    const [shown] = ((await list(owner)).body as ShortlinkPage).items;
    expect(shown?.updatedBy).toEqual({ id: editor.userId, name: 'Edith Editor' });

    const summary = await request(app).get('/api/shortlinks/summary').set(owner.auth);
    expect(summary.body.recent[0]).toMatchObject({ createdBy: { id: author.userId } });
  });

  it("lets an Author list, change and delete their own links only; another's answer 403 and stay as they were", async () => {
    const { owner, author, create, update, list, app } = await setup();
    const theirs = await create(owner, 'Owner link');
    const mine = await create(author, 'Ada link');

    const listed = await list(author);
    expect(listed.status).toBe(200);
    expect((listed.body as ShortlinkPage).items.map((link) => link.title)).toEqual(['Ada link']);
    expect((listed.body as ShortlinkPage).total).toBe(1);

    for (const refused of [
      await update(author, theirs, 'Taken over'),
      await request(app).delete(`/api/shortlinks/${theirs.id}`).set(author.auth),
      await request(app).get(`/api/shortlinks/${theirs.id}/analytics`).set(author.auth),
    ]) {
      expect(refused.status).toBe(403);
      // The refusal says the rule, and nothing of the link.
      expect(Object.keys(refused.body as object).sort()).toEqual(['code', 'error']);
      expect(refused.body.code).toBe(FORBIDDEN);
      expect(refused.body.error).toMatch(/only the links you created/);
      expect(JSON.stringify(refused.body)).not.toContain(theirs.shortCode);
    }
    const untouched = ((await list(owner, { sort: 'title' })).body as ShortlinkPage).items;
    expect(untouched.map((link) => [link.title, link.updatedBy])).toEqual([
      ['Ada link', null],
      ['Owner link', null],
    ]);

    expect((await update(author, mine, 'Renamed')).body).toMatchObject({
      title: 'Renamed',
      updatedBy: { id: author.userId, name: 'Ada Author' },
    });
    const analytics = await request(app).get(`/api/shortlinks/${mine.id}/analytics`).set(author.auth);
    expect(analytics.status).toBe(200);
    expect(analytics.body.link).toMatchObject({ id: mine.id, createdBy: { id: author.userId } });
    expect((await request(app).delete(`/api/shortlinks/${mine.id}`).set(author.auth)).status).toBe(204);
    // A link that is not there is still a 404, for anyone.
    expect((await request(app).delete(`/api/shortlinks/${mine.id}`).set(author.auth)).status).toBe(404);
    expect((await update(author, mine, 'Gone')).status).toBe(404);
  });

  it("refuses an Author another person's links in the list filter, and what needs every link", async () => {
    const { owner, author, list, app } = await setup();
    const named = await list(author, { createdBy: String(owner.userId) });
    expect(named.status).toBe(403);
    expect(named.body).toEqual({ error: 'You can list only the links you created.', code: FORBIDDEN });
    expect((await list(author, { createdBy: String(author.userId) })).status).toBe(200);
    expect((await list(author, { createdBy: 'me' })).status).toBe(200);
    for (const path of ['/api/shortlinks/summary', '/api/shortlinks/tags', '/api/shortlinks/analytics']) {
      const res = await request(app).get(path).set(author.auth);
      expect(res.status, path).toBe(403);
      expect(res.body.code).toBe(FORBIDDEN);
    }
  });

  it('keeps a Contributor out of the links and a Viewer out of every change', async () => {
    const { db, owner, create, update, list, app } = await setup();
    const link = await create(owner, 'Owner link');
    const contributor = await personSession(db, 'contributor', { now: ENGINE_APP_NOW });
    expect((await list(contributor)).status).toBe(403);
    const created = await request(app)
      .post('/api/shortlinks')
      .set(contributor.auth)
      .send({ title: 'x', targetUrl: 'https://example.com/x' });
    expect(created.status).toBe(403);

    const viewer = await personSession(db, 'viewer', { now: ENGINE_APP_NOW });
    const seen = await list(viewer, { createdBy: String(owner.userId) });
    expect(seen.status).toBe(200);
    expect((seen.body as ShortlinkPage).items.map((item) => item.createdBy)).toEqual([OWNER]);
    expect((await update(viewer, link, 'No')).status).toBe(403);
    expect((await request(app).delete(`/api/shortlinks/${link.id}`).set(viewer.auth)).status).toBe(403);
  });

  it("limits an Author's API key to their own links as well", async () => {
    const { db, owner, author, create, app } = await setup();
    await create(owner, 'Owner link');
    const mine = await create(author, 'Ada link');
    const keys = createApiKeysService({ keys: db.apiKeys, clock: () => new Date(ENGINE_APP_NOW) });
    const { key } = await keys.create({
      userId: author.userId,
      name: 'script',
      scopes: ['links:read', 'links:write'],
      rateLimit: 60,
      expiresAt: null,
    });
    const bearer = { Authorization: `Bearer ${key}` };
    const listed = await request(app).get('/api/shortlinks').set(bearer);
    expect((listed.body as ShortlinkPage).items.map((link) => link.id)).toEqual([mine.id]);
    const made = await request(app)
      .post('/api/shortlinks')
      .set(bearer)
      .send({ title: 'By script', targetUrl: 'https://example.com/script' });
    expect((made.body as Shortlink).createdBy).toEqual({ id: author.userId, name: 'Ada Author' });
    // The key lacks analytics:read: its person's own link's analytics are still refused.
    expect((await request(app).get(`/api/shortlinks/${mine.id}/analytics`).set(bearer)).status).toBe(403);
  });

  it('exports who created each link by login, and makes imported links the importer’s', async () => {
    const { owner, author, editor, create, list, app } = await setup();
    await create(author, 'Ada link');
    const exported = await request(app).get('/api/shortlinks/export').set(owner.auth);
    const rows = exported.body as ShortlinkExportRow[];
    expect(rows.map((row) => row.createdBy)).toEqual([expect.stringMatching(/^author-[0-9a-f]+$/)]);
    const csv = await request(app).get('/api/shortlinks/export?format=csv').set(owner.auth);
    expect(csv.text.split('\r\n')[0]).toMatch(/,createdBy$/);

    const imported = await request(app)
      .post('/api/shortlinks/import')
      .set(editor.auth)
      .send(rows.map((row) => ({ ...row, shortCode: `${row.shortCode}x` })));
    expect(imported.status).toBe(201);
    const page = ((await list(owner, { createdBy: String(editor.userId) })).body as ShortlinkPage).items;
    expect(page.map((link) => [link.title, link.createdBy?.name])).toEqual([['Ada link', 'Eddie Editor']]);
  });
});
