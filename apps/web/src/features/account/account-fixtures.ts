/** Test data of the Account page's tests (imported by tests only). */
import { ROLE_GRANTS, type Account, type AccountSession, type ApiKeyListing, type Role } from '@toolvault/shared';

export const TOKEN = 'header.payload.signature';

export const accountOf = (role: Role, extra: Partial<Account> = {}): Account => ({
  id: 7,
  login: 'ada',
  displayName: 'Ada Lovelace',
  role,
  grants: ROLE_GRANTS[role],
  ...extra,
});

export const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
export const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

export const session = (id: string, extra: Partial<AccountSession> = {}): AccountSession => ({
  id: id.padEnd(43, 'x'),
  createdAt: '2030-06-01T10:00:00.000Z',
  lastSeenAt: '2030-06-01T11:00:00.000Z',
  expiresAt: '2030-06-01T22:00:00.000Z',
  userAgent: FIREFOX,
  ip: '::ffff:203.0.113.7',
  current: false,
  ...extra,
});

export const apiKey = (id: number, extra: Partial<ApiKeyListing> = {}): ApiKeyListing => ({
  id,
  name: `Key ${id}`,
  prefix: `tv_abc${id}xy`,
  scopes: ['links:read'],
  rateLimit: 60,
  createdAt: '2030-06-01T10:00:00.000Z',
  expiresAt: null,
  lastUsedAt: null,
  ...extra,
});
