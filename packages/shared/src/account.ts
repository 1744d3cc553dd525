/**
 * The signed-in person's own sessions and API keys, as the Account page and the API see them, and
 * the limits of what they may send. Kept apart from the zod schemas (account.schemas.ts) so the page
 * that shows them loads no zod.
 */
import { API_KEY_SCOPES, type ApiKeyScope } from './roles';

/**
 * Lengths and ranges of the Account page's fields. A password of 12 characters or more, and at most
 * 1024 (the cap only stops abuse of the hash function, as the login's does). A key allows 60
 * requests a minute unless its person chooses another figure, up to 10 000.
 */
export const ACCOUNT_LIMITS = {
  displayName: 100,
  passwordMin: 12,
  passwordMax: 1024,
  keyName: 100,
  keyRateLimitMin: 1,
  keyRateLimitMax: 10_000,
  keyRateLimitDefault: 60,
} as const;

/** What the forms and the API say of a password that will not do. */
export const PASSWORD_MESSAGES = {
  currentRequired: 'Current password is required',
  newRequired: 'New password is required',
  tooShort: `Password must be at least ${ACCOUNT_LIMITS.passwordMin} characters`,
  tooLong: `Password must be at most ${ACCOUNT_LIMITS.passwordMax} characters`,
} as const;

/** What the forms and the API say of a key request that will not do. */
export const API_KEY_MESSAGES = {
  scopesRequired: 'Choose at least one scope',
  scopeUnknown: `Each scope must be one of ${API_KEY_SCOPES.join(', ')}`,
  scopeTwice: 'Each scope may be given only once',
  rateLimit: `rateLimit must be a whole number from ${ACCOUNT_LIMITS.keyRateLimitMin} to ${ACCOUNT_LIMITS.keyRateLimitMax}`,
  expiresAt: 'expiresAt must be an ISO 8601 date-time',
} as const;

/** Each scope in words, for the Account page's checkboxes and the API's reference. */
export const API_KEY_SCOPE_LABELS: Readonly<Record<ApiKeyScope, { label: string; description: string }>> = {
  'links:read': { label: 'Read links', description: 'List, search and export short links' },
  'links:write': { label: 'Change links', description: 'Create, edit, delete and import short links' },
  'analytics:read': { label: 'Read analytics', description: 'Click statistics and the clicks export' },
  'blog:read': { label: 'Read the blog admin', description: 'The admin lists of posts, drafts included' },
  'blog:write': { label: 'Write the blog', description: 'Create, edit, publish and delete posts and categories' },
  'inbox:read': { label: 'Read the inbox', description: 'Messages sent through the contact form' },
};

/** One of the person's open sessions (a signed-in browser). */
export interface AccountSession {
  /**
   * An opaque name of the session (a hash of the token's id, not the id itself), for
   * `DELETE /api/account/sessions/:id`.
   */
  id: string;
  createdAt: string;
  /** When a request last used it (written at most once a minute); null before its first. */
  lastSeenAt: string | null;
  expiresAt: string;
  /** The browser's User-Agent header at sign-in ('' when it sent none). */
  userAgent: string;
  /** The address it signed in from. */
  ip: string;
  /** The session of the request that asked. */
  current: boolean;
}

/** `GET /api/account/sessions`: newest first. */
export interface AccountSessionList {
  sessions: AccountSession[];
}

/** An API key as its person sees it listed: never the key itself, only its first characters. */
export interface ApiKeyListing {
  id: number;
  name: string;
  /** The key's first characters (`tv_` and six more), to tell keys apart. */
  prefix: string;
  scopes: ApiKeyScope[];
  /** Requests per minute. */
  rateLimit: number;
  createdAt: string;
  expiresAt: string | null;
  /** Written at most once a minute; null before its first use. */
  lastUsedAt: string | null;
}

/** `GET /api/account/keys`: the keys that are not revoked, newest first. */
export interface ApiKeyList {
  keys: ApiKeyListing[];
}

/** `POST /api/account/keys`: the new key in full, shown this once, and how it is listed from now on. */
export interface CreatedApiKey {
  key: string;
  apiKey: ApiKeyListing;
}
