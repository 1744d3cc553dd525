import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request, { type Response } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shortlink } from '@toolvault/shared';
import { buildApp, type TestApp } from './helpers';

const INDEX =
  '<!doctype html><html lang="en"><head><title>Toolvault</title></head><body><div id="root"></div></body></html>';
const ASSET = 'assets/index-Bq3xY7aZ.js';
const SLACKBOT = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';

let webDist: string;
let test: TestApp;
let code: string;

beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'toolvault-headers-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(path.join(webDist, ASSET), 'console.log("hashed");');
  test = buildApp({ webDist });
  const created = await request(test.app)
    .post('/api/shortlinks')
    .send({ title: 'Docs', targetUrl: 'https://example.com/docs' });
  expect(created.status).toBe(201);
  code = (created.body as Shortlink).shortCode;
});
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

/** The CSP's directives by name, e.g. { 'script-src': ["'self'", …] }. */
function csp(res: Response): Record<string, string[]> {
  const header = res.headers['content-security-policy'];
  expect(header, 'Content-Security-Policy').toBeTypeOf('string');
  return Object.fromEntries(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0] !== '')
      .map(([name, ...values]) => [name!, values]),
  );
}

function expectSecurityHeaders(res: Response): void {
  const directives = csp(res);
  expect(directives['script-src']).toContain("'self'");
  expect(directives['script-src']).not.toContain("'unsafe-inline'");
  expect(directives['script-src']).not.toContain("'unsafe-eval'");
  expect(directives['object-src']).toEqual(["'none'"]);
  expect(directives['base-uri']).toEqual(["'none'"]);
  expect(directives['frame-ancestors']).toEqual(["'none'"]);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toMatch(
    /^(no-referrer|same-origin|strict-origin|strict-origin-when-cross-origin)$/,
  );
  expect(res.headers['x-powered-by']).toBeUndefined();
  // Features the site never uses are off; the camera only for its own pages (the QR reader).
  const policy = String(res.headers['permissions-policy']);
  for (const feature of ['microphone', 'geolocation', 'payment', 'usb', 'display-capture'])
    expect(policy).toContain(`${feature}=()`);
  expect(policy).toContain('camera=(self)');
}

describe('security headers on every kind of response', () => {
  const cases: [label: string, send: () => request.Test, status: number][] = [
    ['the home page /', () => request(test.app).get('/'), 200],
    ['a tool page /hash-generator', () => request(test.app).get('/hash-generator'), 200],
    ['/api/health', () => request(test.app).get('/api/health'), 200],
    ['the API reference /api/docs', () => request(test.app).get('/api/docs'), 200],
    ['the OpenAPI document', () => request(test.app).get('/api/openapi.json'), 200],
    ['a shortlink crawler page', () => request(test.app).get(`/${code}`).set('User-Agent', SLACKBOT), 200],
    ['the 404 page /no/such/page', () => request(test.app).get('/no/such/page'), 404],
    ['an unknown API route', () => request(test.app).get('/api/no-such-route'), 404],
    ['a hashed asset', () => request(test.app).get(`/${ASSET}`), 200],
    ['a missing asset', () => request(test.app).get('/assets/missing-123.js'), 404],
    [
      'the JSON click answer',
      () => request(test.app).get(`/${code}`).set('Accept', 'application/json').set('User-Agent', SLACKBOT),
      200,
    ],
    [
      'the JSON click answer for an unknown code',
      () => request(test.app).get('/zzzzzz9').set('Accept', 'application/json'),
      404,
    ],
  ];

  it.each(cases)('%s', async (_label, send, status) => {
    const res = await send();
    expect(res.status).toBe(status);
    expectSecurityHeaders(res);
  });

  it('the crawler page carries the link preview, so it is the real shortlink page', async () => {
    const res = await request(test.app).get(`/${code}`).set('User-Agent', SLACKBOT);
    expect(res.text).toContain('og:title');
    expect(res.text).toContain('Docs');
  });

  it('the JSON click answer counts a click and answers the link', async () => {
    const res = await request(test.app).get(`/${code}`).set('Accept', 'application/json');
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({ shortCode: code, targetUrl: 'https://example.com/docs' });
  });
});

describe('caching', () => {
  it('hashed assets are cached for a year and immutable', async () => {
    const res = await request(test.app).get(`/${ASSET}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    const cache = String(res.headers['cache-control']);
    expect(cache).toContain('immutable');
    expect(Number(/max-age=(\d+)/.exec(cache)?.[1])).toBeGreaterThanOrEqual(31_536_000);
  });

  it.each([
    ['/', 200],
    ['/hash-generator', 200],
    ['/no/such/page', 404],
    ['/index.html', 404],
  ])('index.html served for %s is no-cache', async (url, status) => {
    const res = await request(test.app).get(url);
    expect(res.status).toBe(status);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
  });

  it('the crawler page (index.html with meta tags) is no-cache too', async () => {
    const res = await request(test.app).get(`/${code}`).set('User-Agent', SLACKBOT);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
