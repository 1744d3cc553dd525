import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHORTLINK_MESSAGES, type Shortlink } from '@toolvault/shared';
import { blogSetup } from './blog-fixtures';
import { ADMIN_PASSWORD, buildApp } from './helpers';

const INDEX =
  '<!doctype html><html lang="en"><head><title>Toolvault</title></head><body><div id="root"></div></body></html>';
const SLACKBOT = 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)';

let webDist: string;
beforeAll(() => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'toolvault-hardening-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
});
afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

describe('Cache-Control: no-store on secrets and personal data', () => {
  it('login (the token), contact (a sender), logout and every admin read', async () => {
    const { app, auth } = blogSetup();
    const login = await request(app).post('/api/admin/login').send({ password: ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    expect(login.headers['cache-control']).toBe('no-store');

    const message = { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello there, Toolvault!' };
    const sent = await request(app).post('/api/contact').send(message);
    expect(sent.status).toBe(201);
    expect(sent.headers['cache-control']).toBe('no-store');

    for (const url of [
      '/api/contact',
      '/api/shortlinks',
      '/api/shortlinks/export',
      '/api/shortlinks/analytics',
      '/api/blog',
    ]) {
      const res = await request(app).get(url).set(auth());
      expect(res.status, url).toBe(200);
      expect(res.headers['cache-control'], url).toMatch(/no-store/);
    }

    const token = (login.body as { token: string }).token;
    const logout = await request(app).post('/api/admin/logout').set('Authorization', `Bearer ${token}`);
    expect(logout.status).toBe(204);
    expect(logout.headers['cache-control']).toBe('no-store');
  });
});

describe('the Host header is never written into a body', () => {
  const hostile = { Host: 'evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' };

  it.each([
    ['without PUBLIC_URL', undefined, 'http://localhost:3000'],
    ['with PUBLIC_URL', 'https://tools.example.org', 'https://tools.example.org'],
  ])('%s, even behind a trusted proxy', async (_label, publicUrl, origin) => {
    const { app, createPost } = blogSetup({ webDist, config: { trustProxy: 1, publicUrl } });
    await createPost({ slug: 'hello', published: true });
    const link = await request(app).post('/api/shortlinks').send({ title: 'Docs', targetUrl: 'https://example.com/d' });
    const code = (link.body as Shortlink).shortCode;

    const urls = [
      '/blog/rss.xml',
      '/sitemap.xml',
      '/blog/hello',
      `/${code}`,
      '/no/such/page',
      '/api/blog/hello',
      `/api/shortlink/${code}`,
    ];
    for (const url of urls) {
      const res = await request(app).get(url).set('User-Agent', SLACKBOT).set(hostile);
      expect(res.text, url).not.toContain('evil.example');
      expect(JSON.stringify(res.headers), url).not.toContain('evil.example');
    }
    const blogPage = await request(app).get('/blog/hello').set(hostile);
    expect(blogPage.text).toContain(`${origin}/blog/hello`);
  });
});

describe('no short links to this server by another of its names', () => {
  const refused = { error: SHORTLINK_MESSAGES.selfLink, code: 'SHORTLINK_SELF_LINK' };

  it.each([
    ['localhost while Host is 127.0.0.1', '127.0.0.1:3000', 'http://localhost:3000/abc123'],
    ['127.0.0.1 while Host is localhost', 'localhost:3000', 'http://127.0.0.1:3000/abc123'],
    ['another loopback address', 'localhost:3000', 'http://127.9.9.9:3000/abc123'],
    ['IPv6 loopback', 'localhost:3000', 'http://[::1]:3000/abc123'],
    ['0.0.0.0', 'localhost:3000', 'http://0.0.0.0:3000/abc123'],
    ['PUBLIC_URL behind a proxy', 'internal:8080', 'https://tools.example.org/abc123'],
    ['PUBLIC_URL with its default port spelled out', 'internal:8080', 'https://tools.example.org:443/abc123'],
    ['the Host header itself', 'toolvault.test:3000', 'http://toolvault.test:3000/abc123'],
  ])('refuses %s, for guests and the admin', async (_label, host, targetUrl) => {
    const { app, auth } = blogSetup({ config: { port: 3000, publicUrl: 'https://tools.example.org' } });
    const guest = await request(app).post('/api/shortlinks').set('Host', host).send({ title: 'Loop', targetUrl });
    expect(guest.status).toBe(400);
    expect(guest.body).toEqual(refused);
    const admin = await request(app)
      .post('/api/shortlinks')
      .set('Host', host)
      .set(auth())
      .send({ title: 'Loop', targetUrl });
    expect(admin.status).toBe(400);
    expect(admin.body).toEqual(refused);
  });

  it.each([
    ['loopback on another port', 'http://127.0.0.1:4000/abc123'],
    ['a page of this server, not a short link', 'http://localhost:3000/hash-generator'],
    ['another site', 'https://example.com/abc123'],
  ])('accepts %s', async (_label, targetUrl) => {
    const { app } = buildApp({ config: { port: 3000, publicUrl: 'https://tools.example.org' } });
    const res = await request(app)
      .post('/api/shortlinks')
      .set('Host', 'localhost:3000')
      .send({ title: 'Ok', targetUrl });
    expect(res.status).toBe(201);
  });
});
