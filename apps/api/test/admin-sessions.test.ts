import jwt from 'jsonwebtoken';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp, resolveCredentials } from '../src/app';
import type { Repositories } from '../src/db';
import { silentLogger } from '../src/logger';
import type { Clock } from '../src/lib/clock';
import { ENGINES, openTestStorage, type TestStorage } from './engines';
import { ADMIN_PASSWORD, buildApp, JWT_SECRET, memoryRepositories, testConfig } from './helpers';

type App = ReturnType<typeof createApp>;

const login = async (app: App, password = ADMIN_PASSWORD): Promise<string> => {
  const res = await request(app).post('/api/admin/login').send({ password });
  expect(res.status).toBe(200);
  return (res.body as { token: string }).token;
};
const contact = (app: App, token: string) => request(app).get('/api/contact').set('Authorization', `Bearer ${token}`);
const logout = (app: App, token?: string) => {
  const call = request(app).post('/api/admin/logout');
  return token === undefined ? call : call.set('Authorization', `Bearer ${token}`);
};

/** A server start on `db`: credentials from the environment and the database, then the app. */
async function start(db: Repositories, adminPassword: string | undefined, clock?: Clock): Promise<App> {
  const config = testConfig({ adminPassword });
  const credentials = await resolveCredentials({ config, db, logger: silentLogger });
  return createApp({ config, db, logger: silentLogger, credentials, ...(clock ? { clock } : {}) });
}

describe('POST /api/admin/login', () => {
  it('opens a session: the token names it and expires with it, and no cache keeps the answer', async () => {
    const { app } = buildApp();
    const res = await request(app).post('/api/admin/login').send({ password: ADMIN_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const payload = jwt.decode(res.body.token) as jwt.JwtPayload;
    expect(payload.jti).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(payload.exp! - payload.iat!).toBe(12 * 60 * 60);
    expect((await contact(app, res.body.token)).status).toBe(200);
  });

  it('gives every login its own session', async () => {
    const { app } = buildApp();
    const first = jwt.decode(await login(app)) as jwt.JwtPayload;
    const second = jwt.decode(await login(app)) as jwt.JwtPayload;
    expect(first.jti).not.toBe(second.jti);
  });
});

describe('POST /api/admin/logout', () => {
  it('ends the session: 204, then the same token is refused everywhere, logout included', async () => {
    const { app } = buildApp();
    const token = await login(app);
    const other = await login(app);

    const res = await logout(app, token);
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    expect((await contact(app, token)).status).toBe(401);
    expect((await request(app).get('/api/shortlinks').set('Authorization', `Bearer ${token}`)).status).toBe(401);
    expect((await logout(app, token)).status).toBe(401);
    // Another login's session is untouched.
    expect((await contact(app, other)).status).toBe(200);
  });

  it.each([
    ['no token', undefined],
    ['a malformed token', 'not-a-token'],
    ['a token of another secret', jwt.sign({}, 'another-secret-of-at-least-32-characters', { subject: 'admin' })],
  ])('answers 401 for %s', async (_label, token) => {
    const res = await logout(buildApp().app, token);
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Unauthorized', code: 'UNAUTHORIZED' });
  });

  it('is seen by every replica on the same database', async () => {
    const { db } = memoryRepositories();
    const first = await start(db, ADMIN_PASSWORD);
    const second = await start(db, ADMIN_PASSWORD);
    const token = await login(first);
    expect((await contact(second, token)).status).toBe(200);
    expect((await logout(second, token)).status).toBe(204);
    expect((await contact(first, token)).status).toBe(401);
  });
});

describe('a changed admin password', () => {
  it('ends every session at the next start; the same password keeps them', async () => {
    const { db } = memoryRepositories();
    const before = await start(db, 'the first password');
    const token = await login(before, 'the first password');

    const samePassword = await start(db, 'the first password');
    expect((await contact(samePassword, token)).status).toBe(200);

    const changed = await start(db, 'the second password');
    expect((await contact(changed, token)).status).toBe(401);
    const fresh = await login(changed, 'the second password');
    expect((await contact(changed, fresh)).status).toBe(200);
  });

  it('counts switching between ADMIN_PASSWORD and the generated one as a change', async () => {
    const { db } = memoryRepositories();
    await start(db, undefined);
    const hash = await db.settings.get('admin_password_hash');
    // The generated password is printed, not returned; a session opened under it is enough here.
    const token = await openSession(db);

    expect((await contact(await start(db, undefined), token)).status).toBe(200);
    expect(await db.settings.get('admin_password_hash')).toBe(hash);

    const configured = await start(db, 'now from the environment');
    expect((await contact(configured, token)).status).toBe(401);
  });
});

describe('session expiry', () => {
  it('refuses the token after 12 hours and forgets expired sessions at the next login', async () => {
    let now = new Date('2030-01-01T00:00:00Z');
    const { db } = memoryRepositories();
    const app = await start(db, ADMIN_PASSWORD, () => now);
    const token = await login(app);
    now = new Date('2030-01-01T12:00:01Z');
    expect((await contact(app, token)).status).toBe(401);
    await login(app);
    const jti = (jwt.decode(token) as jwt.JwtPayload).jti as string;
    expect(Boolean(await db.adminSessions.active(jti, new Date('2030-01-01T00:00:01Z')))).toBe(false);
  });
});

/** A session opened the way a login opens one, for an app whose password the test does not know. */
async function openSession(db: Repositories): Promise<string> {
  const id = 'generated-password-session';
  const now = new Date();
  await db.adminSessions.insert({ id, userId: 1, createdAt: now, expiresAt: new Date(now.getTime() + 3_600_000) });
  return jwt.sign({}, JWT_SECRET, { algorithm: 'HS256', expiresIn: '1h', subject: 'admin', jwtid: id });
}

const opened: TestStorage[] = [];
afterEach(async () => {
  for (const test of opened.splice(0)) await test.close();
});

describe.each(ENGINES)('admin sessions repository on %s', (engine) => {
  it('inserts, checks, revokes one or all, and deletes the expired', async () => {
    const test = await openTestStorage(engine);
    opened.push(test);
    const sessions = test.db.adminSessions;
    const t0 = new Date('2030-01-01T00:00:00Z');
    const later = new Date('2030-01-01T13:00:00Z');
    for (const id of ['a', 'b', 'c'])
      await sessions.insert({ id, userId: 1, createdAt: t0, expiresAt: new Date('2030-01-01T12:00:00Z') });

    expect(Boolean(await sessions.active('a', t0))).toBe(true);
    expect(Boolean(await sessions.active('missing', t0))).toBe(false);
    expect(Boolean(await sessions.active('a', later))).toBe(false);

    expect(await sessions.revoke('a')).toBe(true);
    expect(await sessions.revoke('a')).toBe(false);
    expect(Boolean(await sessions.active('a', t0))).toBe(false);
    expect(Boolean(await sessions.active('b', t0))).toBe(true);

    await sessions.revokeAll();
    expect(Boolean(await sessions.active('b', t0))).toBe(false);
    expect(Boolean(await sessions.active('c', t0))).toBe(false);

    await sessions.insert({ id: 'd', userId: 1, createdAt: later, expiresAt: new Date('2030-01-02T00:00:00Z') });
    await sessions.deleteExpired(later);
    const left = await test.storage.db.selectFrom('admin_sessions').select('id').orderBy('id').execute();
    expect(left.map((row) => row.id)).toEqual(['d']);
  });
});
