import { PG_ID, PG_TEXT, type Migration } from './migration';

export default {
  version: 1,
  name: 'settings and contact messages',
  sqlite: `
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
  postgres: `
    CREATE TABLE settings (
      key        ${PG_TEXT} PRIMARY KEY,
      value      TEXT NOT NULL,
      updated_at ${PG_TEXT} NOT NULL
    );
    CREATE TABLE contact_messages (
      ${PG_ID},
      name       TEXT NOT NULL,
      email      TEXT NOT NULL,
      subject    TEXT NOT NULL,
      message    TEXT NOT NULL,
      created_at ${PG_TEXT} NOT NULL
    );
    CREATE INDEX contact_messages_created_at ON contact_messages (created_at);
  `,
} satisfies Migration;
