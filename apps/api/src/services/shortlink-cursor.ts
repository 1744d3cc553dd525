import { MAX_STORED_INTEGER, SHORTLINK_LIMITS, type Shortlink, type ShortlinkSort } from '@toolvault/shared';
import type { ShortlinkPosition } from '../db/shortlinks.repo';

/**
 * The opaque cursor: base64url of JSON `[sort, key, id]`, the sort key and id of a page's last
 * link. It names its sort, so a cursor of another sort is refused rather than misread.
 */
export function encodeCursor(sort: ShortlinkSort, last: Shortlink): string {
  const key = sort === 'newest' ? last.createdAt : sort === 'clicks' ? last.clickCount : last.title;
  return Buffer.from(JSON.stringify([sort, key, last.id])).toString('base64url');
}

/** The position a cursor names, or null for anything that is not a cursor of this sort. */
export function decodeCursor(cursor: string, sort: ShortlinkSort): ShortlinkPosition | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 3 || value[0] !== sort) return null;
  const [, key, id] = value as [unknown, unknown, unknown];
  // Ids the database cannot hold were never in a cursor (and PostgreSQL fails on them). Click
  // counts are 64-bit: a cursor carries one as the API reported it, at most 2^53 − 1 (db/counts.ts).
  const whole = (part: unknown, min: number, max: number): part is number =>
    typeof part === 'number' && Number.isInteger(part) && part >= min && part <= max;
  if (!whole(id, 1, MAX_STORED_INTEGER)) return null;
  if (sort === 'clicks') return whole(key, 0, Number.MAX_SAFE_INTEGER) ? { sort, clicks: key, id } : null;
  if (typeof key !== 'string' || key.length > SHORTLINK_LIMITS.title * 2) return null;
  return sort === 'newest' ? { sort, createdAt: key, id } : { sort, title: key, id };
}
