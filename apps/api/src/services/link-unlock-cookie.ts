import { createHmac, timingSafeEqual } from 'node:crypto';
import { LINK_UNLOCK_COOKIE, LINK_UNLOCK_SECONDS } from '@toolvault/shared';
import type { LinkLock } from '../db/link-passwords.repo';
import { derivedKey } from '../lib/derived-key';

/**
 * The unlock cookie of a password link: `v1.<link id>.<password version>.<expiry, unix seconds>.<mac>`,
 * the mac an HMAC-SHA256 of the rest under a key derived from the server's secret. It carries no
 * password and no hash (Dub keeps the password itself in its cookie), so a stolen cookie opens one
 * link for at most an hour and tells nothing. A cookie is good only for the link and the password
 * version it was made for: a new password (the version rises) refuses every earlier one.
 */
const FORMAT = 'v1';
/** The cookie key is the server secret put through HMAC with this label, so it is never the token key itself. */
const KEY_LABEL = 'toolvault link unlock cookie v1';
/** id, version and expiry are whole numbers; a mac is 43 base64url characters. */
const COOKIE_SHAPE = /^v1\.(\d{1,15})\.(\d{1,15})\.(\d{1,15})\.([A-Za-z0-9_-]{43})$/;

export interface UnlockCookies {
  /** The cookie's value for `lock`, good until `now` plus an hour. */
  issue(lock: Pick<LinkLock, 'id' | 'version'>, now: Date): string;
  /** Whether any of the values opens `lock` at `now`: this link, this password version, not expired, mac right. */
  opens(values: readonly string[], lock: Pick<LinkLock, 'id' | 'version'>, now: Date): boolean;
}

export function unlockCookies(secret: string): UnlockCookies {
  const key = derivedKey(secret, KEY_LABEL);
  const mac = (body: string) => createHmac('sha256', key).update(body).digest();
  const opensOne = (value: string, lock: Pick<LinkLock, 'id' | 'version'>, now: Date) => {
    const match = COOKIE_SHAPE.exec(value);
    if (!match) return false;
    const [, id, version, expires, given] = match;
    const expected = mac(`${FORMAT}.${id}.${version}.${expires}`);
    // The mac is compared in constant time first; only a genuine cookie's fields are then read.
    if (!timingSafeEqual(Buffer.from(given!, 'base64url'), expected)) return false;
    return Number(id) === lock.id && Number(version) === lock.version && Number(expires) * 1000 > now.getTime();
  };
  return {
    issue({ id, version }, now) {
      const expires = Math.floor(now.getTime() / 1000) + LINK_UNLOCK_SECONDS;
      const body = `${FORMAT}.${id}.${version}.${expires}`;
      return `${body}.${mac(body).toString('base64url')}`;
    },
    opens: (values, lock, now) => values.some((value) => opensOne(value, lock, now)),
  };
}

/**
 * The Set-Cookie header of an unlock: for the link's own path only, out of reach of scripts, sent on a
 * top-level visit from another site (Lax: a link shared in a chat still opens) but not on its
 * sub-requests, Secure when the visit came over https, and gone after the hour.
 */
export function unlockCookieHeader(shortCode: string, value: string, secure: boolean): string {
  const attributes = [
    `${LINK_UNLOCK_COOKIE}=${value}`,
    `Path=/${shortCode}`,
    `Max-Age=${LINK_UNLOCK_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
  ];
  if (secure) attributes.push('Secure');
  return attributes.join('; ');
}

/** Every value of the unlock cookie in a Cookie header (a browser may hold one per path). */
export function unlockCookieValues(cookieHeader: string | undefined): string[] {
  if (!cookieHeader) return [];
  const values: string[] = [];
  for (const pair of cookieHeader.split(';')) {
    const eq = pair.indexOf('=');
    if (eq < 0 || pair.slice(0, eq).trim() !== LINK_UNLOCK_COOKIE) continue;
    values.push(pair.slice(eq + 1).trim());
  }
  return values;
}
