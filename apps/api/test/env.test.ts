import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv, publicOrigin } from '../src/env';

describe('loadEnv', () => {
  it('applies the defaults', () => {
    expect(loadEnv({})).toEqual({
      nodeEnv: 'development',
      port: 3000,
      dataDir: path.resolve(process.cwd(), 'data'),
      adminPassword: undefined,
      jwtSecret: undefined,
      trustProxy: 0,
      maxConnections: 1_000,
      maxConnectionsPerIp: 64,
      logLevel: 'info',
      auditRetentionDays: 365,
      webhookAllowPrivate: false,
    });
  });

  it('reads every variable', () => {
    const secret = 'x'.repeat(32);
    expect(
      loadEnv({
        NODE_ENV: 'production',
        PORT: '8080',
        DATA_DIR: '/var/lib/toolvault',
        ADMIN_PASSWORD: 'twelve chars',
        JWT_SECRET: secret,
        TRUST_PROXY: '2',
        MAX_CONNECTIONS: '5000',
        MAX_CONNECTIONS_PER_IP: '0',
        REDIS_KEY_PREFIX: 'site-b:',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: 'https://Tools.Example.org/',
        AUDIT_RETENTION_DAYS: '30',
        WEBHOOK_ALLOW_PRIVATE: 'true',
      }),
    ).toEqual({
      nodeEnv: 'production',
      port: 8080,
      dataDir: '/var/lib/toolvault',
      adminPassword: 'twelve chars',
      jwtSecret: secret,
      trustProxy: 2,
      maxConnections: 5_000,
      maxConnectionsPerIp: 0,
      redisKeyPrefix: 'site-b:',
      logLevel: 'warn',
      publicUrl: 'https://tools.example.org',
      auditRetentionDays: 30,
      webhookAllowPrivate: true,
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

  it('keeps audit events 365 days unless AUDIT_RETENTION_DAYS says otherwise (1 to 36500)', () => {
    expect(loadEnv({ AUDIT_RETENTION_DAYS: '' }).auditRetentionDays).toBe(365);
    expect(loadEnv({ AUDIT_RETENTION_DAYS: '1' }).auditRetentionDays).toBe(1);
    expect(loadEnv({ AUDIT_RETENTION_DAYS: '36500' }).auditRetentionDays).toBe(36500);
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
    ['ADMIN_PASSWORD', 'x'],
    ['ADMIN_PASSWORD', 'elevenchars'],
    ['PUBLIC_URL', 'tools.example.org'],
    ['PUBLIC_URL', 'ftp://tools.example.org'],
    ['PUBLIC_URL', 'https://tools.example.org/sub/'],
    ['PUBLIC_URL', 'https://tools.example.org/?a=1'],
    ['PUBLIC_URL', 'https://user:pw@tools.example.org'],
    ['LOG_LEVEL', 'loud'],
    ['NODE_ENV', 'staging'],
    ['CLICK_RETENTION_DAYS', '0'],
    ['CLICK_RETENTION_DAYS', '30d'],
    ['AUDIT_RETENTION_DAYS', '0'],
    ['AUDIT_RETENTION_DAYS', '36501'],
    ['AUDIT_RETENTION_DAYS', '1y'],
    ['MAX_CONNECTIONS', '5'],
    ['MAX_CONNECTIONS_PER_IP', '-1'],
    ['REDIS_KEY_PREFIX', 'two words'],
    ['REDIS_KEY_PREFIX', 'x'.repeat(65)],
  ])('rejects %s=%s with a message naming it', (key, value) => {
    expect(() => loadEnv({ [key]: value })).toThrow(EnvError);
    expect(() => loadEnv({ [key]: value })).toThrow(new RegExp(`- ${key}: `));
  });

  it.each([
    ['https://tools.example.org', 'https://tools.example.org'],
    ['http://localhost:8080/', 'http://localhost:8080'],
    ['https://tools.example.org:443', 'https://tools.example.org'],
    ['http://[::1]:3000', 'http://[::1]:3000'],
  ])('keeps PUBLIC_URL %s as the origin %s', (value, origin) => {
    expect(loadEnv({ PUBLIC_URL: value }).publicUrl).toBe(origin);
  });

  it('answers http://localhost:PORT as the public origin without PUBLIC_URL', () => {
    expect(publicOrigin(loadEnv({ PORT: '8080' }))).toBe('http://localhost:8080');
    expect(publicOrigin(loadEnv({ PORT: '8080', PUBLIC_URL: 'https://a.example' }))).toBe('https://a.example');
  });

  it('names the rule that failed', () => {
    expect(() => loadEnv({ ADMIN_PASSWORD: 'short' })).toThrow('ADMIN_PASSWORD must be at least 12 characters');
    expect(() => loadEnv({ PUBLIC_URL: 'nope' })).toThrow('PUBLIC_URL must be the site');
    expect(() => loadEnv({ JWT_SECRET: 'short' })).toThrow('JWT_SECRET must be at least 32 characters');
    expect(() => loadEnv({ PORT: 'abc' })).toThrow('PORT must be an integer between 1 and 65535');
  });
});
