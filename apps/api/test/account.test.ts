import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { API_KEY_SCOPES, ROLE_GRANTS } from '@toolvault/shared';
import type { Repositories } from '../src/db';
import { ACCOUNT_TEST_START, accountTestContext } from './account-app';
import { ENGINES } from './engines';
import { ADMIN_PASSWORD } from './helpers';
import { personKey, personSession } from './people';

/** The latest audit events of a person (the tests share a database), newest first. */
const auditEvents = (db: Repositories, userId: number) => db.audit.list({ actorUserId: userId, limit: 20 });

/** Every route of the Account page, with a request each would accept. */
const ROUTES = [
  ['GET', '/api/account', undefined],
  ['PUT', '/api/account', { displayName: 'Ada' }],
  ['PUT', '/api/account/password', { currentPassword: 'x', newPassword: 'a new long password' }],
  ['GET', '/api/account/sessions', undefined],
  ['DELETE', `/api/account/sessions/${'a'.repeat(43)}`, undefined],
  ['GET', '/api/account/keys', undefined],
  ['POST', '/api/account/keys', { name: 'CI', scopes: ['links:read'] }],
  ['DELETE', '/api/account/keys/1', undefined],
] as const;

describe.each(ENGINES)('the Account routes, on %s', (engine) => {
  const context = accountTestContext(engine);
  const send = (method: string, path: string, body: unknown, auth?: { Authorization: string }) => {
    const call = request(context.app())[method.toLowerCase() as 'get' | 'put' | 'post' | 'delete'](path);
    if (auth) call.set(auth);
    return body === undefined ? call : call.send(body as object);
  };

  describe('who may call them', () => {
    it.each(ROUTES)('%s %s answers 401 without credentials', async (method, path, body) => {
      const res = await send(method, path, body);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: 'Unauthorized', code: 'UNAUTHORIZED' });
    });

    it.each(ROUTES)(
      '%s %s answers 403 FORBIDDEN to an API key, even one with every scope',
      async (method, path, body) => {
        const key = await personKey(context.db, 1, API_KEY_SCOPES, { now: context.now() });
        const res = await send(method, path, body, key.auth);
        expect(res.status).toBe(403);
        expect(res.body.code).toBe('FORBIDDEN');
      },
    );
  });

  describe('GET /api/account', () => {
    it.each(['author', 'viewer', 'contributor'] as const)('answers a %s their account and grants', async (role) => {
      const person = await personSession(context.db, role, { now: context.now(), displayName: 'Grace H.' });
      const res = await request(context.app()).get('/api/account').set(person.auth);
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.body).toEqual({
        id: person.userId,
        login: person.login,
        displayName: 'Grace H.',
        role,
        grants: ROLE_GRANTS[role],
      });
    });
  });

  describe('PUT /api/account', () => {
    it('changes the display name (trimmed), answers the account and records the field changed', async () => {
      const person = await personSession(context.db, 'editor', { now: context.now() });
      const app = context.app();
      const res = await request(app).put('/api/account').set(person.auth).send({ displayName: '  Ada Lovelace ' });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id: person.userId, displayName: 'Ada Lovelace', role: 'editor' });
      expect((await request(app).get('/api/account').set(person.auth)).body.displayName).toBe('Ada Lovelace');
      const [event] = await auditEvents(context.db, person.userId);
      expect(event).toMatchObject({
        actorUserId: person.userId,
        action: 'person.updated',
        targetType: 'person',
        targetId: String(person.userId),
        fields: ['displayName'],
      });
    });

    it('keeps hostile text as text', async () => {
      const person = await personSession(context.db, 'author', { now: context.now() });
      for (const displayName of ["'); DROP TABLE users; --", '<img src=x onerror=alert(1)>', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ✓']) {
        const res = await request(context.app()).put('/api/account').set(person.auth).send({ displayName });
        expect(res.status).toBe(200);
        expect(res.body.displayName).toBe(displayName);
      }
      expect((await context.db.users.byId(person.userId))?.displayName).toBe('𝔘𝔫𝔦𝔠𝔬𝔡𝔢 ✓');
    });

    it.each([
      ['no body', undefined, 'VALIDATION', 'Display name is required'],
      ['a blank name', { displayName: '   ' }, 'VALIDATION', 'Display name is required'],
      ['a number', { displayName: 42 }, 'VALIDATION', 'Display name is required'],
      ['101 characters', { displayName: 'x'.repeat(101) }, 'VALIDATION', 'Display name must be at most 100 characters'],
      ['a control character', { displayName: 'Ada\u0000' }, 'INVALID_CHARACTERS', undefined],
      ['a field it does not take', { displayName: 'Ada', role: 'owner' }, 'UNKNOWN_FIELDS', undefined],
    ])('refuses %s with 400', async (_label, body, code, message) => {
      const person = await personSession(context.db, 'viewer', { now: context.now() });
      const call = request(context.app()).put('/api/account').set(person.auth);
      const res = await (body === undefined ? call : call.send(body));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
      if (message) expect(res.body.error).toBe(message);
      expect((await context.db.users.byId(person.userId))?.role).toBe('viewer');
    });

    it('refuses malformed JSON and another body type', async () => {
      const person = await personSession(context.db, 'viewer', { now: context.now() });
      const app = context.app();
      const malformed = await request(app)
        .put('/api/account')
        .set(person.auth)
        .set('Content-Type', 'application/json')
        .send('{"displayName":');
      expect([malformed.status, malformed.body.code]).toEqual([400, 'MALFORMED_JSON']);
      const form = await request(app).put('/api/account').set(person.auth).type('form').send('displayName=Ada');
      expect([form.status, form.body.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    });
  });

  describe('PUT /api/account/password', () => {
    const login = (login: string, password: string) =>
      request(context.app()).post('/api/admin/login').send({ login, password });

    it('changes the password and ends the other sessions of the person, not the current one nor anyone else’s', async () => {
      const person = await personSession(context.db, 'author', { now: context.now() });
      const other = await personSession(context.db, 'author', { now: context.now() });
      const app = context.app();
      const secondBrowser = (await login(person.login, person.password!)).body.token as string;
      const res = await request(app)
        .put('/api/account/password')
        .set(person.auth)
        .send({ currentPassword: person.password, newPassword: 'a brand new passphrase' });
      expect(res.status).toBe(204);

      expect((await request(app).get('/api/account').set(person.auth)).status).toBe(200);
      expect((await request(app).get('/api/account').set('Authorization', `Bearer ${secondBrowser}`)).status).toBe(401);
      expect((await request(app).get('/api/account').set(other.auth)).status).toBe(200);
      expect((await login(person.login, person.password!)).status).toBe(401);
      expect((await login(person.login, 'a brand new passphrase')).status).toBe(200);

      const events = await auditEvents(context.db, person.userId);
      const changed = events.find((event) => event.action === 'password.changed');
      expect(changed).toMatchObject({ actorUserId: person.userId, targetType: 'person', fields: ['password'] });
      expect(JSON.stringify(events)).not.toContain('a brand new passphrase');
    });

    it('lets the Owner change theirs when no ADMIN_PASSWORD is set', async () => {
      const owner = await personSession(context.db, 'owner', { now: context.now(), password: 'the owner’s first one' });
      const res = await request(context.app())
        .put('/api/account/password')
        .set(owner.auth)
        .send({ currentPassword: 'the owner’s first one', newPassword: 'the owner’s second one' });
      expect(res.status).toBe(204);
      expect(
        (await request(context.app()).post('/api/admin/login').send({ password: 'the owner’s second one' })).status,
      ).toBe(200);
    });

    it('refuses the Owner of a server started with ADMIN_PASSWORD: 409, and nothing changes', async () => {
      const owner = await personSession(context.db, 'owner', { now: context.now(), password: ADMIN_PASSWORD });
      const app = context.app({ adminPassword: ADMIN_PASSWORD });
      const before = (await context.db.users.owner()).passwordHash;
      const res = await request(app)
        .put('/api/account/password')
        .set(owner.auth)
        .send({ currentPassword: ADMIN_PASSWORD, newPassword: 'something else entirely' });
      expect(res.status).toBe(409);
      expect(res.body.code).toBe('PASSWORD_SET_BY_OPERATOR');
      expect(res.body.error).toMatch(/ADMIN_PASSWORD/);
      expect((await context.db.users.owner()).passwordHash).toBe(before);
    });

    it('answers a wrong current password with 400 WRONG_PASSWORD (not 401): the session and the password stay', async () => {
      const person = await personSession(context.db, 'editor', { now: context.now() });
      const app = context.app();
      const res = await request(app)
        .put('/api/account/password')
        .set(person.auth)
        .send({ currentPassword: 'not my password', newPassword: 'a brand new passphrase' });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Current password is incorrect', code: 'WRONG_PASSWORD' });
      expect((await request(app).get('/api/account').set(person.auth)).status).toBe(200);
      expect((await login(person.login, person.password!)).status).toBe(200);
    });

    it('throttles wrong current passwords: the sixth in 15 minutes answers 429', async () => {
      const person = await personSession(context.db, 'editor', { now: context.now() });
      const app = context.app();
      const attempt = () =>
        request(app)
          .put('/api/account/password')
          .set(person.auth)
          .send({ currentPassword: 'guess', newPassword: 'a brand new passphrase' });
      for (let i = 0; i < 5; i++) expect((await attempt()).status).toBe(400);
      const res = await attempt();
      expect(res.status).toBe(429);
      expect(res.body.code).toBe('RATE_LIMITED');
    });

    it.each([
      ['no body', undefined, 'VALIDATION'],
      ['no current password', { newPassword: 'a brand new passphrase' }, 'VALIDATION'],
      ['no new password', { currentPassword: 'x' }, 'VALIDATION'],
      ['a new password of 11 characters', { currentPassword: 'x', newPassword: '12345678901' }, 'VALIDATION'],
      ['a new password of 1025 characters', { currentPassword: 'x', newPassword: 'x'.repeat(1025) }, 'VALIDATION'],
      ['a number', { currentPassword: 'x', newPassword: 123456789012345 }, 'VALIDATION'],
      ['a NUL in the new password', { currentPassword: 'x', newPassword: 'twelve chars\u0000' }, 'INVALID_CHARACTERS'],
      [
        'a field it does not take',
        { currentPassword: 'x', newPassword: 'a brand new one', userId: 1 },
        'UNKNOWN_FIELDS',
      ],
    ])('refuses %s with 400', async (_label, body, code) => {
      const person = await personSession(context.db, 'author', { now: context.now() });
      const call = request(context.app()).put('/api/account/password').set(person.auth);
      const res = await (body === undefined ? call : call.send(body));
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
      expect(typeof res.body.error).toBe('string');
    });

    it('says why a short new password is refused', async () => {
      const person = await personSession(context.db, 'author', { now: context.now() });
      const res = await request(context.app())
        .put('/api/account/password')
        .set(person.auth)
        .send({ currentPassword: person.password, newPassword: 'short' });
      expect(res.body.error).toBe('Password must be at least 12 characters');
    });
  });

  describe('sessions', () => {
    const browser = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 Version/17.0 Safari/605.1.15';

    it('lists only the person’s open sessions, newest first, the current one marked, by an opaque id', async () => {
      const person = await personSession(context.db, 'author', {
        now: context.now(),
        userAgent: 'Firefox on a laptop',
        ip: '203.0.113.7',
      });
      await personSession(context.db, 'author', { now: context.now() });
      context.advance(60_000);
      const app = context.app();
      const signedIn = await request(app)
        .post('/api/admin/login')
        .set('User-Agent', browser)
        .send({ login: person.login, password: person.password });
      expect(signedIn.status).toBe(200);

      const res = await request(app).get('/api/account/sessions').set(person.auth);
      expect(res.status).toBe(200);
      expect(res.body.sessions).toHaveLength(2);
      const [newest, first] = res.body.sessions;
      expect(newest).toMatchObject({ userAgent: browser, current: false, lastSeenAt: null });
      expect(first).toMatchObject({
        userAgent: 'Firefox on a laptop',
        ip: '203.0.113.7',
        current: true,
        createdAt: ACCOUNT_TEST_START,
        expiresAt: '2030-06-01T22:00:00.000Z',
      });
      // The request itself was the session's first use.
      expect(first.lastSeenAt).toBe(context.now().toISOString());
      for (const session of res.body.sessions) {
        expect(session.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
        expect(JSON.stringify(res.body)).not.toContain(person.sessionId);
      }
    });

    it('ends another session: its token is refused at once, the current one keeps working', async () => {
      const person = await personSession(context.db, 'viewer', { now: context.now() });
      const app = context.app();
      const other = (
        await request(app).post('/api/admin/login').send({ login: person.login, password: person.password })
      ).body.token as string;
      const listed = (await request(app).get('/api/account/sessions').set(person.auth)).body.sessions as {
        id: string;
        current: boolean;
      }[];
      const target = listed.find((session) => !session.current)!;

      const res = await request(app).delete(`/api/account/sessions/${target.id}`).set(person.auth);
      expect(res.status).toBe(204);
      expect((await request(app).get('/api/account').set('Authorization', `Bearer ${other}`)).status).toBe(401);
      expect((await request(app).get('/api/account').set(person.auth)).status).toBe(200);
      const [event] = await auditEvents(context.db, person.userId);
      expect(event).toMatchObject({ action: 'session.ended', targetType: 'session', targetId: target.id });

      const again = await request(app).delete(`/api/account/sessions/${target.id}`).set(person.auth);
      expect([again.status, again.body.code]).toEqual([404, 'SESSION_NOT_FOUND']);
    });

    it('ends the current session too (a logout)', async () => {
      const person = await personSession(context.db, 'viewer', { now: context.now() });
      const app = context.app();
      const [current] = (await request(app).get('/api/account/sessions').set(person.auth)).body.sessions;
      expect((await request(app).delete(`/api/account/sessions/${current.id}`).set(person.auth)).status).toBe(204);
      expect((await request(app).get('/api/account').set(person.auth)).status).toBe(401);
    });

    it('answers 404 for another person’s session, and leaves it open', async () => {
      const person = await personSession(context.db, 'editor', { now: context.now() });
      const victim = await personSession(context.db, 'editor', { now: context.now() });
      const app = context.app();
      const [theirs] = (await request(app).get('/api/account/sessions').set(victim.auth)).body.sessions;
      const res = await request(app).delete(`/api/account/sessions/${theirs.id}`).set(person.auth);
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ error: 'Session not found', code: 'SESSION_NOT_FOUND' });
      expect((await request(app).get('/api/account').set(victim.auth)).status).toBe(200);
    });

    it.each([
      ['an unknown id', 'b'.repeat(43)],
      ['the token’s own id', 'JTI'],
      ['too short', 'abc'],
      ['a path', '..%2F..%2Fapi%2Faccount'],
      ['a quote', `${'a'.repeat(42)}'`],
    ])('answers 404 SESSION_NOT_FOUND for %s', async (_label, id) => {
      const person = await personSession(context.db, 'editor', { now: context.now() });
      const res = await request(context.app())
        .delete(`/api/account/sessions/${id === 'JTI' ? person.sessionId : id}`)
        .set(person.auth);
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('SESSION_NOT_FOUND');
      expect((await request(context.app()).get('/api/account').set(person.auth)).status).toBe(200);
    });

    it('answers 400 INVALID_CHARACTERS for a control character, as every route does', async () => {
      const person = await personSession(context.db, 'editor', { now: context.now() });
      const res = await request(context.app())
        .delete(`/api/account/sessions/${'a'.repeat(42)}%00`)
        .set(person.auth);
      expect([res.status, res.body.code]).toEqual([400, 'INVALID_CHARACTERS']);
    });
  });
});
