import { PG_ID, PG_TEXT, type Migration } from './migration';

/**
 * People with roles, their sessions, API keys, invitations and the audit log
 * (docs/decisions/0015-team-accounts.md).
 *
 * The installation's one administrator becomes person 1, the Owner, with the stored password hash
 * (empty when ADMIN_PASSWORD has always supplied it: the server writes the hash at every start, as
 * before). Open sessions were the administrator's, so they stay open as the Owner's. Links and
 * posts made before accounts have no recorded maker (NULL): a guest's link never has one.
 */
const OWNER_ROW = (now: string) => `
    INSERT INTO users (id, login, display_name, role, password_hash, disabled, created_at, updated_at)
      VALUES (1, 'owner', 'Owner', 'owner',
              COALESCE((SELECT value FROM settings WHERE key = 'admin_password_hash'), ''), 0, ${now}, ${now});`;

const SQLITE_NOW = `strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`;
const PG_NOW = `to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export default {
  version: 14,
  name: 'team accounts',
  sqlite: `
    CREATE TABLE users (
      id            INTEGER PRIMARY KEY,
      login         TEXT NOT NULL UNIQUE,
      display_name  TEXT NOT NULL,
      role          TEXT NOT NULL CHECK (role IN ('owner', 'administrator', 'editor', 'author', 'contributor', 'viewer')),
      password_hash TEXT NOT NULL,
      disabled      INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1)),
      created_at    TEXT NOT NULL,
      updated_at    TEXT NOT NULL
    );
    CREATE UNIQUE INDEX users_one_owner ON users (role) WHERE role = 'owner';
    ${OWNER_ROW(SQLITE_NOW)}

    ALTER TABLE admin_sessions ADD COLUMN user_id INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE admin_sessions ADD COLUMN user_agent TEXT NOT NULL DEFAULT '';
    ALTER TABLE admin_sessions ADD COLUMN ip TEXT NOT NULL DEFAULT '';
    ALTER TABLE admin_sessions ADD COLUMN last_seen_at TEXT;
    CREATE INDEX admin_sessions_user ON admin_sessions (user_id, created_at);

    CREATE TABLE api_keys (
      id           INTEGER PRIMARY KEY,
      user_id      INTEGER NOT NULL,
      name         TEXT NOT NULL,
      prefix       TEXT NOT NULL,
      hash         TEXT NOT NULL UNIQUE,
      scopes       TEXT NOT NULL,
      rate_limit   INTEGER NOT NULL,
      created_at   TEXT NOT NULL,
      expires_at   TEXT,
      last_used_at TEXT,
      revoked_at   TEXT
    );
    CREATE INDEX api_keys_user ON api_keys (user_id, created_at);

    CREATE TABLE invitations (
      id           INTEGER PRIMARY KEY,
      token_hash   TEXT NOT NULL UNIQUE,
      role         TEXT NOT NULL,
      label        TEXT NOT NULL DEFAULT '',
      created_by   INTEGER NOT NULL,
      created_at   TEXT NOT NULL,
      expires_at   TEXT NOT NULL,
      accepted_at  TEXT,
      accepted_by  INTEGER,
      revoked_at   TEXT
    );
    CREATE INDEX invitations_created ON invitations (created_at);

    CREATE TABLE audit_events (
      id            INTEGER PRIMARY KEY,
      at            TEXT NOT NULL,
      actor_user_id INTEGER,
      actor_key_id  INTEGER,
      actor_label   TEXT NOT NULL DEFAULT '',
      action        TEXT NOT NULL,
      target_type   TEXT NOT NULL,
      target_id     TEXT NOT NULL DEFAULT '',
      fields        TEXT NOT NULL DEFAULT '[]',
      ip            TEXT NOT NULL DEFAULT ''
    );
    CREATE INDEX audit_events_at ON audit_events (at, id);
    CREATE INDEX audit_events_actor ON audit_events (actor_user_id, at, id);
    CREATE INDEX audit_events_target ON audit_events (target_type, at, id);

    ALTER TABLE shortlinks ADD COLUMN created_by INTEGER;
    ALTER TABLE shortlinks ADD COLUMN updated_by INTEGER;
    CREATE INDEX shortlinks_created_by ON shortlinks (created_by, created_at, id);
    ALTER TABLE blog_posts ADD COLUMN author_id INTEGER;
    ALTER TABLE blog_posts ADD COLUMN updated_by INTEGER;
  `,
  postgres: `
    CREATE TABLE users (
      ${PG_ID},
      login         ${PG_TEXT} NOT NULL UNIQUE,
      display_name  ${PG_TEXT} NOT NULL,
      role          ${PG_TEXT} NOT NULL CHECK (role IN ('owner', 'administrator', 'editor', 'author', 'contributor', 'viewer')),
      password_hash ${PG_TEXT} NOT NULL,
      disabled      INTEGER NOT NULL DEFAULT 0 CHECK (disabled IN (0, 1)),
      created_at    ${PG_TEXT} NOT NULL,
      updated_at    ${PG_TEXT} NOT NULL
    );
    CREATE UNIQUE INDEX users_one_owner ON users (role) WHERE role = 'owner';
    ${OWNER_ROW(PG_NOW)}
    SELECT setval(pg_get_serial_sequence('users', 'id'), 1);

    ALTER TABLE admin_sessions ADD COLUMN user_id INTEGER NOT NULL DEFAULT 1;
    ALTER TABLE admin_sessions ADD COLUMN user_agent ${PG_TEXT} NOT NULL DEFAULT '';
    ALTER TABLE admin_sessions ADD COLUMN ip ${PG_TEXT} NOT NULL DEFAULT '';
    ALTER TABLE admin_sessions ADD COLUMN last_seen_at ${PG_TEXT};
    CREATE INDEX admin_sessions_user ON admin_sessions (user_id, created_at);

    CREATE TABLE api_keys (
      ${PG_ID},
      user_id      INTEGER NOT NULL,
      name         ${PG_TEXT} NOT NULL,
      prefix       ${PG_TEXT} NOT NULL,
      hash         ${PG_TEXT} NOT NULL UNIQUE,
      scopes       ${PG_TEXT} NOT NULL,
      rate_limit   INTEGER NOT NULL,
      created_at   ${PG_TEXT} NOT NULL,
      expires_at   ${PG_TEXT},
      last_used_at ${PG_TEXT},
      revoked_at   ${PG_TEXT}
    );
    CREATE INDEX api_keys_user ON api_keys (user_id, created_at);

    CREATE TABLE invitations (
      ${PG_ID},
      token_hash   ${PG_TEXT} NOT NULL UNIQUE,
      role         ${PG_TEXT} NOT NULL,
      label        ${PG_TEXT} NOT NULL DEFAULT '',
      created_by   INTEGER NOT NULL,
      created_at   ${PG_TEXT} NOT NULL,
      expires_at   ${PG_TEXT} NOT NULL,
      accepted_at  ${PG_TEXT},
      accepted_by  INTEGER,
      revoked_at   ${PG_TEXT}
    );
    CREATE INDEX invitations_created ON invitations (created_at);

    CREATE TABLE audit_events (
      id            BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
      at            ${PG_TEXT} NOT NULL,
      actor_user_id INTEGER,
      actor_key_id  INTEGER,
      actor_label   ${PG_TEXT} NOT NULL DEFAULT '',
      action        ${PG_TEXT} NOT NULL,
      target_type   ${PG_TEXT} NOT NULL,
      target_id     ${PG_TEXT} NOT NULL DEFAULT '',
      fields        ${PG_TEXT} NOT NULL DEFAULT '[]',
      ip            ${PG_TEXT} NOT NULL DEFAULT ''
    );
    CREATE INDEX audit_events_at ON audit_events (at, id);
    CREATE INDEX audit_events_actor ON audit_events (actor_user_id, at, id);
    CREATE INDEX audit_events_target ON audit_events (target_type, at, id);

    ALTER TABLE shortlinks ADD COLUMN created_by INTEGER;
    ALTER TABLE shortlinks ADD COLUMN updated_by INTEGER;
    CREATE INDEX shortlinks_created_by ON shortlinks (created_by, created_at, id);
    ALTER TABLE blog_posts ADD COLUMN author_id INTEGER;
    ALTER TABLE blog_posts ADD COLUMN updated_by INTEGER;
  `,
} satisfies Migration;
