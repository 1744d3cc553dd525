import type { Kysely, Selectable } from 'kysely';
import { API_KEY_SCOPES, ROLES, type ApiKeyListing, type ApiKeyScope, type Role } from '@toolvault/shared';
import type { ApiKeysTable, Tables } from './schema';

export interface NewApiKey {
  userId: number;
  name: string;
  prefix: string;
  /** SHA-256 of the whole key, hex. */
  hash: string;
  scopes: readonly ApiKeyScope[];
  rateLimit: number;
  createdAt: Date;
  expiresAt: Date | null;
}

/** A key that may be used now, with what its person may do. */
export interface UsableApiKey {
  id: number;
  userId: number;
  role: Role;
  prefix: string;
  scopes: ApiKeyScope[];
  rateLimit: number;
  lastUsedAt: string | null;
}

export interface ApiKeysRepo {
  insert(key: NewApiKey): Promise<number>;
  /**
   * The key of this hash when it is not revoked, not expired at `now`, and its person is enabled.
   * A revoked key, or a key of a disabled person, stops working at the next request on every replica.
   */
  usable(hash: string, now: Date): Promise<UsableApiKey | undefined>;
  /** The person's keys that are not revoked, newest first. */
  listOf(userId: number): Promise<ApiKeyListing[]>;
  /** Revokes one of the person's keys; false when there was no such key. */
  revoke(id: number, userId: number, now: Date): Promise<boolean>;
  touch(id: number, now: Date): Promise<void>;
}

const parseScopes = (json: string): ApiKeyScope[] => {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? API_KEY_SCOPES.filter((scope) => parsed.includes(scope)) : [];
};

function toListing(row: Selectable<ApiKeysTable>): ApiKeyListing {
  return {
    id: Number(row.id),
    name: row.name,
    prefix: row.prefix,
    scopes: parseScopes(row.scopes),
    rateLimit: Number(row.rate_limit),
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    lastUsedAt: row.last_used_at,
  };
}

export function createApiKeysRepo(db: Kysely<Tables>): ApiKeysRepo {
  return {
    async insert({ userId, name, prefix, hash, scopes, rateLimit, createdAt, expiresAt }) {
      const row = await db
        .insertInto('api_keys')
        .values({
          user_id: userId,
          name,
          prefix,
          hash,
          scopes: JSON.stringify(scopes),
          rate_limit: rateLimit,
          created_at: createdAt.toISOString(),
          expires_at: expiresAt?.toISOString() ?? null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
    async usable(hash, now) {
      const row = await db
        .selectFrom('api_keys as k')
        .innerJoin('users as u', 'u.id', 'k.user_id')
        .select(['k.id', 'k.user_id', 'k.prefix', 'k.scopes', 'k.rate_limit', 'k.last_used_at', 'u.role'])
        .where('k.hash', '=', hash)
        .where('k.revoked_at', 'is', null)
        .where((eb) => eb.or([eb('k.expires_at', 'is', null), eb('k.expires_at', '>', now.toISOString())]))
        .where('u.disabled', '=', 0)
        .executeTakeFirst();
      const role = row && ROLES.find((r) => r === row.role);
      if (!row || !role) return undefined;
      return {
        id: Number(row.id),
        userId: Number(row.user_id),
        role,
        prefix: row.prefix,
        scopes: parseScopes(row.scopes),
        rateLimit: Number(row.rate_limit),
        lastUsedAt: row.last_used_at,
      };
    },
    async listOf(userId) {
      const rows = await db
        .selectFrom('api_keys')
        .selectAll()
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return rows.map(toListing);
    },
    async revoke(id, userId, now) {
      const result = await db
        .updateTable('api_keys')
        .set({ revoked_at: now.toISOString() })
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    },
    async touch(id, now) {
      await db.updateTable('api_keys').set({ last_used_at: now.toISOString() }).where('id', '=', id).execute();
    },
  };
}
