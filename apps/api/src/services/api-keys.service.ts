import { createHash, randomBytes } from 'node:crypto';
import type { ApiKeyListing, ApiKeyScope, Role } from '@toolvault/shared';
import type { ApiKeysRepo } from '../db/api-keys.repo';
import type { Clock } from '../lib/clock';

/**
 * Keys for scripts (docs/decisions/0015-team-accounts.md): `tv_` and 43 base64url characters (32
 * random bytes). Only the key's SHA-256 is stored: a key is random enough that a salt or a slow
 * hash adds nothing, and a fast hash lets every request look its key up by an index. The first
 * characters (the prefix) are kept to tell keys apart in a list.
 */
export const API_KEY_PREFIX = 'tv_';
const PREFIX_LENGTH = API_KEY_PREFIX.length + 6;
export const API_KEY_PATTERN = /^tv_[A-Za-z0-9_-]{43}$/;

/** last_used_at is written at most this often per key. */
const LAST_USED_EVERY_MS = 60_000;

export const hashApiKey = (key: string): string => createHash('sha256').update(key).digest('hex');

/** A key that was accepted for a request. */
export interface KeyActor {
  keyId: number;
  userId: number;
  role: Role;
  prefix: string;
  scopes: readonly ApiKeyScope[];
  rateLimit: number;
}

export interface NewKeyRequest {
  userId: number;
  name: string;
  scopes: readonly ApiKeyScope[];
  rateLimit: number;
  expiresAt: Date | null;
}

export interface ApiKeysService {
  /** The new key, in full: the only time it is ever shown. */
  create(request: NewKeyRequest): Promise<{ key: string; listing: ApiKeyListing }>;
  list(userId: number): Promise<ApiKeyListing[]>;
  revoke(id: number, userId: number): Promise<boolean>;
  /** The key's person and scopes while it is usable; null for any other text. */
  verify(key: string): Promise<KeyActor | null>;
}

export function createApiKeysService({ keys, clock }: { keys: ApiKeysRepo; clock: Clock }): ApiKeysService {
  return {
    async create({ userId, name, scopes, rateLimit, expiresAt }) {
      const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
      const now = clock();
      const prefix = key.slice(0, PREFIX_LENGTH);
      const id = await keys.insert({
        userId,
        name,
        prefix,
        hash: hashApiKey(key),
        scopes,
        rateLimit,
        createdAt: now,
        expiresAt,
      });
      return {
        key,
        listing: {
          id,
          name,
          prefix,
          scopes: [...scopes],
          rateLimit,
          createdAt: now.toISOString(),
          expiresAt: expiresAt?.toISOString() ?? null,
          lastUsedAt: null,
        },
      };
    },
    list: (userId) => keys.listOf(userId),
    revoke: (id, userId) => keys.revoke(id, userId, clock()),
    async verify(key) {
      if (!API_KEY_PATTERN.test(key)) return null;
      const now = clock();
      const found = await keys.usable(hashApiKey(key), now);
      if (!found) return null;
      const used = found.lastUsedAt === null ? 0 : Date.parse(found.lastUsedAt);
      if (now.getTime() - used >= LAST_USED_EVERY_MS) await keys.touch(found.id, now);
      return {
        keyId: found.id,
        userId: found.userId,
        role: found.role,
        prefix: found.prefix,
        scopes: found.scopes,
        rateLimit: found.rateLimit,
      };
    },
  };
}
