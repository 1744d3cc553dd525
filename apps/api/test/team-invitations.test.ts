import { createHash } from 'node:crypto';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '@toolvault/shared';
import type { Express } from 'express';
import type { Repositories } from '../src/db';
import { ENGINES, openTestStorage, type TestStorage } from './engines';
import { personSession, type PersonSession } from './people';
import { keyOf, movableClock, PUBLIC_URL, TEAM_NOW, teamApp } from './team-fixtures';

const DAY = 24 * 60 * 60 * 1000;
const PASSWORD = 'twelve chars and more';

/** Invitations: made and revoked by the team, read and accepted through the link's token. */
describe.each(ENGINES)('invitations on %s', (engine) => {
  let storage: TestStorage;
  let db: Repositories;
  let app: Express;
  let clock: ReturnType<typeof movableClock>;
  let admin: PersonSession;
  let editor: PersonSession;

  beforeEach(async () => {
    storage = await openTestStorage(engine);
    db = storage.db;
    clock = movableClock();
    app = teamApp(db, clock);
    admin = await personSession(db, 'administrator', { now: TEAM_NOW, displayName: 'The administrator' });
    editor = await personSession(db, 'editor', { now: TEAM_NOW, displayName: 'The editor' });
  });
  afterEach(async () => {
    await storage.close();
  });

  const invite = (body: unknown, auth: Record<string, string> = admin.auth) =>
    request(app)
      .post('/api/team/invitations')
      .set(auth)
      .send(body as object);
  /** A new invitation's token, read from its link. */
  const tokenOf = async (body: object = { role: 'author' }, auth: Record<string, string> = admin.auth) => {
    const res = await invite(body, auth);
    expect(res.status).toBe(201);
    return { token: (res.body.url as string).split('/invite/')[1]!, id: res.body.invitation.id as number };
  };
  const accept = (token: string, body: object = { login: 'ada', displayName: 'Ada', password: PASSWORD }) =>
    request(app).post(`/api/invitations/${token}/accept`).send(body);
  const list = async () => (await request(app).get('/api/team/invitations').set(admin.auth)).body.invitations;
  const events = async (action: string) => (await db.audit.list({ limit: 100 })).filter((e) => e.action === action);
  const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

  /** Every text the database holds in a table, to look for what must never be stored. */
  const dump = async (table: 'invitations' | 'audit_events' | 'users') =>
    JSON.stringify(await storage.storage.db.selectFrom(table).selectAll().execute());

  describe('POST /api/team/invitations', () => {
    it('answers the invitation and a one-time link on PUBLIC_URL; only the SHA-256 of its token is stored', async () => {
      const res = await invite({ role: 'editor', label: 'ada@example.com' });
      expect(res.status).toBe(201);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body.invitation).toEqual({
        id: expect.any(Number),
        role: 'editor',
        label: 'ada@example.com',
        createdAt: TEAM_NOW,
        expiresAt: new Date(Date.parse(TEAM_NOW) + 7 * DAY).toISOString(),
        createdBy: 'The administrator',
        status: 'pending',
      });
      const url = res.body.url as string;
      expect(url).toMatch(new RegExp(`^${PUBLIC_URL}/invite/[A-Za-z0-9_-]{43}$`));
      const token = url.slice(url.lastIndexOf('/') + 1);
      expect(Buffer.from(token, 'base64url')).toHaveLength(32);

      const stored = await dump('invitations');
      expect(stored).not.toContain(token);
      expect(stored).toContain(sha256(token));
      const [event] = await events('invitation.created');
      expect(event).toMatchObject({
        actorUserId: admin.userId,
        targetType: 'invitation',
        targetId: String(res.body.invitation.id),
      });
      expect(await dump('audit_events')).not.toContain(token);
      expect(await dump('audit_events')).not.toContain(sha256(token));
    });

    it('makes a new token every time and takes 1 to 14 days', async () => {
      const one = await invite({ role: 'viewer', expiresInDays: 1 });
      const fourteen = await invite({ role: 'viewer', expiresInDays: 14, label: '' });
      expect(one.body.url).not.toBe(fourteen.body.url);
      expect(one.body.invitation.expiresAt).toBe(new Date(Date.parse(TEAM_NOW) + DAY).toISOString());
      expect(fourteen.body.invitation.expiresAt).toBe(new Date(Date.parse(TEAM_NOW) + 14 * DAY).toISOString());
    });

    it.each<[string, unknown, string]>([
      ['no role', { label: 'x' }, 'VALIDATION'],
      ['an unknown role', { role: 'root' }, 'VALIDATION'],
      ['0 days', { role: 'author', expiresInDays: 0 }, 'VALIDATION'],
      ['15 days', { role: 'author', expiresInDays: 15 }, 'VALIDATION'],
      ['1.5 days', { role: 'author', expiresInDays: 1.5 }, 'VALIDATION'],
      ['days as text', { role: 'author', expiresInDays: '7' }, 'VALIDATION'],
      ['a label of 255 characters', { role: 'author', label: 'a'.repeat(255) }, 'VALIDATION'],
      ['a label with a control character', { role: 'author', label: 'ada\u001b[2J' }, 'INVALID_CHARACTERS'],
      ['a label with a line break', { role: 'author', label: 'ada\nbob' }, 'INVALID_CHARACTERS'],
      ['an unknown field', { role: 'author', token: 'mine' }, 'UNKNOWN_FIELDS'],
      ['a list', ['author'], 'VALIDATION'],
    ])('refuses %s (400)', async (_name, body, code) => {
      const res = await invite(body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
      expect(await list()).toEqual([]);
    });

    it('lets an Editor invite Authors and Contributors only (403 ROLE_NOT_GRANTABLE otherwise)', async () => {
      for (const role of ['author', 'contributor'] as const)
        expect((await invite({ role }, editor.auth)).status).toBe(201);
      for (const role of ['owner', 'administrator', 'editor', 'viewer'] as const) {
        const res = await invite({ role }, editor.auth);
        expect(res.status, role).toBe(403);
        expect(res.body.code).toBe('ROLE_NOT_GRANTABLE');
      }
    });

    it('never invites an Owner, even for the Owner (403 ROLE_NOT_GRANTABLE)', async () => {
      const owner = await personSession(db, 'owner', { now: TEAM_NOW, displayName: 'The owner' });
      expect((await invite({ role: 'owner' }, owner.auth)).body.code).toBe('ROLE_NOT_GRANTABLE');
      expect((await invite({ role: 'administrator' }, owner.auth)).status).toBe(201);
    });

    it.each<Role>(['author', 'contributor', 'viewer'])('refuses a %s with 403 FORBIDDEN', async (role) => {
      const person = await personSession(db, role, { now: TEAM_NOW });
      const res = await invite({ role: 'contributor' }, person.auth);
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('FORBIDDEN');
    });

    it('refuses an API key (403) and no credentials (401)', async () => {
      expect((await invite({ role: 'author' }, await keyOf(db, admin.userId))).body.code).toBe('FORBIDDEN');
      expect((await request(app).post('/api/team/invitations').send({ role: 'author' })).status).toBe(401);
    });
  });

  describe('GET /api/team/invitations', () => {
    it('lists newest first with each one’s status, never a token or its hash', async () => {
      const accepted = await tokenOf({ role: 'author', label: 'accepted' });
      const revoked = await tokenOf({ role: 'author', label: 'revoked' });
      clock.advance(1000);
      const expired = await tokenOf({ role: 'viewer', label: 'expired', expiresInDays: 1 });
      clock.advance(1000);
      await tokenOf({ role: 'contributor', label: 'pending' }, editor.auth);
      expect((await accept(accepted.token)).status).toBe(201);
      await request(app).delete(`/api/team/invitations/${revoked.id}`).set(admin.auth);
      clock.advance(DAY);
      const viewer = await personSession(db, 'editor', { now: clock(), displayName: 'The editor' });
      const res = await request(app).get('/api/team/invitations').set(viewer.auth);
      expect(res.status).toBe(200);
      const invitations = res.body.invitations as Record<string, unknown>[];
      expect(invitations.map((i) => [i.label, i.status, i.createdBy])).toEqual([
        ['pending', 'pending', 'The editor'],
        ['expired', 'expired', 'The administrator'],
        // Made in the same millisecond: the later id first.
        ['revoked', 'revoked', 'The administrator'],
        ['accepted', 'accepted', 'The administrator'],
      ]);
      expect(Object.keys(invitations[0]!).sort()).toEqual(
        ['createdAt', 'createdBy', 'expiresAt', 'id', 'label', 'role', 'status'].sort(),
      );
      for (const { token } of [accepted, revoked, expired]) {
        expect(JSON.stringify(res.body)).not.toContain(token);
        expect(JSON.stringify(res.body)).not.toContain(sha256(token));
      }
    });

    it('refuses an Author (403), a key (403) and no credentials (401)', async () => {
      const author = await personSession(db, 'author', { now: TEAM_NOW, displayName: 'The author' });
      expect((await request(app).get('/api/team/invitations').set(author.auth)).status).toBe(403);
      expect(
        (
          await request(app)
            .get('/api/team/invitations')
            .set(await keyOf(db, admin.userId))
        ).status,
      ).toBe(403);
      expect((await request(app).get('/api/team/invitations')).status).toBe(401);
    });
  });

  describe('DELETE /api/team/invitations/:id', () => {
    it('revokes: the link stops working at once, and a second revoke changes nothing', async () => {
      const { token, id } = await tokenOf();
      const res = await request(app).delete(`/api/team/invitations/${id}`).set(editor.auth);
      expect(res.status).toBe(204);
      const read = await request(app).get(`/api/invitations/${token}`);
      expect(read.status).toBe(410);
      expect(read.body).toEqual({ code: 'INVITATION_REVOKED', error: 'This invitation was revoked' });
      expect((await accept(token)).body.code).toBe('INVITATION_REVOKED');
      expect((await request(app).delete(`/api/team/invitations/${id}`).set(admin.auth)).status).toBe(204);
      expect(await events('invitation.revoked')).toHaveLength(1);
      expect(await db.users.byLogin('ada')).toBeUndefined();
    });

    it('answers 410 INVITATION_USED for an accepted one, and 404 for none', async () => {
      const { token, id } = await tokenOf();
      await accept(token);
      expect((await request(app).delete(`/api/team/invitations/${id}`).set(admin.auth)).body.code).toBe(
        'INVITATION_USED',
      );
      for (const bad of ['999', 'abc', '0', '1e3']) {
        const res = await request(app).delete(`/api/team/invitations/${bad}`).set(admin.auth);
        expect(res.status, bad).toBe(404);
        expect(res.body.code).toBe('INVITATION_NOT_FOUND');
      }
    });

    it('refuses an Author (403), a key (403) and no credentials (401)', async () => {
      const { id } = await tokenOf();
      const author = await personSession(db, 'author', { now: TEAM_NOW, displayName: 'The author' });
      expect((await request(app).delete(`/api/team/invitations/${id}`).set(author.auth)).status).toBe(403);
      expect(
        (
          await request(app)
            .delete(`/api/team/invitations/${id}`)
            .set(await keyOf(db, admin.userId))
        ).status,
      ).toBe(403);
      expect((await request(app).delete(`/api/team/invitations/${id}`)).status).toBe(401);
      expect((await list())[0].status).toBe('pending');
    });
  });

  describe('GET /api/invitations/:token', () => {
    it('shows a pending invitation to anyone with the link', async () => {
      const { token } = await tokenOf({ role: 'contributor', label: 'Bob', expiresInDays: 3 });
      const res = await request(app).get(`/api/invitations/${token}`);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toEqual({
        role: 'contributor',
        label: 'Bob',
        expiresAt: new Date(Date.parse(TEAM_NOW) + 3 * DAY).toISOString(),
        invitedBy: 'The administrator',
      });
    });

    it('says when it has expired (the clock moved past it)', async () => {
      const { token } = await tokenOf({ role: 'author', expiresInDays: 2 });
      clock.advance(2 * DAY - 1);
      expect((await request(app).get(`/api/invitations/${token}`)).status).toBe(200);
      clock.advance(1);
      const res = await request(app).get(`/api/invitations/${token}`);
      expect(res.status).toBe(410);
      expect(res.body).toEqual({ code: 'INVITATION_EXPIRED', error: 'This invitation has expired' });
      expect((await accept(token)).body.code).toBe('INVITATION_EXPIRED');
      expect(await db.users.byLogin('ada')).toBeUndefined();
    });

    it('answers 404 INVITATION_NOT_FOUND for a token that names none or is no token', async () => {
      const unknown = Buffer.alloc(32, 7).toString('base64url');
      for (const token of [unknown, 'short', `${unknown}x`, `${unknown.slice(0, 42)}=`, encodeURIComponent('a/b')]) {
        const res = await request(app).get(`/api/invitations/${token}`);
        expect(res.status, token).toBe(404);
        expect(res.body.code).toBe('INVITATION_NOT_FOUND');
      }
      // A character no link holds is refused as such, as in every other parameter of the API.
      const hostile = await request(app).get(`/api/invitations/${'%00'.repeat(43)}`);
      expect(hostile.status).toBe(400);
      expect(hostile.body.code).toBe('INVALID_CHARACTERS');
    });
  });

  describe('POST /api/invitations/:token/accept', () => {
    it('makes the account with the invited role, signs it in and records who did it', async () => {
      const { token, id } = await tokenOf({ role: 'author', label: 'ada' });
      const res = await request(app)
        .post(`/api/invitations/${token}/accept`)
        .set('User-Agent', 'Invitee browser')
        .send({ login: 'Ada.Lovelace@Example.com', displayName: 'Ada Lovelace', password: PASSWORD });
      expect(res.status).toBe(201);
      expect(res.headers['cache-control']).toBe('no-store');
      const auth = { Authorization: `Bearer ${res.body.token as string}` };
      const me = await request(app).get('/api/account').set(auth);
      expect(me.body).toMatchObject({ login: 'ada.lovelace@example.com', displayName: 'Ada Lovelace', role: 'author' });
      const userId = me.body.id as number;
      // The password signs them in from then on.
      const login = await request(app)
        .post('/api/admin/login')
        .send({ login: 'ada.lovelace@example.com', password: PASSWORD });
      expect(login.status).toBe(200);

      expect((await list()).find((i: { id: number }) => i.id === id).status).toBe('accepted');
      expect(await events('invitation.accepted')).toMatchObject([
        { actorUserId: userId, targetType: 'invitation', targetId: String(id) },
      ]);
      expect(await events('person.created')).toMatchObject([
        { actorUserId: userId, targetType: 'person', targetId: String(userId) },
      ]);
      for (const table of ['audit_events', 'users', 'invitations'] as const) {
        expect(await dump(table)).not.toContain(PASSWORD);
        expect(await dump(table)).not.toContain(token);
      }
    });

    it('is used once: the link then says so', async () => {
      const { token } = await tokenOf();
      expect((await accept(token)).status).toBe(201);
      const again = await accept(token, { login: 'bob', displayName: 'Bob', password: PASSWORD });
      expect(again.status).toBe(410);
      expect(again.body).toEqual({ code: 'INVITATION_USED', error: 'This invitation has already been used' });
      expect((await request(app).get(`/api/invitations/${token}`)).body.code).toBe('INVITATION_USED');
      expect(await db.users.byLogin('bob')).toBeUndefined();
    });

    it('makes one person of concurrent accepts of one invitation', async () => {
      const { token } = await tokenOf();
      const before = (await db.users.list()).length;
      const answers = await Promise.all(
        ['p1', 'p2', 'p3', 'p4', 'p5'].map((login) => accept(token, { login, displayName: login, password: PASSWORD })),
      );
      expect(answers.map((res) => res.status).sort()).toEqual([201, 410, 410, 410, 410]);
      expect(answers.filter((res) => res.status === 410).map((res) => res.body.code)).toEqual(
        Array(4).fill('INVITATION_USED'),
      );
      expect((await db.users.list()).length).toBe(before + 1);
    });

    it('answers 409 LOGIN_TAKEN and leaves the invitation open for another login', async () => {
      const { token } = await tokenOf();
      for (const login of ['owner', admin.login.toUpperCase()]) {
        const res = await accept(token, { login, displayName: 'Someone', password: PASSWORD });
        expect(res.status).toBe(409);
        expect(res.body.code).toBe('LOGIN_TAKEN');
      }
      expect((await request(app).get(`/api/invitations/${token}`)).status).toBe(200);
      expect((await accept(token, { login: 'someone', displayName: 'Someone', password: PASSWORD })).status).toBe(201);
    });

    it('takes the login only once when two invitations race for it', async () => {
      const first = await tokenOf();
      const second = await tokenOf();
      const answers = await Promise.all(
        [first, second].map(({ token }) => accept(token, { login: 'same', displayName: 'Same', password: PASSWORD })),
      );
      expect(answers.map((res) => res.status).sort()).toEqual([201, 409]);
      // The losing invitation stays pending.
      expect((await list()).map((i: { status: string }) => i.status).sort()).toEqual(['accepted', 'pending']);
    });

    it.each<[string, object, string]>([
      ['a password of 11 characters', { login: 'ada', displayName: 'Ada', password: 'x'.repeat(11) }, 'VALIDATION'],
      ['a password of 1025 characters', { login: 'ada', displayName: 'Ada', password: 'x'.repeat(1025) }, 'VALIDATION'],
      ['a login with a space', { login: 'ada l', displayName: 'Ada', password: PASSWORD }, 'VALIDATION'],
      ['a login with a slash', { login: 'ada/../x', displayName: 'Ada', password: PASSWORD }, 'VALIDATION'],
      ['an empty login', { login: '', displayName: 'Ada', password: PASSWORD }, 'VALIDATION'],
      ['a login of 255 characters', { login: 'a'.repeat(255), displayName: 'Ada', password: PASSWORD }, 'VALIDATION'],
      ['a blank display name', { login: 'ada', displayName: '   ', password: PASSWORD }, 'VALIDATION'],
      [
        'a display name of 101 characters',
        { login: 'ada', displayName: 'A'.repeat(101), password: PASSWORD },
        'VALIDATION',
      ],
      [
        'a display name with a control character',
        { login: 'ada', displayName: 'Ada\u0007', password: PASSWORD },
        'INVALID_CHARACTERS',
      ],
      ['a role of its own', { login: 'ada', displayName: 'Ada', password: PASSWORD, role: 'owner' }, 'UNKNOWN_FIELDS'],
      ['no password', { login: 'ada', displayName: 'Ada' }, 'VALIDATION'],
    ])('refuses %s (400) and keeps the invitation', async (_name, body, code) => {
      const { token } = await tokenOf();
      const res = await accept(token, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
      expect((await request(app).get(`/api/invitations/${token}`)).status).toBe(200);
    });

    it('takes a login of 254 characters and a display name of 100', async () => {
      const { token } = await tokenOf();
      const res = await accept(token, {
        login: `${'a'.repeat(242)}@example.com`,
        displayName: 'D'.repeat(100),
        password: PASSWORD,
      });
      expect(res.status).toBe(201);
    });

    it('answers 404 for an unknown token and 429 after ten tries from one address', async () => {
      const unknown = Buffer.alloc(32, 9).toString('base64url');
      for (let attempt = 0; attempt < 10; attempt++) expect((await accept(unknown)).status).toBe(404);
      const blocked = await accept(unknown);
      expect(blocked.status).toBe(429);
      expect(blocked.body.code).toBe('RATE_LIMITED');
      // Only accepting is limited: the link still reads.
      expect((await request(app).get(`/api/invitations/${unknown}`)).status).toBe(404);
    });
  });

  describe('when the person who invited changes', () => {
    it('ends every pending invitation they made when they are disabled, and only those', async () => {
      const owner = await personSession(db, 'owner', { now: TEAM_NOW, displayName: 'The owner' });
      const theirs = [await tokenOf({ role: 'editor' }), await tokenOf({ role: 'author' })];
      const used = await tokenOf({ role: 'viewer' });
      expect((await accept(used.token)).status).toBe(201);
      const others = await tokenOf({ role: 'author' }, editor.auth);

      const disabled = await request(app)
        .put(`/api/team/people/${admin.userId}`)
        .set(owner.auth)
        .send({ disabled: true });
      expect(disabled.status).toBe(200);

      for (const { token } of theirs) expect((await accept(token)).body.code).toBe('INVITATION_REVOKED');
      const statuses = (await request(app).get('/api/team/invitations').set(owner.auth)).body.invitations.map(
        (invitation: { id: number; status: string }) => [invitation.id, invitation.status],
      );
      expect(statuses).toEqual(
        expect.arrayContaining([
          [theirs[0]!.id, 'revoked'],
          [theirs[1]!.id, 'revoked'],
          [used.id, 'accepted'],
          [others.id, 'pending'],
        ]),
      );
      expect((await accept(others.token, { login: 'bea', displayName: 'Bea', password: PASSWORD })).status).toBe(201);
    });

    it('ends those for a role their new role could not give, and keeps the rest', async () => {
      const owner = await personSession(db, 'owner', { now: TEAM_NOW, displayName: 'The owner' });
      const forEditor = await tokenOf({ role: 'editor' });
      const forAuthor = await tokenOf({ role: 'author' });
      const demoted = await request(app)
        .put(`/api/team/people/${admin.userId}`)
        .set(owner.auth)
        .send({ role: 'editor' });
      expect(demoted.status).toBe(200);
      // An Editor may invite Authors and Contributors only.
      expect((await accept(forEditor.token)).body.code).toBe('INVITATION_REVOKED');
      expect((await accept(forAuthor.token)).status).toBe(201);
    });
  });
});
