// What the shortlink route tests share: an app on a fresh in-memory database with a clock the test
// moves, the admin's header for its time, a link to create, and targets an attacker might try.
import jwt from 'jsonwebtoken';
import request from 'supertest';
import { expect } from 'vitest';
import { SHORTLINK_LIMITS, SHORTLINK_MESSAGES, type Shortlink, type ShortlinkPage } from '@toolvault/shared';
import type { Clock } from '../src/lib/clock';
import { buildApp, JWT_SECRET, TEST_SESSION_ID } from './helpers';

/** A clock tests can move; tokens are signed for its time, since the app verifies them against it. */
export function testClock(start = '2025-03-15T12:00:00.000Z') {
  let now = new Date(start);
  const clock: Clock = () => new Date(now);
  return {
    clock,
    set: (iso: string) => void (now = new Date(iso)),
    advance: (ms: number) => void (now = new Date(now.getTime() + ms)),
    token: () =>
      jwt.sign({ iat: Math.floor(now.getTime() / 1000) }, JWT_SECRET, {
        algorithm: 'HS256',
        expiresIn: '1h',
        subject: 'admin',
        jwtid: TEST_SESSION_ID,
      }),
  };
}

/** A fresh app (options as buildApp's) on a test clock, with the admin's header, `create` and `list`. */
export function setup(options: Parameters<typeof buildApp>[0] = {}) {
  const time = testClock();
  const built = buildApp({ clock: time.clock, ...options });
  const auth = () => ({ Authorization: `Bearer ${time.token()}` });
  const create = (body: object) => request(built.app).post('/api/shortlinks').set(auth()).send(body);
  /** Every link, newest first, read page by page. */
  const list = async () => {
    const links: Shortlink[] = [];
    let cursor: string | null = '';
    while (cursor !== null) {
      const res = await request(built.app).get('/api/shortlinks').query({ limit: 100, cursor }).set(auth());
      expect(res.status).toBe(200);
      const page = res.body as ShortlinkPage;
      links.push(...page.items);
      cursor = page.nextCursor;
    }
    return links;
  };
  return { ...built, time, auth, create, list };
}

export const LINK = { title: 'Docs', targetUrl: 'https://example.com/docs' };

const { invalidUrl, credentialsInUrl } = SHORTLINK_MESSAGES;

/** Targets an attacker might try; each is a 400 with a clear message. */
export const HOSTILE_TARGETS: [string, string][] = [
  ['javascript:alert(1)', invalidUrl],
  [' javascript:alert(1)', invalidUrl],
  ['JaVaScRiPt:alert(1)', invalidUrl],
  ['java\tscript:alert(1)', invalidUrl],
  ['data:text/html,x', invalidUrl],
  ['file:///etc/passwd', invalidUrl],
  ['//evil.com', invalidUrl],
  ['evil.com', invalidUrl],
  ['http://', invalidUrl],
  ['https://user:pass@host.example', credentialsInUrl],
  [`https://example.com/${'a'.repeat(SHORTLINK_LIMITS.url)}`, 'Target URL must be at most 2048 characters'],
];
