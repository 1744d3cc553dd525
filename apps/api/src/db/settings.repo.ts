import type { Db } from './database';

/** Keys of the settings table; the values are secrets and never leave the server. */
export type SettingKey = 'admin_password_hash' | 'jwt_secret';

export interface SettingsRepo {
  get(key: SettingKey): string | undefined;
  set(key: SettingKey, value: string, now: Date): void;
}

export function createSettingsRepo(db: Db): SettingsRepo {
  const select = db.prepare<[SettingKey], { value: string }>('SELECT value FROM settings WHERE key = ?');
  const upsert = db.prepare<{ key: SettingKey; value: string; updatedAt: string }>(
    `INSERT INTO settings (key, value, updated_at) VALUES (@key, @value, @updatedAt)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
  );
  return {
    get: (key) => select.get(key)?.value,
    set: (key, value, now) => void upsert.run({ key, value, updatedAt: now.toISOString() }),
  };
}
