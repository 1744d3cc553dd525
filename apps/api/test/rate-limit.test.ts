import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { clientKey } from '../src/http/client-key';
import { IP_LOOKUP_LIMIT, SPEEDTEST_TRANSFER_LIMIT } from '../src/http/rate-limit';
import { buildApp } from './helpers';

/** Sends `count` requests one after another and answers their statuses. */
async function statuses(count: number, send: (i: number) => request.Test): Promise<number[]> {
  const seen: number[] = [];
  for (let i = 0; i < count; i++) seen.push((await send(i)).status);
  return seen;
}

describe('IP lookup rate limit', () => {
  it(`answers ${IP_LOOKUP_LIMIT.limit} lookups a minute, then 429 with Retry-After`, async () => {
    const { app } = buildApp();
    const seen = await statuses(IP_LOOKUP_LIMIT.limit, (i) =>
      i % 2 === 0 ? request(app).get('/api/ip/me') : request(app).get('/api/ip/8.8.8.8'),
    );
    expect(seen.every((status) => status === 200)).toBe(true);
    const res = await request(app).get('/api/ip/1.1.1.1');
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.body).toEqual({ error: 'Too many requests. Please try again later.', code: 'RATE_LIMITED' });
    expect((await request(app).get('/api/ip/me')).status).toBe(429);
  });

  it('invalid addresses count too, so probing with garbage is limited the same way', async () => {
    const { app } = buildApp();
    const seen = await statuses(IP_LOOKUP_LIMIT.limit, () => request(app).get('/api/ip/not-an-ip'));
    expect(new Set(seen)).toEqual(new Set([400]));
    expect((await request(app).get('/api/ip/8.8.8.8')).status).toBe(429);
  });

  it('is per app instance (each test app starts clean)', async () => {
    expect((await request(buildApp().app).get('/api/ip/8.8.8.8')).status).toBe(200);
  });
});

describe('a client is an IPv4 address or an IPv6 /56', () => {
  it.each([
    ['an IPv4 address', '203.0.113.7', '203.0.113.7'],
    ['an IPv4-mapped IPv6 address', '::ffff:203.0.113.7', '203.0.113.7'],
    ['an IPv6 address', '2001:db8:1:2:3:4:5:6', '2001:db8:1::/56'],
    ['the last address of that /56', '2001:db8:1:ff:ffff:ffff:ffff:ffff', '2001:db8:1::/56'],
    ['the next /56', '2001:db8:1:100::1', '2001:db8:1:100::/56'],
    ['IPv6 loopback', '::1', '::/56'],
    ['no address (a closed socket)', undefined, ''],
    ['something that is not an address', 'not-an-ip', 'not-an-ip'],
  ])('%s', (_label, ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });

  it('a client rotating through the addresses of its /56 shares one budget; the next /56 has its own', async () => {
    const { app } = buildApp({ config: { trustProxy: 1 } });
    const from = (ip: string) => request(app).get('/api/ip/8.8.8.8').set('X-Forwarded-For', ip);
    const seen = await statuses(IP_LOOKUP_LIMIT.limit, (i) => from(`2001:db8:1:${(i % 256).toString(16)}::${i + 1}`));
    expect(new Set(seen)).toEqual(new Set([200]));
    expect((await from('2001:db8:1:ab:cd::ef')).status).toBe(429);
    expect((await from('2001:db8:1:100::1')).status).toBe(200);
  });
});

describe('speed test transfer rate limit', () => {
  it('leaves room for two full UI runs (about 115 transfers each over loopback)', () => {
    expect(SPEEDTEST_TRANSFER_LIMIT.limit).toBeGreaterThanOrEqual(2 * 115 + 100);
    expect(SPEEDTEST_TRANSFER_LIMIT.windowMs).toBeGreaterThanOrEqual(10 * 60_000);
  });

  it(`downloads and uploads share ${SPEEDTEST_TRANSFER_LIMIT.limit} requests per window; then 429 with Retry-After`, async () => {
    const { app } = buildApp();
    const seen = await statuses(SPEEDTEST_TRANSFER_LIMIT.limit, (i) =>
      i % 2 === 0
        ? request(app).get('/api/speedtest/download?size=1')
        : request(app)
            .post('/api/speedtest/upload')
            .set('Content-Type', 'application/octet-stream')
            .send(Buffer.alloc(16)),
    );
    expect(new Set(seen)).toEqual(new Set([200]));

    const download = await request(app).get('/api/speedtest/download?size=50');
    expect(download.status).toBe(429);
    expect(Number(download.headers['retry-after'])).toBeGreaterThan(0);
    expect(download.body).toEqual({ error: 'Too many requests. Please try again later.', code: 'RATE_LIMITED' });

    const upload = await request(app)
      .post('/api/speedtest/upload')
      .set('Content-Type', 'application/octet-stream')
      .send(Buffer.alloc(16));
    expect(upload.status).toBe(429);
    expect(Number(upload.headers['retry-after'])).toBeGreaterThan(0);

    // Ping is tiny and measures latency: it is never limited.
    expect((await request(app).get('/api/speedtest/ping')).status).toBe(200);
  }, 60_000);
});
