import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { unlockCookieHeader, unlockCookies, unlockCookieValues } from '../src/services/link-unlock-cookie';

const SECRET = 'test-secret-that-is-at-least-32-characters-long';
const NOW = new Date('2025-03-15T12:00:00.000Z');
const LOCK = { id: 42, version: 3 };

/** The cookie written out from its description alone: HMAC-SHA256 under HMAC-SHA256(secret, label). */
function expectedCookie(id: number, version: number, expires: number): string {
  const key = createHmac('sha256', SECRET).update('toolvault link unlock cookie v1').digest();
  const body = `v1.${id}.${version}.${expires}`;
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`;
}

describe('the unlock cookie', () => {
  const cookies = unlockCookies(SECRET);
  const expires = NOW.getTime() / 1000 + 3600;

  it('is the link id, password version and expiry, signed; nothing else', () => {
    expect(cookies.issue(LOCK, NOW)).toBe(expectedCookie(42, 3, expires));
  });

  it.each([
    ['its own link and version, a second before expiry', expectedCookie(42, 3, expires), LOCK, 3599, true],
    ['at expiry', expectedCookie(42, 3, expires), LOCK, 3600, false],
    ['another link', expectedCookie(42, 3, expires), { id: 43, version: 3 }, 0, false],
    ['an older password version', expectedCookie(42, 3, expires), { id: 42, version: 4 }, 0, false],
    [
      'a longer expiry than was signed',
      `v1.42.3.${expires + 9999}.${expectedCookie(42, 3, expires).split('.')[4]}`,
      LOCK,
      0,
      false,
    ],
    ['another secret', unlockCookies('another-secret-of-at-least-32-chars!').issue(LOCK, NOW), LOCK, 0, false],
    ['empty', '', LOCK, 0, false],
    ['not a cookie of ours', 'v2.42.3.1.abc', LOCK, 0, false],
    ['a short mac', `v1.42.3.${expires}.abc`, LOCK, 0, false],
  ])('%s: opens = %s', (_name, value, lock, afterSeconds, opens) => {
    expect(cookies.opens([value], lock, new Date(NOW.getTime() + afterSeconds * 1000))).toBe(opens);
  });

  it('reads every value of its name from a Cookie header, and no other', () => {
    expect(unlockCookieValues(undefined)).toEqual([]);
    expect(unlockCookieValues('a=1; tv_unlock=x; tv_unlockx=y;tv_unlock=z ; b')).toEqual(['x', 'z']);
  });

  it('is set for the link path only, HttpOnly, SameSite=Lax, an hour; Secure over https', () => {
    expect(unlockCookieHeader('abc123', 'v', false)).toBe(
      'tv_unlock=v; Path=/abc123; Max-Age=3600; HttpOnly; SameSite=Lax',
    );
    expect(unlockCookieHeader('abc123', 'v', true)).toBe(
      'tv_unlock=v; Path=/abc123; Max-Age=3600; HttpOnly; SameSite=Lax; Secure',
    );
  });
});
