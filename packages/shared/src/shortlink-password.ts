/**
 * Password links: the limits, the unlock cookie's name and lifetime, and the words both sides show.
 * No zod here (the redirect page reads these); the schemas are in shortlink-password.schemas.ts.
 */

export const LINK_PASSWORD_LIMITS = {
  /** Shorter passwords fall to the attempt limit's 10 tries in 15 minutes too soon to be worth setting. */
  min: 8,
  /** Caps what one unlock attempt makes scrypt hash. */
  max: 128,
} as const;

/** The unlock cookie's name; its Path is the link's own `/{code}`, so each link has its own. */
export const LINK_UNLOCK_COOKIE = 'tv_unlock';

/** An unlock lasts an hour: long enough to come back to the link, short enough that a shared computer forgets it. */
export const LINK_UNLOCK_SECONDS = 60 * 60;

export const LINK_PASSWORD_MESSAGES = {
  required: 'This link is protected by a password.',
  wrong: 'Wrong password. Please try again.',
  tooShort: `The link password must be at least ${LINK_PASSWORD_LIMITS.min} characters`,
  tooLong: `The link password must be at most ${LINK_PASSWORD_LIMITS.max} characters`,
  empty: 'Enter the password',
  /** The neutral preview a crawler (and any page before the unlock) shows in place of the link's own. */
  previewTitle: 'Password-protected link',
  previewDescription: 'Enter the password to open this link.',
} as const;
