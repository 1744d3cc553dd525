import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import {
  isDatabaseUnavailable,
  migrate,
  migrateSqlite,
  MIGRATIONS,
  openMemorySqlite,
  openSqlite,
  schemaVersion,
  type Migration,
  type Storage,
} from '../src/db';
import { ENGINES, openTestStorage, type TestStorage } from './engines';

/** The newest schema version this build knows. */
const LATEST = MIGRATIONS.at(-1)?.version ?? 0;

const TABLES = [
  'admin_sessions',
  'api_keys',
  'audit_events',
  'blog_posts',
  'categories',
  'click_daily_stats',
  'click_salts',
  'click_value_totals',
  'click_visitors',
  'contact_messages',
  'rate_counters',
  'settings',
  'shortlink_clicks',
  'shortlink_daily_created',
  'shortlink_daily_stats',
  'shortlink_folders',
  'shortlink_search',
  'shortlink_tag_counts',
  'shortlink_tags',
  'shortlink_totals',
  'shortlinks',
  'invitations',
  'users',
  'webhooks',
  'webhook_deliveries',
  'webhook_event_keys',
  'sweep_marks',
].sort();

/** Every table's columns with their NOT NULL flag, as the engine itself reports them. */
async function columns(storage: Storage): Promise<Record<string, string[]>> {
  const rows =
    storage.engine === 'sqlite'
      ? storage
          .sqlite!.prepare<[], { table_name: string; column_name: string; not_null: number; pk: number }>(
            `SELECT m.name AS table_name, c.name AS column_name, c."notnull" AS not_null, c.pk AS pk
             FROM sqlite_master m, pragma_table_info(m.name) c
             WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite_%'`,
          )
          .all()
          .map((row) => ({ ...row, required: row.not_null === 1 || row.pk === 1 }))
      : (
          await sql<{ table_name: string; column_name: string; is_nullable: string }>`
            SELECT table_name, column_name, is_nullable FROM information_schema.columns
            WHERE table_schema = current_schema() AND table_name <> 'schema_migrations'`.execute(storage.db)
        ).rows.map((row) => ({ ...row, required: row.is_nullable === 'NO' }));
  const byTable: Record<string, string[]> = {};
  for (const row of rows) (byTable[row.table_name] ??= []).push(`${row.column_name}${row.required ? ' NOT NULL' : ''}`);
  for (const list of Object.values(byTable)) list.sort();
  return byTable;
}

const opened: TestStorage[] = [];
async function fresh(engine: (typeof ENGINES)[number], options?: { migrated?: boolean }) {
  const test = await openTestStorage(engine, options);
  opened.push(test);
  return test;
}
afterEach(async () => {
  for (const test of opened.splice(0)) await test.close();
});

