import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { AuditEvent, AuditPage } from '@toolvault/shared';
import { ENGINES } from './engines';
import { sharedHtmlSanitizerPool } from '../src/services/html-sanitizer.pool';
import { auditTestApp, OWNER_PASSWORD, type AuditTestApp } from './audit-fixtures';

// The sanitizer's process (posts) loads jsdom in seconds: started once, before any test's clock runs.
await sharedHtmlSanitizerPool().ready();

/**
 * The audit log records every change of links, posts and categories with who, what, when and from
 * where; clicks and reads record nothing; and no column ever holds a password, a token or a key.
 */
const NOW = '2025-03-15T12:00:00.000Z';
const LOOPBACK = /^(::ffff:)?127\.0\.0\.1$/;

const link = (n: number) => ({ title: `Link ${n}`, targetUrl: `https://example.com/${n}`, shortCode: `code${n}` });
const post = (n: number, published = false) => ({
  title: `Post ${n}`,
  slug: `post-${n}`,
  content: `<p>Post ${n}</p>`,
  published,
});

describe.each(ENGINES)('the audit log records changes, on %s', (engine) => {
  let t: AuditTestApp;
  let owner: { Authorization: string };
  beforeEach(async () => {
    t = await auditTestApp(engine, NOW);
    owner = await t.sessionOf(1);
  });
  afterEach(async () => {
    await t.close();
  });

  /** Every event, newest first, as the Owner reads them. */
  const events = async (): Promise<AuditEvent[]> => {
    const res = await request(t.app).get('/api/audit?limit=100').set(owner);
    expect(res.status).toBe(200);
    return (res.body as AuditPage).events;
  };
  /** The events after the first `skip`, oldest first, as [action, targetId, fields]. */
  const actions = async (skip = 0) =>
    (await events())
      .reverse()
      .slice(skip)
      .map((event) => [event.action, event.targetId, event.fields]);

  it('records links created, changed (the names of the fields that changed), deleted and imported', async () => {
    const created = await request(t.app).post('/api/shortlinks').set(owner).send(link(1));
    expect(created.status).toBe(201);
    const id = created.body.id as number;
    t.setNow('2025-03-15T12:05:00.000Z');
    const changed = { title: 'Renamed', targetUrl: 'https://example.com/1', tags: ['news'] };
    expect((await request(t.app).put(`/api/shortlinks/${id}`).set(owner).send(changed)).status).toBe(200);
    // Saved again as it is: nothing changed, nothing recorded.
    expect((await request(t.app).put(`/api/shortlinks/${id}`).set(owner).send(changed)).status).toBe(200);
    // A failed change records nothing either.
    expect((await request(t.app).put('/api/shortlinks/999999').set(owner).send(changed)).status).toBe(404);
    expect((await request(t.app).delete(`/api/shortlinks/${id}`).set(owner)).status).toBe(204);
    const rows = [link(2), link(3), link(4)];
    expect((await request(t.app).post('/api/shortlinks/import').set(owner).send(rows)).status).toBe(201);

    expect(await actions()).toEqual([
      ['link.created', String(id), []],
      ['link.updated', String(id), ['title', 'tags']],
      ['link.deleted', String(id), []],
      // One event for the whole import, its size as the target.
      ['links.imported', '3', ['count']],
    ]);
    const [first] = (await events()).reverse();
    expect(first).toMatchObject({ at: NOW, actor: { id: 1, label: 'owner' }, targetType: 'link' });
    expect(first?.actor.keyPrefix).toBeUndefined();
    expect(first?.ip).toMatch(LOOPBACK);
    expect((await events())[0]?.at).toBe('2025-03-15T12:05:00.000Z');
  });

  it('records posts created, changed, published and deleted', async () => {
    const draft = await request(t.app).post('/api/blog').set(owner).send(post(1));
    expect(draft.status).toBe(201);
    const id = draft.body.id as number;
    const update = { ...post(1, true), title: 'Post one' };
    expect((await request(t.app).put(`/api/blog/posts/${id}`).set(owner).send(update)).status).toBe(200);
    // Published already: saving it again published publishes nothing.
    expect((await request(t.app).put(`/api/blog/posts/${id}`).set(owner).send(update)).status).toBe(200);
    const live = await request(t.app).post('/api/blog').set(owner).send(post(2, true));
    expect((await request(t.app).delete(`/api/blog/posts/${id}`).set(owner)).status).toBe(204);

    expect(await actions()).toEqual([
      ['post.created', String(id), []],
      ['post.updated', String(id), ['title', 'published']],
      ['post.published', String(id), []],
      ['post.created', String(live.body.id), []],
      ['post.published', String(live.body.id), []],
      ['post.deleted', String(id), []],
    ]);
    expect((await events()).every((event) => event.targetType === 'post' && event.actor.id === 1)).toBe(true);
  });

  it('records categories created, changed and deleted', async () => {
    const created = await request(t.app).post('/api/categories').set(owner).send({ name: 'News', slug: 'news' });
    const id = created.body.id as number;
    const renamed = { name: 'Updates', slug: 'news', description: '' };
    expect((await request(t.app).put(`/api/categories/${id}`).set(owner).send(renamed)).status).toBe(200);
    expect((await request(t.app).delete(`/api/categories/${id}`).set(owner)).status).toBe(204);
    expect(await actions()).toEqual([
      ['category.created', String(id), []],
      ['category.updated', String(id), ['name']],
      ['category.deleted', String(id), []],
    ]);
  });

  it("records who acted: the person, the key acting for them, or a guest (without the guest's address)", async () => {
    const editor = await t.person('editor', 'eve');
    await request(t.app).post('/api/shortlinks').set(editor.auth).send(link(1)).expect(201);
    const key = await t.keyOf(1, ['links:write']);
    await request(t.app)
      .post('/api/shortlinks')
      .set({ Authorization: `Bearer ${key}` })
      .send(link(2))
      .expect(201);
    await request(t.app)
      .post('/api/shortlinks')
      .send({ title: 'Guest', targetUrl: 'https://example.com/g' })
      .expect(201);

    const [guest, byKey, byEditor] = await events();
    expect(byEditor?.actor).toEqual({ id: editor.id, label: 'eve' });
    expect(byEditor?.ip).toMatch(LOOPBACK);
    expect(byKey?.actor).toEqual({ id: 1, label: `owner (key ${key.slice(0, 9)}…)`, keyPrefix: key.slice(0, 9) });
    expect(byKey?.ip).toMatch(LOOPBACK);
    expect(guest).toMatchObject({ action: 'link.created', actor: { id: null, label: 'guest' }, ip: '' });
  });

  it('records nothing for clicks and reads', async () => {
    await request(t.app).post('/api/shortlinks').set(owner).send(link(1)).expect(201);
    await request(t.app).post('/api/blog').set(owner).send(post(1, true)).expect(201);
    const before = await events();
    await request(t.app).get('/code1').set('Accept', 'application/json').expect(200);
    await request(t.app).get('/api/shortlink/code1').expect(200);
    await request(t.app).get('/api/shortlinks').set(owner).expect(200);
    await request(t.app).get('/api/blog/post-1').expect(200);
    await request(t.app).get('/api/categories').expect(200);
    expect(await events()).toEqual(before);
  });

  it('names the account of a failed login only when it exists: a password typed in the account box never lands in the log', async () => {
    const attempts = [
      { login: 'owner', password: 'wrong password' },
      { login: OWNER_PASSWORD, password: OWNER_PASSWORD },
      { password: 'wrong password' },
    ];
    for (const body of attempts) {
      expect((await request(t.app).post('/api/admin/login').send(body)).status).toBe(401);
    }
    const failed = (await events()).filter((event) => event.action === 'login.failed').reverse();
    expect(failed.map((event) => [event.targetId, event.actor.id, event.actor.label])).toEqual([
      ['owner', null, 'anonymous'],
      ['(unknown account)', null, 'anonymous'],
      ['owner', null, 'anonymous'],
    ]);
  });

  it('never holds a password, a token or a key, in any column', async () => {
    const wrong = 'not the password, a guess of 31';
    await request(t.app).post('/api/admin/login').send({ login: 'owner', password: wrong }).expect(401);
    const login = await request(t.app).post('/api/admin/login').send({ password: OWNER_PASSWORD }).expect(200);
    const token = login.body.token as string;
    const key = await t.keyOf(1, ['links:write', 'blog:write']);
    const asKey = { Authorization: `Bearer ${key}` };
    await request(t.app).post('/api/shortlinks').set(asKey).send(link(1)).expect(201);
    await request(t.app)
      .post('/api/blog')
      .set({ Authorization: `Bearer ${token}` })
      .send(post(1, true))
      .expect(201);
    await request(t.app)
      .post('/api/admin/logout')
      .set({ Authorization: `Bearer ${token}` })
      .expect(204);

    const rows = await t.storage.db.selectFrom('audit_events').selectAll().execute();
    expect(rows.map((row) => row.action).sort()).toEqual(
      ['link.created', 'login.failed', 'login.succeeded', 'post.created', 'post.published', 'session.ended'].sort(),
    );
    const secrets = [OWNER_PASSWORD, wrong, token, key, key.slice(9), ...token.split('.')];
    for (const row of rows) {
      for (const [column, value] of Object.entries(row)) {
        for (const secret of secrets) {
          expect(String(value), `${column} of ${row.action}`).not.toContain(secret);
        }
      }
    }
  });
});
