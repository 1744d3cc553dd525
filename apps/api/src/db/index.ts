import type { Db } from './database';
import { createContactRepo, type ContactRepo } from './contact.repo';
import { createSettingsRepo, type SettingsRepo } from './settings.repo';

export { openDatabase, openMemoryDatabase, type Db } from './database';
export { migrate, MIGRATIONS, schemaVersion, type Migration } from './migrations';

/** Every table's repository; routes and services see only these, never SQL. */
export interface Repositories {
  settings: SettingsRepo;
  contact: ContactRepo;
}

export function createRepositories(db: Db): Repositories {
  return {
    settings: createSettingsRepo(db),
    contact: createContactRepo(db),
  };
}
