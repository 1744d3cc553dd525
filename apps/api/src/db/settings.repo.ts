import type { Kysely } from 'kysely';
import type { Tables } from './schema';

/**
 * Keys of the settings table; the values are secrets and never leave the server.
 * sessions_password_hash: a hash of the admin password the open sessions were opened with.
 */
export type SettingKey = 'admin_password_hash' | 'jwt_secret' | 'sessions_password_hash';

export interface SettingsRepo {
  get(key: SettingKey): Promise<string | undefined>;
  set(key: SettingKey, value: string, now: Date): Promise<void>;
  /**
   * Stores `value` only when the key has none yet, and answers the value that is stored now: ours,
   * or the one another replica wrote first. Two replicas starting on an empty database agree this way.
   */
  setIfAbsent(key: SettingKey, value: string, now: Date): Promise<{ value: string; created: boolean }>;
}

export function createSettingsRepo(db: Kysely<Tables>): SettingsRepo {
  const get = async (key: SettingKey) =>
    (await db.selectFrom('settings').select('value').where('key', '=', key).executeTakeFirst())?.value;
  return {
    get,
    async set(key, value, now) {
      await db
        .insertInto('settings')
        .values({ key, value, updated_at: now.toISOString() })
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet((eb) => ({ value: eb.ref('excluded.value'), updated_at: eb.ref('excluded.updated_at') })),
        )
        .execute();
    },
    async setIfAbsent(key, value, now) {
      const inserted = await db
        .insertInto('settings')
        .values({ key, value, updated_at: now.toISOString() })
        .onConflict((oc) => oc.column('key').doNothing())
        .returning('value')
        .executeTakeFirst();
      if (inserted) return { value: inserted.value, created: true };
      const stored = await get(key);
      if (stored === undefined) throw new Error(`Setting ${key} vanished between insert and read`);
      return { value: stored, created: false };
    },
  };
}
