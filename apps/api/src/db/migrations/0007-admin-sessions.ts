import { PG_TEXT, type Migration } from './migration';

export default {
  version: 7,
  name: 'admin sessions',
  // One row per login; the token carries the id. Logout revokes one row, a changed admin password
  // all of them; expired rows are deleted at the next login. revoked is 0 or 1.
  sqlite: `
    CREATE TABLE admin_sessions (
      id         TEXT PRIMARY KEY,
      created_at TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      revoked    INTEGER NOT NULL DEFAULT 0 CHECK (revoked IN (0, 1))
    );
    CREATE INDEX admin_sessions_expires_at ON admin_sessions (expires_at);
  `,
  postgres: `
    CREATE TABLE admin_sessions (
      id         ${PG_TEXT} PRIMARY KEY,
      created_at ${PG_TEXT} NOT NULL,
      expires_at ${PG_TEXT} NOT NULL,
      revoked    INTEGER NOT NULL DEFAULT 0 CHECK (revoked IN (0, 1))
    );
    CREATE INDEX admin_sessions_expires_at ON admin_sessions (expires_at);
  `,
} satisfies Migration;
