import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shortlink } from '@toolvault/shared';
import { blogSetup } from './blog-fixtures';
import { ADMIN_PASSWORD } from './helpers';

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
