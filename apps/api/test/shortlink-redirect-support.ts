// What the tests of a link's own address share: an app serving a small built SPA, links made through
// the admin's API, the clicks they count, and the redirect page's request for a link.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Shortlink, ShortlinkPage } from '@toolvault/shared';
import type { Clock } from '../src/lib/clock';
import { adminToken, buildApp, CHROME } from './helpers';

export const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Toolvault — default</title>
    <meta name="description" content="Site default" />
    <meta property="og:title" content="Toolvault" />
    <meta property="og:type" content="website" />
  </head>
  <body><div id="root"></div></body>
</html>`;

export const LINK = {
  title: 'Docs',
  targetUrl: 'https://example.com/docs',
  description: 'All the docs',
  metaImage: 'https://img.example/docs.png',
};

/**
 * For a file of these tests: the built SPA is written to a folder of its own before the file's tests
 * and removed after them; `setup` makes an app that serves it.
 */
export function redirectApps() {
  let webDist: string;
  beforeAll(() => {
    webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'toolvault-redirect-'));
    fs.writeFileSync(path.join(webDist, 'index.html'), INDEX);
    // A root file without an extension that a code could otherwise shadow.
    fs.writeFileSync(path.join(webDist, 'manifest'), 'static file');
  });
  afterAll(() => fs.rmSync(webDist, { recursive: true, force: true }));

  function setup(options: Parameters<typeof buildApp>[0] = {}) {
    const clock: Clock = () => new Date('2025-03-15T12:00:00.000Z');
    const built = buildApp({ clock, webDist, ...options });
    const token = adminToken(clock());
    const create = async (body: object) => {
      const res = await request(built.app).post('/api/shortlinks').set('Authorization', `Bearer ${token}`).send(body);
      expect(res.status).toBe(201);
      return res.body as Shortlink;
    };
    const clicksOf = async (shortCode: string) => {
      const res = await request(built.app).get('/api/shortlinks?limit=100').set('Authorization', `Bearer ${token}`);
      return (res.body as ShortlinkPage).items.find((link) => link.shortCode === shortCode)?.clickCount;
    };
    const clickRows = () =>
      built.database.sqlite!.prepare('SELECT * FROM shortlink_clicks ORDER BY id').all() as Record<
        string,
        string | number | null
      >[];
    const open = (url: string, userAgent = CHROME) =>
      request(built.app).get(url).set('Accept', 'application/json').set('User-Agent', userAgent);
    return { ...built, create, clicksOf, clickRows, open };
  }

  return setup;
}
