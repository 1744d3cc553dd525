import request from 'supertest';
import { beforeEach, describe, expect, it } from 'vitest';
import type { IpLookupResult } from '@toolvault/shared';
import { buildApp } from './helpers';

// A fresh app per test: lookups are rate-limited (60 a minute per client), and this file makes more.
let app = buildApp().app;
beforeEach(() => {
  app = buildApp().app;
});

const NO_LOCATION = {
  country: null,
  countryCode: null,
  region: null,
  city: null,
  isp: null,
  organization: null,
  timezone: null,
  coordinates: null,
};

describe('GET /api/ip/:ip — public addresses, from the offline database', () => {
  it.each([
    ['8.8.8.8', '8.8.8.8', 4],
    ['2001:4860:4860::8888', '2001:4860:4860::8888', 6],
    ['IPv6 in full, upper case', '2001:4860:4860:0:0:0:0:8888', 6],
    ['IPv4-mapped IPv6 is looked up as IPv4', '::ffff:8.8.8.8', 4],
    // The first lookup reads and parses the databases (about 60 MB): seconds on a busy machine.
  ])('%s → Google, United States', { timeout: 30_000 }, async (_label, ip, version) => {
    const res = await request(app).get(`/api/ip/${encodeURIComponent(ip.toUpperCase())}`);
    expect(res.status).toBe(200);
    const body = res.body as IpLookupResult;
    expect(body).toMatchObject({
      ip: version === 4 ? '8.8.8.8' : '2001:4860:4860::8888',
      version,
      reserved: null,
      country: 'United States',
      countryCode: 'US',
      isp: 'AS15169 Google LLC',
      organization: 'Google LLC',
    });
    expect(body.timezone).toMatch(/^America\//);
    expect(body.coordinates).toEqual({ lat: expect.any(Number), lon: expect.any(Number) });
    // Somewhere in North America, and never more than the database's 4 decimals.
    expect(body.coordinates!.lat).toBeGreaterThan(15);
    expect(body.coordinates!.lon).toBeLessThan(-50);
    expect(String(body.coordinates!.lat)).toMatch(/^-?\d+(\.\d{1,4})?$/);
  });

  it('fills region and city where the database has them (MaxMind test address 81.2.69.142)', async () => {
    const res = await request(app).get('/api/ip/81.2.69.142');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ countryCode: 'GB', country: 'United Kingdom', region: 'England' });
    expect(res.body.city).toEqual(expect.any(String));
    expect(res.body.timezone).toBe('Europe/London');
  });

  it('answers null, not an invented value, for what the database lacks (1.1.1.1 has no location)', async () => {
    const res = await request(app).get('/api/ip/1.1.1.1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ip: '1.1.1.1', reserved: null, organization: 'Cloudflare, Inc.' });
    expect(res.body.city).toBeNull();
    expect(res.body.coordinates).toBeNull();
  });

  it('trims surrounding spaces', async () => {
    const res = await request(app).get(`/api/ip/${encodeURIComponent('  8.8.8.8 ')}`);
    expect(res.status).toBe(200);
    expect(res.body.ip).toBe('8.8.8.8');
  });
});

describe('GET /api/ip/:ip — invalid input', () => {
  it.each([
    ['out of range octet', '999.1.1.1'],
    ['word', 'abc'],
    ['three parts', '1.2.3'],
    ['leading zero', '08.8.8.8'],
    ['bad hex group', '::gg'],
    ['two double colons', '1::2::3'],
    ['nine groups', '1:2:3:4:5:6:7:8:9'],
    ['zone id', 'fe80::1%eth0'],
    ['CIDR', '8.8.8.0/24'],
    ['host name', 'example.com'],
    ['very long', '1'.repeat(5000)],
    ['long but ip-like', `${'0:'.repeat(30)}1`],
    ['SQL-ish', "1.1.1.1' OR '1'='1"],
    ['SQL-ish 2', '1;DROP TABLE users'],
    ['script', '<script>alert(1)</script>'],
    ['NUL byte', '8.8.8.8\u0000'],
    ['blank', ' '],
  ])('%s → 400 Invalid IP address', async (_label, raw) => {
    const res = await request(app).get(`/api/ip/${encodeURIComponent(raw)}`);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('Invalid IP address');
    // The route's own code; a control character answers the code every text field answers.
    expect(res.body.code).toBe(raw.includes('\u0000') ? 'INVALID_CHARACTERS' : 'INVALID_IP');
  });

  it.each([['%'], ['%zz'], ['%E0%A4%A'], ['8.8.8.8%']])(
    'malformed percent-encoding %s → 400 Invalid IP address',
    async (raw) => {
      const res = await request(app).get(`/api/ip/${raw}`);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'Invalid IP address', code: 'INVALID_IP' });
    },
  );

  it('an extra path segment is not an address route at all', async () => {
    const res = await request(app).get('/api/ip/8.8.8.8/extra');
    expect(res.status).toBe(404);
  });
});

describe('GET /api/ip/:ip — special-purpose ranges say so and invent nothing', () => {
  it.each([
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['169.254.10.20', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['fd12:3456:789a::1', 'uniqueLocal'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.127.255.254', 'carrierGradeNat'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['192.0.2.1', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.200', 'documentation'],
    ['2001:db8::1', 'documentation'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['198.18.0.1', 'benchmarking'],
    ['2001:2::1', 'benchmarking'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['100::1', 'reserved'],
    ['::ffff:10.0.0.1', 'private'],
  ])('%s → 200 reserved %s', async (ip, kind) => {
    const res = await request(app).get(`/api/ip/${encodeURIComponent(ip)}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ reserved: kind, ...NO_LOCATION });
  });

  it.each([['172.32.0.1'], ['100.128.0.1'], ['11.0.0.1'], ['2a00:1450:4001:80b::200e']])(
    '%s just outside a special range is public',
    async (ip) => {
      const res = await request(app).get(`/api/ip/${encodeURIComponent(ip)}`);
      expect(res.status).toBe(200);
      expect(res.body.reserved).toBeNull();
    },
  );
});

describe('GET /api/ip/me', () => {
  it('looks up the caller: from supertest that is loopback', async () => {
    const res = await request(app).get('/api/ip/me');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ reserved: 'loopback', ...NO_LOCATION });
    expect(['127.0.0.1', '::1']).toContain(res.body.ip);
    expect(res.headers['cache-control']).toBe('private, no-store');
  });

  it('ignores X-Forwarded-For when no proxy is trusted (TRUST_PROXY=0)', async () => {
    const res = await request(app).get('/api/ip/me').set('X-Forwarded-For', '8.8.8.8');
    expect(res.body.reserved).toBe('loopback');
  });

  it('with TRUST_PROXY=1 looks up the address the proxy forwarded', async () => {
    const proxied = buildApp({ config: { trustProxy: 1 } }).app;
    const res = await request(proxied).get('/api/ip/me').set('X-Forwarded-For', '203.0.113.9, 8.8.8.8');
    expect(res.status).toBe(200);
    // One trusted hop: the right-most forwarded address is the client.
    expect(res.body).toMatchObject({ ip: '8.8.8.8', reserved: null, countryCode: 'US' });
  });
});
