import request from 'supertest';
import { describe, expect, it } from 'vitest';
import jwt from 'jsonwebtoken';
import { ADMIN_PASSWORD, buildApp, JWT_SECRET } from './helpers';

const login = (app: ReturnType<typeof buildApp>['app'], body: unknown, forwardedFor?: string) => {
  const req = request(app).post('/api/admin/login');
  if (forwardedFor) req.set('X-Forwarded-For', forwardedFor);
  return req.send(body as object);
};

describe('POST /api/admin/login', () => {
  it('returns a 12-hour HS256 admin token for the right password', async () => {
    const res = await login(buildApp().app, { password: ADMIN_PASSWORD });
    expect(res.status).toBe(200);
    const { header, payload } = jwt.decode(res.body.token, { complete: true }) as jwt.Jwt & { payload: jwt.JwtPayload };
    expect(header.alg).toBe('HS256');
    expect(payload.sub).toBe('admin');
    expect(payload.exp! - payload.iat!).toBe(12 * 60 * 60);
    expect(() => jwt.verify(res.body.token, JWT_SECRET, { algorithms: ['HS256'] })).not.toThrow();
  });

  it('refuses a wrong password with 401', async () => {
    const res = await login(buildApp().app, { password: 'wrong' });
    expect(res.status).toBe(401);
    expect(res.body).toEqual({ error: 'Invalid admin password', code: 'INVALID_CREDENTIALS' });
  });

  it.each([
    ['missing password', {}],
    ['empty password', { password: '' }],
    ['number', { password: 123 }],
    ['null', { password: null }],
    ['object', { password: {} }],
    ['array', { password: ['x'] }],
  ])('answers 400 "Password is required" for %s', async (_label, body) => {
    const res = await login(buildApp().app, body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Password is required', code: 'VALIDATION' });
  });

  it('answers 400 for an empty body', async () => {
    const res = await request(buildApp().app).post('/api/admin/login');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Password is required');
  });

  it('answers 400 for a password over the cap', async () => {
    const res = await login(buildApp().app, { password: 'x'.repeat(1025) });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Password is too long');
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await request(buildApp().app)
      .post('/api/admin/login')
      .set('Content-Type', 'application/json')
      .send('{password');
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Malformed JSON body');
  });
});

describe('login throttling', () => {
  async function failFiveTimes(app: ReturnType<typeof buildApp>['app'], forwardedFor?: (i: number) => string) {
    for (let i = 0; i < 5; i++) {
      const res = await login(app, { password: 'wrong' }, forwardedFor?.(i));
      expect(res.status).toBe(401);
    }
  }

  it('blocks the right password after 5 failures, with Retry-After', async () => {
    const { app } = buildApp();
    await failFiveTimes(app);
    const res = await login(app, { password: ADMIN_PASSWORD });
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body).toEqual({ error: 'Too many login attempts. Try again later.', code: 'LOGIN_THROTTLED' });
  });

  it('does not count successful logins', async () => {
    const { app } = buildApp();
    for (let i = 0; i < 7; i++) expect((await login(app, { password: ADMIN_PASSWORD })).status).toBe(200);
  });

  it('keeps another client unaffected behind a trusted proxy', async () => {
    const { app } = buildApp({ config: { trustProxy: 1 } });
    await failFiveTimes(app, () => '203.0.113.1');
    expect((await login(app, { password: ADMIN_PASSWORD }, '203.0.113.1')).status).toBe(429);
    expect((await login(app, { password: ADMIN_PASSWORD }, '203.0.113.2')).status).toBe(200);
  });

  it('ignores a rotating X-Forwarded-For when no proxy is trusted', async () => {
    const { app } = buildApp({ config: { trustProxy: 0 } });
    await failFiveTimes(app, (i) => `198.51.100.${i}`);
    expect((await login(app, { password: ADMIN_PASSWORD }, '198.51.100.99')).status).toBe(429);
  });

  it('starts clean in every app', async () => {
    await failFiveTimes(buildApp().app);
    expect((await login(buildApp().app, { password: ADMIN_PASSWORD })).status).toBe(200);
  });
});
