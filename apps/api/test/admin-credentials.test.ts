import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import jwt from 'jsonwebtoken';
import { createApp, resolveCredentials, type AppDeps } from '../src/app';
import { silentLogger, type Logger } from '../src/logger';
import { hashPassword, verifyPassword } from '../src/services/password-hash';
import { memoryRepositories, testConfig } from './helpers';

/** What a server start does: resolve the credentials from the environment and the database, then build the app. */
async function start(deps: Pick<AppDeps, 'config' | 'db' | 'logger'>) {
  return createApp({ ...deps, credentials: await resolveCredentials(deps) });
}

const GENERATED = /Admin password: (\S+)/;

function spyLogger() {
  const notice = vi.fn<Logger['notice']>();
  return { ...silentLogger, notice };
}

describe('admin credential bootstrap', () => {
  it('generates a password on first start, prints it once and stores only its hash', async () => {
    const { db } = memoryRepositories();
    const config = testConfig({ adminPassword: undefined });
    const logger = spyLogger();

    const first = await start({ config, db, logger });
    await start({ config, db, logger });

    expect(logger.notice).toHaveBeenCalledTimes(1);
    const text = String(logger.notice.mock.calls[0]?.[0]);
    const password = GENERATED.exec(text)?.[1] ?? '';
    expect(password.length).toBeGreaterThanOrEqual(20);
    expect(text).toMatch(/^┌─+┐\n/);

    const stored = (await db.settings.get('admin_password_hash')) ?? '';
    expect(stored).toMatch(/^scrypt\$/);
    expect(stored).not.toContain(password);

    expect((await request(first).post('/api/admin/login').send({ password })).status).toBe(200);
    expect(
      (
        await request(first)
          .post('/api/admin/login')
          .send({ password: `${password}x` })
      ).status,
    ).toBe(401);
  });

  it('uses ADMIN_PASSWORD when set and stores no hash', async () => {
    const { db } = memoryRepositories();
    const logger = spyLogger();
    const app = await start({ config: testConfig({ adminPassword: 'from the environment' }), db, logger });

    expect(logger.notice).not.toHaveBeenCalled();
    expect(await db.settings.get('admin_password_hash')).toBeUndefined();
    expect((await request(app).post('/api/admin/login').send({ password: 'from the environment' })).status).toBe(200);
  });

  it('keeps a generated JWT secret across restarts on the same database', async () => {
    const { db } = memoryRepositories();
    const config = testConfig({ jwtSecret: undefined });
    const before = await start({ config, db, logger: silentLogger });
    const { token } = (await request(before).post('/api/admin/login').send({ password: config.adminPassword })).body;

    const after = await start({ config, db, logger: silentLogger });
    expect(await db.settings.get('jwt_secret')).toMatch(/^[0-9a-f]{64}$/);
    expect((await request(after).get('/api/contact').set('Authorization', `Bearer ${token}`)).status).toBe(200);
  });

  it('signs with JWT_SECRET when set and stores none', async () => {
    const { db } = memoryRepositories();
    const config = testConfig({ jwtSecret: 'configured-secret-with-32-characters!' });
    const app = await start({ config, db, logger: silentLogger });
    const { token } = (await request(app).post('/api/admin/login').send({ password: config.adminPassword })).body;
    expect(() => jwt.verify(token, 'configured-secret-with-32-characters!', { algorithms: ['HS256'] })).not.toThrow();
    expect(await db.settings.get('jwt_secret')).toBeUndefined();
  });

  it('refuses to start on a corrupted stored hash', async () => {
    const { db } = memoryRepositories();
    await db.settings.set('admin_password_hash', 'not-a-hash', new Date());
    await expect(start({ config: testConfig({ adminPassword: undefined }), db, logger: silentLogger })).rejects.toThrow(
      /malformed/,
    );
  });
});

describe('password hashing', () => {
  it('salts every hash and verifies only the right password', async () => {
    const first = hashPassword('s3cret');
    expect(hashPassword('s3cret')).not.toBe(first);
    expect(await verifyPassword('s3cret', first)).toBe(true);
    expect(await verifyPassword('s3cret ', first)).toBe(false);
    expect(await verifyPassword('', first)).toBe(false);
  });
});
