/**
 * The signed-in person's own account (docs/decisions/0015-team-accounts.md): profile, password,
 * sessions and API keys. Every route here needs only the `account` permission, which every role
 * holds and no API key carries: a script cannot make itself more keys or end its person's sessions.
 */
import type { AccountSessionList, ApiKeyList, ApiKeyListing, CreatedApiKey } from '../account';
import { ZAccountUpdate, ZApiKeyIdParams, ZApiKeyInput, ZPasswordChange, ZSessionIdParams } from '../account.schemas';
import { ENDPOINTS } from '../endpoints';
import { API_KEY_SCOPES, PERMISSION_NAMES, REACHES, ROLES } from '../roles';
import type { Account } from '../team';
import { z } from '../zod';
import { exactly, isoTime } from './responses';
import { RATE_LIMITS, route } from './route';

export const ZAccount = exactly<Account>()(
  z
    .object({
      id: z.number().int().positive(),
      login: z.string(),
      displayName: z.string(),
      role: z.enum(ROLES),
      grants: z.partialRecord(z.enum(PERMISSION_NAMES), z.enum(REACHES)),
    })
    .meta({ id: 'Account' }),
);

export const ZAccountSessionList = exactly<AccountSessionList>()(
  z.object({
    sessions: z.array(
      z
        .object({
          id: z.string().meta({ description: 'An opaque name of the session, for DELETE' }),
          createdAt: isoTime,
          lastSeenAt: isoTime.nullable(),
          expiresAt: isoTime,
          userAgent: z.string(),
          ip: z.string(),
          current: z.boolean().meta({ description: 'The session of this request' }),
        })
        .meta({ id: 'AccountSession' }),
    ),
  }),
);

export const ZApiKeyListing = exactly<ApiKeyListing>()(
  z
    .object({
      id: z.number().int().positive(),
      name: z.string(),
      prefix: z.string().meta({ description: 'The first characters of the key, to tell keys apart' }),
      scopes: z.array(z.enum(API_KEY_SCOPES)),
      rateLimit: z.number().int().positive().meta({ description: 'Requests per minute' }),
      createdAt: isoTime,
      expiresAt: isoTime.nullable(),
      lastUsedAt: isoTime.nullable(),
    })
    .meta({ id: 'ApiKey' }),
);

export const ZApiKeyList = exactly<ApiKeyList>()(z.object({ keys: z.array(ZApiKeyListing) }));

export const ZCreatedApiKey = exactly<CreatedApiKey>()(
  z.object({
    key: z.string().meta({ description: 'The key in full (`tv_…`): shown this once, stored only as a hash' }),
    apiKey: ZApiKeyListing,
  }),
);

const account = { tag: 'Account', auth: 'admin', permission: { permission: 'account' } } as const;

export const ACCOUNT_API = {
  accountMe: route({
    ...ENDPOINTS.accountMe,
    ...account,
    summary: 'Who is signed in, their role and what it allows',
    response: { status: 200, description: 'The account', schema: ZAccount },
    errors: [],
  }),
  accountUpdate: route({
    ...ENDPOINTS.accountUpdate,
    ...account,
    summary: 'Change one’s display name',
    body: { schema: ZAccountUpdate },
    response: { status: 200, description: 'The account as changed', schema: ZAccount },
    errors: [],
  }),
  accountPassword: route({
    ...ENDPOINTS.accountPassword,
    ...account,
    summary: 'Change one’s password; ends one’s other sessions',
    description:
      'A wrong current password answers 400 WRONG_PASSWORD (not 401: the session stays open). The Owner of a ' +
      'server started with ADMIN_PASSWORD cannot change it here (409 PASSWORD_SET_BY_OPERATOR).',
    body: { schema: ZPasswordChange },
    response: { status: 204, description: 'Changed; every other session of the person has ended' },
    errors: ['WRONG_PASSWORD', 'PASSWORD_SET_BY_OPERATOR'],
    rateLimit: RATE_LIMITS.passwordChange,
  }),
  accountSessions: route({
    ...ENDPOINTS.accountSessions,
    ...account,
    summary: 'One’s open sessions, newest first',
    response: { status: 200, description: 'The sessions', schema: ZAccountSessionList },
    errors: [],
  }),
  accountSessionEnd: route({
    ...ENDPOINTS.accountSessionEnd,
    ...account,
    summary: 'End one of one’s sessions (the current one too: that is a logout)',
    params: ZSessionIdParams,
    invalidParams: 'SESSION_NOT_FOUND',
    response: { status: 204, description: 'Ended; its token is refused from now on, by every replica' },
    errors: ['SESSION_NOT_FOUND'],
  }),
  accountKeys: route({
    ...ENDPOINTS.accountKeys,
    ...account,
    summary: 'One’s API keys that are not revoked, newest first',
    response: { status: 200, description: 'The keys (never the keys themselves)', schema: ZApiKeyList },
    errors: [],
  }),
  accountKeyCreate: route({
    ...ENDPOINTS.accountKeyCreate,
    ...account,
    summary: 'Create an API key for scripts',
    description:
      'The key is answered once, in full, and stored only as its SHA-256. A scope the person’s role does not ' +
      'hold answers 400 SCOPE_NOT_ALLOWED naming it; an expiry that has passed, 400 KEY_EXPIRY_IN_PAST.',
    body: { schema: ZApiKeyInput },
    response: { status: 201, description: 'The key, shown this once, and its listing', schema: ZCreatedApiKey },
    errors: ['SCOPE_NOT_ALLOWED', 'KEY_EXPIRY_IN_PAST'],
  }),
  accountKeyRevoke: route({
    ...ENDPOINTS.accountKeyRevoke,
    ...account,
    summary: 'Revoke one of one’s API keys; it stops working at once',
    params: ZApiKeyIdParams,
    invalidParams: 'API_KEY_NOT_FOUND',
    response: { status: 204, description: 'Revoked' },
    errors: ['API_KEY_NOT_FOUND'],
  }),
};
