import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '@toolvault/shared/contract';
import { memoryCounterStore } from '../src/counters';
import { engineApp, type EngineApp } from './engine-app';
import { ENGINES } from './engines';
import { PERSON_PASSWORD, personSession } from './people';
import { redisUrl, testRedisStore } from './servers';

/**
 * Failed logins are counted per account as well as per address: guessing one person's password
 * from many addresses stops too, and the answers never tell whether an account exists. On SQLite
 * with the process's own counters, and on PostgreSQL with the counters in Redis (when it answers),
 * as replicas share them.
 */

const ACCOUNT_LIMIT = RATE_LIMITS.loginAccount.limit;

// Every failed login spends a deliberately slow scrypt (about 30 ms, far more on a busy machine).
describe.each(ENGINES)('the per-account login throttle (%s)', { timeout: 60_000 }, (engine) => {
  let built: EngineApp;
  let redis: ReturnType<typeof testRedisStore> | undefined;
  /** Logins of people made for each test, so no test counts another's failures. */
  let person: () => Promise<string>;

  beforeAll(async () => {
    redis = engine === 'postgres' && redisUrl ? testRedisStore() : undefined;
    built = await engineApp(engine, {
      // Behind one trusted proxy, X-Forwarded-For names the client: each request can come from elsewhere.
      config: { trustProxy: 1 },
      // Counted on the real clock, so Retry-After is what a client would be told.
      counters: redis?.store ?? memoryCounterStore(() => new Date()),
    });
    person = async () => (await personSession(built.db, 'editor')).login;
  });
  afterAll(async () => {
    await built.close();
    await redis?.close();
  });

  let sent = 0;
  /** A login from an address no request has come from before. */
  const login = (body: { login: string; password: string }) => {
    sent++;
    const address = `198.51.${Math.floor(sent / 250)}.${(sent % 250) + 1}`;
    return request(built.app).post('/api/admin/login').set('X-Forwarded-For', address).send(body);
  };
  /** Fails `times` logins of `account`, each from a new address, typed in any case and spacing. */
  const failTimes = async (account: string, times: number) => {
    for (let i = 0; i < times; i++) {
      const typed = [account, account.toUpperCase(), `  ${account} `][i % 3]!;
      const res = await login({ login: typed, password: 'not the password' });
      expect(res.status, `failure ${i + 1}`).toBe(401);
    }
  };
  const THROTTLED = { error: 'Too many login attempts. Try again later.', code: 'LOGIN_THROTTLED' };

  it(`refuses the right password, from a new address, after ${ACCOUNT_LIMIT} failures from others; other accounts are unaffected`, async () => {
    const [account, other] = [await person(), await person()];
    await failTimes(account, ACCOUNT_LIMIT);
    const res = await login({ login: account, password: PERSON_PASSWORD });
    expect(res.status).toBe(429);
    expect(res.body).toEqual(THROTTLED);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    const otherLogin = await login({ login: other, password: PERSON_PASSWORD });
    expect(otherLogin.status).toBe(200);
    expect(otherLogin.body.token).toEqual(expect.any(String));
  });

  it(`lets the right password in after ${ACCOUNT_LIMIT - 1} failures`, async () => {
    const account = await person();
    await failTimes(account, ACCOUNT_LIMIT - 1);
    expect((await login({ login: account, password: PERSON_PASSWORD })).status).toBe(200);
  });

  it('throttles an account that does not exist the same way, with the same answer', async () => {
    await failTimes('nobody-here', ACCOUNT_LIMIT);
    const res = await login({ login: 'nobody-here', password: PERSON_PASSWORD });
    expect(res.status).toBe(429);
    expect(res.body).toEqual(THROTTLED);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('answers a failed login for an unknown account exactly like a wrong password for an existing one', async () => {
    const wrongPassword = await login({ login: await person(), password: 'not the password' });
    const unknownAccount = await login({ login: 'no-such-person', password: 'not the password' });
    expect(wrongPassword.status).toBe(401);
    expect(unknownAccount.status).toBe(wrongPassword.status);
    expect(unknownAccount.body).toEqual(wrongPassword.body);
    expect(unknownAccount.body).toEqual({ error: 'Invalid admin password', code: 'INVALID_CREDENTIALS' });
    // The counts each limiter reports are the same too: a first failure for either.
    expect(unknownAccount.headers.ratelimit).toBe(wrongPassword.headers.ratelimit);
  });
});
