import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisCounterStore, type CounterStore } from '../src/counters';
import { silentLogger } from '../src/logger';
import { ADMIN_PASSWORD, buildApp, JWT_SECRET, type TestApp } from './helpers';
import { ownRedis, redisServer, waitFor, type OwnRedis } from './servers';

const LINK = { title: 'Example', targetUrl: 'https://example.com/' };

/**
 * Redis stopped under a running app: redirects and public pages carry on, while login and guest
 * creation refuse with 503 rather than run unthrottled; all of it comes back without a restart.
 * Uses a redis-server of its own on a random port, never the machine's shared one.
 */
describe.runIf(redisServer)('Redis stopped and started again', () => {
  let redis: OwnRedis;
  let counters: CounterStore;
  let test: TestApp;
  let code: string;

  beforeAll(async () => {
    redis = await ownRedis();
    counters = redisCounterStore({ url: redis.url, logger: silentLogger, secret: JWT_SECRET });
    test = buildApp({ counters, readiness: [{ name: 'redis', ping: () => counters.ping() }] });
    const link = await test.db.shortlinks.insert({
      ...LINK,
      shortCode: 'redis1',
      description: '',
      metaImage: '',
      tags: [],
      clickCount: 0,
      redirectMode: 'preview',
      createdAt: new Date().toISOString(),
    });
    code = link!.shortCode;
  });
  afterAll(async () => {
    await counters?.close();
    await redis?.stop();
  });

  const login = () => request(test.app).post('/api/admin/login').send({ password: ADMIN_PASSWORD });
  const guestCreate = (client: string) =>
    request(test.app).post('/api/shortlinks').set('X-Forwarded-For', client).send(LINK);

  it('works normally while Redis answers', async () => {
    expect((await login()).status).toBe(200);
    expect((await request(test.app).get('/api/health')).body).toEqual({
      status: 'ok',
      checks: { database: 'ok', redis: 'ok' },
    });
  });

  it('keeps redirects and public pages up, and answers login and guest creation with 503', async () => {
    await redis.stop();
    const click = await request(test.app).get(`/${code}`).set('Accept', 'application/json');
    expect(click.status).toBe(200);
    expect(click.body.targetUrl).toBe(LINK.targetUrl);
    expect((await request(test.app).get(`/api/shortlink/${code}`)).status).toBe(200);
    expect((await request(test.app).get('/api/blog')).status).toBe(200);

    for (const res of [await login(), await guestCreate('203.0.113.1')]) {
      expect(res.status).toBe(503);
      expect(res.body).toEqual({
        error: 'Service temporarily unavailable. Please try again shortly.',
        code: 'SERVICE_UNAVAILABLE',
      });
    }
    const health = await request(test.app).get('/api/health');
    expect(health.status).toBe(503);
    expect(health.body).toEqual({
      error: 'Not ready: redis not answering',
      code: 'NOT_READY',
      checks: { database: 'ok', redis: 'down' },
    });
    expect(await test.db.shortlinks.listNewestFirst(10)).toHaveLength(1);
  });

  it('recovers without a restart when Redis is back', async () => {
    await redis.start();
    await waitFor(async () => (await request(test.app).get('/api/health')).status === 200, 10_000, 'health 200');
    expect((await login()).status).toBe(200);
    expect((await guestCreate('203.0.113.2')).status).toBe(201);
    expect((await guestCreate('203.0.113.2')).status).toBe(429);
  });
});
