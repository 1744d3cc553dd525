import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../src/env';

describe('loadEnv', () => {
  it('applies the defaults', () => {
    expect(loadEnv({})).toEqual({
      nodeEnv: 'development',
      port: 3000,
      dataDir: path.resolve(process.cwd(), 'data'),
      adminPassword: undefined,
      jwtSecret: undefined,
      trustProxy: 0,
      logLevel: 'info',
    });
  });

  it('reads every variable', () => {
    const secret = 'x'.repeat(32);
    expect(
      loadEnv({
        NODE_ENV: 'production',
        PORT: '8080',
        DATA_DIR: '/var/lib/toolvault',
        ADMIN_PASSWORD: 'pw',
        JWT_SECRET: secret,
        TRUST_PROXY: '2',
        LOG_LEVEL: 'warn',
      }),
    ).toEqual({
      nodeEnv: 'production',
      port: 8080,
      dataDir: '/var/lib/toolvault',
      adminPassword: 'pw',
      jwtSecret: secret,
      trustProxy: 2,
      logLevel: 'warn',
    });
  });

  it.each([
    ['relative to INIT_CWD', { INIT_CWD: '/srv/repo', DATA_DIR: './data' }, '/srv/repo/data'],
    ['the default under INIT_CWD', { INIT_CWD: '/srv/repo' }, '/srv/repo/data'],
    ['absolute as given', { INIT_CWD: '/srv/repo', DATA_DIR: '/tmp/tv' }, '/tmp/tv'],
  ])('resolves DATA_DIR %s', (_label, env, expected) => {
    expect(loadEnv(env).dataDir).toBe(expected);
  });

  it('keeps every raw click unless CLICK_RETENTION_DAYS is set', () => {
    expect(loadEnv({}).clickRetentionDays).toBeUndefined();
    expect(loadEnv({ CLICK_RETENTION_DAYS: '' }).clickRetentionDays).toBeUndefined();
    expect(loadEnv({ CLICK_RETENTION_DAYS: '90' }).clickRetentionDays).toBe(90);
  });

  it('is silent under test and treats empty values as unset', () => {
    expect(loadEnv({ NODE_ENV: 'test', PORT: '', JWT_SECRET: '' })).toMatchObject({
      logLevel: 'silent',
      port: 3000,
      jwtSecret: undefined,
    });
  });

  it.each([
    ['PORT', 'abc'],
    ['PORT', '0'],
    ['PORT', '70000'],
    ['PORT', '30.5'],
    ['PORT', '-1'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '-1'],
    ['JWT_SECRET', 'too-short'],
    ['ADMIN_PASSWORD', 'x'.repeat(1025)],
    ['LOG_LEVEL', 'loud'],
    ['NODE_ENV', 'staging'],
    ['CLICK_RETENTION_DAYS', '0'],
    ['CLICK_RETENTION_DAYS', '30d'],
  ])('rejects %s=%s with a message naming it', (key, value) => {
    expect(() => loadEnv({ [key]: value })).toThrow(EnvError);
    expect(() => loadEnv({ [key]: value })).toThrow(new RegExp(`- ${key}: `));
  });

  it('names the rule that failed', () => {
    expect(() => loadEnv({ JWT_SECRET: 'short' })).toThrow('JWT_SECRET must be at least 32 characters');
    expect(() => loadEnv({ PORT: 'abc' })).toThrow('PORT must be an integer between 1 and 65535');
  });
});
