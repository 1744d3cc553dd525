import { isAllowedShortCode, LINK_PASSWORD_MESSAGES, linkState } from '@toolvault/shared';
import type { LinkPasswordsRepo } from '../db/link-passwords.repo';
import type { Clock } from '../lib/clock';
import { fail, ok, type Result } from '../lib/result';
import type { PageMeta } from './html-meta';
import { unlockCookieValues, unlockCookies } from './link-unlock-cookie';
import { hashPasswordAsync, verifyPassword } from './password-hash';

export type UnlockFailure = 'SHORTLINK_NOT_FOUND' | 'SHORTLINK_PASSWORD_WRONG';

export interface LinkPasswordService {
  /**
   * Whether `/{shortCode}` is closed to this request: the link has a password, is active, and no
   * cookie here opens it. An inactive password link is not closed: like any inactive link it sends
   * everyone to its fallback or its 410/404 page, which tell nothing of its target.
   */
  isLocked(shortCode: string, cookieHeader: string | undefined): Promise<boolean>;
  /**
   * Checks a password: the cookie value to set when it is right, null when the link has no
   * password (nothing to unlock).
   */
  unlock(shortCode: string, password: string): Promise<Result<string | null, UnlockFailure>>;
}

/** What crawlers and locked visitors see of a password link: the site's name and nothing of the link. */
export const LOCKED_PREVIEW: PageMeta = {
  title: LINK_PASSWORD_MESSAGES.previewTitle,
  description: LINK_PASSWORD_MESSAGES.previewDescription,
};

/**
 * The hash to store for a create or update body's `password`: a string is hashed (scrypt, off the
 * event loop), null stays null (remove), absent stays absent (keep).
 */
export async function linkPasswordHash(password: string | null | undefined): Promise<string | null | undefined> {
  return typeof password === 'string' ? hashPasswordAsync(password) : password;
}

export function createLinkPasswordService({
  passwords,
  linkExists,
  secret,
  clock,
}: {
  passwords: LinkPasswordsRepo;
  /** Whether a published link has this code (an unlock of an unknown code answers 404). */
  linkExists: (shortCode: string) => Promise<boolean>;
  /** The server's signing secret (JWT_SECRET or the stored generated one). */
  secret: string;
  clock: Clock;
}): LinkPasswordService {
  const cookies = unlockCookies(secret);
  return {
    async isLocked(shortCode, cookieHeader) {
      const lock = await passwords.lockOf(shortCode);
      if (lock === null) return false;
      const now = clock();
      return linkState(lock.rules, now) === 'active' && !cookies.opens(unlockCookieValues(cookieHeader), lock, now);
    },
    async unlock(shortCode, password) {
      if (!isAllowedShortCode(shortCode)) return fail('SHORTLINK_NOT_FOUND');
      const lock = await passwords.lockOf(shortCode);
      if (!lock) return (await linkExists(shortCode)) ? ok(null) : fail('SHORTLINK_NOT_FOUND');
      // scrypt of the candidate with the stored salt, compared in constant time (Dub compares plain text).
      if (!(await verifyPassword(password, lock.passwordHash))) return fail('SHORTLINK_PASSWORD_WRONG');
      return ok(cookies.issue(lock, clock()));
    },
  };
}
