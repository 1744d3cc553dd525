import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '@toolvault/shared';
import type { Express } from 'express';
import type { Repositories } from '../src/db';
import { ENGINES, openTestStorage, type TestStorage } from './engines';
import { personSession, type PersonSession } from './people';
import { keyOf, movableClock, TEAM_NOW, teamApp } from './team-fixtures';

/** People, roles, disabling and ownership (GET /api/team, PUT /api/team/people/:id, POST /api/team/ownership). */
describe.each(ENGINES)('the team on %s', (engine) => {
  let storage: TestStorage;
  let db: Repositories;
  let app: Express;
  let owner: PersonSession;
  let admin: PersonSession;
  let editor: PersonSession;
  let author: PersonSession;

  beforeEach(async () => {
    storage = await openTestStorage(engine);
    db = storage.db;
    app = teamApp(db, movableClock());
    owner = await personSession(db, 'owner', { now: TEAM_NOW, displayName: 'The owner' });
    admin = await personSession(db, 'administrator', { now: TEAM_NOW, displayName: 'The administrator' });
    editor = await personSession(db, 'editor', { now: TEAM_NOW, displayName: 'The editor' });
    author = await personSession(db, 'author', { now: TEAM_NOW, displayName: 'The author' });
  });
  afterEach(async () => {
    await storage.close();
  });

  const put = (id: number | string, body: unknown, auth: Record<string, string> = admin.auth) =>
    request(app)
      .put(`/api/team/people/${id}`)
      .set(auth)
      .send(body as object);
  const transfer = (body: unknown, auth: Record<string, string> = owner.auth) =>
    request(app)
      .post('/api/team/ownership')
      .set(auth)
      .send(body as object);
  const events = async (action: string) => (await db.audit.list({ limit: 100 })).filter((e) => e.action === action);
  const roleOf = async (id: number) => (await db.users.byId(id))?.role;

  describe('GET /api/team', () => {
    it('lists everyone, oldest first, without a password hash', async () => {
      const res = await request(app).get('/api/team').set(owner.auth);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const people = res.body.people as Record<string, unknown>[];
      expect(people.map((p) => p.role)).toEqual(['owner', 'administrator', 'editor', 'author']);
      expect(people[1]).toEqual({
        id: admin.userId,
        login: admin.login,
        displayName: 'The administrator',
        role: 'administrator',
        disabled: false,
        createdAt: TEAM_NOW,
      });
      expect(JSON.stringify(res.body)).not.toMatch(/scrypt|password/i);
    });

    it.each<[string, Role]>([
      ['an Editor', 'editor'],
      ['an Administrator', 'administrator'],
    ])('is open to %s (team:read)', async (_name, role) => {
      const person = await personSession(db, role, { now: TEAM_NOW });
      expect((await request(app).get('/api/team').set(person.auth)).status).toBe(200);
    });

    it.each<Role>(['author', 'contributor', 'viewer'])('refuses a %s with 403 FORBIDDEN', async (role) => {
      const person = await personSession(db, role, { now: TEAM_NOW });
      const res = await request(app).get('/api/team').set(person.auth);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    });

    it('refuses no credentials (401) and an API key, even the Owner’s with every scope (403)', async () => {
      expect((await request(app).get('/api/team')).status).toBe(401);
      const res = await request(app)
        .get('/api/team')
        .set(await keyOf(db, owner.userId));
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    });
  });

  describe('PUT /api/team/people/:id', () => {
    it('changes a role, answers the person and records the field name', async () => {
      const res = await put(author.userId, { role: 'editor' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: author.userId, role: 'editor', disabled: false });
      expect(await roleOf(author.userId)).toBe('editor');
      const [event] = await events('person.updated');
      expect(event).toMatchObject({
        actorUserId: admin.userId,
        targetType: 'person',
        targetId: String(author.userId),
        fields: ['role'],
      });
    });

    it('records nothing when nothing changes', async () => {
      expect((await put(author.userId, { role: 'author', disabled: false })).status).toBe(200);
      expect((await put(author.userId, {})).status).toBe(200);
      expect(await events('person.updated')).toEqual([]);
    });

    it('disables a person: all their sessions and keys stop at once, what they made stays', async () => {
      const key = await keyOf(db, author.userId);
      const second = await personSession(db, 'author', { now: TEAM_NOW, displayName: 'The author' });
      // The same person signed in twice: both sessions end.
      await db.adminSessions.insert({
        id: 'author-second-session',
        userId: author.userId,
        createdAt: new Date(TEAM_NOW),
        expiresAt: new Date('2999-01-01T00:00:00Z'),
      });
      const link = await request(app)
        .post('/api/shortlinks')
        .set(author.auth)
        .send({ title: 'Mine', targetUrl: 'https://example.com/mine', shortCode: 'mine1' });
      expect(link.status).toBe(201);
      expect((await request(app).get('/api/account').set(author.auth)).status).toBe(200);
      expect((await request(app).get('/api/shortlinks').set(key)).status).toBe(200);

      const res = await put(author.userId, { disabled: true });
      expect(res.status).toBe(200);
      expect(res.body.disabled).toBe(true);
      expect((await request(app).get('/api/account').set(author.auth)).status).toBe(401);
      expect((await request(app).get('/api/shortlinks').set(key)).status).toBe(401);
      expect(await db.adminSessions.listOpen(author.userId, new Date(TEAM_NOW))).toEqual([]);
      // Someone else's session is untouched, and the link stays.
      expect((await request(app).get('/api/account').set(second.auth)).status).toBe(200);
      expect(await db.shortlinks.findById(link.body.id as number)).toMatchObject({ shortCode: 'mine1' });
      expect((await events('person.updated'))[0]?.fields).toEqual(['disabled']);

      // Enabled again: they may sign in anew, but the ended sessions stay ended.
      expect((await put(author.userId, { disabled: false })).body.disabled).toBe(false);
      expect((await request(app).get('/api/account').set(author.auth)).status).toBe(401);
      expect((await request(app).get('/api/shortlinks').set(key)).status).toBe(200);
    });

    it('never changes the Owner: 409 OWNER_PROTECTED, whoever asks, and the Owner stays the one Owner', async () => {
      for (const [body, auth] of [
        [{ role: 'administrator' }, admin.auth],
        [{ disabled: true }, admin.auth],
        [{ role: 'viewer' }, owner.auth],
        [{ disabled: true }, owner.auth],
      ] as const) {
        const res = await put(owner.userId, body, auth);
        expect(res.status).toBe(409);
        expect(res.body).toEqual({
          code: 'OWNER_PROTECTED',
          error: 'The Owner cannot be changed; hand ownership over first',
        });
      }
      const people = (await db.users.list()).filter((p) => p.role === 'owner');
      expect(people.map((p) => [p.id, p.disabled])).toEqual([[owner.userId, false]]);
    });

    it('makes nobody Owner: 403 ROLE_NOT_GRANTABLE', async () => {
      const res = await put(admin.userId, { role: 'owner' }, owner.auth);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('ROLE_NOT_GRANTABLE');
      expect(await roleOf(admin.userId)).toBe('administrator');
    });

    it('lets nobody disable themselves (409 SELF_DISABLE)', async () => {
      const res = await put(admin.userId, { disabled: true });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('SELF_DISABLE');
      expect((await request(app).get('/api/account').set(admin.auth)).status).toBe(200);
    });

    it('answers 404 PERSON_NOT_FOUND for an id that names nobody or is no id', async () => {
      for (const id of ['999', '0', 'abc', '1.5', '-1', '99999999999999999999', '%00']) {
        const res = await put(id, { role: 'viewer' });
        expect(res.status, id).toBe(404);
        expect(res.body.code, id).toBe('PERSON_NOT_FOUND');
      }
    });

    it.each<[string, unknown, string]>([
      ['an unknown role', { role: 'superuser' }, 'VALIDATION'],
      ['a role with a control character', { role: 'viewer\u0000' }, 'VALIDATION'],
      ['disabled as text', { disabled: 'yes' }, 'VALIDATION'],
      ['an unknown field', { role: 'viewer', admin: true }, 'UNKNOWN_FIELDS'],
      ['a prototype key', JSON.parse('{"__proto__": {"role": "owner"}}'), 'UNKNOWN_FIELDS'],
      ['a list', [{ role: 'viewer' }], 'VALIDATION'],
    ])('refuses %s (400)', async (_name, body, code) => {
      const res = await put(author.userId, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
      expect(await roleOf(author.userId)).toBe('author');
    });

    it('refuses an Editor (no team:manage), an Author, a key and no credentials', async () => {
      for (const auth of [editor.auth, author.auth, await keyOf(db, owner.userId)]) {
        const res = await put(author.userId, { role: 'viewer' }, auth);
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('FORBIDDEN');
      }
      expect((await request(app).put(`/api/team/people/${author.userId}`).send({ role: 'viewer' })).status).toBe(401);
      expect(await roleOf(author.userId)).toBe('author');
    });
  });

  describe('POST /api/team/ownership', () => {
    it('hands ownership to an enabled Administrator; the old Owner becomes one', async () => {
      const res = await transfer({ userId: admin.userId });
      expect(res.status).toBe(204);
      expect(await roleOf(admin.userId)).toBe('owner');
      expect(await roleOf(owner.userId)).toBe('administrator');
      const [event] = await events('ownership.transferred');
      expect(event).toMatchObject({ actorUserId: owner.userId, targetType: 'person', targetId: String(admin.userId) });
      // The roles count at the very next request: the old Owner cannot hand it over again.
      const again = await transfer({ userId: admin.userId });
      expect(again.status).toBe(403);
      expect(again.body.code).toBe('FORBIDDEN');
      // The new Owner is protected, the old one may now be changed.
      expect((await put(admin.userId, { disabled: true }, admin.auth)).body.code).toBe('OWNER_PROTECTED');
      expect((await put(owner.userId, { role: 'editor' }, admin.auth)).status).toBe(200);
    });

    it('goes only to an enabled Administrator (409 OWNERSHIP_TARGET_INVALID)', async () => {
      const disabled = await personSession(db, 'administrator', { now: TEAM_NOW, displayName: 'The administrator' });
      await put(disabled.userId, { disabled: true });
      for (const userId of [editor.userId, author.userId, disabled.userId, owner.userId]) {
        const res = await transfer({ userId });
        expect(res.status).toBe(409);
        expect(res.body).toEqual({
          code: 'OWNERSHIP_TARGET_INVALID',
          error: 'Ownership can only go to an enabled Administrator',
        });
      }
      expect(await roleOf(owner.userId)).toBe('owner');
      expect(await events('ownership.transferred')).toEqual([]);
    });

    it('answers 404 PERSON_NOT_FOUND for nobody, and 400 for a bad body', async () => {
      expect((await transfer({ userId: 999 })).body.code).toBe('PERSON_NOT_FOUND');
      for (const body of [{}, { userId: '2' }, { userId: 0 }, { userId: 1.5 }, { userId: 2, to: 3 }, null]) {
        const res = await transfer(body);
        expect(res.status, JSON.stringify(body)).toBe(400);
      }
    });

    it('is the Owner’s alone: an Administrator, a key and no credentials are refused', async () => {
      for (const auth of [admin.auth, editor.auth, await keyOf(db, owner.userId)]) {
        const res = await transfer({ userId: admin.userId }, auth);
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('FORBIDDEN');
      }
      expect((await request(app).post('/api/team/ownership').send({ userId: admin.userId })).status).toBe(401);
      expect(await roleOf(owner.userId)).toBe('owner');
    });

    it('leaves exactly one Owner when two hand-overs race', async () => {
      const other = await personSession(db, 'administrator', { now: TEAM_NOW, displayName: 'The administrator' });
      const answers = await Promise.all([transfer({ userId: admin.userId }), transfer({ userId: other.userId })]);
      // The second is refused as no longer the Owner's (403) or, past that check, by the hand-over itself (409).
      const statuses = answers.map((res) => res.status).sort();
      expect(statuses[0]).toBe(204);
      expect([403, 409]).toContain(statuses[1]);
      let owners = (await db.users.list()).filter((p) => p.role === 'owner');
      expect(owners).toHaveLength(1);
      expect([admin.userId, other.userId]).toContain(owners[0]!.id);

      // The repository on its own, where both start as the Owner's: one wins, nothing else changes.
      const current = owners[0]!.id;
      const third = await personSession(db, 'administrator', { now: TEAM_NOW, displayName: 'The administrator' });
      const fourth = await personSession(db, 'administrator', { now: TEAM_NOW, displayName: 'The administrator' });
      const done = await Promise.all([
        db.users.transferOwnership(current, third.userId, new Date(TEAM_NOW)),
        db.users.transferOwnership(current, fourth.userId, new Date(TEAM_NOW)),
      ]);
      expect(done.filter(Boolean)).toHaveLength(1);
      owners = (await db.users.list()).filter((p) => p.role === 'owner');
      expect(owners.map((p) => p.id)).toEqual([done[0] ? third.userId : fourth.userId]);
      expect(await roleOf(current)).toBe('administrator');
      expect(await roleOf(done[0] ? fourth.userId : third.userId)).toBe('administrator');
    });
  });
});
