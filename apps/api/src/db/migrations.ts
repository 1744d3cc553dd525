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
  {
    version: 2,
    name: 'shortlinks and their clicks',
    // Codes compare case-sensitively (BINARY): generated codes use both cases (spec 001 §9).
    // Times are ISO 8601 UTC text, so text order is time order and substr(…, 1, 10) is the UTC day.
    up: `
      CREATE TABLE shortlinks (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        short_code  TEXT NOT NULL UNIQUE,
        target_url  TEXT NOT NULL,
        title       TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT '',
        meta_image  TEXT NOT NULL DEFAULT '',
        tags        TEXT NOT NULL DEFAULT '[]',
        click_count INTEGER NOT NULL DEFAULT 0 CHECK (click_count >= 0),
        created_at  TEXT NOT NULL
      );
      CREATE INDEX shortlinks_created_at ON shortlinks (created_at);
      CREATE INDEX shortlinks_click_count ON shortlinks (click_count);
      CREATE TABLE shortlink_clicks (
        id            INTEGER PRIMARY KEY AUTOINCREMENT,
        shortlink_id  INTEGER NOT NULL REFERENCES shortlinks (id) ON DELETE CASCADE,
        clicked_at    TEXT NOT NULL,
        referrer_host TEXT,
        country       TEXT,
        device        TEXT NOT NULL CHECK (device IN ('desktop', 'mobile', 'tablet'))
      );
      CREATE INDEX shortlink_clicks_shortlink_id ON shortlink_clicks (shortlink_id);
      CREATE INDEX shortlink_clicks_clicked_at ON shortlink_clicks (clicked_at);
    `,
  },
  {
    version: 3,
    name: 'blog categories and posts',
    // Deleting a category leaves its posts uncategorised, never deleted (issue 6): ON DELETE SET NULL.
    // tags holds a JSON list of text, as the API returns it (spec 001 §3); published is 0 or 1.
    up: `
      CREATE TABLE categories (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        slug        TEXT NOT NULL UNIQUE,
        name        TEXT NOT NULL,
        description TEXT NOT NULL DEFAULT ''
      );
      CREATE INDEX categories_name ON categories (name COLLATE NOCASE);
      CREATE TABLE blog_posts (
        id          INTEGER PRIMARY KEY AUTOINCREMENT,
        slug        TEXT NOT NULL UNIQUE,
        title       TEXT NOT NULL,
        author      TEXT NOT NULL DEFAULT '',
        category_id INTEGER REFERENCES categories (id) ON DELETE SET NULL,
        cover_image TEXT NOT NULL DEFAULT '',
        content     TEXT NOT NULL,
        tags        TEXT NOT NULL DEFAULT '[]',
        published   INTEGER NOT NULL DEFAULT 0 CHECK (published IN (0, 1)),
        view_count  INTEGER NOT NULL DEFAULT 0 CHECK (view_count >= 0),
        created_at  TEXT NOT NULL,
        updated_at  TEXT NOT NULL
      );
      CREATE INDEX blog_posts_published_created_at ON blog_posts (published, created_at);
      CREATE INDEX blog_posts_category_id ON blog_posts (category_id);
      CREATE INDEX blog_posts_view_count ON blog_posts (view_count);
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
