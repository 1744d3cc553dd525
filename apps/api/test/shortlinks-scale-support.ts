// What the shortlink tests at scale share: a fresh database of an engine per test with the app on it,
// signed in as the admin, and new links to write to it.
import request from 'supertest';
import { afterEach, expect } from 'vitest';
import type { Shortlink, ShortlinkPage } from '@toolvault/shared';
import { createApp } from '../src/app';
import type { Engine } from '../src/db';
import type { NewShortlink } from '../src/db/shortlinks.repo';
import { silentLogger } from '../src/logger';
import { openTestStorage, type TestStorage } from './engines';
import { adminToken, JWT_SECRET, NO_GEO, openTestSession, testConfig } from './helpers';

export const NOW = '2025-03-15T12:00:00.000Z';

/**
 * For a file of these tests: `setup(engine)` opens a fresh database of `engine` and the app on it;
 * every storage in `opened` (setup's, and any a test opens itself) is closed after each test.
 */
export function databasePerTest() {
  const opened: TestStorage[] = [];
  afterEach(async () => {
    for (const test of opened.splice(0)) await test.close();
  });

  async function setup(engine: Engine) {
    const test = await openTestStorage(engine);
    opened.push(test);
    let now = new Date(NOW);
    const clock = () => new Date(now);
    // Only the JWT is checked by these routes; the password hash is never used here.
    const app = createApp({
      config: testConfig(),
      db: test.db,
      logger: silentLogger,
      credentials: { passwordHash: 'unused', jwtSecret: JWT_SECRET },
      clock,
      geo: NO_GEO,
    });
    // Logins are server-side sessions: the token names one that exists.
    await openTestSession(test.db);
    const auth = { Authorization: `Bearer ${adminToken(NOW)}` };
    const get = (path: string, query: Record<string, string | number> = {}) =>
      request(app).get(path).query(query).set(auth);
    const page = async (query: Record<string, string | number>) => {
      const res = await get('/api/shortlinks', query);
      expect(res.status).toBe(200);
      return res.body as ShortlinkPage;
    };
    /** Every page of a query, in order, following nextCursor. */
    const allPages = async (query: Record<string, string | number>, between?: () => Promise<void>) => {
      const items: Shortlink[] = [];
      let cursor: string | null = '';
      while (cursor !== null) {
        const body: ShortlinkPage = await page({ ...query, ...(cursor ? { cursor } : {}) });
        items.push(...body.items);
        cursor = body.nextCursor;
        if (between) await between();
      }
      return items;
    };
    return { ...test, app, auth, get, page, allPages, setNow: (iso: string) => void (now = new Date(iso)) };
  }

  return { opened, setup };
}

let serial = 0;
/** A link of its own code, target and title (numbered), made now, with `overrides`. */
export function newLink(overrides: Partial<NewShortlink> = {}): NewShortlink {
  serial += 1;
  return {
    shortCode: `code${serial}`,
    targetUrl: `https://example.com/${serial}`,
    title: `Link ${serial}`,
    description: '',
    metaImage: '',
    tags: [],
    clickCount: 0,
    createdAt: NOW,
    redirectMode: 'preview',
    ...overrides,
  };
}

/** Writes `links` as one import, which must find no code taken. */
export const insertAll = async (test: TestStorage, links: NewShortlink[]) => {
  expect(await test.db.shortlinks.insertAll(links)).toBeNull();
};
