import request from 'supertest';
import { describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import { ADMIN_PASSWORD, buildApp, JWT_SECRET, TEST_SESSION_ID } from './helpers';

const nowSeconds = () => Math.floor(Date.now() / 1000);
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const signed = (options: jwt.SignOptions, secret = JWT_SECRET) =>
  jwt.sign({}, secret, { algorithm: 'HS256', expiresIn: '1h', subject: 'admin', jwtid: TEST_SESSION_ID, ...options });
const valid = () => signed({});

describe('requireAdmin on GET /api/contact', () => {
  it.each([
    ['no header', undefined],
    ['an empty bearer', 'Bearer '],
    ['another scheme', 'Basic YWRtaW46YWRtaW4='],
    ['no scheme', () => valid()],
    ['garbage', 'Bearer not-a-jwt'],
    ['a token with a space', 'Bearer abc def'],
    ['a wrong key', () => `Bearer ${signed({}, 'another-secret-of-at-least-32-characters')}`],
    [
      'alg none',
      () => `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: 'admin', exp: nowSeconds() + 3600 })}.`,
    ],
    [
      'alg none with a copied signature',
      () =>
        `Bearer ${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: 'admin', exp: nowSeconds() + 3600 })}.${valid().split('.')[2]}`,
    ],
    ['HS512 with the right key', () => `Bearer ${signed({ algorithm: 'HS512' })}`],
    ['another subject', () => `Bearer ${signed({ subject: 'guest' })}`],
    [
      'an expired token',
      () =>
        `Bearer ${jwt.sign({ sub: 'admin', jti: TEST_SESSION_ID, exp: nowSeconds() - 60 }, JWT_SECRET, { algorithm: 'HS256' })}`,
    ],
    // Right secret, right subject, open session, but no expiry: it would never expire.
    [
      'a token without exp',
      () => `Bearer ${jwt.sign({ sub: 'admin', jti: TEST_SESSION_ID }, JWT_SECRET, { algorithm: 'HS256' })}`,
    ],
    [
      'a token without a session id',
      () => `Bearer ${jwt.sign({}, JWT_SECRET, { algorithm: 'HS256', expiresIn: '1h', subject: 'admin' })}`,
    ],
    ['a token of an unknown session', () => `Bearer ${signed({ jwtid: 'no-such-session' })}`],
  ])('answers 401 for %s', async (_label, header) => {
    const req = request(buildApp().app).get('/api/contact');
    const value = typeof header === 'function' ? header() : header;
    if (value !== undefined) req.set('Authorization', value);
    const res = await req;
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Unauthorized', code: 'UNAUTHORIZED' });
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });

  it('lets a valid token through', async () => {
    const res = await request(buildApp().app).get('/api/contact').set('Authorization', `Bearer ${valid()}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ items: [], nextCursor: null, total: 0 });
  });

  it('accepts the login token until it is 12 hours old', async () => {
    let now = new Date('2030-01-01T00:00:00Z');
    const { app } = buildApp({ clock: () => now });
    const { token } = (await request(app).post('/api/admin/login').send({ password: ADMIN_PASSWORD })).body;
    const list = () => request(app).get('/api/contact').set('Authorization', `Bearer ${token}`);

    now = new Date('2030-01-01T11:59:59Z');
    expect((await list()).status).toBe(200);
    now = new Date('2030-01-01T12:00:01Z');
    expect((await list()).status).toBe(401);
  });
});
