import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { buildApp } from './helpers';

describe('HTTP basics', () => {
  it('answers the health check', async () => {
    const res = await request(buildApp().app).get('/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', checks: { database: 'ok' } });
  });

  it.each([
    ['get', '/api/nope'],
    ['post', '/api/nope'],
    ['get', '/api'],
  ] as const)('%s %s is a JSON 404', async (method, path) => {
    const res = await request(buildApp().app)[method](path);
    expect(res.status).toBe(404);
    expect(res.type).toBe('application/json');
    expect(res.body).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
  });

  it('answers a non-API path with JSON 404 when no SPA is served', async () => {
    const res = await request(buildApp().app).get('/hash-generator');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('Not found');
  });

  it('refuses malformed JSON with 400', async () => {
    const res = await request(buildApp().app)
      .post('/api/contact')
      .set('Content-Type', 'application/json')
      .send('{"name": ');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: 'Malformed JSON body', code: 'MALFORMED_JSON' });
  });

  it('refuses a body over 100 kB with a JSON 413', async () => {
    const res = await request(buildApp().app)
      .post('/api/contact')
      .send({ name: 'A', email: 'a@example.com', subject: 'S', message: 'x'.repeat(120_000) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ error: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
  });

  it('sets the security headers and hides the framework', async () => {
    const res = await request(buildApp().app).get('/api/health');
    const csp = res.headers['content-security-policy'];
    for (const directive of [
      "default-src 'self'",
      "script-src 'self' 'wasm-unsafe-eval'",
      "object-src 'none'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive);
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });
});

describe('GET /api/health (readiness)', () => {
  it('answers 503 with the reason when the database does not answer', async () => {
    const { app, db } = buildApp();
    db.ping = () => Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
    const res = await request(app).get('/api/health');
    expect(res.status).toBe(503);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual({
      error: 'Not ready: database not answering',
      code: 'NOT_READY',
      checks: { database: 'down' },
    });
  });

  it('counts a dependency that hangs as down', async () => {
    const { app } = buildApp({ readiness: [{ name: 'redis', ping: () => new Promise(() => undefined) }] });
    const res = await request(app).get('/api/health');
    expect(res.status).toBe(503);
    expect(res.body.checks).toEqual({ database: 'ok', redis: 'down' });
  });
});