describe.each(ENGINES)('migrations on %s', (engine) => {
  it('brings a new database to the latest version, and a second run changes nothing', async () => {
    const { storage } = await fresh(engine, { migrated: false });
    expect(await migrate(storage)).toEqual({ from: 0, to: LATEST });
    expect(await migrate(storage)).toEqual({ from: LATEST, to: LATEST });
    expect(await schemaVersion(storage)).toBe(LATEST);
    expect(Object.keys(await columns(storage)).sort()).toEqual(TABLES);
  });

  it('rolls a failing migration back entirely', async () => {
    const { storage } = await fresh(engine);
    const broken: Migration = {
      version: LATEST + 1,
      name: 'broken',
      sqlite: 'CREATE TABLE half (id INTEGER); SELECT * FROM missing_table;',
      postgres: 'CREATE TABLE half (id INTEGER); SELECT * FROM missing_table;',
    };
    await expect(migrate(storage, [...MIGRATIONS, broken])).rejects.toThrow(/missing_table/);
    expect(await schemaVersion(storage)).toBe(LATEST);
    expect(Object.keys(await columns(storage))).not.toContain('half');
  });

  it('writes every published link’s search terms again with its creation day (version 11)', async () => {
    const { storage } = await fresh(engine, { migrated: false });
    await migrate(
      storage,
      MIGRATIONS.filter((migration) => migration.version <= 10),
    );
    // Links as version 10 held them: one with a tag, and one of an import not yet published.
    await sql`INSERT INTO shortlinks (short_code, target_url, title, tags, created_at, import_pending) VALUES
      ('Abc', 'https://www.Example.com/x', 'Hello World', '["News"]', '2024-02-29T23:59:59.999Z', NULL),
      ('pend', 'http://pending.test/', 'Pending', '[]', '2024-03-01T00:00:00.000Z', 77)`.execute(storage.db);
    await sql`INSERT INTO shortlink_tags (shortlink_id, tag, created_at)
      SELECT id, 'News', created_at FROM shortlinks WHERE short_code = 'Abc'`.execute(storage.db);
    expect(await migrate(storage)).toEqual({ from: 10, to: LATEST });
    const terms = await storage.db
      .selectFrom('shortlink_search')
      .select(['term', 'created_day'])
      .orderBy('term')
      .execute();
    expect(terms).toEqual(
      ['abc', 'example.com/x', 'hello world', 'news'].map((term) => ({ term, created_day: '2024-02-29' })),
    );
  });

  it('counts the published links of each UTC day (version 12)', async () => {
    const { storage } = await fresh(engine, { migrated: false });
    await migrate(
      storage,
      MIGRATIONS.filter((migration) => migration.version <= 11),
    );
    await sql`INSERT INTO shortlinks (short_code, target_url, title, created_at, import_pending) VALUES
      ('a', 'https://a.example/', 'A', '2024-02-29T00:00:00.000Z', NULL),
      ('b', 'https://b.example/', 'B', '2024-02-29T23:59:59.999Z', NULL),
      ('c', 'https://c.example/', 'C', '2024-03-01T00:00:00.000Z', NULL),
      ('p', 'https://p.example/', 'P', '2024-03-01T00:00:00.000Z', 5)`.execute(storage.db);
    expect(await migrate(storage)).toEqual({ from: 11, to: LATEST });
    expect(await storage.db.selectFrom('shortlink_daily_created').selectAll().orderBy('day').execute()).toEqual([
      { day: '2024-02-29', links: 2 },
      { day: '2024-03-01', links: 1 },
    ]);
  });

  it('makes every counter 64-bit, keeping what it held (version 13)', async () => {
    const { storage } = await fresh(engine, { migrated: false });
    await migrate(
      storage,
      MIGRATIONS.filter((migration) => migration.version <= 12),
    );
    await sql`INSERT INTO shortlinks (short_code, target_url, title, created_at, click_count)
              VALUES ('a', 'https://a.example/', 'A', '2024-02-29T00:00:00.000Z', 2147483647)`.execute(storage.db);
    await sql`UPDATE shortlink_totals SET clicks = 2147483647`.execute(storage.db);
    expect(await migrate(storage)).toEqual({ from: 12, to: LATEST });
    await sql`UPDATE shortlinks SET click_count = click_count + 1`.execute(storage.db);
    await sql`UPDATE shortlink_totals SET clicks = clicks + 1`.execute(storage.db);
    const link = await storage.db.selectFrom('shortlinks').select('click_count').executeTakeFirstOrThrow();
    const totals = await storage.db.selectFrom('shortlink_totals').select('clicks').executeTakeFirstOrThrow();
    // Numbers, not the text pg hands over for an int8 by default.
    expect([link.click_count, totals.clicks]).toEqual([2 ** 31, 2 ** 31]);
    if (engine !== 'postgres') return;
    const types = await sql<{ name: string; data_type: string }>`
      SELECT table_name || '.' || column_name AS name, data_type FROM information_schema.columns
      WHERE table_schema = current_schema() AND data_type = 'integer' ORDER BY 1`.execute(storage.db);
    // What stays 32-bit: identities of rows there are never billions of, flags, link references, versions.
    expect(types.rows.map((row) => row.name)).toEqual([
      'admin_sessions.revoked',
      'admin_sessions.user_id',
      'api_keys.id',
      'api_keys.rate_limit',
      'api_keys.user_id',
      'audit_events.actor_key_id',
      'audit_events.actor_user_id',
      'blog_posts.author_id',
      'blog_posts.category_id',
      'blog_posts.id',
      'blog_posts.published',
      'blog_posts.updated_by',
      'categories.id',
      'contact_messages.id',
      'invitations.accepted_by',
      'invitations.created_by',
      'invitations.id',
      'schema_migrations.version',
      'shortlink_clicks.deduplicated',
      'shortlink_clicks.shortlink_id',
      'shortlink_clicks.unique_visitor',
      'shortlink_daily_stats.shortlink_id',
      'shortlink_folders.created_by',
      'shortlink_folders.id',
      'shortlink_search.shortlink_id',
      'shortlink_tags.shortlink_id',
      'shortlink_totals.id',
      'shortlinks.archived',
      'shortlinks.created_by',
      'shortlinks.folder_id',
      'shortlinks.id',
      // A visit limit is at most 2^31 - 1 (the API refuses more); a redirect status is 301 to 308.
      'shortlinks.max_visits',
      // Raised once per change of a link's password.
      'shortlinks.password_version',
      'shortlinks.redirect_status',
      'shortlinks.updated_by',
      'users.disabled',
      'users.id',
      'webhook_deliveries.attempts',
      'webhook_deliveries.response_status',
      'webhook_deliveries.webhook_id',
      'webhooks.active',
      'webhooks.created_by',
      'webhooks.id',
    ]);
  });

  it('stores contact messages and lists them newest first as camelCase objects', async () => {
    const { db } = await fresh(engine);
    const message = { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello' };
    const first = await db.contact.insert(message, new Date('2030-01-01T00:00:00Z'));
    await db.contact.insert({ ...message, subject: 'Later' }, new Date('2030-01-02T00:00:00Z'));
    expect(first).toEqual({ id: 1, ...message, createdAt: '2030-01-01T00:00:00.000Z' });
    expect((await db.contact.listNewestFirst()).map((m) => m.subject)).toEqual(['Later', 'Hi']);
  });

  it('upserts settings, and setIfAbsent keeps the first value', async () => {
    const { db } = await fresh(engine);
    expect(await db.settings.get('jwt_secret')).toBeUndefined();
    await db.settings.set('jwt_secret', 'a', new Date());
    await db.settings.set('jwt_secret', 'b', new Date());
    expect(await db.settings.get('jwt_secret')).toBe('b');
    expect(await db.settings.setIfAbsent('admin_password_hash', 'first', new Date())).toEqual({
      value: 'first',
      created: true,
    });
    expect(await db.settings.setIfAbsent('admin_password_hash', 'second', new Date())).toEqual({
      value: 'first',
      created: false,
    });
  });
});

describe('the migrations that databases have recorded', () => {
  // PostgreSQL keeps each applied version with its name (schema_migrations), SQLite the last version
  // (user_version): a shipped migration keeps both, and its file is named by its version.
  const files = fs.readdirSync(path.resolve(import.meta.dirname, '../src/db/migrations'));
  it.each([
    [1, 'settings and contact messages'],
    [2, 'shortlinks and their clicks'],
    [3, 'blog categories and posts'],
    [4, 'shortlink redirect mode, list indexes, tags, search terms and totals'],
    [5, 'daily click aggregates'],
    [6, 'blog excerpts and list indexes'],
    [7, 'admin sessions'],
    [8, 'rate-limit counters shared by replicas'],
    [9, 'shortlinks written by an import that is not published yet'],
    [10, 'all-time click totals per referrer, country and device'],
    [11, 'search terms by creation day'],
    [12, 'links created per day'],
    [13, '64-bit counters'],
    [14, 'team accounts'],
    [16, 'posts by author'],
    [23, 'link expiry sweep'],
  ])('version %i stays "%s", in a file of its own', (version, name) => {
    expect(MIGRATIONS.find((migration) => migration.version === version)?.name).toBe(name);
    const prefix = `${String(version).padStart(4, '0')}-`;
    expect(files.filter((file) => file.startsWith(prefix))).toHaveLength(1);
  });
});

describe('one schema on both engines', () => {
  it.runIf(ENGINES.includes('postgres'))('has the same tables, columns and NOT NULL constraints', async () => {
    const sqlite = await fresh('sqlite');
    const postgres = await fresh('postgres');
    expect(await columns(postgres.storage)).toEqual(await columns(sqlite.storage));
  });
});

describe('SQLite specifics', () => {
  it('applies only what is pending', () => {
    const db = openMemorySqlite().sqlite!;
    migrateSqlite(db);
    const next: Migration = {
      version: LATEST + 1,
      name: 'extra',
      sqlite: 'CREATE TABLE extra (id INTEGER PRIMARY KEY)',
      postgres: 'CREATE TABLE extra (id INTEGER PRIMARY KEY)',
    };
    expect(migrateSqlite(db, [...MIGRATIONS, next])).toEqual({ from: LATEST, to: LATEST + 1 });
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'extra'").pluck().get()).toBe('extra');
  });

  it.each([
    ['a version below 1', [{ version: 0, name: 'zero', sqlite: '', postgres: '' }]],
    [
      'a decrease',
      [
        { version: 2, name: 'two', sqlite: '', postgres: '' },
        { version: 1, name: 'one', sqlite: '', postgres: '' },
      ],
    ],
    [
      'a duplicate',
      [
        { version: 1, name: 'one', sqlite: '', postgres: '' },
        { version: 1, name: 'again', sqlite: '', postgres: '' },
      ],
    ],
  ])('refuses a list with %s', (_label, list: Migration[]) => {
    expect(() => migrateSqlite(openMemorySqlite().sqlite!, list)).toThrow(/expected/);
  });

  it('accepts a gap between versions (they only have to increase)', () => {
    const db = openMemorySqlite().sqlite!;
    const list: Migration[] = [
      { version: 1, name: 'one', sqlite: 'CREATE TABLE one (id INTEGER)', postgres: '' },
      { version: 3, name: 'three', sqlite: 'CREATE TABLE three (id INTEGER)', postgres: '' },
    ];
    expect(migrateSqlite(db, list)).toEqual({ from: 0, to: 3 });
  });

  it('refuses a database newer than the code', () => {
    const db = openMemorySqlite().sqlite!;
    db.pragma(`user_version = ${LATEST + 5}`);
    expect(() => migrateSqlite(db)).toThrow(/newer/);
  });

  it('creates the folder and opens toolvault.db in WAL mode with foreign keys and a busy timeout', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'toolvault-db-'));
    const dataDir = path.join(root, 'nested', 'data');
    const storage = openSqlite(dataDir);
    try {
      const db = storage.sqlite!;
      expect(fs.existsSync(path.join(dataDir, 'toolvault.db'))).toBe(true);
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
      expect(db.pragma('busy_timeout', { simple: true })).toBe(5000);
    } finally {
      await storage.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('a new SQLite database is private whatever the umask', () => {
  const mode = (file: string) => fs.statSync(file).mode & 0o777;

  // 022 is the usual umask; 0277 takes the owner's own write bit away from every file it creates.
  it.each([
    ['022', 0o022],
    ['0277', 0o277],
  ])('umask %s: the folder 0700, the database and its -wal and -shm 0600', async (_label, umask) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'toolvault-modes-'));
    fs.chmodSync(root, 0o755);
    const dataDir = path.join(root, 'nested', 'data');
    const previous = process.umask(umask);
    let storage: Storage | undefined;
    try {
      storage = openSqlite(dataDir);
      await migrate(storage);
      // A write, so that the WAL holds frames and both files exist.
      storage.sqlite!.exec('CREATE TABLE probe (x INTEGER); INSERT INTO probe VALUES (1)');
      expect(mode(path.join(root, 'nested'))).toBe(0o700);
      expect(mode(dataDir)).toBe(0o700);
      for (const name of ['toolvault.db', 'toolvault.db-wal', 'toolvault.db-shm'])
        expect(mode(path.join(dataDir, name)), name).toBe(0o600);
    } finally {
      process.umask(previous);
      await storage?.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('isDatabaseUnavailable: outage or bug', () => {
  const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
  it.each([
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED'), true],
    ['a reset connection', withCode('read ECONNRESET', 'ECONNRESET'), true],
    ['a connection dropped mid-query', new Error('Connection terminated unexpectedly'), true],
    ['the pool timing out', new Error('timeout exceeded when trying to connect'), true],
    ['PostgreSQL shutting down', withCode('terminating connection due to administrator command', '57P01'), true],
    ['PostgreSQL starting up', withCode('the database system is starting up', '57P03'), true],
    ['a connection exception class', withCode('connection failure', '08006'), true],
    ['a busy SQLite file', withCode('database is locked', 'SQLITE_BUSY'), true],
    ['a syntax error', withCode('syntax error at or near "SELEC"', '42601'), false],
    ['a unique violation', withCode('duplicate key value', '23505'), false],
    ['a plain bug', new TypeError('x is undefined'), false],
    ['not an error', 'ECONNREFUSED', false],
  ])('%s', (_label, error, expected) => {
    expect(isDatabaseUnavailable(error)).toBe(expected);
  });
});
