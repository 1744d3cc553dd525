import type { Db } from './database';

export interface Migration {
  /** 1, 2, 3, ... in order; stored in PRAGMA user_version once applied. */
  version: number;
  name: string;
  up: string | ((db: Db) => void);
}

/** Append only: never edit a migration that has shipped, add the next version instead. */
export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'settings and contact messages',
    up: `
      CREATE TABLE settings (
        key        TEXT PRIMARY KEY,
        value      TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE TABLE contact_messages (
        id         INTEGER PRIMARY KEY AUTOINCREMENT,
        name       TEXT NOT NULL,
        email      TEXT NOT NULL,
        subject    TEXT NOT NULL,
        message    TEXT NOT NULL,
        created_at TEXT NOT NULL
      );
      CREATE INDEX contact_messages_created_at ON contact_messages (created_at);
    `,
  },
];

export interface MigrationReport {
  from: number;
  to: number;
}

/** Applies every pending migration, each in its own transaction with its version bump. */
export function migrate(db: Db, migrations: readonly Migration[] = MIGRATIONS): MigrationReport {
  assertOrdered(migrations);
  const from = schemaVersion(db);
  const latest = migrations.at(-1)?.version ?? 0;
  if (from > latest) {
    throw new Error(`Database schema version ${from} is newer than this build knows (${latest}); refusing to start.`);
  }
  for (const migration of migrations.filter((m) => m.version > from)) {
    db.transaction(() => {
      if (typeof migration.up === 'string') db.exec(migration.up);
      else migration.up(db);
      // PRAGMA takes no bound parameters; the version is an integer we control.
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
  return { from, to: schemaVersion(db) };
}

export function schemaVersion(db: Db): number {
  return db.pragma('user_version', { simple: true }) as number;
}

function assertOrdered(migrations: readonly Migration[]): void {
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`Migration "${migration.name}" has version ${migration.version}, expected ${index + 1}`);
    }
  });
}
